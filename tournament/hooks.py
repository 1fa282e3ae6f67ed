"""How the tournament app reads results without importing the apps above it.

The layers go one way (tournament → scoring → standings → …). A Danese round is paired
by the totals so far (VP, then MP difference), which only ``scoring`` knows: it
registers its readers here when it is installed (``ScoringConfig.ready``), and
:func:`girone_totals` asks them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol


class Totals(Protocol):
    """What the pairing reads of one pair's (or team's) totals."""

    @property
    def vp(self) -> int: ...

    @property
    def mp_diff(self) -> int: ...


#: ``reader(girone_id, before_round=N)``: totals per pair (or team) id.
Reader = Callable[..., dict[int, Totals]]
_readers: dict[str, Reader] = {}
#: ``order(girone_id, before_round=N)``: pair (team) ids in the standings' order.
Order = Callable[..., list[int]]
_order: list[Order] = []


def register_totals(
    *, pairs: Reader, teams: Reader, order: Order | None = None
) -> None:
    """Install the readers of pair and team totals, and of the standings' order (a new
    set replaces them)."""
    _readers.update(pairs=pairs, teams=teams)
    _order[:] = [] if order is None else [order]


def standings_order(girone_id: int, *, before_round: int) -> list[int]:
    """The girone's pair (team) ids as its standings rank them over the rounds before
    ``before_round`` (empty: no reader installed, or no standings app)."""
    if not _order:
        return []
    return _order[0](girone_id, before_round=before_round)


def girone_totals(
    girone_id: int, *, before_round: int, teams: bool = False
) -> dict[int, Totals]:
    """Totals per pair (or team) id of a girone over the rounds before ``before_round``
    (empty: no reader installed, e.g. the tournament app used without scoring)."""
    reader = _readers.get("teams" if teams else "pairs")
    return {} if reader is None else reader(girone_id, before_round=before_round)
