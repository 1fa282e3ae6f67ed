"""Standings and tie-breaks (rules.standings): known answers worked out by hand.

Burraco matches are ``(pair_a, pair_b, MP_a, MP_b, VP_a, VP_b)`` with VP from the
3-smazzate table of seed 004 (docs/rules.md §4.1) (e.g. 200 MP = 12-8, 300 = 13-7, 400 = 14-6);
Briscola matches are ``(pair_a, pair_b, partite_a, partite_b, point_a, point_b)``
(seed 001: 1 point per incontro won); football ones come from tests/data.
"""

import hashlib
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import RulesError, StandingsError
from rules.standings import (
    ACROSS_DEFAULT,
    BRISCOLA_DEFAULT,
    FIBUR_DEFAULT,
    LABELS,
    Totals,
    lot_order,
    rank,
    rank_across,
    render_explanation,
)

DATA = Path(__file__).resolve().parent.parent / "data"
BRISCOLA_IT = LABELS["briscola"]["it"]
NO_LOT = FIBUR_DEFAULT[:-1]


def order(rows):
    return [r.team for r in rows]


def positions(rows):
    return [(r.team, r.position) for r in rows]


def texts(rows, **kwargs):
    """The explanation of each tie, once, in table order."""
    seen, out = set(), []
    for row in rows:
        if row.explanation is not None and id(row.explanation) not in seen:
            seen.add(id(row.explanation))
            out.append(render_explanation(row.explanation, **kwargs))
    return out


def football(name):
    """Matches of a tests/data scenario file, with 3/1/0 points."""
    matches = []
    for line in (DATA / name).read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        home, away, hg, ag = line.split()
        hg, ag = int(hg), int(ag)
        points = (3, 0) if hg > ag else (0, 3) if hg < ag else (1, 1)
        matches.append((home, away, hg, ag, *points))
    return matches


# -- Burraco ---------------------------------------------------------------------------

# 4, 9, 12 end on 32 VP. Among them: 12-4 12-8 (1100-900), 12-9 14-6 (1300-850),
# 4-9 11-9 (1000-900), so the avulsa is 12: 26, 4: 19, 9: 15. Pair 9 has the best MP
# difference (+300 against 4's +200 and 12's +250) and still comes third.
THREE_WAY = [
    (12, 4, 1100, 900, 12, 8),
    (12, 9, 1300, 850, 14, 6),
    (4, 9, 1000, 900, 11, 9),
    (12, 20, 800, 1200, 6, 14),
    (4, 20, 1150, 850, 13, 7),
    (9, 20, 1500, 650, 17, 3),
]


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


# -- Briscola (seed 001: 1 point per incontro won, best of 3 partite) ------------------

# 1 and 2 on 2 points, 1 beat 2; 3 and 4 on 1 point, 4 beat 3. The partite difference
# would say the opposite both times (2: +2 vs 1: +1; 3: -1 vs 4: -2).
BRISCOLA_TWO = [
    (1, 2, 2, 1, 1, 0),
    (1, 3, 0, 2, 0, 1),
    (1, 4, 2, 0, 1, 0),
    (2, 3, 2, 0, 1, 0),
    (2, 4, 2, 1, 1, 0),
    (3, 4, 1, 2, 0, 1),
]

# 1, 2, 3 on 2 points; among them 1 beat 2 and 3, 2 beat 3: avulsa 1: 2, 2: 1, 3: 0.
# Overall partite difference would put 3 (+2) before 1 and 2 (-1).
BRISCOLA_THREE = [
    (1, 2, 2, 0, 1, 0),
    (1, 3, 2, 1, 1, 0),
    (2, 3, 2, 1, 1, 0),
    (1, 4, 0, 2, 0, 1),
    (1, 5, 0, 2, 0, 1),
    (2, 4, 2, 1, 1, 0),
    (2, 5, 1, 2, 0, 1),
    (3, 4, 2, 0, 1, 0),
    (3, 5, 2, 0, 1, 0),
    (5, 4, 2, 1, 1, 0),
]

# A cycle (1 beat 2 2-0, 2 beat 3 2-1, 3 beat 1 2-1): 1 point each among them; partite
# difference among them 1: +1, 3: 0, 2: -1. Overall it would be 3: +1, 1: 0, 2: 0.
BRISCOLA_CYCLE = [
    (1, 2, 2, 0, 1, 0),
    (2, 3, 2, 1, 1, 0),
    (3, 1, 2, 1, 1, 0),
    (1, 4, 2, 1, 1, 0),
    (2, 4, 2, 0, 1, 0),
    (3, 4, 2, 0, 1, 0),
    (1, 5, 0, 2, 0, 1),
    (2, 5, 1, 2, 0, 1),
    (3, 5, 1, 2, 0, 1),
    (5, 4, 2, 0, 1, 0),
]


