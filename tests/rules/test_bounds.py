"""rules.bounds: the impossible values refused and the unlikely ones (docs/rules.md §5)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import bounds
from rules.bounds import Code, Finding
from rules.briscola import CARD_POINTS
from rules.burraco import LineBreakdown, line_score
from rules.packs import load_pack

FIBUR = load_pack("fibur-2026", 1)
FIBUR2 = load_pack("fibur-2026", 2)
TRAD = load_pack("burraco-tradizionale", 1)
BRISCOLA = load_pack("briscola-vp", 1)


@pytest.mark.parametrize("pack", [FIBUR, FIBUR2, TRAD], ids=lambda p: p.label)
def test_hand_bounds_are_derived_from_the_pack(pack) -> None:
    """max = 1080 + 15 x 200 + 100; min = -(1080 + 100 + 300): each one reachable."""
    assert bounds.hand_bounds(pack) == bounds.Bounds(-1480, 4180)
    best = LineBreakdown(clean=15, closed=True, took_pozzetto=True, melded_points=1080)
    assert line_score(best, pack) == 4180
    worst = LineBreakdown(in_hand_points=1080, penalties=300)
    assert line_score(worst, pack) == -1480


def test_the_issue_values() -> None:
    """9995 and 4500 above 4,180; -1500 below -1,480; 45 VP above 20."""
    found = bounds.check_hands([(9995, 0), (4500, 0), (-1500, 0), (4180, -1480)], FIBUR)
    assert [(f.code, f.hand, f.limit) for f in found] == [
        (Code.ABOVE_MAX, 1, 4180),
        (Code.ABOVE_MAX, 2, 4180),
        (Code.BELOW_MIN, 3, -1480),
    ]
    assert bounds.check_vp((45, 0), FIBUR) == (
        Finding(Code.ABOVE_MAX, "ns", None, 45, 20),
    )
    assert bounds.check_vp((20, 0), FIBUR) == ()


def _brute_force_partita_totals() -> set[int]:
    """Every choice of 0-4 copies of each scoring rank: 5**5 subsets by value."""
    scoring = [points for points in CARD_POINTS.values() if points]
    return {
        sum(n * p for n, p in zip(counts, scoring, strict=True))
        for counts in itertools.product(range(5), repeat=len(scoring))
    }


def test_briscola_reachable_totals_are_every_sum_of_cards() -> None:
    reachable = bounds.reachable_partita_points()
    assert reachable == _brute_force_partita_totals()
    assert set(range(121)) - reachable == {1, 119}
    assert bounds.check_hands([(1, 119)], BRISCOLA) == (
        Finding(Code.UNREACHABLE, "ns", 1, 1),
        Finding(Code.UNREACHABLE, "ew", 1, 119),
    )
    assert bounds.check_hands([(2, 118), (0, 120), (60, 60)], BRISCOLA) == ()
    assert bounds.check_hands([(70, 40)], BRISCOLA) == (
        Finding(Code.NOT_120, "ew", 1, 110, 120),
    )
    assert [f.code for f in bounds.check_hands([(121, -1)], BRISCOLA)] == [
        Code.ABOVE_MAX,
        Code.BELOW_MIN,
    ]


def test_unlikely_values_of_the_issue() -> None:
    assert bounds.unlikely_hands([(2005, 0), (0, 0), (0, 0)], FIBUR)[0].code == (
        Code.HAND_HIGH
    )
    assert bounds.unlikely_hands([(2000, -500), (0, 0)], FIBUR) == ()
    assert bounds.unlikely_hands([(0, 0)] * 4, FIBUR) == (
        Finding(Code.ALL_ZERO, None, None, 0),
    )
    diff = bounds.unlikely_hands([(1500, 0), (1500, 0), (5, 0)], FIBUR)
    assert diff == (Finding(Code.DIFF_HIGH, None, None, 3005, 3000),)
    assert bounds.unlikely_hands([(1500, 0), (1500, 0)], FIBUR) == ()  # 3000: not over
    assert bounds.unlikely_hands([(1, 119)], BRISCOLA) == ()
    assert all(f.unlikely for f in bounds.unlikely_hands([(2500, -900)], FIBUR))


def test_totals_of_n_smazzate() -> None:
    """The checks a totals-only sheet uses: N times the bounds of one smazzata."""
    assert bounds.total_bounds(FIBUR, 4) == bounds.Bounds(-5920, 16720)
    assert bounds.check_totals((16720, -5920), 4, FIBUR) == ()
    assert [f.code for f in bounds.check_totals((16725, 7), 4, FIBUR)] == [
        Code.ABOVE_MAX,
        Code.NOT_MULTIPLE_OF_5,
    ]
    assert bounds.unlikely_totals((3005, 0), FIBUR)[0].code == Code.DIFF_HIGH
    assert bounds.unlikely_totals((0, 0), FIBUR)[0].code == Code.ALL_ZERO
    assert bounds.unlikely_totals((1200, 900), FIBUR) == ()


@given(st.integers(-10_000, 10_000), st.integers(-10_000, 10_000))
def test_a_smazzata_is_refused_exactly_outside_its_bounds(ns: int, ew: int) -> None:
    found = bounds.check_hands([(ns, ew)], FIBUR)
    for line, value in (("ns", ns), ("ew", ew)):
        ok = -1480 <= value <= 4180 and value % 5 == 0
        assert ok == (not [f for f in found if f.line == line])
    assert not any(f.unlikely for f in found)


@given(st.integers(-10, 130), st.integers(-10, 130))
def test_a_partita_is_refused_exactly_when_no_cards_make_it(a: int, b: int) -> None:
    reachable = _brute_force_partita_totals()
    found = bounds.check_hands([(a, b)], BRISCOLA)
    assert (not found) == (a in reachable and b in reachable and a + b == 120)
