"""Team matches: MP/VP over two tables in both combination modes, rests, seats, line-ups.

Known answers are worked by hand from the tables of docs/rules.md §11 (the pair tables of
seed 004 with every band edge doubled) and from seed 004's pair tables; the pack's team
bands are checked against the pair bands read apart, so that a slip in the pack cannot
hide behind the same slip here.
"""

from __future__ import annotations

import copy
import tomllib
from dataclasses import replace
from importlib import resources

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.errors import InvalidMatchError, RulePackError, TeamError
from rules.packs import load_pack, parse_pack
from rules.pairing import check_round, danese, rematch_forbidden, round_robin
from rules.team import (
    TableScore,
    TeamScore,
    check_lineup,
    check_matches,
    check_roster,
    match_total,
    seats,
    team_match,
    team_rest,
    team_vp_table,
)
from rules.vp import vp_table

PACK = load_pack("fibur-2026", 2)
VP_MODE = replace(PACK, team=replace(PACK.require_team(), mp_combination="sum_of_vp"))

#: Seed 004's pair tables: the upper edge of each band but the open one.
PAIR_EDGES = {
    2: (40, 120, 200, 300, 400, 500, 620, 740, 870, 1000),
    3: (50, 150, 250, 350, 500, 650, 800, 1000, 1250, 1500),
    4: (100, 300, 500, 700, 900, 1100, 1300, 1500, 1700, 2000),
}


def t(mp_a: int, mp_b: int, hands: int = 3, extra_a: int = 0) -> TableScore:
    """A table as result entry stores it: VP from the pair table (plus a warning)."""
    vp_a, vp_b = vp_table(hands, PACK).convert(mp_a, mp_b)
    return TableScore(mp_a, mp_b, vp_a + extra_a, vp_b, vp_extra_a=extra_a)


KNOWN = [
    # (hands, table 1, table 2, sum_of_differences VP, sum_of_vp VP)
    pytest.param(3, t(500, 500), t(400, 400), (10, 10), (20, 20), id="level"),
    pytest.param(3, t(600, 500), t(0, 0), (10, 10), (21, 19), id="3-edge-100"),
    pytest.param(3, t(605, 500), t(0, 0), (11, 9), (21, 19), id="3-past-edge-105"),
    pytest.param(3, t(600, 250), t(300, 350), (11, 9), (23, 17), id="300-minus-50"),
    pytest.param(
        3, t(1200, 200), t(200, 1200), (10, 10), (20, 20), id="differences-cancel"
    ),
    pytest.param(3, t(1800, 200), t(1700, 200), (20, 0), (39, 1), id="big-win"),
    pytest.param(3, t(-100, 300), t(-50, 255), (6, 14), (13, 27), id="negative-705"),
    pytest.param(3, t(500, 0), t(0, 500), (10, 10), (20, 20), id="one-each"),
    pytest.param(2, t(80, 0, 2), t(0, 0, 2), (10, 10), (21, 19), id="2-edge-80"),
    pytest.param(2, t(85, 0, 2), t(0, 0, 2), (11, 9), (21, 19), id="2-past-edge"),
    pytest.param(1, t(85, 0, 1), t(0, 0, 1), (11, 9), (21, 19), id="1-uses-2"),
    pytest.param(4, t(1000, 0, 4), t(805, 0, 4), (15, 5), (29, 11), id="4-1805"),
    pytest.param(4, t(2000, 0, 4), t(2005, 0, 4), (20, 0), (39, 1), id="4-oltre"),
    pytest.param(
        3, t(500, 500, extra_a=-1), t(400, 400), (9, 10), (19, 20), id="warning"
    ),
    # A second warning that also took 100 MP (second_warning_mp = "equivalent"): the
    # difference is converted as played (+400: 12-8), then the VP taken (-1).
    pytest.param(
        3,
        TableScore(430, 130, 13, 6, vp_extra_a=-1, mp_off_a=100),
        t(100, 100),
        (11, 8),
        (23, 16),
        id="warning-with-mp",
    ),
]


@pytest.mark.parametrize(("hands", "one", "two", "by_diff", "by_vp"), KNOWN)
def test_known_answers_in_both_modes(hands, one, two, by_diff, by_vp) -> None:
    """Sum of differences: one conversion of the summed difference with the team
    table; sum of VP: each table converted with the pair table, the VP added."""
    mp = (one.mp_a + two.mp_a, one.mp_b + two.mp_b)
    assert team_match([one, two], hands, PACK) == TeamScore(*mp, *by_diff)
    assert team_match([one, two], hands, VP_MODE) == TeamScore(*mp, *by_vp)


