"""Reading the matches: validation and per-team totals, in one pass (internal).

The hot loop of :func:`rules.standings.rank`: a plain tuple costs a few identity checks,
anything else is checked field by field and refused with a StandingsError that names
the match (by index) and the bad value.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rules.errors import StandingsError
from rules.standings.model import MatchTuple, Team, Totals

_FIELDS = ("score_a", "score_b", "points_a", "points_b")


class _Acc[T]:
    """Running totals of one team, and its meetings (opponent, sf, sa, pf, pa)."""

    __slots__ = (
        "byes",
        "drawn",
        "lost",
        "meetings",
        "missed",
        "played",
        "points",
        "points_against",
        "score_against",
        "score_for",
        "won",
    )

    def __init__(self) -> None:
        self.played = self.byes = self.won = self.drawn = self.lost = self.missed = 0
        self.points = self.points_against = self.score_for = self.score_against = 0
        self.meetings: list[tuple[T, int, int, int, int]] = []

    @property
    def rounds(self) -> int:
        """The per-match denominator: meetings, byes and missed rounds."""
        return self.played + self.byes + self.missed

    def totals(self) -> Totals:
        return Totals(  # positional: the field order of Totals
            self.played,
            self.byes,
            self.won,
            self.drawn,
            self.lost,
            self.points,
            self.points_against,
            self.score_for,
            self.score_against,
            self.missed,
        )


def _add_missed[T](
    accs: dict[T, _Acc[T]],
    missed: Mapping[T, int] | None,
    points: int,
    score: int,
    closed: bool,
) -> None:
    """Credit each team's missed rounds with the award (points and score per round)."""
    if missed is None:
        return
    if not isinstance(missed, Mapping):
        raise StandingsError(f"missed must map teams to rounds, got {missed!r}")
    for team, count in missed.items():
        if team is None:
            raise StandingsError("missed names None; only teams miss rounds")
        _check_hashable(team, "missed")
        if type(count) is not int or count < 0:
            raise StandingsError(
                f"missed rounds of team {team!r} must be an int >= 0, got {count!r}"
            )
        acc = accs.get(team)
        if acc is None:
            if closed:
                raise StandingsError(
                    f"missed names team {team!r}, which is not in teams"
                )
            acc = accs[team] = _Acc()
        acc.missed += count
        acc.points += points * count
        acc.score_for += score * count


def _add_penalties[T](
    accs: dict[T, _Acc[T]], penalties: Mapping[T, tuple[int, int]] | None
) -> None:
    """Take each team's penalty ``(points, score)`` from its totals, outside every
    meeting: a second ammonizione's -1 VP and its MP (docs/rules.md §6.5), which "non
    comporta l'acquisizione di alcun vantaggio per l'altra linea"."""
    if penalties is None:
        return
    if not isinstance(penalties, Mapping):
        raise StandingsError(
            f"penalties must map teams to (points, score), got {penalties!r}"
        )
    for team, penalty in penalties.items():
        acc = accs.get(team)
        if acc is None:
            raise StandingsError(f"penalties name team {team!r}, which has no result")
        if (
            not isinstance(penalty, tuple)
            or len(penalty) != 2
            or any(type(v) is not int or v < 0 for v in penalty)
        ):
            raise StandingsError(
                f"the penalty of team {team!r} must be (points, score), two ints >= 0,"
                f" got {penalty!r}"
            )
        acc.points -= penalty[0]
        acc.score_for -= penalty[1]


def _roster[T](teams: Iterable[T]) -> list[T]:
    if isinstance(teams, (str, bytes)) or not isinstance(teams, Iterable):
        raise StandingsError(f"teams must be an iterable of team ids, got {teams!r}")
    listed = list(teams)
    seen: set[T] = set()
    for team in listed:
        if team is None:
            raise StandingsError("teams lists None; a bye is a match against None")
        _check_hashable(team, "teams")
        if team in seen:
            raise StandingsError(f"team {team!r} is listed twice in teams")
        seen.add(team)
    return listed


def _check_hashable(team: object, where: str) -> None:
    try:
        hash(team)
    except TypeError:
        raise StandingsError(
            f"team ids must be hashable, got {team!r} in {where}"
        ) from None


