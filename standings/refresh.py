"""Keeping the stored standings in step with the results.

A save that changes what counts records a ranking of its girone in its own
transaction (``outbox.work.record_rank``); the worker (:mod:`core.pipeline`) calls
:func:`rank`, once for all the saves of that moment. A page that decides from the
stored standings (the director's standings, the prints, the CSV export, the knockout
qualification, the federation report) calls :func:`ensure_fresh` first, so it never
reads less than what is saved. :func:`refresh_gironi` ranks at once (a command, a
test, an import rebuilding its standings).
"""

from __future__ import annotations

from collections.abc import Iterable

from outbox import work as outbox
from outbox.models import Work


def refresh_gironi(girone_ids: Iterable[int]) -> dict[int, int]:
    """Recompute and store the standings of these gironi (caller's transaction);
    each girone's tournament id."""
    from .services.store import refresh_gironi as refresh

    return refresh(girone_ids)


def rank(girone_id: int) -> int | None:
    """Rank one girone (the worker's step); its tournament's id (None: no girone)."""
    return refresh_gironi([girone_id]).get(girone_id)


def ensure_fresh(girone_ids: Iterable[int]) -> None:
    """Before deciding from the stored standings: rank the gironi whose ranking the
    worker has not done yet."""
    stale = outbox.pending(Work.Kind.RANK, girone_ids)
    if stale:
        refresh_gironi(sorted(stale))


def ensure_fresh_tournament(tournament) -> None:
    from tournament.models import Girone

    ensure_fresh(
        Girone.objects.filter(stage__tournament=tournament).values_list("id", flat=True)
    )