@pytest.mark.parametrize("hands", [2, 3, 4])
def test_team_table_is_the_pair_table_with_doubled_edges(hands: int) -> None:
    """docs/rules.md §11: every band edge of the pair table, doubled, read apart."""
    rows = team_vp_table(hands, PACK).rows()
    assert [r.max_diff for r in rows] == [2 * e for e in PAIR_EDGES[hands]] + [None]
    assert [r.winner_vp for r in rows] == list(range(10, 21))
    assert all(r.winner_vp + r.loser_vp == 20 for r in rows)


@pytest.mark.parametrize("hands", [2, 3, 4])
def test_every_team_band_edge(hands: int) -> None:
    """At each doubled edge the VP stay; 5 MP past it they go up by one, both ways."""
    table = team_vp_table(hands, PACK)
    for i, edge in enumerate(PAIR_EDGES[hands]):
        inside, past = 2 * edge, 2 * edge + 5
        assert table.convert(inside, 0) == (10 + i, 10 - i)
        assert table.convert(0, inside) == (10 - i, 10 + i)
        assert table.convert(past, 0) == (11 + i, 9 - i)


@given(st.sampled_from([2, 3, 4]), st.integers(-600, 600))
def test_team_table_at_twice_the_difference_gives_the_pair_vp(hands, steps) -> None:
    """Doubling every edge: a team difference of 2x gives what x gives a pair."""
    x = 5 * steps
    assert team_vp_table(hands, PACK).convert(2 * x, 0) == vp_table(
        hands, PACK
    ).convert(x, 0)


mp = st.integers(-200, 800).map(lambda n: 5 * n)


@given(mp, mp, mp, mp)
def test_totals_and_symmetry(a1, b1, a2, b2) -> None:
    """20 VP a match by differences, 40 by VP; swapping the teams swaps the VP."""
    one, two = t(a1, b1), t(a2, b2)
    swapped = [TableScore(x.mp_b, x.mp_a, x.vp_b, x.vp_a) for x in (one, two)]
    for pack, total in ((PACK, 20), (VP_MODE, 40)):
        score = team_match([one, two], 3, pack)
        assert score.vp_a + score.vp_b == total == match_total(pack)
        back = team_match(swapped, 3, pack)
        assert (back.vp_a, back.vp_b, back.mp_a) == (score.vp_b, score.vp_a, score.mp_b)


@given(mp, mp, mp, mp)
def test_only_the_summed_difference_counts(a1, b1, a2, b2) -> None:
    """By differences, moving MP between the tables changes nothing."""
    one = team_match([t(a1, b1), t(a2, b2)], 3, PACK)
    moved = team_match([t(a1 + a2, b1), t(0, b2)], 3, PACK)
    assert (one.vp_a, one.vp_b) == (moved.vp_a, moved.vp_b)


@pytest.mark.parametrize(
    ("hands", "by_diff", "by_vp"),
    [
        (2, TeamScore(605, 0, 14, 0), TeamScore(610, 0, 28, 0)),
        (3, TeamScore(705, 0, 14, 0), TeamScore(710, 0, 28, 0)),
        (4, TeamScore(1405, 0, 14, 0), TeamScore(1410, 0, 28, 0)),
    ],
)
def test_rest_award(hands, by_diff, by_vp) -> None:
    """A resting team: rest_vp at the bottom of its team band; by VP, two pair rests."""
    assert team_rest(hands, PACK) == by_diff
    assert team_rest(hands, VP_MODE) == by_vp


def test_a_match_is_two_tables() -> None:
    with pytest.raises(InvalidMatchError, match="over 2 tables, got 1"):
        team_match([t(0, 0)], 3, PACK)
    with pytest.raises(InvalidMatchError, match="got 5"):
        team_match([t(0, 0), t(0, 0)], 5, PACK)


def test_seats_never_give_a_team_both_lines_of_a_table() -> None:
    (ns1, ew1), (ns2, ew2) = seats([11, 12], [21, 22])
    assert (ns1, ew2) == (11, 12)  # team A: NS at table 1, EO at table 2
    assert (ew1, ns2) == (21, 22)
    with pytest.raises(TeamError) as error:
        seats([11, 12], [12, 22])
    assert error.value.code == "pair_twice"


@pytest.mark.parametrize(
    ("pairs", "code"),
    [
        ([(1, 2)], "lineup_shape"),
        ([(1, 2), (3, 9)], "not_in_roster"),
        ([(1, 1), (3, 4)], "same_player"),
        ([(1, 2), (2, 3)], "player_twice"),
    ],
)
def test_lineup_refused_with_a_code(pairs, code) -> None:
    with pytest.raises(TeamError) as error:
        check_lineup([1, 2, 3, 4, 5, 6], pairs)
    assert error.value.code == code


def test_roster_size_and_duplicates() -> None:
    check_roster([1, 2, 3, 4, 5, 6], 4, 6)
    with pytest.raises(TeamError) as error:
        check_roster([1, 2, 3, 4, 5, 6, 7], 4, 6)
    assert error.value.params == {"min": 4, "max": 6, "count": 7}
    with pytest.raises(TeamError) as error:
        check_roster([1, 2, 2, 4], 4, 6)
    assert error.value.code == "roster_twice"


