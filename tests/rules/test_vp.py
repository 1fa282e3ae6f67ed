"""MP→VP conversion against seed 004's tables, at every band edge, in both orientations.

The expected values come from ``tests/data/vp_tables_seed004.txt``, a verbatim copy of
seed 004's "Tabella dei Victory Points (VP)", parsed here without looking at the rule pack:
a mistake in ``rules/packs/fibur-2026.v1.toml`` cannot hide behind the same mistake here.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.burraco import max_hand_score
from rules.errors import InvalidMatchError, InvalidScoreError, RulesError
from rules.packs import VpBand, load_pack
from rules.vp import (
    VpTable,
    band_min_mp,
    convert,
    victory_points,
    victory_points_for,
    vp_table,
)

SEED_004 = Path(__file__).parent.parent / "data" / "vp_tables_seed004.txt"

Row = tuple[
    int, int | None, int, int
]  # (from MP, to MP or None = "oltre", VP win, lose)


def _seed_tables() -> dict[int, list[Row]]:
    """The three tables of seed 004, keyed by the smazzate count they serve (1 and 2 share)."""
    lines = [
        line for line in SEED_004.read_text().splitlines() if not line.startswith("#")
    ]
    headers = [h for h in lines[0].split("\t") if h]
    assert headers == [
        "TURNI CON 1 o 2 SMAZZATE",
        "TURNI CON 3 SMAZZATE",
        "TURNI CON 4 SMAZZATE o 2005 pt",
    ]
    columns: list[list[Row]] = [[], [], []]
    for line in lines[2:]:
        cells = line.split("\t")
        assert len(cells) == 9, line
        for i in range(3):
            low, high, vp = cells[3 * i : 3 * i + 3]
            win, lose = (int(v) for v in vp.split(" - "))
            columns[i].append(
                (int(low), None if high == "oltre" else int(high), win, lose)
            )
    return {1: columns[0], 2: columns[0], 3: columns[1], 4: columns[2]}


SEED = _seed_tables()


def _edges() -> list[object]:
    """Every band edge of every table: (hands, MP difference, winner VP, loser VP)."""
    cases: list[object] = []
    for hands, rows in SEED.items():
        for low, high, win, lose in rows:
            cases.append(pytest.param(hands, low, win, lose, id=f"{hands}h-{low}-from"))
            if high is not None:
                cases.append(
                    pytest.param(hands, high, win, lose, id=f"{hands}h-{high}-to")
                )
            else:  # "oltre": far beyond the edge too
                cases.append(
                    pytest.param(hands, low + 995, win, lose, id=f"{hands}h-oltre")
                )
    return cases


def test_seed_transcription_is_complete() -> None:
    """The transcription has 11 contiguous bands per table, summing to 20 VP each."""
    for rows in SEED.values():
        assert len(rows) == 11
        assert rows[0][0] == 0 and rows[-1][1] is None
        for (_, high, _, _), (low, _, _, _) in itertools.pairwise(rows):
            assert high is not None and low == high + 5
        assert all(win + lose == 20 for _, _, win, lose in rows)


@pytest.mark.parametrize(("hands", "diff", "win", "lose"), _edges())
def test_band_edges_both_orientations(
    hands: int, diff: int, win: int, lose: int
) -> None:
    """Line A ahead by ``diff`` gets the winner VP; swapped, line B gets it."""
    assert victory_points(diff, 0, hands) == (win, lose)
    assert victory_points(0, diff, hands) == (lose, win)


@pytest.mark.parametrize(("hands", "diff", "win", "lose"), _edges())
def test_band_edges_use_the_difference_not_the_totals(
    hands: int, diff: int, win: int, lose: int
) -> None:
    """The band follows |MP_A - MP_B|, also when both totals are large or negative."""
    assert victory_points(300 + diff, 300, hands) == (win, lose)
    assert victory_points(-200, -200 + diff, hands) == (lose, win)


def test_one_smazzata_uses_the_two_smazzate_table() -> None:
    """Seed 004: "TURNI CON 1 o 2 SMAZZATE"."""
    for diff in range(0, 1500, 5):
        assert victory_points(diff, 0, 1) == victory_points(diff, 0, 2)


def test_exhaustive_against_seed() -> None:
    """Every multiple of 5 up to beyond the last edge agrees with the seed's table."""
    for hands, rows in SEED.items():
        for diff in range(0, 2500, 5):
            expected = next(
                (w, lo)
                for low, high, w, lo in rows
                if low <= diff and (high is None or diff <= high)
            )
            assert victory_points(diff, 0, hands) == expected, (hands, diff)


def test_pack_rows_match_seed() -> None:
    """The pack's printed rows are the seed's rows (for the score card)."""
    for hands, rows in SEED.items():
        printed = [
            (r.min_diff, r.max_diff, r.winner_vp, r.loser_vp)
            for r in vp_table(hands).rows()
        ]
        assert printed == rows


@pytest.mark.parametrize(
    ("hands", "vp", "expected"),
    [
        (2, 10, 0),
        (2, 14, 305),
        (2, 20, 1005),
        (3, 14, 355),
        (3, 19, 1255),
        (4, 12, 305),
        (4, 20, 2005),
    ],
)
def test_band_min_mp(hands: int, vp: int, expected: int) -> None:
    """The lowest MP difference of a band (adjudicated results: riposo, forfeit)."""
    assert band_min_mp(hands, vp) == expected
    assert band_min_mp(vp_table(hands), vp) == expected


