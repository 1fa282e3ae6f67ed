"""Season rankings: points per placing from a scale, the best N results counted.

A season (a club's or a circuit's year) collects tournaments. In each, a player's pair
finishes at some placing; the scale gives the points of that placing (placing 1 gets
``scale[0]``), and a placing beyond the scale gets ``participation`` points. A player's
season total is the sum of their ``best`` results (all of them when ``best`` is None).
Players level on the total are ordered by their best single result, then by more
results counted, then by player id (shown as equal positions: the order among them is
only for display).

>>> events = {"A": {1: 1, 2: 3}, "B": {1: 2, 2: 1}, "C": {2: 1}}
>>> rows = season_ranking(events, scale=(10, 6, 4), best=2)
>>> [(r.player, r.position, r.total, r.counted) for r in rows]
[(2, 1, 20, ('B', 'C')), (1, 2, 16, ('A', 'B'))]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.errors import StandingsError

__all__ = ["SeasonResult", "SeasonRow", "placing_points", "season_ranking"]


@dataclass(frozen=True, slots=True)
class SeasonResult:
    """One tournament of a player: where they finished and the points it gave."""

    event: str
    placing: int
    points: int
    counted: bool


@dataclass(frozen=True, slots=True)
class SeasonRow:
    player: int
    position: int
    total: int
    counted: tuple[str, ...]  # events whose points make the total
    results: tuple[SeasonResult, ...]  # every event, in the order given


def placing_points(placing: int, scale: Sequence[int], participation: int = 0) -> int:
    """Points for a placing (1 = winner).

    >>> placing_points(2, (10, 6, 4)), placing_points(9, (10, 6, 4), participation=1)
    (6, 1)
    """
    if type(placing) is not int or placing < 1:
        raise StandingsError(f"a placing is an int from 1, got {placing!r}")
    return scale[placing - 1] if placing <= len(scale) else participation


def season_ranking(
    events: Mapping[str, Mapping[int, int]],
    *,
    scale: Sequence[int],
    best: int | None = None,
    participation: int = 0,
) -> list[SeasonRow]:
    """Rank players over ``events`` (event -> player id -> placing).

    >>> season_ranking({"A": {7: 1}}, scale=(5,))[0].total
    5
    """
    _check(scale, best, participation)
    results: dict[int, list[SeasonResult]] = {}
    for event, placings in events.items():
        for player, placing in placings.items():
            points = placing_points(placing, scale, participation)
            results.setdefault(player, []).append(
                SeasonResult(event, placing, points, False)
            )
    rows: list[
        tuple[tuple[int, int, int, int], int, tuple[str, ...], list[SeasonResult]]
    ]
    rows = []
    for player, got in results.items():
        ranked = sorted(
            range(len(got)), key=lambda i: (-got[i].points, got[i].placing, i)
        )
        keep = set(ranked if best is None else ranked[:best])
        marked = [
            SeasonResult(r.event, r.placing, r.points, i in keep)
            for i, r in enumerate(got)
        ]
        total = sum(r.points for r in marked if r.counted)
        top = max((r.points for r in marked), default=0)
        counted = tuple(r.event for r in marked if r.counted)
        rows.append(((-total, -top, -len(counted), player), total, counted, marked))
    rows.sort(key=lambda row: row[0])
    out: list[SeasonRow] = []
    for i, (key, total, counted, marked) in enumerate(rows):
        tied = i > 0 and rows[i - 1][0][:3] == key[:3]
        position = out[-1].position if tied else i + 1
        out.append(SeasonRow(key[3], position, total, counted, tuple(marked)))
    return out


def _check(scale: Sequence[int], best: int | None, participation: int) -> None:
    if isinstance(scale, (str, bytes)) or not all(
        type(p) is int and p >= 0 for p in scale
    ):
        raise StandingsError(f"a scale is a list of points >= 0, got {scale!r}")
    if best is not None and (type(best) is not int or best < 1):
        raise StandingsError(f"best must be an int from 1 or None, got {best!r}")
    if type(participation) is not int or participation < 0:
        raise StandingsError(
            f"participation must be an int >= 0, got {participation!r}"
        )
