"""When the published files are written: after a change commits, in the background.

A change marks its tournament dirty once its transaction commits (:func:`mark`: one
insert-only :class:`~public.models.PublishMark` row, with what in the tournament it
can touch when that is cheap to say). Then :func:`schedule`:

* in the standings worker (worker mode, ``background``): publish at once, there,
  after the ranking committed;
* otherwise (a request: inline mode, a director's action) queue
  :func:`public.tasks.publish_changes` for ``db_worker``, at most one waiting per
  tournament (:class:`~public.models.PublishState`), never in the save's request.

:func:`run` takes every mark of the tournament, merges them into one scope and
publishes it (several saves of that moment coalesced into one publishing).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from django.db import transaction
from django.utils import timezone

from . import published
from .models import PublishMark, PublishState

#: A queued task that has not started after this long is presumed lost.
QUEUED_TIMEOUT = dt.timedelta(seconds=60)

Kind = PublishMark.Kind


def enabled() -> bool:
    return published.root() is not None


def mark(tournament_id: int, marks: Iterable[tuple[str, int | None]]) -> None:
    """Record what changed in a tournament (call after the commit)."""
    PublishMark.objects.bulk_create(
        PublishMark(tournament_id=tournament_id, kind=kind, ref=ref)
        for kind, ref in marks
    )


def after_commit(
    tournament_id: int,
    marks: Iterable[tuple[str, int | None]],
    *,
    background: bool = False,
    publish: bool = True,
) -> None:
    """Once the caller's transaction commits: mark, and publish or queue
    (``publish=False``: only mark; a later change of the same save publishes)."""
    if not enabled():
        return
    marks = list(marks)

    def later() -> None:
        from tournament.models import Tournament

        if not Tournament.objects.filter(pk=tournament_id).exists():
            return  # deleted with its files (public.signals)
        mark(tournament_id, marks)
        if publish:
            schedule(tournament_id, background=background)

    transaction.on_commit(later)


def schedule(tournament_id: int, *, background: bool = False) -> None:
    if background:
        run(tournament_id)
        return
    now = timezone.now()
    PublishState.objects.get_or_create(tournament_id=tournament_id)
    taken = PublishState.objects.filter(tournament_id=tournament_id, queued=False)
    lost = PublishState.objects.filter(
        tournament_id=tournament_id, queued=True, queued_at__lt=now - QUEUED_TIMEOUT
    )
    if taken.update(queued=True, queued_at=now) or lost.update(queued_at=now):
        enqueue(tournament_id)


def enqueue(tournament_id: int, at: dt.datetime | None = None) -> None:
    from .tasks import publish_changes

    task = publish_changes if at is None else publish_changes.using(run_after=at)
    task.enqueue(tournament_id)


def run(tournament_id: int):
    """Publish every change marked for the tournament so far; the result (or None)."""
    from tournament.models import Tournament

    from .publish import Scope, publish_tournament, unpublish_tournament

    with transaction.atomic():
        PublishState.objects.filter(tournament_id=tournament_id).update(queued=False)
        marks = list(
            PublishMark.objects.select_for_update(skip_locked=True)
            .filter(tournament_id=tournament_id)
            .values_list("pk", "kind", "ref")
        )
        PublishMark.objects.filter(pk__in=[pk for pk, _k, _r in marks]).delete()
    if not marks:
        return None
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return None
    scope = Scope()
    for _pk, kind, ref in marks:
        if kind == Kind.ALL:
            scope.everything = True
        elif kind == Kind.PAIR and ref is not None:
            scope.pairs.add(ref)
        elif kind == Kind.GIRONE and ref is not None:
            scope.gironi.add(ref)
        elif kind == Kind.ROUND and ref is not None:
            scope.rounds.add(ref)
    from tournament import visibility

    if not visibility.tournament_is_public(tournament):
        unpublish_tournament(tournament.slug)
        return None
    result = publish_tournament(tournament, scope)
    PublishState.objects.filter(tournament_id=tournament_id).update(
        published_at=timezone.now()
    )
    return result
