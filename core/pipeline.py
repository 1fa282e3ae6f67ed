"""The one worker loop: the work a save recorded in the outbox, done in order.

A referee's sheet, from the POST to the published file::

    scoring.views.save_table
      → scoring.services.submit_sheet → versions.write_pair_scores
          → outbox.work.record_rank(girone)            (in the save's transaction)
    worker: outbox.work.claim() → rank()
      → standings.refresh.rank(girone)                 (the stored standings)
          → outbox.work.record_publish(tournament)     (in the ranking's transaction)
    worker: outbox.work.claim() → publish()
      → public.publish.publish_tournament(...)         (the files nginx serves)

A claim takes every due row of one kind and key at once, so a girone is ranked once,
and its tournament published once, for all the sheets saved meanwhile. Nothing here
is called by the apps below: they only record work (``outbox.work``).

Who runs the loop: ``manage.py worker`` (:func:`run_forever`), one long-lived process
beside the web server: ``make run`` starts it beside ``runserver`` under
``core/supervisor.py``, systemd's ``torneo-worker`` in production. Tests, commands and
benchmarks call :func:`drain`.
"""

from __future__ import annotations

import functools
import logging
import threading
import time
from collections.abc import Callable
from contextlib import AbstractContextManager, suppress

from django.db import DatabaseError, connection, transaction
from django.utils import timezone

from outbox import work as outbox
from outbox.beat import beating
from outbox.models import Work
from printing import services as printing
from printing.documents import DocumentError
from public import publish as public
from public.entries import Scope
from standings import refresh as standings

logger = logging.getLogger("core.pipeline")

Kind = Work.Kind
#: Seconds an idle worker waits before it looks for due work again.
IDLE_SECONDS = 0.2
#: Pair pages one publishing step writes at most (about a second at 1,000 pairs).
PAIRS_PER_STEP = 150


def rank(claim: outbox.Claim) -> None:
    """Rank the girone, then publish what its tournament shows of it (the standings,
    and the rounds and pairs of the saved tables): that publishing
    is as old as the oldest save ranked, so it comes before the saves that arrived
    meanwhile (their ranking comes after it: rank, publish, rank, publish)."""
    with transaction.atomic():
        tournament_id = standings.rank(claim.key)
        if tournament_id is not None:
            outbox.record_publish(
                tournament_id,
                standings=True,
                rounds=claim.scope.get("rounds", ()),
                pairs=claim.scope.get("pairs", ()),
                since=claim.since,
            )
    lag = (timezone.now() - claim.since).total_seconds()
    logger.info("girone %s ranked, %.3f s after its oldest save", claim.key, lag)


def publish(claim: outbox.Claim) -> None:
    """Write (or remove) the tournament's files that the changes can touch, at most
    ``PAIRS_PER_STEP`` pair pages: the others are recorded again, behind the work
    waiting now, so that a ranking never waits for a whole girone's pages (a round
    published moves every pair of its girone)."""
    scope = Scope.of(claim.scope)
    done = public.publish_changes(claim.key, scope, pair_limit=PAIRS_PER_STEP)
    if done.left:
        outbox.record_publish(claim.key, pairs=sorted(done.left))
    lag = (timezone.now() - claim.since).total_seconds()
    logger.info(
        "tournament %s published, %.3f s after its oldest change", claim.key, lag
    )


def publish_site(claim: outbox.Claim) -> None:
    public.publish_site()


def render(claim: outbox.Claim) -> None:
    """Render a stored document; a refusal is recorded on the render (its page says
    why and offers the retry): not tried again here."""
    with suppress(DocumentError):
        printing.run_render(claim.key)


STEPS: dict[str, Callable[[outbox.Claim], None]] = {
    Kind.RANK: rank,
    Kind.PUBLISH: publish,
    Kind.SITE: publish_site,
    Kind.RENDER: render,
}


def run_once(now=None) -> bool:
    """Claim and do one piece of work; False when none was due."""
    claim = outbox.claim(now=now)
    if claim is None:
        return False
    try:
        with _keeping(claim):
            STEPS[claim.kind](claim)
    except Exception as exc:
        logger.exception(
            "%s %s failed (attempt %s)", claim.kind, claim.key, claim.attempts
        )
        _after_failure(claim, f"{type(exc).__name__}: {exc}")
    else:
        outbox.done(claim)
    return True


def _after_failure(claim: outbox.Claim, error: str) -> None:
    try:
        outbox.retry(claim, error)
    except DatabaseError:  # the database is away: the lease runs out, then a retry
        logger.warning("%s %s: failure not recorded", claim.kind, claim.key)


def _keeping(claim: outbox.Claim) -> AbstractContextManager[None]:
    """Extend the claim's lease from a thread while the work runs, so that a long
    render is not taken over; a worker that dies stops extending it."""
    return beating(
        functools.partial(outbox.extend, claim),
        outbox.LEASE.total_seconds() / 3,
        f"lease-{claim.kind}-{claim.key}",
    )


def drain(now=None, *, limit: int = 10_000) -> int:
    """Do every piece of work due (``now``: as if it were then); how many claims."""
    count = 0
    while count < limit and run_once(now=now):
        count += 1
    return count


def run_forever(stop: threading.Event, *, idle: float = IDLE_SECONDS) -> None:
    """The worker: do due work until ``stop`` is set, polling while idle."""
    while not stop.is_set():
        try:
            busy = outbox.has_due() and run_once()
        except DatabaseError:  # PostgreSQL restarting: wait, then a new connection
            logger.warning("database unavailable; trying again", exc_info=True)
            connection.close()
            busy = False
            time.sleep(1.0)
        if not busy:
            stop.wait(idle)
