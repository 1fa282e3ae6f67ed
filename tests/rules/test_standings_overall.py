"""Missed rounds, skipped head-to-head and the overall standings across gironi
(rules.standings): known answers worked out by hand, and the merge's properties.

Matches are ``(pair_a, pair_b, MP_a, MP_b, VP_a, VP_b)`` with VP from the 3-smazzate
table of seed 004 (docs/rules.md §4.1) (200 MP = 12-8, 300 = 13-7, 600 = 15-5 ...).
"""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.errors import StandingsError
from rules.standings import FIBUR_DEFAULT, LABELS, rank, rank_overall
from tests.rules.standings_cases import order, texts

OVERALL = ("points", "diff", "scored", "lot")
PER_ROUND = ("points_per_match", "diff_per_match", "scored_per_match", "lot")


# Issue 14 §2: girone A ends with 1, 2, 3 on 38 VP; of their three direct matches only
# 1-2 was played (1 won it 12-8). MP difference: 2 +1000, 3 +900, 1 +800.
GIRONE_38 = [
    (1, 2, 1100, 900, 12, 8),
    (3, 4, 1400, 800, 15, 5),
    (5, 6, 1000, 1000, 10, 10),
    (1, 5, 1000, 700, 13, 7),
    (2, 4, 1300, 700, 15, 5),
    (3, 6, 1000, 800, 12, 8),
    (1, 4, 1000, 700, 13, 7),
    (2, 6, 1300, 700, 15, 5),
    (3, 5, 900, 800, 11, 9),
]


def test_three_tied_that_did_not_all_meet_go_to_mp_difference():
    rows = rank(GIRONE_38, FIBUR_DEFAULT, unmet="skip", lot_seed=1)
    assert order(rows) == [2, 3, 1, 5, 6, 4]
    assert [r.totals.points for r in rows[:3]] == [38, 38, 38]
    assert texts(rows) == [
        "Coppie 1, 2, 3 a pari VP (38): non si sono incontrate tutte"
        " (solo 1 scontro diretto su 3): decide la differenza MP"
        " 2 (+1000), 3 (+900), 1 (+800)"
    ]
    assert texts(rows, lang="en") == [
        "Pairs 1, 2, 3 level on VP (38): not all of them have met"
        " (only 1 of 3 pairings played): decided by MP difference"
        " 2 (+1000), 3 (+900), 1 (+800)"
    ]


def test_use_played_keeps_the_old_mini_league_of_one_match():
    """v1's setting: the pair that met neither of the others scores 0 and is last."""
    rows = rank(GIRONE_38, FIBUR_DEFAULT, unmet="use_played", lot_seed=1)
    assert order(rows)[:3] == [1, 2, 3]
    assert texts(rows) == [
        "Coppie 1, 2, 3 a pari VP (38): classifica avulsa"
        " (solo 1 scontro diretto su 3) 1 (12 VP), 2 (8), 3 (0)"
    ]


@pytest.mark.parametrize("unmet", ["use_played", "skip"])
def test_overall_keeps_the_girone_order_of_the_three(unmet):
    """The girone and the overall never order the same three pairs differently."""
    a = rank(GIRONE_38, FIBUR_DEFAULT, unmet=unmet, lot_seed=1)
    b = rank([(7, 8, 1000, 900, 11, 9)], FIBUR_DEFAULT, unmet=unmet, lot_seed=1)
    overall = rank_overall([a, b], OVERALL, lot_seed=1)
    tied = [t for t in order(overall) if t in (1, 2, 3)]
    assert tied == order(a)[:3]
    assert texts(overall)[0] == texts(a)[0]  # one girone: its own note


# 1, 2, 3 on 26 VP. 1-2 met (1 won 12-8); 3 met neither. MP difference: 3 +600,
# 1 and 2 +200 each: with reapply, 1 and 2 (who met) go back to the head-to-head.
REAPPLY = [
    (1, 2, 1100, 900, 12, 8),
    (1, 5, 1000, 1000, 14, 6),
    (2, 6, 1400, 1000, 18, 2),
    (3, 5, 1300, 1000, 13, 7),
    (3, 6, 1300, 1000, 13, 7),
]


