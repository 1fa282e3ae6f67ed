"""Briscola ties (rules.standings), seed 001: 1 point per incontro won, best of 3.

Matches are ``(pair_a, pair_b, partite_a, partite_b, point_a, point_b)``.
"""

import pytest

from rules.standings import BRISCOLA_DEFAULT, Totals, rank
from tests.rules.standings_cases import BRISCOLA_IT, positions, texts

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