@pytest.mark.parametrize(
    ("matches", "expected", "expected_texts"),
    [
        pytest.param(
            BRISCOLA_TWO,
            [(1, 1), (2, 2), (4, 3), (3, 4)],
            [
                "Coppie 1, 2 a pari punti (2): scontro diretto 1-0, quindi 1 precede 2",
                "Coppie 3, 4 a pari punti (1): scontro diretto 1-0, quindi 4 precede 3",
            ],
            id="two-tied-direct-match",
        ),
        pytest.param(
            BRISCOLA_THREE,
            [(5, 1), (1, 2), (2, 3), (3, 4), (4, 5)],
            [
                "Coppie 1, 2, 3 a pari punti (2): classifica avulsa 1 (2 punti), 2 (1), 3 (0)"
            ],
            id="three-tied-avulsa",
        ),
        pytest.param(
            BRISCOLA_CYCLE,
            [(5, 1), (1, 2), (3, 3), (2, 4), (4, 5)],
            [
                "Coppie 1, 2, 3 a pari punti (2): classifica avulsa 1 (1 punto), 3 (1),"
                " 2 (1); differenza partite nella classifica avulsa 1 (+1), 3 (0), 2 (-1)"
            ],
            id="three-tied-avulsa-partite",
        ),
    ],
)
def test_briscola_ties(matches, expected, expected_texts):
    """Seed 001: two tied -> direct match; three or more -> classifica avulsa."""
    rows = rank(matches, BRISCOLA_DEFAULT)
    assert positions(rows) == expected
    assert texts(rows, labels=BRISCOLA_IT) == expected_texts


def test_briscola_totals_count_partite_and_incontri():
    rows = {r.team: r.totals for r in rank(BRISCOLA_TWO, BRISCOLA_DEFAULT)}
    assert rows[1] == Totals(
        played=3,
        byes=0,
        won=2,
        drawn=0,
        lost=1,
        points=2,
        points_against=1,
        score_for=4,
        score_against=3,
        # partite: 2-1, 0-2, 2-0
    )
    assert (rows[2].diff, rows[3].diff, rows[4].diff) == (2, -1, -2)


# -- ties nothing breaks: equal positions, lot, decision -------------------------------

# 1 and 2 drew 1000-1000, each beat another pair 1100-900: identical in everything.
# Same for 3 and 4 (each lost 900-1100).
TWINS = [
    (1, 3, 1100, 900, 12, 8),
    (2, 4, 1100, 900, 12, 8),
    (1, 2, 1000, 1000, 10, 10),
    (3, 4, 1000, 1000, 10, 10),
]
TWINS_PREFIX = (
    "Coppie 1, 2 a pari VP (22): scontro diretto 10-10;"
    " differenza MP negli scontri diretti 1 (0), 2 (0);"
    " differenza MP 1 (+200), 2 (+200); MP fatti 1 (2100), 2 (2100)"
)


def test_unbreakable_tie_without_lot_shares_the_position():
    rows = rank(TWINS, NO_LOT)
    assert positions(rows) == [(1, 1), (2, 1), (3, 3), (4, 3)]
    assert texts(rows)[0] == TWINS_PREFIX + "; 1 e 2 restano a pari merito"
    assert not any(r.by_lot for r in rows)


def test_positions_follow_the_1_2_2_4_style():
    """A level pair in the middle: the next team is 4th, not 3rd."""
    matches = [*TWINS, (5, 6, 1500, 0, 20, 0), (5, None, 355, 0, 14, 6)]  # 5: 34
    rows = rank(matches, NO_LOT)
    assert [r.position for r in rows] == [1, 2, 2, 4, 4, 6]
    assert order(rows) == [5, 1, 2, 3, 4, 6]


def test_lot_not_drawn_yet_keeps_the_tie_and_says_so():
    rows = rank(TWINS, FIBUR_DEFAULT)
    assert [r.position for r in rows] == [1, 1, 3, 3]
    assert texts(rows)[0] == (
        TWINS_PREFIX + "; sorteggio da effettuare; 1 e 2 restano a pari merito"
    )


