"""How the tournament app reads results without importing the apps above it.

The layers go one way (tournament → scoring → standings → …). A Danese round is paired
by the standings so far, which only ``scoring`` (the totals) and ``standings`` (their
order) know: they register their readers here when they are installed
(``ScoringConfig.ready``, ``StandingsConfig.ready``), and :func:`girone_totals` and
:func:`standings_order` ask them. (The one registry left by issue 25: replacing it
means moving the making of a Danese round above the standings.)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol


class Totals(Protocol):
    """What the pairing reads of one pair's (or team's) totals."""

    @property
    def vp(self) -> int: ...

    @property
    def mp_diff(self) -> int: ...


#: ``reader(girone_id, before_round=N)``: totals per pair (or team) id.
Reader = Callable[..., Mapping[int, Totals]]
_readers: dict[str, Reader] = {}
#: ``order(girone_id, before_round=N)``: pair (team) ids in the standings' order.
Order = Callable[..., list[int]]
_order: list[Order] = []


def register_totals(*, pairs: Reader, teams: Reader) -> None:
    """Install the readers of pair and team totals (``scoring``; a new pair replaces
    them)."""
    _readers.update(pairs=pairs, teams=teams)


def register_order(order: Order) -> None:
    """Install the reader of the standings' order (``standings``; a new one replaces
    it)."""
    _order[:] = [order]


def standings_order(girone_id: int, *, before_round: int) -> list[int]:
    """The girone's pair (team) ids as its standings rank them over the rounds before
    ``before_round`` (empty: no reader installed, or no standings app)."""
    if not _order:
        return []
    return _order[0](girone_id, before_round=before_round)


def girone_totals(
    girone_id: int, *, before_round: int, teams: bool = False
) -> Mapping[int, Totals]:
    """Totals per pair (or team) id of a girone over the rounds before ``before_round``
    (empty: no reader installed, e.g. the tournament app used without scoring)."""
    reader = _readers.get("teams" if teams else "pairs")
    return {} if reader is None else reader(girone_id, before_round=before_round)
