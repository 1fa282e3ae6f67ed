"""Plain values of the standings: the chain vocabulary, totals, steps and rows.

Everything here is a frozen dataclass or a constant; :mod:`rules.standings.engine`
builds them and :mod:`rules.standings.text` renders explanations as text.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal, Protocol

from rules.packs import load_pack

__all__ = [
    "ACROSS_DEFAULT",
    "BRISCOLA_DEFAULT",
    "CRITERIA",
    "FIBUR_DEFAULT",
    "HEAD_TO_HEAD",
    "NOTES",
    "UNMET_CHOICES",
    "Explanation",
    "MatchTuple",
    "StandingRow",
    "Step",
    "Team",
    "Totals",
    "Unmet",
    "Value",
]


class Team(Protocol):
    """What a team id must be: hashable and sortable (an int, a str, a tuple...)."""

    def __hash__(self) -> int: ...

    def __lt__(self, other: Any, /) -> bool: ...


type MatchTuple[T] = tuple[T | None, T | None, int, int, int, int]
"""``(team_a, team_b, score_a, score_b, points_a, points_b)``; a ``None`` side = bye."""

Value = int | Fraction
"""A criterion's value for a team: an int, or an exact Fraction for per-match averages."""

Unmet = Literal["use_played", "skip"]
"""How head-to-head criteria treat a tied group in which some pair never met."""

UNMET_CHOICES: tuple[Unmet, ...] = ("use_played", "skip")

CRITERIA: dict[str, str] = {
    "points": "total points (byes included)",
    "points_per_match": "points / rounds (meetings + byes + missed rounds)",
    "points_diff": "points won minus points conceded to the opponents",
    "won": "matches won (more points than the opponent in the match; byes excluded)",
    "h2h_points": "points among the tied teams only (classifica avulsa)",
    "h2h_diff": "score difference among the tied teams only",
    "h2h_scored": "score scored among the tied teams only",
    "diff": "overall score difference (scarto)",
    "diff_per_match": "overall score difference / rounds",
    "scored": "overall score scored",
    "scored_per_match": "overall score scored / rounds",
    "decision": "the referee's decision (a team order given in ``decisions``)",
    "lot": "a seeded, recorded draw (sorteggio); must be last",
}
"""The chain vocabulary: criterion name -> meaning. Higher values rank first."""

HEAD_TO_HEAD = frozenset({"h2h_points", "h2h_diff", "h2h_scored"})
"""The criteria computed over the meetings among the tied teams only."""

NOTES: dict[str, str] = {
    "unmet": "head-to-head skipped: not every pair of the group met (unmet='skip')",
    "no_meetings": "head-to-head skipped: no two teams of the group met",
    "level": "the chain ended and the group stays level (equal positions)",
    "girone_order": "overall standings: teams of one girone kept in the girone's order",
}
"""Step kinds that are not criteria: what the engine noted instead of splitting."""

FIBUR_DEFAULT: tuple[str, ...] = load_pack("fibur-2026").standings.chain
"""Burraco pairs: the chain of the latest fibur-2026 pack, the one source of truth
(docs/rules.md §7): VP, avulsa (VP, then MP difference), MP difference, MP, lot."""

BRISCOLA_DEFAULT: tuple[str, ...] = load_pack("briscola-approdo").standings.chain
"""Briscola: the chain of the latest briscola-approdo pack (seed 001; docs/rules.md
§10.6): points; two tied = their direct match and three or more = the avulsa (both are
``h2h_points``); partite difference among them; overall partite difference; partite
won; lot."""

ACROSS_DEFAULT = ("points_per_match", "diff_per_match", "scored_per_match", "lot")
"""Teams of different gironi (:func:`rules.standings.rank_across`): averages per round."""