def test_lot_is_recorded_and_reproducible():
    rows = rank(TWINS, FIBUR_DEFAULT, lot_seed=2026)
    assert [r.position for r in rows] == [1, 2, 3, 4]
    assert all(r.by_lot and r.lot_seed == 2026 for r in rows)
    first, second = order(rows)[:2]
    assert texts(rows)[0] == (
        TWINS_PREFIX + f"; sorteggio (seme 2026), quindi {first} precede {second}"
    )
    assert texts(rows, lang="en")[0].endswith(
        f"drawn by lot (seed 2026), so {first} ranks above {second}"
    )
    assert order(rank(TWINS, FIBUR_DEFAULT, lot_seed=2026)) == order(rows)


def test_lot_follows_its_documented_formula_and_depends_on_the_seed():
    """The draw is SHA-256 of "<seed>:<repr(team)>", lowest first, so seeds differ."""

    def by_hand(teams, seed):
        return sorted(
            teams, key=lambda t: hashlib.sha256(f"{seed}:{t!r}".encode()).digest()
        )

    seen = set()
    for seed in range(20):
        rows = rank(TWINS, FIBUR_DEFAULT, lot_seed=seed)
        assert order(rows)[:2] == by_hand([1, 2], seed) == lot_order([2, 1], seed)
        assert order(rows)[2:] == by_hand([3, 4], seed)
        seen.add(tuple(order(rows)))
    assert len(seen) > 1


def test_referee_decision_orders_the_tie_it_covers():
    chain = (*NO_LOT, "decision", "lot")
    rows = rank(TWINS, chain, decisions=[[2, 1]])
    assert positions(rows) == [(2, 1), (1, 2), (3, 3), (4, 3)]
    assert [r.by_decision for r in rows] == [True, True, False, False]
    assert texts(rows) == [
        "Coppie 1, 2 a pari VP (22): scontro diretto 10-10;"
        " differenza MP negli scontri diretti 2 (0), 1 (0);"
        " differenza MP 2 (+200), 1 (+200); MP fatti 2 (2100), 1 (2100);"
        " decisione arbitrale, quindi 2 precede 1",
        "Coppie 3, 4 a pari VP (18): scontro diretto 10-10;"
        " differenza MP negli scontri diretti 3 (0), 4 (0);"
        " differenza MP 3 (-200), 4 (-200); MP fatti 3 (1900), 4 (1900);"
        " nessuna decisione arbitrale; sorteggio da effettuare; 3 e 4 restano a pari merito",
    ]


# -- football: the engine is generic ---------------------------------------------------


def test_football_euro_2004_group_c_three_way_tie_on_head_to_head_goals():
    """UEFA 2004: Sweden, Denmark, Italy on 5; goals among them 3, 2, 1."""
    uefa_2004 = (
        "points",
        "h2h_points",
        "h2h_diff",
        "h2h_scored",
        "diff",
        "scored",
        "lot",
    )
    rows = rank(football("standings_euro2004_group_c.txt"), uefa_2004)
    assert positions(rows) == [("SWE", 1), ("DEN", 2), ("ITA", 3), ("BUL", 4)]
    table = [
        (r.totals.points, r.totals.score_for, r.totals.score_against) for r in rows
    ]
    assert table == [(5, 8, 3), (5, 4, 2), (5, 3, 2), (0, 1, 9)]
    assert [(r.totals.won, r.totals.drawn, r.totals.lost) for r in rows] == [
        (1, 2, 0),
        (1, 2, 0),
        (1, 2, 0),
        (0, 0, 3),
    ]
    assert texts(rows, labels=LABELS["football"]["it"]) == [
        "Squadre DEN, ITA, SWE a pari punti (5): classifica avulsa SWE (2 punti),"
        " DEN (2), ITA (2); differenza gol nella classifica avulsa SWE (0), DEN (0),"
        " ITA (0); gol fatti nella classifica avulsa SWE (3), DEN (2), ITA (1)"
    ]


@pytest.mark.parametrize(
    ("chain", "lang", "text"),
    [
        pytest.param(
            ("points", "diff", "scored", "h2h_points", "h2h_diff", "h2h_scored", "lot"),
            "en",
            "Teams ESP, POR level on points (5): goals difference ESP (+1), POR (+1);"
            " goals scored ESP (6), POR (5), so ESP ranks above POR",
            id="fifa-2018-overall-first",
        ),
        pytest.param(
            ("points", "h2h_points", "h2h_diff", "diff", "scored", "lot"),
            "it",
            "Squadre ESP, POR a pari punti (5): scontro diretto 1-1;"
            " differenza gol negli scontri diretti ESP (0), POR (0);"
            " differenza gol ESP (+1), POR (+1); gol fatti ESP (6), POR (5),"
            " quindi ESP precede POR",
            id="italian-head-to-head-first",
        ),
    ],
)
def test_football_world_cup_2018_group_b(chain, lang, text):
    """Spain and Portugal on 5 and +1: Spain first on goals scored (6 to 5)."""
    rows = rank(football("standings_wc2018_group_b.txt"), chain)
    assert positions(rows) == [("ESP", 1), ("POR", 2), ("IRN", 3), ("MAR", 4)]
    assert [r.totals.points for r in rows] == [5, 5, 4, 1]
    assert texts(rows, lang=lang, labels=LABELS["football"][lang]) == [text]


