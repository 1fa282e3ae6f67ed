"""Team matches (incontri a squadre): rosters, line-ups, seats, MP and VP over two tables.

A team registers a roster of players (``[team] roster_min`` to ``roster_max``: 4 to 6
under fibur-2026; F.I.Bur.'s rosters are of 6, docs/rules.md §11). For each match its
captain names a line-up: two pairs of roster players, no player twice. Two teams meet
over two tables (:func:`seats`): team A's first pair sits NS at table 1 and its second
pair EO at table 2, against team B's two pairs, so a team never holds both lines of one
table.

Each table plays the turn's smazzate and is scored as a pair match. The match is then
combined by the pack's ``[team] mp_combination`` (the sources are silent: docs/rules.md
§11, §12):

* ``"sum_of_differences"`` (default): team MP = the algebraic sum of the two tables' MP
  differences, converted with the team VP table of ``[team.tables]`` for the turn's
  smazzate (``[team] total``, 20 a match). A penalty at a table (a second warning,
  ``[special] second_warning_vp`` and ``second_warning_mp``) is not converted twice: the
  difference is converted as played, then the VP the penalty took are added; the MP it
  took stay out of the team's MP.
* ``"sum_of_vp"``: each table converted with the pair table of ``[vp]``, the VP added
  (twice the pair total, 40 a match).

A resting team (:func:`team_rest`) gets ``[team] rest_vp`` with the lowest MP of that
band of the team table; under ``"sum_of_vp"``, each of its two tables counts as a pair's
rest (``[special] rest_vp``, ``rest_mp``).

Team movements (all'italiana, Danese, Danese modificato, rests, gironi) are those of
:mod:`rules.pairing`, given team numbers instead of pair numbers.

Terminology: squadra = team; formazione / schieramento = line-up; rosa = roster;
capitano = captain; incontro = match; tavolo = table; riposo = rest.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from rules.burraco import max_hand_score
from rules.errors import InvalidMatchError, TeamError
from rules.packs import RulePack, default_burraco_pack
from rules.vp import VpTable, vp_table

__all__ = [
    "TableScore",
    "TeamScore",
    "check_lineup",
    "check_matches",
    "check_roster",
    "match_total",
    "seats",
    "team_match",
    "team_rest",
    "team_vp_table",
]

Pair = tuple[int, int]
"""A pair of a line-up: two player ids."""


@dataclass(frozen=True)
class TableScore:
    """One table of a team match, seen from team A: its line's and team B's line's
    MP and VP as the table's result stores them, and what a penalty took outside the
    play: ``vp_extra_*`` the VP (a second warning's -1), ``mp_off_*`` the MP (the MP
    those VP are worth, ``second_warning_mp = "equivalent"``; 0 or more)."""

    mp_a: int
    mp_b: int
    vp_a: int
    vp_b: int
    vp_extra_a: int = 0
    vp_extra_b: int = 0
    mp_off_a: int = 0
    mp_off_b: int = 0


@dataclass(frozen=True)
class TeamScore:
    """What a team match (or a rest) gives the two teams: MP and VP."""

    mp_a: int
    mp_b: int
    vp_a: int
    vp_b: int

    @property
    def mp_diff(self) -> int:
        """Team A's MP difference (the algebraic sum of the tables' differences).

        >>> TeamScore(900, 400, 14, 6).mp_diff
        500
        """
        return self.mp_a - self.mp_b


@functools.cache
def _team_table(pack: RulePack, hands: int) -> VpTable:
    vp = pack.require_vp()
    team = pack.require_team()
    if type(hands) is not int or hands not in vp.hands_supported:
        supported = ", ".join(map(str, vp.hands_supported))
        raise InvalidMatchError(
            f"a turn under {pack.label} has {supported} smazzate, got {hands!r}"
        )
    spec = team.table_for(hands, vp.hands_1_uses)
    # Two tables: each team's MP total lies within twice a line's bound.
    return VpTable(
        spec.bands,
        hands=hands,
        max_total=2 * hands * max_hand_score(pack),
        total=team.total,
    )


def team_vp_table(hands: int, pack: RulePack | None = None) -> VpTable:
    """The team VP table of ``pack`` (fibur-2026 v1 when ``None``) for ``hands`` smazzate.

    >>> [(r.min_diff, r.max_diff, r.winner_vp) for r in team_vp_table(3).rows()[:2]]
    [(0, 100, 10), (105, 300, 11)]
    >>> team_vp_table(1).rows()[-1].min_diff  # 1 smazzata uses the 2-smazzate table
    2005
    """
    return _team_table(pack or default_burraco_pack(), hands)


def match_total(pack: RulePack | None = None) -> int:
    """VP a team match gives in all: ``[team] total``, or twice ``[vp] total``.

    >>> match_total()
    20
    """
    pack = pack or default_burraco_pack()
    if pack.require_team().mp_combination == "sum_of_vp":
        return 2 * pack.require_vp().total
    return pack.require_team().total


def team_match(
    tables: Sequence[TableScore], hands: int, pack: RulePack | None = None
) -> TeamScore:
    """Combine the two tables of a match by the pack's ``[team] mp_combination``.

    Sum of the MP differences (fibur-2026): +350 at table 1 and -50 at table 2 make
    +300, 11-9 on the 3-smazzate team table; 11-9 and 9-11 added would be 20-20.

    >>> t1, t2 = TableScore(600, 250, 13, 7), TableScore(300, 350, 10, 10)
    >>> team_match([t1, t2], 3)
    TeamScore(mp_a=900, mp_b=600, vp_a=11, vp_b=9)
    >>> from dataclasses import replace
    >>> vp_mode = replace(default_burraco_pack(), team=replace(
    ...     default_burraco_pack().require_team(), mp_combination="sum_of_vp"))
    >>> team_match([t1, t2], 3, vp_mode)
    TeamScore(mp_a=900, mp_b=600, vp_a=23, vp_b=17)
    """
    pack = pack or default_burraco_pack()
    if len(tables) != 2:
        raise InvalidMatchError(
            f"a team match is played over 2 tables, got {len(tables)}"
        )
    mp_a = sum(t.mp_a for t in tables)
    mp_b = sum(t.mp_b for t in tables)
    if pack.require_team().mp_combination == "sum_of_vp":
        return TeamScore(
            mp_a, mp_b, sum(t.vp_a for t in tables), sum(t.vp_b for t in tables)
        )
    played_a = mp_a + sum(t.mp_off_a for t in tables)
    played_b = mp_b + sum(t.mp_off_b for t in tables)
    vp_a, vp_b = team_vp_table(hands, pack).convert(played_a, played_b)
    return TeamScore(
        mp_a,
        mp_b,
        vp_a + sum(t.vp_extra_a for t in tables),
        vp_b + sum(t.vp_extra_b for t in tables),
    )


def team_rest(hands: int, pack: RulePack | None = None) -> TeamScore:
    """What a resting team gets (``mp_a``, ``vp_a``; the B side is 0).

    >>> team_rest(3)  # 14 VP, the lowest MP of the 14-VP band of the team table
    TeamScore(mp_a=705, mp_b=0, vp_a=14, vp_b=0)
    """
    pack = pack or default_burraco_pack()
    team = pack.require_team()
    if team.mp_combination == "sum_of_vp":
        special = pack.require_special()
        table = vp_table(hands, pack)
        mp = (
            table.band_min_mp(special.rest_vp)
            if special.rest_mp == "band_min"
            else special.rest_mp
        )
        return TeamScore(2 * mp, 0, 2 * special.rest_vp, 0)
    mp = team_vp_table(hands, pack).band_min_mp(team.rest_vp)
    return TeamScore(mp, 0, team.rest_vp, 0)


def seats(pairs_a: Sequence[int], pairs_b: Sequence[int]) -> tuple[Pair, Pair]:
    """The two tables of a match, ``(ns, ew)`` each: A's first pair NS at table 1,
    A's second pair EO at table 2 (a team never holds both lines of one table).

    >>> seats([11, 12], [21, 22])
    ((11, 21), (22, 12))
    """
    if len(pairs_a) != 2 or len(pairs_b) != 2:
        raise TeamError(
            f"each team fields 2 pairs, got {list(pairs_a)} and {list(pairs_b)}",
            code="pair_count",
            params={"a": len(pairs_a), "b": len(pairs_b)},
        )
    if set(pairs_a) & set(pairs_b) or len({*pairs_a, *pairs_b}) != 4:
        raise TeamError(
            f"a pair is listed twice in {list(pairs_a)} and {list(pairs_b)}",
            code="pair_twice",
        )
    return (pairs_a[0], pairs_b[0]), (pairs_b[1], pairs_a[1])


def check_matches(
    matches: Sequence[tuple[Pair, Pair]], team_of: Mapping[int, int]
) -> list[tuple[str, int]]:
    """Check a round's team matches, each its two tables ``((ns, ew), (ns, ew))`` of
    pair ids; return ``(code, match number from 1)`` for every rule broken.

    Codes: ``unknown`` (a pair of no team), ``same_team`` (a team on both lines of a
    table), ``seats`` (not A NS at table 1 and EO at table 2 against B's two pairs),
    ``team_twice`` (a team in two matches of the round). Written apart from
    :func:`seats`, which it checks.

    >>> team_of = {11: 1, 12: 1, 21: 2, 22: 2}
    >>> check_matches([seats([11, 12], [21, 22])], team_of)
    []
    >>> check_matches([((11, 21), (12, 22))], team_of)
    [('seats', 1)]
    """
    found: list[tuple[str, int]] = []
    seen: dict[int, int] = {}
    for number, ((ns1, ew1), (ns2, ew2)) in enumerate(matches, start=1):
        if any(p not in team_of for p in (ns1, ew1, ns2, ew2)):
            found.append(("unknown", number))
            continue
        a, b = team_of[ns1], team_of[ew1]
        if a == b or team_of[ns2] == team_of[ew2]:
            found.append(("same_team", number))
        elif (team_of[ns2], team_of[ew2]) != (b, a) or len({ns1, ew1, ns2, ew2}) < 4:
            found.append(("seats", number))
        for team in {a, b, team_of[ns2], team_of[ew2]}:
            if team in seen and seen[team] != number:
                found.append(("team_twice", number))
            seen.setdefault(team, number)
    return found


def check_roster(players: Sequence[int], minimum: int, maximum: int) -> None:
    """Refuse a roster with a player twice or a size outside ``minimum``-``maximum``.

    >>> check_roster([1, 2, 3, 4, 5], 4, 6)
    >>> check_roster([1, 2, 3], 4, 6)
    Traceback (most recent call last):
    ...
    rules.errors.TeamError: a roster has 4 to 6 players, got 3
    """
    if len(set(players)) != len(players):
        twice = sorted({p for p in players if list(players).count(p) > 1})
        raise TeamError(
            f"players {twice} are listed twice in the roster",
            code="roster_twice",
            params={"players": twice},
        )
    if not minimum <= len(players) <= maximum:
        raise TeamError(
            f"a roster has {minimum} to {maximum} players, got {len(players)}",
            code="roster_size",
            params={"min": minimum, "max": maximum, "count": len(players)},
        )


def check_lineup(roster: Collection[int], pairs: Sequence[Pair]) -> None:
    """Refuse a line-up that is not two pairs of distinct roster players.

    >>> check_lineup([1, 2, 3, 4, 5, 6], [(1, 2), (5, 6)])
    >>> check_lineup([1, 2, 3, 4], [(1, 2), (2, 3)])
    Traceback (most recent call last):
    ...
    rules.errors.TeamError: player 2 plays in both pairs of the line-up
    """
    if len(pairs) != 2 or any(len(p) != 2 for p in pairs):
        raise TeamError(
            f"a line-up is 2 pairs of 2 players, got {list(pairs)}",
            code="lineup_shape",
        )
    outside = sorted({p for pair in pairs for p in pair if p not in roster})
    if outside:
        raise TeamError(
            f"players {outside} are not in the team's roster",
            code="not_in_roster",
            params={"players": outside},
        )
    for pair in pairs:
        if pair[0] == pair[1]:
            raise TeamError(
                f"player {pair[0]} fills both seats of a pair",
                code="same_player",
                params={"player": pair[0]},
            )
    both = sorted(set(pairs[0]) & set(pairs[1]))
    if both:
        raise TeamError(
            f"player {both[0]} plays in both pairs of the line-up",
            code="player_twice",
            params={"player": both[0]},
        )