@dataclass(frozen=True, slots=True)
class Totals:
    """A team's totals over its matches; a bye counts in points and score, not played.

    ``missed`` rounds (the team entered late, withdrew, or sat nowhere) count with the
    award :func:`rules.standings.rank` was given (default nothing) in points and score,
    and in :attr:`rounds`, never in ``played`` or ``byes``.
    """

    played: int  # meetings with another team; byes are not counted here
    byes: int  # rests (riposi) credited with a result
    won: int  # meetings where the team got more points than its opponent
    drawn: int
    lost: int
    points: int  # byes included
    points_against: int  # points the opponents got in those matches (byes included)
    score_for: int  # MP / partite / goals, byes included
    score_against: int
    missed: int = 0  # rounds the team missed, credited with the missed-round award

    @property
    def diff(self) -> int:
        """Score difference (scarto).

        >>> Totals(2, 0, 1, 0, 1, 20, 20, 1900, 1700).diff
        200
        """
        return self.score_for - self.score_against

    @property
    def points_diff(self) -> int:
        """Points won minus points conceded.

        >>> Totals(2, 1, 1, 0, 1, 34, 26, 1355, 1000).points_diff
        8
        """
        return self.points - self.points_against

    @property
    def matches(self) -> int:
        """Matches with a result: meetings plus byes.

        >>> Totals(2, 1, 1, 0, 1, 34, 26, 1355, 1000).matches
        3
        """
        return self.played + self.byes

    @property
    def rounds(self) -> int:
        """Rounds counted: meetings, byes and missed rounds (the per-match denominator).

        >>> Totals(2, 1, 1, 0, 1, 34, 26, 1355, 1000, missed=1).rounds
        4
        """
        return self.played + self.byes + self.missed


@dataclass(frozen=True, slots=True)
class Step[T]:
    """One step of a tie-break: a criterion (or a note) applied to a sub-group.

    ``teams`` is the sub-group in its final order, ``values`` each team's value for the
    criterion (aligned with ``teams``; empty for lot, decision and notes) and ``groups``
    the ordered sub-groups the step produced (a single group: it split nothing).
    Head-to-head steps also give ``base`` (the teams whose meetings were counted),
    ``meetings`` (matches counted) and how many of the base's pairings met. A
    ``girone_order`` step (overall standings) gives in ``kept`` each run of teams of
    one girone whose girone order was kept against the order of the criteria.
    """

    criterion: str  # a CRITERIA name, or a NOTES kind
    teams: tuple[T, ...]
    values: tuple[Value, ...] = ()
    groups: tuple[tuple[T, ...], ...] = ()
    base: tuple[T, ...] = ()
    meetings: int = 0
    pairs_met: int = 0
    pairs_total: int = 0
    seed: int | None = None  # lot: the seed drawn with (None = lot not drawn yet)
    kept: tuple[tuple[T, ...], ...] = ()  # girone_order: teams kept in girone order

    @property
    def split(self) -> bool:
        """Whether the step separated anyone.

        >>> Step("lot", (2, 1), groups=((2,), (1,)), seed=7).split
        True
        """
        return len(self.groups) > 1


@dataclass(frozen=True, slots=True)
class Explanation[T]:
    """How one tie was resolved; shared by every row of the tied group.

    The teams were level on ``criterion`` (the chain's first) at ``value``; ``steps``
    are the criteria applied after it, in order, depth first.
    """

    teams: tuple[T, ...]  # the tied teams, in final order
    criterion: str
    value: Value
    steps: tuple[Step[T], ...]

    def criteria_used(self) -> tuple[str, ...]:
        """The criteria and notes of the steps, in order.

        >>> Explanation((1, 2), "points", 30, (Step("h2h_points", (1, 2)),)).criteria_used()
        ('h2h_points',)
        """
        return tuple(step.criterion for step in self.steps)


@dataclass(frozen=True, slots=True)
class StandingRow[T]:
    """One row of the standings: team, position (1, 2, 2, 4 style), totals, why."""

    team: T
    position: int
    totals: Totals
    explanation: Explanation[T] | None = None  # None: no tie on the first criterion
    by_lot: bool = False  # its place among the tied came from the lot
    lot_seed: int | None = None  # the seed of that lot
    by_decision: bool = False  # its place among the tied came from the referee

    def as_dict(self) -> dict[str, object]:
        """Flat values for a table (django-tables2 takes a list of dicts).

        >>> row = StandingRow(4, 1, Totals(2, 0, 1, 1, 0, 23, 17, 2100, 1800))
        >>> row.as_dict()["diff"], row.as_dict()["points"]
        (300, 23)
        """
        t = self.totals
        return {
            "team": self.team,
            "position": self.position,
            "played": t.played,
            "byes": t.byes,
            "won": t.won,
            "drawn": t.drawn,
            "lost": t.lost,
            "points": t.points,
            "points_against": t.points_against,
            "score_for": t.score_for,
            "score_against": t.score_against,
            "missed": t.missed,
            "diff": t.diff,
            "by_lot": self.by_lot,
            "lot_seed": self.lot_seed,
            "by_decision": self.by_decision,
        }
