"""Head-to-head figures (the classifica avulsa) of a base group of tied teams.

Computed from the meetings of the base's teams among themselves: points, score
difference and score, and how many of the base's pairings met. The rules are described
in :mod:`rules.standings`.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.standings.results import _Acc


class _H2H[T]:
    """Head-to-head figures of a base group: its teams' meetings among themselves."""

    __slots__ = ("diff", "meetings", "pairs_met", "pairs_total", "points", "scored")

    def __init__(self, base: frozenset[T], accs: Mapping[T, _Acc[T]]) -> None:
        self.points: dict[T, int] = {}
        self.diff: dict[T, int] = {}
        self.scored: dict[T, int] = {}
        met = meetings = 0
        for team in base:
            opponents: set[T] = set()
            points = scored = conceded = 0
            for opponent, sf, sa, pf, _ in accs[team].meetings:
                if opponent in base:
                    points += pf
                    scored += sf
                    conceded += sa
                    opponents.add(opponent)
                    meetings += 1
            self.points[team] = points
            self.diff[team] = scored - conceded
            self.scored[team] = scored
            met += len(opponents)
        self.meetings = meetings // 2
        self.pairs_met = met // 2
        self.pairs_total = len(base) * (len(base) - 1) // 2

    def table(self, criterion: str) -> dict[T, int]:
        if criterion == "h2h_points":
            return self.points
        return self.diff if criterion == "h2h_diff" else self.scored