@pytest.mark.parametrize(
    ("reapply", "expected", "text"),
    [
        pytest.param(
            False,
            [3, 2, 1],
            "Coppie 1, 2, 3 a pari VP (26): non si sono incontrate tutte"
            " (solo 1 scontro diretto su 3): decide la differenza MP 3 (+600),"
            " 2 (+200), 1 (+200); 1 e 2: MP fatti 2 (2300), 1 (2100),"
            " quindi 2 precede 1",
            id="default",
        ),
        pytest.param(
            True,
            [3, 1, 2],
            "Coppie 1, 2, 3 a pari VP (26): non si sono incontrate tutte"
            " (solo 1 scontro diretto su 3): decide la differenza MP 3 (+600),"
            " 1 (+200), 2 (+200); 1 e 2: scontro diretto 12-8, quindi 1 precede 2",
            id="reapply",
        ),
    ],
)
def test_reapply_gives_a_subset_that_all_met_its_head_to_head(reapply, expected, text):
    rows = rank(REAPPLY, FIBUR_DEFAULT, unmet="skip", reapply_head_to_head=reapply)
    assert order(rows)[:3] == expected
    assert texts(rows) == [text]


def test_missed_rounds_count_with_the_award_and_in_the_rounds():
    rows = rank(
        [(1, 2, 1100, 900, 12, 8), (1, 3, 1000, 1000, 10, 10)],
        FIBUR_DEFAULT,
        teams=[1, 2, 3],
        missed={2: 1},
        missed_points=5,
        missed_score=100,
        lot_seed=3,
    )
    got = {r.team: r.totals for r in rows}
    assert (got[2].points, got[2].score_for, got[2].missed) == (13, 1000, 1)
    assert (got[2].played, got[2].byes, got[2].rounds) == (1, 0, 2)
    assert got[2].points_against == 12  # the award is conceded by no one
    assert got[1].rounds == 2 and got[1].missed == 0


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"missed": {9: 1}}, "team 9"),
        ({"missed": {2: -1}}, "must be an int >= 0"),
        ({"missed": {None: 1}}, "missed names None"),
        ({"missed": [2]}, "missed must map"),
        ({"missed_points": 1.5}, "missed_points must be an int"),
    ],
)
def test_bad_missed_rounds_are_refused(kwargs, fragment):
    with pytest.raises(StandingsError, match=fragment):
        rank([(1, 2, 1, 0, 3, 0)], FIBUR_DEFAULT, teams=[1, 2], **kwargs)


# -- the overall: a stable merge ---------------------------------------------------

A = [
    (2, 1, 900, 800, 11, 9),
    (1, 3, 1500, 500, 20, 0),
    (2, 3, 1200, 500, 18, 2),
]
B = [(9, 8, 1000, 800, 11, 9), (9, 7, 1150, 500, 18, 2), (8, 7, 900, 900, 10, 10)]
C = [(20, 21, 1300, 500, 18, 2), (22, 20, 1000, 800, 11, 9)]


def test_overall_tie_across_gironi_names_the_criterion_and_the_girone_order():
    a = rank(A, FIBUR_DEFAULT, lot_seed=1)
    b = rank(B, FIBUR_DEFAULT, lot_seed=1)
    assert order(a) == [2, 1, 3]  # direct match: 2 above 1, whose MP is better
    rows = rank_overall([a, b], OVERALL, lot_seed=1)
    assert [(r.team, r.position) for r in rows][:3] == [(9, 1), (2, 2), (1, 3)]
    assert texts(rows) == [
        "Coppie 1, 2, 9 a pari VP (29): differenza MP 1 (+900), 9 (+850),"
        " 2 (+800); ordine del girone mantenuto: 2 prima di 1, quindi 9, 2, 1"
    ]
    assert texts(rows, lang="en") == [
        "Pairs 1, 2, 9 level on VP (29): MP difference 1 (+900), 9 (+850),"
        " 2 (+800); girone order kept: 2 before 1, so 9, 2, 1"
    ]