def test_band_min_mp_rejects_a_vp_no_band_gives() -> None:
    with pytest.raises(InvalidScoreError, match=r"gives 9 VP"):
        band_min_mp(3, 9)


@pytest.mark.parametrize("mp", [37, 1, -3, 1004])
def test_not_a_multiple_of_5_is_rejected_naming_it(mp: int) -> None:
    with pytest.raises(InvalidScoreError, match=str(mp)):
        victory_points(mp, 0, 3)
    with pytest.raises(InvalidScoreError, match=str(mp)):
        victory_points(0, mp, 3)


@pytest.mark.parametrize("hands", [0, 5, -1, 9])
def test_hands_outside_1_to_4_are_rejected_naming_them(hands: int) -> None:
    with pytest.raises(InvalidMatchError, match=str(hands)):
        victory_points(100, 0, hands)


@pytest.mark.parametrize("bad", [True, 2.0, "3", None])
def test_hands_of_the_wrong_type_are_rejected(bad: object) -> None:
    with pytest.raises(RulesError, match=repr(bad)):
        victory_points(100, 0, bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [True, 10.0, "10", None])
def test_totals_of_the_wrong_type_are_rejected(bad: object) -> None:
    with pytest.raises(InvalidScoreError, match=repr(bad)):
        victory_points(bad, 0, 3)  # type: ignore[arg-type]


def test_negative_totals_are_legal() -> None:
    """Seed 000 "Punti Negativi": a line can end a turn below zero."""
    assert victory_points(-150, 20, 3) == (8, 12)
    assert victory_points(-500, -500, 4) == (10, 10)


@pytest.mark.parametrize("hands", [1, 2, 3, 4])
def test_absurd_totals_are_rejected_naming_them(hands: int) -> None:
    """A total beyond hands x max_hand_score cannot happen; within it, it converts."""
    bound = hands * max_hand_score()
    assert victory_points(bound, -bound, hands) == (20, 0)
    for total in (bound + 5, -bound - 5, 10**9):
        with pytest.raises(InvalidScoreError, match=str(total)):
            victory_points(total, 0, hands)
        with pytest.raises(InvalidScoreError, match=str(total)):
            victory_points(0, total, hands)


def test_pack_aware_variant_agrees_and_uses_the_pack() -> None:
    """vp_table(hands, pack) is the pack-aware variant; tradizionale has the same tables."""
    trad = load_pack("burraco-tradizionale", 1)
    for hands in (1, 2, 3, 4):
        table = vp_table(hands, trad)
        for diff in (0, 45, 355, 1505, 2005):
            assert convert(table, diff, 0) == victory_points(diff, 0, hands)
            assert victory_points_for(0, diff, hands, trad) == victory_points(
                0, diff, hands
            )
            assert victory_points_for(diff, 0, hands) == victory_points(diff, 0, hands)
    with pytest.raises(InvalidMatchError, match="5"):
        vp_table(5, trad)


def test_a_briscola_pack_has_no_vp_table() -> None:
    with pytest.raises(RulesError, match=r"briscola-vp v1.*\[vp\]"):
        vp_table(3, load_pack("briscola-vp", 1))


def test_custom_table() -> None:
    """VpTable works on any band list (a future team table)."""
    table = VpTable([VpBand(10, 10), VpBand(None, 15)], hands=1, max_total=100)
    assert table.convert(100, 85) == (15, 5)
    assert table.convert(90, 100) == (10, 10)
    with pytest.raises(InvalidScoreError, match="increasing"):
        VpTable(
            [VpBand(20, 10), VpBand(10, 12), VpBand(None, 14)], hands=1, max_total=9
        )
    with pytest.raises(InvalidScoreError, match="open-ended"):
        VpTable([VpBand(20, 10)], hands=1, max_total=9)
    with pytest.raises(InvalidScoreError, match="10000000"):
        VpTable([VpBand(20, 10), VpBand(None, 12)], hands=1, max_total=10**7)


# --- properties over the whole input space ---------------------------------------

_BOUND = max_hand_score()
_totals = st.integers(-_BOUND // 5, _BOUND // 5).map(lambda n: n * 5)


@given(a=_totals, b=_totals, hands=st.integers(1, 4))
def test_vp_properties(a: int, b: int, hands: int) -> None:
    """20 VP in all; swapping the lines swaps the VP; the line ahead never gets less."""
    vp_a, vp_b = victory_points(a, b, hands)
    assert vp_a + vp_b == 20
    assert victory_points(b, a, hands) == (vp_b, vp_a)
    assert (vp_a >= vp_b) == (a >= b) or vp_a == vp_b
    if abs(a - b) <= hands * _BOUND:
        assert victory_points(a - b, 0, hands) == (vp_a, vp_b)


@given(a=_totals, b=_totals, hands=st.integers(2, 4))
def test_vp_is_monotone_in_the_difference(a: int, b: int, hands: int) -> None:
    """A bigger lead never gives fewer VP."""
    low, high = sorted((abs(a - b), abs(a - b) + 5))
    assert victory_points(low, 0, hands)[0] <= victory_points(high, 0, hands)[0]