def _raw() -> dict:
    text = resources.files("rules").joinpath("packs/fibur-2026.v2.toml").read_text()
    return tomllib.loads(text)


@pytest.mark.parametrize(
    ("change", "pattern"),
    [
        (lambda d: d["team"].update(mp_combination="average"), "mp_combination"),
        (lambda d: d["team"]["tables"].pop("4"), r"no table for 4 smazzate"),
        (lambda d: d["team"].update(rest_vp=9), "rest_vp = 9 is the winner VP of no"),
        (lambda d: d["team"].update(roster_max=3), "roster_max must be at least 4"),
        (lambda d: d["team"].pop("total"), "missing key 'total' in \\[team\\]"),
        (
            lambda d: d["team"]["tables"]["3"].pop(),
            r"last band of \[team.tables.3\] must be open",
        ),
    ],
)
def test_malformed_team_section_rejected(change, pattern) -> None:
    data = copy.deepcopy(_raw())
    change(data)
    with pytest.raises(RulePackError, match=pattern):
        parse_pack(data, origin="x.v2.toml")


def test_every_burraco_pack_has_the_team_section() -> None:
    for name, version in (
        ("fibur-2026", 1),
        ("fibur-2026", 2),
        ("burraco-tradizionale", 1),
    ):
        team = load_pack(name, version).require_team()
        assert (team.mp_combination, team.total, team.rest_vp) == (
            "sum_of_differences",
            20,
            14,
        )
        assert (team.roster_min, team.roster_max) == (4, 6)
    with pytest.raises(RulePackError, match=r"no \[team\]"):
        load_pack("briscola-vp").require_team()


# --- Movements: rules.pairing on team numbers, then the seats of each match -----------


def _seat_round(tables, pairs_of):
    """Each meeting of teams (a, b) becomes its two tables, checked."""
    matches = [seats(pairs_of[a], pairs_of[b]) for a, b in tables]
    team_of = {p: team for team, ps in pairs_of.items() for p in ps}
    assert check_matches(matches, team_of) == []
    return matches


@pytest.mark.parametrize("teams", [2, 3, 7, 8, 12])
def test_berger_calendar_for_teams(teams: int) -> None:
    """All'italiana: every team meets every other once; with an odd count each rests
    once; every match is two tables with the teams on opposite lines."""
    ids = list(range(1, teams + 1))
    pairs_of = {team: [team * 100 + 1, team * 100 + 2] for team in ids}
    met: set[frozenset[int]] = set()
    rests = []
    for r in round_robin(ids):
        _seat_round(r.tables, pairs_of)
        met |= {frozenset(m) for m in r.tables}
        rests += [r.resting] if r.resting is not None else []
    assert len(met) == teams * (teams - 1) // 2
    assert sorted(rests) == (ids if teams % 2 else [])


@given(st.integers(4, 16), st.randoms(use_true_random=False))
def test_danese_modificato_for_teams_never_repeats_the_previous_match(teams, rng):
    """Danese modificato on teams (five rounds, random results): the independent
    checker finds no rematch with the previous round's opponent and no unfair rest."""
    ids = list(range(1, teams + 1))
    pairs_of = {team: [team * 100 + 1, team * 100 + 2] for team in ids}
    vp = dict.fromkeys(ids, 0)
    history: list[list[tuple[int, int]]] = []
    rested: list[int] = []
    for _ in range(5):
        ranking = sorted(ids, key=lambda x: (-vp[x], x))
        counts = {x: rested.count(x) for x in ids}
        fewest = min(counts.values())
        tables, resting = danese(
            ranking,
            rematch_forbidden(history, "previous"),
            rested={x for x in ids if counts[x] > fewest},
        )
        assert (
            check_round(
                tables,
                resting,
                pairs=ids,
                history=history,
                no_rematch="previous",
                rested_before=rested,
            )
            == []
        )
        _seat_round(tables, pairs_of)
        for a, b in tables:
            score = rng.randint(0, 20)
            vp[a] += score
            vp[b] += 20 - score
        if resting is not None:
            rested.append(resting)
            vp[resting] += 14
        history.append(tables)


def test_check_matches_finds_each_broken_rule() -> None:
    team_of = {11: 1, 12: 1, 21: 2, 22: 2, 31: 3, 32: 3}
    assert check_matches([((11, 12), (21, 22))], team_of) == [("same_team", 1)]
    assert check_matches([((11, 99), (21, 12))], team_of) == [("unknown", 1)]
    twice = [seats([11, 12], [21, 22]), seats([31, 32], [11, 12])]
    assert ("team_twice", 2) in check_matches(twice, team_of)