def test_overall_tie_decided_by_the_criteria_alone_has_no_girone_clause():
    a = rank(A, FIBUR_DEFAULT, lot_seed=1)
    c = rank(C, FIBUR_DEFAULT, lot_seed=1)
    rows = rank_overall([a, c], OVERALL, lot_seed=1)
    assert order(rows) == [2, 1, 20, 22, 21, 3]
    assert texts(rows) == [
        "Coppie 1, 2 a pari VP (29): scontro diretto 11-9, quindi 2 precede 1",
        "Coppie 3, 21 a pari VP (2): differenza MP 21 (-800), 3 (-1700),"
        " quindi 21 precede 3",
    ]


def test_overall_keeps_two_gironi_orders_against_the_criteria():
    a = rank(A, FIBUR_DEFAULT, lot_seed=1)
    b = rank(B, FIBUR_DEFAULT, lot_seed=1)
    # Girone D: 30 and 31 on 29 VP, 31 ahead by the direct match, 30 better on MP.
    d = rank(
        [
            (31, 30, 900, 800, 11, 9),
            (30, 32, 1600, 500, 20, 0),
            (31, 32, 1000, 600, 18, 2),
        ],
        FIBUR_DEFAULT,
        lot_seed=1,
    )
    assert order(d)[:2] == [31, 30]
    rows = rank_overall([a, b, d], OVERALL, lot_seed=1)
    # By MP alone: 30, 1, 9, 2, 31; each girone's leader goes first.
    assert order(rows)[:5] == [9, 2, 1, 31, 30]
    assert texts(rows)[0] == (
        "Coppie 1, 2, 9, 30, 31 a pari VP (29): differenza MP 30 (+1000),"
        " 1 (+900), 9 (+850), 2 (+800), 31 (+500); ordine dei gironi mantenuto:"
        " 2 prima di 1 e 31 prima di 30, quindi 9, 2, 1, 31, 30"
    )


def test_per_round_averages_use_the_given_rounds():
    """Round robins of 3 (2 rounds... here 3 with the rest) and of 2: VP per round."""
    a = rank([(1, 2, 1100, 900, 12, 8)], FIBUR_DEFAULT, teams=[1, 2], lot_seed=1)
    b = rank(
        [(5, 6, 1600, 500, 20, 0)],
        FIBUR_DEFAULT,
        teams=[5, 6, 7],
        missed={7: 1},
        lot_seed=1,
    )
    rows = rank_overall(
        [a, b], PER_ROUND, rounds={1: 1, 2: 1, 5: 2, 6: 2, 7: 2}, lot_seed=1
    )
    assert order(rows) == [1, 5, 2, 7, 6]  # 12/1, 20/2, 8/1, 0/2 (MP 0), 0/2 (-1100)
    assert rows[1].explanation is None
    assert rows[3].explanation is b[1].explanation  # one girone: its own note
    assert rows[3].totals.rounds == 1  # the missed round, counted


