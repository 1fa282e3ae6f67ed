"""Burraco ties (rules.standings): the classifica avulsa, sub-groups still level,
cycles, pairs that never met; known answers worked out by hand.

Burraco matches are ``(pair_a, pair_b, MP_a, MP_b, VP_a, VP_b)`` with VP from the
3-smazzate table of seed 004 (docs/rules.md §4.1) (e.g. 200 MP = 12-8, 300 = 13-7,
400 = 14-6).
"""

import pytest

from rules.standings import FIBUR_DEFAULT, rank
from tests.rules.standings_cases import THREE_WAY, order, positions, texts


def test_three_way_tie_broken_by_the_mini_league():
    """A three-way tie on VP is ordered by the avulsa, not by the MP difference."""
    rows = rank(THREE_WAY, FIBUR_DEFAULT)
    assert positions(rows) == [(12, 1), (4, 2), (9, 3), (20, 4)]
    assert [r.totals.points for r in rows] == [32, 32, 32, 24]
    assert [r.totals.diff for r in rows] == [250, 200, 300, -750]
    assert texts(rows) == [
        "Coppie 4, 9, 12 a pari VP (32): classifica avulsa 12 (26 VP), 4 (19), 9 (15)"
    ]
    assert texts(rows, lang="en") == [
        "Pairs 4, 9, 12 level on VP (32): head-to-head table 12 (26 VP), 4 (19), 9 (15)"
    ]
    assert rows[0].explanation is rows[1].explanation is rows[2].explanation
    assert rows[3].explanation is None


def test_explanation_is_structured_data():
    """The steps say which criterion split whom, on which values and base."""
    explanation = rank(THREE_WAY, FIBUR_DEFAULT)[0].explanation
    assert explanation.teams == (12, 4, 9)
    assert (explanation.criterion, explanation.value) == ("points", 32)
    (step,) = explanation.steps
    assert step.criterion == "h2h_points"
    assert step.teams == (12, 4, 9)
    assert step.values == (26, 19, 15)
    assert step.groups == ((12,), (4,), (9,))
    assert step.base == (4, 9, 12)
    assert (step.meetings, step.pairs_met, step.pairs_total) == (3, 3, 3)


# 1, 2, 3 end on 32 VP. Avulsa: 1-2 10-10 (1000-1000), 1-3 14-6 (1400-1000), 3-2 12-8
# (1100-900): 1: 24, 2: 18, 3: 18. MP difference in the avulsa: 2: 0 - 200 = -200,
# 3: -400 + 200 = -200, still level. Overall MP difference: 2: +300, 3: +200 (2 beat 4
# by 500, 3 beat 4 by 400). Direct match: 3 beat 2.
STILL_TIED = [
    (1, 2, 1000, 1000, 10, 10),
    (1, 3, 1400, 1000, 14, 6),
    (2, 3, 900, 1100, 8, 12),
    (1, 4, 900, 1100, 8, 12),
    (2, 4, 1500, 1000, 14, 6),
    (3, 4, 1400, 1000, 14, 6),
]


@pytest.mark.parametrize(
    ("reapply", "expected", "text"),
    [
        pytest.param(
            False,
            [1, 2, 3, 4],
            "Coppie 1, 2, 3 a pari VP (32): classifica avulsa 1 (24 VP), 2 (18), 3 (18);"
            " 2 e 3: differenza MP nella classifica avulsa 2 (-200), 3 (-200);"
            " differenza MP 2 (+300), 3 (+200), quindi 2 precede 3",
            id="default-next-criterion",
        ),
        pytest.param(
            True,
            [1, 3, 2, 4],
            "Coppie 1, 2, 3 a pari VP (32): classifica avulsa 1 (24 VP), 3 (18), 2 (18);"
            " 2 e 3: differenza MP nella classifica avulsa 3 (-200), 2 (-200);"
            " scontro diretto 12-8, quindi 3 precede 2",
            id="reapply-direct-match",
        ),
    ],
)
def test_mini_league_leaves_two_tied(reapply, expected, text):
    """Two left level by the avulsa: the next criterion, or their own meeting (UEFA)."""
    rows = rank(STILL_TIED, FIBUR_DEFAULT, reapply_head_to_head=reapply)
    assert order(rows) == expected
    assert [r.position for r in rows] == [1, 2, 3, 4]
    assert texts(rows) == [text]


def test_reapply_uses_only_the_subsets_meetings():
    """After the restart the base is the two pairs: one meeting, one pairing."""
    rows = rank(STILL_TIED, FIBUR_DEFAULT, reapply_head_to_head=True)
    last = rows[0].explanation.steps[-1]
    assert (last.criterion, last.base, last.meetings) == ("h2h_points", (2, 3), 1)
    assert last.values == (12, 8)


