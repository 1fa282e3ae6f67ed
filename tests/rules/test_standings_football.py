"""The standings engine is generic (rules.standings): football groups from tests/data,
with 3/1/0 points.
"""

import pytest

from rules.standings import LABELS, rank
from tests.rules.standings_cases import football, positions, texts


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
