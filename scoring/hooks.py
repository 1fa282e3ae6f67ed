"""How scoring talks to the apps above it without importing them.

The layers go one way (rules → scoring → standings → public/printing): scoring never
imports ``standings``. Instead:

* :data:`scores_changed` is sent (with ``girone_ids``) inside the transaction that
  rewrote PairScore rows; ``standings`` refreshes (or queues) those gironi' standings;
* :func:`girone_positions` asks the registered ranking (``standings`` registers one
  when it is installed) for a girone's positions as the stored standings rank them:
  the impact report of a correction shows exactly what the standings will show.
"""

from __future__ import annotations

from collections.abc import Callable

from django.dispatch import Signal

from .scores import Position

#: Sent with ``girone_ids`` (a list) in the transaction that changed their scores, and
#: ``table_ids`` (the tables saved) when it knows them.
scores_changed = Signal()

Ranking = Callable[[int], list[Position]]
#: ``order(girone_id, before_round=N)``: the girone's pair (team) ids as its standings
#: rank them over the rounds before N.
Order = Callable[..., list[int]]
_ranking: list[Ranking] = []
_order: list[Order] = []


def register_ranking(ranking: Ranking, *, order: Order | None = None) -> None:
    """Install the ranking the impact report uses and the standings' order the Danese
    pairs by (one each; a new one replaces it)."""
    _ranking[:] = [ranking]
    _order[:] = [] if order is None else [order]


def girone_order(girone_id: int, *, before_round: int) -> list[int]:
    """The girone's ids in its standings' order over the rounds before
    ``before_round`` (empty: no ranking installed)."""
    if not _order:
        return []
    return _order[0](girone_id, before_round=before_round)


def girone_positions(girone_id: int) -> list[Position]:
    """The girone's positions as the stored standings rank them (empty: no ranking
    is installed, e.g. scoring used without ``standings``)."""
    if not _ranking:
        return []
    return _ranking[0](girone_id)
