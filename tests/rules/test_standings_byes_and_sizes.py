"""Byes (riposi) and gironi of different sizes (rules.standings): a bye counts in the
points, never as a meeting; ``*_per_match`` criteria divide by meetings + byes.

Burraco matches are ``(pair_a, pair_b, MP_a, MP_b, VP_a, VP_b)`` with VP from the
3-smazzate table of seed 004 (docs/rules.md §4.1) (e.g. 200 MP = 12-8, 300 = 13-7,
400 = 14-6).
"""

from rules.standings import (
    ACROSS_DEFAULT,
    FIBUR_DEFAULT,
    LABELS,
    lot_order,
    rank,
    rank_across,
)
from tests.rules.standings_cases import order, positions, texts

# Three pairs, one rests each turn with 14 VP and +355 MP. 1: 12 + 7 + 14 = 33,
# 2: 8 + 14 + 11 = 33, 3: 14 + 13 + 9 = 36. 1 beat 2 12-8.
WITH_BYES = [
    (1, 2, 1100, 900, 12, 8),
    (3, None, 355, 0, 14, 6),
    (1, 3, 900, 1200, 7, 13),
    (None, 2, 0, 355, 6, 14),  # the bye may be on either side
    (2, 3, 1080, 1000, 11, 9),
    (1, None, 355, 0, 14, 6),
]


def test_byes_count_in_points_but_never_as_meetings():
    rows = rank(WITH_BYES, FIBUR_DEFAULT)
    assert positions(rows) == [(3, 1), (1, 2), (2, 3)]
    one = rows[1].totals
    assert (one.played, one.byes, one.matches) == (2, 1, 3)
    assert (one.points, one.score_for, one.score_against, one.diff) == (
        33,
        2355,
        2100,
        255,
    )
    assert (one.won, one.drawn, one.lost) == (1, 0, 1)
    assert texts(rows) == [
        "Coppie 1, 2 a pari VP (33): scontro diretto 12-8, quindi 1 precede 2"
    ]
    assert rows[1].explanation.steps[0].meetings == 1


def test_two_pairs_that_only_rested_have_not_met():
    """Both rested (a match against None): that is no meeting between them."""
    matches = [(1, None, 355, 0, 14, 6), (None, 2, 0, 300, 6, 14)]
    rows = rank(matches, FIBUR_DEFAULT)
    assert [(r.totals.played, r.totals.byes, r.totals.points) for r in rows] == [
        (0, 1, 14),
        (0, 1, 14),
    ]
    assert texts(rows) == [
        "Coppie 1, 2 a pari VP (14): non si sono incontrate:"
        " decide la differenza MP 1 (+355), 2 (+300), quindi 1 precede 2"
    ]


# -- gironi of different sizes ---------------------------------------------------------

GIRONE_A = [  # 1: 9 pts; 2: 4 pts in 3 matches, goals 3-4
    ("1", "2", 2, 0, 3, 0),
    ("1", "3", 1, 0, 3, 0),
    ("1", "4", 3, 1, 3, 0),
    ("2", "3", 2, 1, 3, 0),
    ("2", "4", 1, 1, 1, 1),
    ("3", "4", 0, 0, 1, 1),
]
GIRONE_B = [("7", "8", 2, 1, 3, 0), ("7", "9", 3, 0, 3, 0), ("8", "9", 1, 0, 3, 0)]
GIRONE_C = [
    ("11", "12", 2, 0, 3, 0),
    ("11", "13", 1, 0, 3, 0),
    ("12", "13", 1, 0, 3, 0),
]


def test_rank_across_compares_seconds_per_match():
    """2nd of A: 4 pts in 3 (1.33); 2nd of B and C: 3 in 2 (1.50), then goal diff/match."""
    rows = rank_across([GIRONE_A, GIRONE_B, GIRONE_C], select=["2", "8", "12"])
    assert positions(rows) == [("8", 1), ("12", 2), ("2", 3)]
    assert rows[2].explanation is None
    assert texts(rows, labels=LABELS["football"]["it"]) == [
        "Squadre 12, 8 a pari media punti per incontro (1,50):"
        " media differenza gol per incontro 8 (0,00), 12 (-0,50), quindi 8 precede 12"
    ]
    assert texts(rows, lang="en", labels=LABELS["football"]["en"])[0].startswith(
        "Teams 12, 8 level on points per match (1.50): goals difference per match"
        " 8 (0.00), 12 (-0.50)"
    )
    assert ACROSS_DEFAULT[0] == "points_per_match"


def test_points_per_match_counts_byes_in_the_denominator():
    rows = rank(WITH_BYES, ("points_per_match", "lot"), lot_seed=1)
    assert rows[0].team == 3  # 36/3, then 33/3 and 33/3: 1 and 2 by lot
    assert order(rows)[1:] == lot_order([1, 2], seed=1)
    assert [r.by_lot for r in rows] == [False, True, True]
    assert rows[1].explanation.value * 3 == 33


def test_as_dict_flattens_a_row():
    row = rank(WITH_BYES, FIBUR_DEFAULT)[1]
    flat = row.as_dict()
    assert flat["team"] == 1 and flat["position"] == 2
    assert (flat["points"], flat["diff"], flat["byes"]) == (33, 255, 1)
