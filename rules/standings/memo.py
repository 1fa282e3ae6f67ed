"""What one ranking resolved, kept for the next ranking of the same girone.

A tied group's order and explanation depend only on its teams, their results (the
totals and every meeting of each) and the ranking's options, so a group met again with
all of these equal is not resolved again: after a save (one table changed) only the
groups that hold its two pairs, before or after, are. The result is the same as without
the memo (a property test checks it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.standings.model import Explanation, Team, Unmet, Value
from rules.standings.results import _Acc

__all__ = ["RankMemo"]

#: A resolved tied group: its blocks, its explanation, its teams drawn by lot and
#: placed by a decision.
type _Resolved[T] = tuple[
    list[list[T]], Explanation[T] | None, frozenset[T], frozenset[T]
]


class RankMemo:
    """The tied groups one ranking resolved, for the next ranking to reuse.

    The groups of the latest two rankings are kept (a girone's confirmed and public
    standings are ranked in turn).

    >>> from rules.standings import rank
    >>> memo = RankMemo()
    >>> games = [(1, 2, 900, 700, 12, 8), (3, 4, 900, 700, 12, 8)]
    >>> first = rank(games, ["points", "diff", "lot"], lot_seed=3, memo=memo)
    >>> len(memo.parts), len(memo.earlier)  # level on points: (1, 3) and (2, 4)
    (2, 0)
    >>> again = rank(games, ["points", "diff", "lot"], lot_seed=3, memo=memo)
    >>> again == first and again[0].explanation is first[0].explanation
    True
    """

    __slots__ = ("earlier", "parts")

    def __init__(self) -> None:
        self.parts: dict[object, _Resolved[Any]] = {}
        self.earlier: dict[object, _Resolved[Any]] = {}

    def get(self, key: object) -> _Resolved[Any] | None:
        found = self.parts.get(key)
        return self.earlier.get(key) if found is None else found

    def keep(self, used: dict[object, _Resolved[Any]]) -> None:
        self.earlier, self.parts = self.parts, used


def group_key[T: Team](
    options: tuple[tuple[str, ...], bool, Unmet, int | None],
    value: Value,
    part: Sequence[T],
    accs: Mapping[T, _Acc[T]],
    names: Mapping[T, object],
    decision_of: Mapping[T, tuple[int, int]],
) -> object:
    """What a tied group's resolution depends on: the ranking's options (chain,
    reapply, unmet, lot seed), the level value, and each team's totals as plain numbers
    (won, drawn and lost follow from the meetings), its meetings, its name in the lot
    and its decision."""
    return (
        options,
        value,
        tuple(
            (
                team,
                acc.played,
                acc.byes,
                acc.missed,
                acc.points,
                acc.points_against,
                acc.score_for,
                acc.score_against,
                tuple(acc.meetings),
                names.get(team, team),
                decision_of.get(team),
            )
            for team, acc in ((t, accs[t]) for t in part)
        ),
    )