# -- byes (riposi) ---------------------------------------------------------------------

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


# -- errors ----------------------------------------------------------------------------

GOOD = [(1, 2, 1100, 900, 12, 8)]


@pytest.mark.parametrize(
    ("call", "named"),
    [
        pytest.param(
            lambda: rank(GOOD, ["points", "goals"]), "'goals'", id="unknown-criterion"
        ),
        pytest.param(lambda: rank(GOOD, "points"), "'points'", id="chain-is-a-string"),
        pytest.param(lambda: rank(GOOD, []), "empty", id="empty-chain"),
        pytest.param(
            lambda: rank(GOOD, ["points", "diff", "diff"]), "'diff'", id="repeated"
        ),
        pytest.param(
            lambda: rank(GOOD, ["points", "lot", "diff"]), "'lot'", id="lot-not-last"
        ),
        pytest.param(
            lambda: rank(GOOD, ["h2h_points", "points"]), "'h2h_points'", id="h2h-first"
        ),
        pytest.param(
            lambda: rank([(1, 1, 0, 0, 10, 10)], FIBUR_DEFAULT),
            "team 1 plays itself",
            id="self-match",
        ),
        pytest.param(
            lambda: rank([(1, 2, 1100, 900, 12)], FIBUR_DEFAULT),
            "(1, 2, 1100, 900, 12)",
            id="five-fields",
        ),
        pytest.param(
            lambda: rank([(1, 2, 1, 1, 1, 1, 1)], FIBUR_DEFAULT),
            "match #0",
            id="seven-fields",
        ),
        pytest.param(
            lambda: rank(["1-2 12-8"], FIBUR_DEFAULT), "'1-2 12-8'", id="string-match"
        ),
        pytest.param(
            lambda: rank([(1, 2, "1100", 900, 12, 8)], FIBUR_DEFAULT),
            "score_a must be an int, got '1100'",
            id="str-score",
        ),
        pytest.param(
            lambda: rank([(1, 2, 1100, 900, 12.5, 7.5)], FIBUR_DEFAULT),
            "points_a must be an int, got 12.5",
            id="float-points",
        ),
        pytest.param(
            lambda: rank([(1, 2, 1100, 900, True, 8)], FIBUR_DEFAULT),
            "got True",
            id="bool-points",
        ),
        pytest.param(
            lambda: rank([(None, None, 0, 0, 0, 0)], FIBUR_DEFAULT),
            "no team",
            id="both-byes",
        ),
        pytest.param(
            lambda: rank([([1], 2, 0, 0, 0, 0)], FIBUR_DEFAULT),
            "[1]",
            id="unhashable-team",
        ),
        pytest.param(
            lambda: rank([(1, "b", 0, 0, 0, 0)], FIBUR_DEFAULT),
            "sortable",
            id="unsortable-teams",
        ),
        pytest.param(
            lambda: rank(GOOD, FIBUR_DEFAULT, unmet="sometimes"),
            "'sometimes'",
            id="unmet",
        ),
        pytest.param(
            lambda: rank(GOOD, FIBUR_DEFAULT, reapply_head_to_head="yes"),
            "'yes'",
            id="reapply",
        ),
        pytest.param(
            lambda: rank(GOOD, FIBUR_DEFAULT, lot_seed="42"), "'42'", id="lot-seed"
        ),
        pytest.param(
            lambda: rank(GOOD, FIBUR_DEFAULT, decisions=[[2, 1]]),
            "no 'decision'",
            id="decisions-unused",
        ),
        pytest.param(
            lambda: rank(GOOD, (*NO_LOT, "decision"), decisions=[[2, 7]]),
            "team 7",
            id="decision-unknown-team",
        ),
        pytest.param(
            lambda: rank(GOOD, (*NO_LOT, "decision"), decisions=[[1], [1, 2]]),
            "team 1 appears twice",
            id="decision-twice",
        ),
        pytest.param(
            lambda: rank(GOOD, FIBUR_DEFAULT, teams=[1, 3]),
            "team 2, which is not in teams",
            id="outside-roster",
        ),
        pytest.param(
            lambda: rank(GOOD, FIBUR_DEFAULT, teams=[1, 2, 1]),
            "team 1 is listed twice",
            id="roster-twice",
        ),
        pytest.param(
            lambda: rank_across([GOOD, [(2, 3, 0, 0, 10, 10)]]),
            "team 2 plays in girone #1 and girone #2",
            id="across-same-team",
        ),
        pytest.param(
            lambda: rank_across([GOOD], ("points", "h2h_points")),
            "'h2h_points'",
            id="across-h2h",
        ),
        pytest.param(
            lambda: rank_across([GOOD], select=[9]), "team 9", id="across-select"
        ),
    ],
)
def test_errors_name_the_bad_value(call, named):
    with pytest.raises(StandingsError) as info:
        call()
    assert named in str(info.value)
    assert isinstance(info.value, RulesError)
    assert isinstance(info.value, ValueError)