# A beat B, B beat C, C beat A, each 12-8 by 200 MP: 20 VP each in the avulsa and 0
# MP difference. Each beat 4 11-9, by 100 (1), 60 (2), 150 (3) MP.
CYCLE = [
    (1, 2, 1100, 900, 12, 8),
    (2, 3, 1100, 900, 12, 8),
    (3, 1, 1100, 900, 12, 8),
    (1, 4, 1100, 1000, 11, 9),
    (2, 4, 1060, 1000, 11, 9),
    (3, 4, 1150, 1000, 11, 9),
]


@pytest.mark.parametrize("reapply", [False, True], ids=["default", "reapply"])
def test_cyclic_tie_falls_through_to_overall_mp_difference(reapply):
    """Equal VP and MP in a cycle of wins: the overall MP difference decides."""
    rows = rank(CYCLE, FIBUR_DEFAULT, reapply_head_to_head=reapply)
    assert positions(rows) == [(3, 1), (1, 2), (2, 3), (4, 4)]
    assert texts(rows) == [
        "Coppie 1, 2, 3 a pari VP (31): classifica avulsa 3 (20 VP), 1 (20), 2 (20);"
        " differenza MP nella classifica avulsa 3 (0), 1 (0), 2 (0);"
        " differenza MP 3 (+150), 1 (+100), 2 (+60)"
    ]


# Danese-like: 4 and 9 both reach 24 VP without meeting. MP difference 9: +400,
# 4: +380.
NEVER_MET = [
    (4, 1, 1200, 900, 13, 7),
    (4, 2, 1080, 1000, 11, 9),
    (9, 2, 1400, 1000, 14, 6),
    (9, 1, 1000, 1000, 10, 10),
]


@pytest.mark.parametrize(
    ("unmet", "text"),
    [
        pytest.param(
            "use_played",
            "Coppie 4, 9 a pari VP (24): non si sono incontrate:"
            " decide la differenza MP 9 (+400), 4 (+380), quindi 9 precede 4",
            id="use-played",
        ),
        pytest.param(
            "skip",
            "Coppie 4, 9 a pari VP (24): non si sono incontrate:"
            " decide la differenza MP 9 (+400), 4 (+380), quindi 9 precede 4",
            id="skip",
        ),
    ],
)
def test_pairs_that_never_met_fall_to_mp_difference(unmet, text):
    rows = rank(NEVER_MET, FIBUR_DEFAULT, unmet=unmet)
    assert positions(rows) == [(9, 1), (4, 2), (1, 3), (2, 4)]
    assert texts(rows) == [text]


# 1, 2, 3 on 26 VP; 1-2 (1 won 12-8) and 2-3 (2 won 13-7) were played, 1-3 was not.
# Avulsa on the played meetings: 2: 21, 1: 12, 3: 7. Overall MP difference:
# 3: +1000, 1: +600, 2: -450.
PARTLY_MET = [
    (1, 2, 1100, 900, 12, 8),
    (2, 3, 1200, 900, 13, 7),
    (1, 5, 1300, 900, 14, 6),
    (2, 6, 900, 1450, 5, 15),
    (3, 7, 2300, 1000, 19, 1),
]


@pytest.mark.parametrize(
    ("unmet", "expected", "text"),
    [
        pytest.param(
            "use_played",
            [2, 1, 3, 6, 5, 7],
            "Coppie 1, 2, 3 a pari VP (26): classifica avulsa"
            " (solo 2 scontri diretti su 3) 2 (21 VP), 1 (12), 3 (7)",
            id="use-played",
        ),
        pytest.param(
            "skip",
            [3, 1, 2, 6, 5, 7],
            "Coppie 1, 2, 3 a pari VP (26): non si sono incontrate tutte"
            " (solo 2 scontri diretti su 3): decide la differenza MP"
            " 3 (+1000), 1 (+600), 2 (-450)",
            id="skip",
        ),
    ],
)
def test_partly_met_tie_uses_played_meetings_or_skips(unmet, expected, text):
    rows = rank(PARTLY_MET, FIBUR_DEFAULT, unmet=unmet)
    assert order(rows) == expected
    assert texts(rows) == [text]


def test_unmet_skip_still_applies_to_a_group_that_all_met():
    """skip only bites when a pairing is missing: THREE_WAY is a full round robin."""
    assert order(rank(THREE_WAY, FIBUR_DEFAULT, unmet="skip")) == [12, 4, 9, 20]


def test_lists_are_accepted_as_matches():
    as_lists = [list(m) for m in THREE_WAY]
    assert order(rank(as_lists, FIBUR_DEFAULT)) == [12, 4, 9, 20]