def _shape(i: int, match: object) -> str:
    return (
        f"match #{i} must be (team_a, team_b, score_a, score_b, points_a, points_b),"
        f" got {match!r}"
    )


def _read[T](
    matches: Iterable[MatchTuple[T]], roster: list[T] | None
) -> dict[T, _Acc[T]]:
    """Validate the matches and total them per team (byes included, never as meetings)."""
    if isinstance(matches, (str, bytes)) or not isinstance(matches, Iterable):
        raise StandingsError(f"matches must be an iterable of tuples, got {matches!r}")
    accs: dict[T, _Acc[T]] = {}
    if roster is not None:
        accs = {team: _Acc() for team in roster}
    closed = roster is not None
    get = accs.get
    for i, raw in enumerate(matches):
        m = _match(i, raw)
        a, b, sa, sb, pa, pb = m
        if a is None:  # a bye given the other way round
            a, b, sa, sb, pa, pb = b, a, sb, sa, pb, pa
        try:
            acc_a = get(a)
            acc_b = None if b is None else get(b)
        except TypeError:
            raise StandingsError(
                f"team ids must be hashable, got {m[:2]!r} in match #{i} {m!r}"
            ) from None
        if acc_a is None:
            acc_a = _new_team(accs, a, closed, i, m)
        acc_a.points += pa
        acc_a.points_against += pb
        acc_a.score_for += sa
        acc_a.score_against += sb
        if b is None:  # a bye: counts for the team, never as a meeting
            acc_a.byes += 1
            continue
        if acc_b is None:
            acc_b = _new_team(accs, b, closed, i, m)
        acc_b.points += pb
        acc_b.points_against += pa
        acc_b.score_for += sb
        acc_b.score_against += sa
        acc_a.played += 1
        acc_b.played += 1
        if pa > pb:
            acc_a.won += 1
            acc_b.lost += 1
        elif pa < pb:
            acc_a.lost += 1
            acc_b.won += 1
        else:
            acc_a.drawn += 1
            acc_b.drawn += 1
        acc_a.meetings.append((b, sa, sb, pa, pb))
        acc_b.meetings.append((a, sb, sa, pb, pa))
    return accs


def _match(i: int, raw: object) -> tuple[Any, ...]:
    """Match ``#i`` as a tuple, checked: six fields, whole numbers, a team on at
    least one side and not on both."""
    # The hot loop of rank(): plain tuples pass with a few identity checks.
    m: tuple[Any, ...] = raw if type(raw) is tuple else _as_tuple(i, raw)
    if len(m) != 6:
        raise StandingsError(_shape(i, raw))
    a, b, sa, sb, pa, pb = m
    if (
        type(sa) is not int
        or type(sb) is not int
        or type(pa) is not int
        or type(pb) is not int
    ):
        _bad_number(i, m)
    if a is None:
        if b is None:
            raise StandingsError(f"match #{i} {m!r} has no team on either side")
    elif a == b:
        raise StandingsError(f"match #{i} {m!r}: team {a!r} plays itself")
    return m


def _as_tuple(i: int, raw: object) -> tuple[object, ...]:
    if isinstance(raw, Sequence) and not isinstance(raw, (str, bytes)):
        return tuple(raw)
    raise StandingsError(_shape(i, raw))


def _bad_number(i: int, m: tuple[object, ...]) -> None:
    for field, value in zip(_FIELDS, m[2:], strict=True):
        if type(value) is not int:
            raise StandingsError(
                f"match #{i} {m!r}: {field} must be an int, got {value!r}"
            )


def _new_team[T](
    accs: dict[T, _Acc[T]], team: T, closed: bool, i: int, m: tuple[object, ...]
) -> _Acc[T]:
    if closed:
        raise StandingsError(
            f"match #{i} {m!r} names team {team!r}, which is not in teams"
        )
    acc: _Acc[T] = _Acc()
    accs[team] = acc
    return acc


def _sorted_teams[T: Team](accs: Mapping[T, object]) -> list[T]:
    try:
        return sorted(accs)
    except TypeError:
        raise StandingsError(
            f"team ids must be sortable among themselves, got {list(accs)!r}"
        ) from None
