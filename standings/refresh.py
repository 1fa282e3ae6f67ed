"""The hooks that keep stored standings in step with results.

Result entry calls :func:`schedule_gironi` inside the transaction that changes what
counts. Two modes (setting ``STANDINGS_REFRESH``, environment
``DJANGO_STANDINGS_REFRESH``):

* ``inline`` (default): the standings are recomputed by the process that saved.
  Outside a request (commands, imports, the shell) in that same transaction, so a
  reader never sees a result without its standings. In a request
  (``standings.middleware.RankAfterAnswer``), the save counts itself as in worker
  mode and the girone is ranked right after the answer is sent
  (:func:`answer_first`, issue 19): the referee does not wait for the ranking of
  1,000 pairs, and a reader that decides from the standings in the meantime ranks
  them itself (:func:`ensure_fresh`); the public standings show the new result a
  ranking's time (about 0.1 s at 1,000 pairs) after the save answered.
* ``worker``: the save only counts itself in the girone's
  :class:`~standings.models.RefreshState` and, unless one is already waiting, queues
  a refresh task in the same transaction (an outbox: the task exists if and only if
  the save committed). ``manage.py db_worker`` runs it after
  ``STANDINGS_REFRESH_DELAY`` seconds, so one ranking covers every save of that
  moment; a result reaches the standings a second or two after it is saved. Pages
  that decide something from the standings (knockout qualification, prints, the
  director's standings) call :func:`ensure_fresh` first.

:func:`refresh_gironi` recomputes at once, whatever the mode (director actions).
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from . import hooks

logger = logging.getLogger("standings.refresh")

#: A queued refresh that gave no sign of life for this long is presumed lost (its
#: worker died): the next save queues another one.
QUEUED_TIMEOUT = dt.timedelta(seconds=60)
#: Rankings one task makes before it hands over to a new task (queued behind the other
#: work of the worker: other gironi, PDFs) while saves keep coming.
TASK_PASSES = 5


def refresh_gironi(girone_ids: Iterable[int]) -> None:
    """Recompute and store the standings of these gironi (caller's transaction)."""
    from .services.store import refresh_gironi as refresh

    refresh(girone_ids)


def mode() -> str:
    return getattr(settings, "STANDINGS_REFRESH", "inline")


#: The gironi a :func:`deferred` block has changed so far (None outside one).
_DEFERRED: ContextVar[set[int] | None] = ContextVar("standings_deferred", default=None)


@contextmanager
def deferred() -> Iterator[None]:
    """Rank each girone changed in the block once, at its end, instead of after every
    save (a replay entering a whole event in one transaction, which nobody reads
    before it commits). Nothing is ranked if the block raises."""
    if _DEFERRED.get() is not None:  # nested: the outer block ranks
        yield
        return
    pending: set[int] = set()
    token = _DEFERRED.set(pending)
    try:
        yield
    finally:
        _DEFERRED.reset(token)
    if pending:
        refresh_gironi(pending)


#: The gironi the saves of the current request changed (inline mode; None outside a
#: request that saves): ranked once the request's answer is sent (:func:`answer_first`).
_AFTER_ANSWER: ContextVar[set[int] | None] = ContextVar(
    "standings_after_answer", default=None
)


@contextmanager
def answer_first() -> Iterator[set[int]]:
    """A request that may save results, in inline mode (``RankAfterAnswer``): each
    save in the block counts itself in its girone's
    :class:`~standings.models.RefreshState` (in its own transaction, as in worker
    mode) instead of ranking the girone there; the set yielded holds those gironi,
    for :func:`rank_after_answer` once the answer is on its way. Until then a reader
    that decides from the standings ranks them itself (:func:`ensure_fresh`)."""
    if _AFTER_ANSWER.get() is not None:  # nested: the outer block ranks
        yield set()
        return
    pending: set[int] = set()
    token = _AFTER_ANSWER.set(pending)
    try:
        yield pending
    finally:
        _AFTER_ANSWER.reset(token)


def rank_after_answer(girone_ids: Iterable[int]) -> None:
    """Rank what the saves of an answered request counted (each girone up to every
    result saved by then). A failure is logged, never raised: the counters stay
    behind, and the next save or reader of that girone ranks it."""
    for girone_id in sorted(set(girone_ids)):
        try:
            refresh_pending(girone_id, task=False)
        except Exception:  # the answer is sent: nobody to tell but the log
            logger.exception("standings of girone %s not refreshed", girone_id)


def schedule_gironi(girone_ids: Iterable[int]) -> None:
    """A result of these gironi changed: refresh now, or queue it (see the module)."""
    ids = sorted({int(g) for g in girone_ids})
    if not ids:
        return
    pending = _DEFERRED.get()
    if pending is not None:
        pending.update(ids)
        return
    if mode() != "worker":
        after = _AFTER_ANSWER.get()
        if after is None:
            refresh_gironi(ids)
            return
        _count_saves(ids, enqueue=False)
        after.update(ids)
        return
    _count_saves(ids, enqueue=True)


def _count_saves(ids: list[int], *, enqueue: bool) -> None:
    """Count a save in each girone's RefreshState (in the caller's transaction), and
    queue the girone's refresh task unless one is waiting (``enqueue``: worker mode)."""
    from .models import RefreshState

    now = timezone.now()
    with transaction.atomic():
        for girone_id in ids:
            state = _locked_state(girone_id)
            if state is None:
                with transaction.atomic():  # a savepoint: a concurrent creator wins
                    RefreshState.objects.get_or_create(girone_id=girone_id)
                state = _locked_state(girone_id)
            assert state is not None
            if not state.stale:
                state.pending_since = now
            state.requested += 1
            if enqueue and (
                not state.queued
                or (state.queued_at is None or state.queued_at < now - QUEUED_TIMEOUT)
            ):
                state.queued, state.queued_at = True, now
                _enqueue(girone_id, now)
            state.save()


def _enqueue(girone_id: int, now: dt.datetime) -> None:
    """Queue the girone's refresh task (in the caller's transaction)."""
    from .tasks import refresh_standings

    delay = float(getattr(settings, "STANDINGS_REFRESH_DELAY", 1.0))
    task = refresh_standings
    if delay > 0:
        task = task.using(run_after=now + dt.timedelta(seconds=delay))
    task.enqueue(girone_id)


def release(girone_id: int) -> None:
    """A refresh task gave up: the next save queues a new one at once."""
    from .models import RefreshState

    RefreshState.objects.filter(girone_id=girone_id).update(queued=False)


def _locked_state(girone_id: int):
    from .models import RefreshState

    return RefreshState.objects.select_for_update().filter(girone_id=girone_id).first()


def refresh_pending(
    girone_id: int, *, task: bool = True, max_passes: int = TASK_PASSES
) -> list[float]:
    """Bring a girone's stored standings up to every saved result.

    Returns the delay of each pass made: seconds from the oldest result it ranked
    being saved to the standings including it.

    Each pass ranks what was committed before it began.

    ``task`` (the queued task): loops while saves keep coming, at most ``max_passes``
    times, then queues a new task to go on (so that one busy girone does not hold the
    worker); clears ``queued`` when it finds nothing left to do (a later save queues a
    new task). Otherwise (a reader, :func:`ensure_fresh`): stops once what was saved
    when it was called is ranked.
    """
    lags: list[float] = []
    goal: int | None = None
    while True:
        with transaction.atomic():
            state = _locked_state(girone_id)
            # Every save counted after this read commits after it (the row is locked).
            began = timezone.now()
            if state is None:
                return lags
            target = state.requested
            goal = target if goal is None else goal
            if target <= state.done or (not task and state.done >= goal):
                if task and state.queued:
                    state.queued = False
                    state.save(update_fields=["queued"])
                return lags
            if task:
                state.queued_at = timezone.now()
                state.save(update_fields=["queued_at"])
                if len(lags) >= max_passes:
                    _enqueue(girone_id, began)
                    return lags
        if task:
            with hooks.background():  # the worker: it publishes what it ranked
                refresh_gironi([girone_id])
        else:
            refresh_gironi([girone_id])
        with transaction.atomic():
            state = _locked_state(girone_id)
            if state is None or state.done >= target:
                continue
            now = timezone.now()
            state.done, state.done_at = target, now
            if state.pending_since is not None:
                state.lag = (now - state.pending_since).total_seconds()
            # The results not ranked yet were all saved after this pass began.
            state.pending_since = None if state.done >= state.requested else began
            state.save()
        lags.append(state.lag)
        logger.info(
            "standings refreshed: girone %s, results %s, lag %.3f s",
            girone_id,
            target,
            state.lag,
        )


def ensure_fresh(girone_ids: Iterable[int]) -> None:
    """Before deciding from the stored standings: rank what is saved but not ranked."""
    from .models import RefreshState

    stale = RefreshState.objects.filter(
        girone_id__in=list(girone_ids), requested__gt=F("done")
    ).values_list("girone_id", flat=True)
    for girone_id in stale:
        refresh_pending(girone_id, task=False)


def ensure_fresh_tournament(tournament) -> None:
    from tournament.models import Girone

    ensure_fresh(
        Girone.objects.filter(stage__tournament=tournament).values_list("id", flat=True)
    )


def requeue_stale() -> int:
    """Queue a refresh for every girone with results not ranked; how many.

    For a worker's start (``manage.py standings_requeue``): a task that was running
    when its worker died is never finished, and its girone would wait for the next
    save. A task queued twice costs one look at the counters.
    """
    from .models import RefreshState
    from .tasks import refresh_standings

    count = 0
    for girone_id in RefreshState.objects.filter(requested__gt=F("done")).values_list(
        "girone_id", flat=True
    ):
        with transaction.atomic():
            state = _locked_state(girone_id)
            if state is None or not state.stale:
                continue
            state.queued, state.queued_at = True, timezone.now()
            state.save(update_fields=["queued", "queued_at"])
            refresh_standings.enqueue(girone_id)
            count += 1
    return count