def test_render_refuses_an_unknown_language():
    explanation = rank(THREE_WAY, FIBUR_DEFAULT)[0].explanation
    with pytest.raises(StandingsError, match="'fr'"):
        render_explanation(explanation, lang="fr")


# -- odds and ends ---------------------------------------------------------------------


def test_roster_lists_teams_without_results_yet():
    rows = rank(GOOD, FIBUR_DEFAULT, teams=[1, 2, 3])
    assert positions(rows) == [(1, 1), (2, 2), (3, 3)]
    assert rows[2].totals == Totals(0, 0, 0, 0, 0, 0, 0, 0, 0)


def test_no_matches_no_rows():
    assert rank([], FIBUR_DEFAULT) == []


def test_as_dict_flattens_a_row():
    row = rank(WITH_BYES, FIBUR_DEFAULT)[1]
    flat = row.as_dict()
    assert flat["team"] == 1 and flat["position"] == 2
    assert (flat["points"], flat["diff"], flat["byes"]) == (33, 255, 1)


def test_lists_are_accepted_as_matches():
    as_lists = [list(m) for m in THREE_WAY]
    assert order(rank(as_lists, FIBUR_DEFAULT)) == [12, 4, 9, 20]


def _round_robin(draw, n):
    """Random Burraco results of a round robin of n pairs (VP 20 in all per match)."""
    matches = []
    for a in range(1, n + 1):
        for b in range(a + 1, n + 1):
            vp = draw(st.integers(0, 20))
            mp = draw(st.integers(-10, 30)) * 50
            matches.append((a, b, mp, 1000, vp, 20 - vp))
    return matches


@st.composite
def girone(draw):
    return _round_robin(draw, draw(st.integers(2, 7)))


@settings(max_examples=150, deadline=None)
@given(girone(), st.booleans(), st.randoms(use_true_random=False))
def test_order_does_not_depend_on_how_matches_are_listed(matches, reapply, rnd):
    """Shuffling the matches and swapping sides changes nothing; the table is sane."""
    rows = rank(matches, FIBUR_DEFAULT, reapply_head_to_head=reapply, lot_seed=5)
    flipped = [(b, a, sb, sa, pb, pa) for a, b, sa, sb, pa, pb in matches]
    rnd.shuffle(flipped)
    again = rank(flipped, FIBUR_DEFAULT, reapply_head_to_head=reapply, lot_seed=5)
    assert [(r.team, r.position, r.totals) for r in again] == [
        (r.team, r.position, r.totals) for r in rows
    ]
    assert [r.position for r in rows] == list(range(1, len(rows) + 1))  # lot: no ties
    points = [r.totals.points for r in rows]
    assert points == sorted(points, reverse=True)
    for row in rows:
        if row.explanation is not None:
            assert row.team in row.explanation.teams
            assert {
                r.totals.points for r in rows if r.team in row.explanation.teams
            } == {row.explanation.value}


def test_ranking_is_random_input_safe_for_a_large_danese():
    """Smoke: 200 pairs, 6 rounds of random pairings, every option; nobody lost."""
    rnd = random.Random(11)
    teams = list(range(1, 201))
    matches = []
    for _ in range(6):
        rnd.shuffle(teams)
        for a, b in zip(teams[::2], teams[1::2], strict=True):
            vp = rnd.choice([10, 11, 12, 13, 14, 9, 8, 7, 6])
            matches.append((a, b, 1000 + 50 * rnd.randint(-5, 5), 1000, vp, 20 - vp))
    for unmet in ("use_played", "skip"):
        for reapply in (False, True):
            rows = rank(
                matches, FIBUR_DEFAULT, unmet=unmet, reapply_head_to_head=reapply
            )
            assert sorted(order(rows)) == list(range(1, 201))
            for row in rows:
                if row.explanation is not None:
                    assert render_explanation(row.explanation).startswith("Coppie ")
