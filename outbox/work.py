"""Recording work in a save's transaction, and claiming it in the worker.

* :func:`record_rank`, :func:`record_publish`, :func:`record_site`,
  :func:`record_render`: called by a service inside the transaction of its save, so
  the work exists if and only if the save committed;
* :func:`claim`: the worker takes the oldest due row and, with it, every due row of
  the same kind and key (coalescing: one ranking of a girone for all the sheets saved
  meanwhile), under a lease; ``SELECT … FOR UPDATE SKIP LOCKED`` on PostgreSQL, so
  several workers never take the same rows; on SQLite the claim's transaction holds
  the database's write lock (``BEGIN IMMEDIATE``, config/settings.py);
* :func:`extend` keeps the lease while the work runs; :func:`done` deletes the rows;
  :func:`retry` puts them back with a growing pause (:func:`give_up` after
  ``MAX_ATTEMPTS``); a lease that ran out (the worker died) lets any worker take the
  rows again;
* :func:`pending`: which girones still have ranking to do (a reader that decides from
  the stored standings ranks them first).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from .models import Work

Kind = Work.Kind

#: How long a claim holds its rows; the worker extends it while it works.
LEASE = dt.timedelta(seconds=30)
#: Failures after which the work is given up (kept, with its error, never claimed).
MAX_ATTEMPTS = 8
#: The pause before a failed piece of work is tried again: 1 s, doubling, at most this.
MAX_PAUSE = dt.timedelta(seconds=60)

#: The parts of a publishing scope (lists of ids, and flags).
SCOPE_LISTS = ("pairs", "rounds", "gironi")
SCOPE_FLAGS = ("everything", "pages", "standings")


def record_rank(
    girone_id: int,
    *,
    rounds: Sequence[int | None] = (),
    pairs: Sequence[int | None] = (),
) -> None:
    """Rank the girone's stored standings; then publish its tournament's pages and
    these rounds and pairs (a saved table's)."""
    _record(Kind.RANK, girone_id, _scope(rounds=rounds, pairs=pairs))


def record_publish(
    tournament_id: int,
    *,
    everything: bool = False,
    pages: bool = False,
    standings: bool = False,
    gironi: Sequence[int | None] = (),
    rounds: Sequence[int | None] = (),
    pairs: Sequence[int | None] = (),
    at: dt.datetime | None = None,
    since: dt.datetime | None = None,
) -> None:
    """Publish (or remove) the tournament's files: ``everything``, or its own pages
    (``pages``: standings, tournament page, API answers; ``standings``: only those a
    ranking changes, the standings and the tournament page that links them) and
    these gironi's, rounds' and pairs' pages; ``at``: not before then (the end of a
    correction period);
    ``since``: the change it shows happened then (a ranking's oldest save), so it
    takes its turn among the waiting work as of then, not behind the saves that came
    in while the girone was ranked."""
    scope = _scope(
        everything=everything,
        pages=pages,
        standings=standings,
        gironi=gironi,
        rounds=rounds,
        pairs=pairs,
    )
    _record(Kind.PUBLISH, tournament_id, scope, at=at, since=since)


def record_site() -> None:
    """Publish the site's own pages (the seasons, the API's index and list of
    tournaments) and remove the files of what is no longer public."""
    _record(Kind.SITE, 0, {})


def record_render(render_id: int) -> None:
    """Render a stored document (``printing``)."""
    _record(Kind.RENDER, render_id, {})


def _scope(**parts: Any) -> dict[str, Any]:
    scope: dict[str, Any] = {}
    for name in SCOPE_FLAGS:
        if parts.get(name):
            scope[name] = True
    for name in SCOPE_LISTS:
        ids = sorted({int(i) for i in parts.get(name, ()) if i is not None})
        if ids:
            scope[name] = ids
    return scope


def merge_scopes(scopes: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """The union of several scopes (coalesced work touches what each touched)."""
    merged: dict[str, Any] = {}
    for scope in scopes:
        for name in SCOPE_FLAGS:
            if scope.get(name):
                merged[name] = True
        for name in SCOPE_LISTS:
            if scope.get(name):
                merged[name] = sorted(set(merged.get(name, ())) | set(scope[name]))
    return merged


def _record(
    kind: str,
    key: int,
    scope: dict[str, Any],
    *,
    at: dt.datetime | None = None,
    since: dt.datetime | None = None,
) -> None:
    since = since or timezone.now()
    Work.objects.create(
        kind=kind, key=key, scope=scope, not_before=at or since, created_at=since
    )


@dataclass(frozen=True)
class Claim:
    """Rows of one kind and key taken together by one worker."""

    kind: str
    key: int
    ids: tuple[int, ...]
    scope: dict[str, Any]
    #: When the oldest of them was recorded (how long the work waited).
    since: dt.datetime
    attempts: int


def _due(now: dt.datetime) -> Q:
    return Q(not_before__lte=now, failed_at__isnull=True) & (
        Q(claimed_until__isnull=True) | Q(claimed_until__lt=now)
    )


def has_due(now: dt.datetime | None = None) -> bool:
    """Whether any work is due (a read: an idle worker polls with it)."""
    return Work.objects.filter(_due(now or timezone.now())).exists()


def claim(
    *, lease: dt.timedelta = LEASE, now: dt.datetime | None = None
) -> Claim | None:
    """Take the oldest due work and every due row of its kind and key, or None."""
    now = now or timezone.now()
    with transaction.atomic():
        rows = Work.objects.select_for_update(skip_locked=True, of=("self",)).filter(
            _due(now)
        )
        first = rows.order_by("not_before", "id").first()
        if first is None:
            return None
        taken = list(
            rows.filter(kind=first.kind, key=first.key)
            .order_by("id")
            .values_list("pk", "scope", "created_at", "attempts")
        )
        ids = tuple(pk for pk, _scope, _at, _n in taken)
        Work.objects.filter(pk__in=ids).update(
            claimed_until=now + lease, attempts=F("attempts") + 1
        )
    return Claim(
        kind=first.kind,
        key=first.key,
        ids=ids,
        scope=merge_scopes(scope for _pk, scope, _at, _n in taken),
        since=min(at for _pk, _scope, at, _n in taken),
        attempts=max(n for _pk, _scope, _at, n in taken) + 1,
    )


def extend(claim: Claim, *, lease: dt.timedelta = LEASE) -> None:
    """Keep holding the claim's rows (called while the work runs)."""
    Work.objects.filter(pk__in=claim.ids).update(claimed_until=timezone.now() + lease)


def done(claim: Claim) -> None:
    Work.objects.filter(pk__in=claim.ids).delete()


def retry(claim: Claim, error: str, *, now: dt.datetime | None = None) -> None:
    """The work failed: try it again after a pause (given up after MAX_ATTEMPTS)."""
    if claim.attempts >= MAX_ATTEMPTS:
        give_up(claim, error)
        return
    pause = min(MAX_PAUSE, dt.timedelta(seconds=2 ** (claim.attempts - 1)))
    Work.objects.filter(pk__in=claim.ids).update(
        claimed_until=(now or timezone.now()) + pause, error=error[:4000]
    )


def give_up(claim: Claim, error: str) -> None:
    Work.objects.filter(pk__in=claim.ids).update(
        failed_at=timezone.now(), claimed_until=None, error=error[:4000]
    )


def pending(kind: str, keys: Iterable[int]) -> set[int]:
    """The keys among ``keys`` with work of ``kind`` not done yet (claimed or not)."""
    return set(
        Work.objects.filter(kind=kind, key__in=list(keys)).values_list("key", flat=True)
    )
