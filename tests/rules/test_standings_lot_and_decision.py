"""Ties nothing breaks (rules.standings): equal positions, the lot, a referee's decision.

Burraco matches are ``(pair_a, pair_b, MP_a, MP_b, VP_a, VP_b)`` with VP from the
3-smazzate table of seed 004 (docs/rules.md §4.1) (e.g. 200 MP = 12-8, 300 = 13-7,
400 = 14-6).
"""

import hashlib

from rules.standings import FIBUR_DEFAULT, lot_order, rank
from tests.rules.standings_cases import NO_LOT, order, positions, texts

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