def test_level_heads_share_a_position_when_no_lot_is_drawn():
    a = rank([(1, 2, 1000, 1000, 10, 10)], FIBUR_DEFAULT)
    b = rank([(5, 6, 1000, 1000, 10, 10)], FIBUR_DEFAULT)
    rows = rank_overall([a, b], OVERALL)
    assert [r.position for r in rows] == [1, 1, 1, 1]
    assert texts(rows, labels=LABELS["burraco"]["it"]) == [
        "Coppie 1, 2, 5, 6 a pari VP (10): differenza MP 1 (0), 2 (0), 5 (0), 6 (0);"
        " MP fatti 1 (1000), 2 (1000), 5 (1000), 6 (1000); sorteggio da effettuare;"
        " 1, 2, 5 e 6 restano a pari merito"
    ]


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda r: rank_overall([r], FIBUR_DEFAULT), "never met"),
        (lambda r: rank_overall([r, r], OVERALL), "girone #1 and girone #2"),
        (lambda r: rank_overall("ab", OVERALL), "must be a list"),
        (lambda r: rank_overall([[1, 2]], OVERALL), "not a StandingRow"),
        (lambda r: rank_overall([r], OVERALL, rounds={9: 1}), "team 9"),
        (lambda r: rank_overall([r], OVERALL, rounds={1: -2}), "int >= 0"),
        (lambda r: rank_overall([r], OVERALL, lot_seed="7"), "lot_seed"),
    ],
)
def test_rank_overall_refuses_bad_input(call, fragment):
    rows = rank([(1, 2, 1, 0, 3, 0)], FIBUR_DEFAULT)
    with pytest.raises(StandingsError, match=fragment):
        call(rows)


# -- properties ----------------------------------------------------------------------

VP_OF = [10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]


@st.composite
def events(draw):
    """1-3 gironi of 2-6 pairs; each pairing played or not; some pairs miss rounds."""
    gironi, team = [], 1
    for _ in range(draw(st.integers(1, 3))):
        teams = list(range(team, team + draw(st.integers(2, 6))))
        team += len(teams)
        matches = []
        for i, x in enumerate(teams):
            for y in teams[i + 1 :]:
                if draw(st.booleans()):
                    band = draw(st.integers(0, 10))
                    won = VP_OF[band]
                    mp = draw(st.integers(0, 40)) * 50
                    diff = band * 100
                    matches.append((x, y, mp + diff, mp, won, 20 - won))
        missed = {t: draw(st.integers(0, 2)) for t in teams}
        gironi.append((teams, matches, missed))
    return gironi


@given(events(), st.sampled_from(["use_played", "skip"]), st.booleans())
def test_overall_is_a_merge_that_never_ranks_fewer_vp_higher(event, unmet, reapply):
    tables = [
        rank(
            matches,
            FIBUR_DEFAULT,
            teams=teams,
            missed=missed,
            unmet=unmet,
            reapply_head_to_head=reapply,
            lot_seed=11,
        )
        for teams, matches, missed in event
    ]
    rows = rank_overall(tables, OVERALL, lot_seed=11)
    where = {r.team: i for i, r in enumerate(rows)}
    for table in tables:  # each girone's order is kept
        places = [where[r.team] for r in table]
        assert places == sorted(places)
    points = [r.totals.points for r in rows]
    assert points == sorted(points, reverse=True)  # never more VP below fewer
    positions = [r.position for r in rows]
    assert positions == list(range(1, len(rows) + 1))  # the lot settles every tie
    for row in rows:  # one note per tie, naming exactly the tied teams
        level = {r.team for r in rows if r.totals.points == row.totals.points}
        if len(level) > 1:
            assert set(row.explanation.teams) == level
        else:
            assert row.explanation is None


@given(events())
def test_per_round_overall_is_non_increasing_in_vp_per_scheduled_round(event):
    tables, rounds = [], {}
    for teams, matches, missed in event:
        table = rank(matches, FIBUR_DEFAULT, teams=teams, missed=missed, lot_seed=2)
        scheduled = max(r.totals.rounds for r in table) or 1
        rounds.update({t: scheduled for t in teams})
        tables.append(table)
    rows = rank_overall(tables, PER_ROUND, rounds=rounds, lot_seed=2)
    where = {r.team: i for i, r in enumerate(rows)}
    for table in tables:
        places = [where[r.team] for r in table]
        assert places == sorted(places)
    averages = [Fraction(r.totals.points, rounds[r.team]) for r in rows]
    assert averages == sorted(averages, reverse=True)
