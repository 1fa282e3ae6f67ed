"""How the tournament app reads results without importing the apps above it.

The layers go one way (tournament → scoring → standings → …). A Danese round is paired
by the totals so far (VP, then MP difference), which only ``scoring`` knows: it
registers its readers here when it is installed (``ScoringConfig.ready``), and
:func:`girone_totals` asks them.
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


def register_totals(*, pairs: Reader, teams: Reader) -> None:
    """Install the readers of pair and team totals (a new pair replaces them)."""
    _readers.update(pairs=pairs, teams=teams)


def girone_totals(
    girone_id: int, *, before_round: int, teams: bool = False
) -> Mapping[int, Totals]:
    """Totals per pair (or team) id of a girone over the rounds before ``before_round``
    (empty: no reader installed, e.g. the tournament app used without scoring)."""
    reader = _readers.get("teams" if teams else "pairs")
    return {} if reader is None else reader(girone_id, before_round=before_round)
