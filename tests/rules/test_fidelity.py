"""Issue 16: the seeds win over secondary sources. Each test quotes the passage it checks.

Known answers for fibur-2026 v2 (the seeds' rules) beside v1 (kept for the tournaments
pinned to it), and for the Briscola v2 packs. docs/rules.md gives each rule's section.
"""

from __future__ import annotations

import pytest

from rules import special
from rules.briscola import Side, forfeit_result, match_result
from rules.burraco import LineBreakdown, hand_scores, line_score
from rules.packs import load_pack
from rules.standings import BRISCOLA_DEFAULT, FIBUR_DEFAULT, rank
from rules.vp import vp_table

V1, V2 = load_pack("fibur-2026", 1), load_pack("fibur-2026", 2)
APPRODO_V1, APPRODO_V2 = (
    load_pack("briscola-approdo", 1),
    load_pack("briscola-approdo", 2),
)
BETFLAG_V1, BETFLAG_V2 = load_pack("briscola-vp", 1), load_pack("briscola-vp", 2)


# --- 1. Pozzetto not taken (docs/rules.md §3.4) ----------------------------------


def test_pozzetto_not_taken_costs_100_even_when_neither_line_took_it() -> None:
    """Seed 000: "Verranno detratti anche 100 punti (-100) alle coppie che non sono
    'andate a pozzetto'"; seed 004: "si detraggono 100 punti se la linea non ha preso il
    pozzetto". No exception: at a time out where neither line reached its pozzetto, the
    totals the players write are -10 and -60, and v2 accepts them from the breakdown."""
    ns, ew = LineBreakdown(melded_points=90), LineBreakdown(melded_points=40)
    assert hand_scores(ns, ew, V2) == (-10, -60)
    assert line_score(ns, V2, other_took_pozzetto=False) == -10
    assert hand_scores(ns, ew, V1) == (90, 40)  # v1: the secondary summary's exception


# --- 2. Forfeit and abandonment MP (docs/rules.md §6.2) ---------------------------


def test_forfeit_mp_of_both_lines_from_the_band_minimum() -> None:
    """Seed 004: "la linea che fa scadere il timeout o abbandona farà 0 VP e la linea
    avversaria farà minimo 14 VP. I MP di entrambe le linee saranno calcolati dai VP in
    base ai corrispondenti minimi previsti dalla tabella dei VP". The smazzate played
    gave EO 1,500 to 0 (19 VP in a 3-smazzate turn, band 1,255-1,500): EO keeps 19 VP and
    its MP difference is +1,255, NS's -1,255."""
    table = vp_table(3, V2)
    mp_ns, mp_ew, vp_ns, vp_ew = special.forfeit(
        table, V2.require_special(), "a", played=(0, 1500)
    )
    assert (vp_ns, vp_ew) == (0, 19)
    assert (mp_ew - mp_ns, mp_ns - mp_ew) == (1255, -1255)
    # Nothing played: "minimo 14 VP", MP = the 14-VP band's minimum (355).
    assert special.forfeit(table, V2.require_special(), "b") == (355, 0, 14, 0)
    # v1 kept the MP made (1,500) when the smazzate gave more than the award.
    assert special.forfeit(vp_table(3, V1), V1.require_special(), "a", (0, 1500)) == (
        0,
        1500,
        0,
        19,
    )


@pytest.mark.parametrize(("hands", "played_ew", "vp", "band_min"), [(2, 900, 19, 875)])
def test_forfeit_band_minimum_in_other_tables(
    hands: int, played_ew: int, vp: int, band_min: int
) -> None:
    """Seed 004 "TURNI CON 1 o 2 SMAZZATE": 875-1000 is 19-1."""
    got = special.forfeit(
        vp_table(hands, V2), V2.require_special(), "a", played=(0, played_ew)
    )
    assert got == (0, band_min, 0, vp)


# --- 3. Second ammonizione (docs/rules.md §6.5) ----------------------------------


def test_second_warning_takes_one_vp_and_the_equivalent_mp() -> None:
    """Two ammonizioni: "-1 VP and equivalent MP in the overall ranking", and "this
    gives no advantage to the other line". 3 smazzate, NS 530 - EO 130 (400 MP: 14-6);
    NS warned: 13 VP and 100 MP less (14 VP start at 355, 13 at 255); EO keeps 6 VP and
    its MP."""
    table = vp_table(3, V2)
    got = special.second_warning(table, V2.require_special(), "a", 530, 130)
    assert got == (430, 130, 13, 6)
    # EO warned at 6 VP: 5 VP and 150 MP less (the loser's side: bands 14 and 15).
    got = special.second_warning(table, V2.require_special(), "b", 530, 130)
    assert got == (530, -20, 14, 5)
    assert special.second_warning(vp_table(3, V1), V1.require_special(), "a", 530, 130)[
        :2
    ] == (530, 130)


def test_one_vp_is_worth_the_step_between_band_minima() -> None:
    """The 3-smazzate table of seed 004: 0-50, 55-150, 155-250, 255-350, 355-500 ..."""
    table = vp_table(3, V2)
    assert [table.mp_of_one_vp(v) for v in range(20, -1, -1)] == [
        250, 250, 200, 150, 150, 150, 100, 100, 100, 55,
        55, 100, 100, 100, 150, 150, 150, 200, 250, 250, 250,
    ]  # fmt: skip


# --- 6. Briscola counted in partite (docs/rules.md §10) ---------------------------

#: A-B 2-1, B-C 2-0, C-A 2-1 (each pair wins one incontro): the issue's three-way tie.
THREE_WAY = {
    ("A", "B"): [(61, 59), (59, 61), (61, 59)],
    ("B", "C"): [(120, 0), (61, 59)],
    ("C", "A"): [(110, 10), (59, 61), (61, 59)],
}


def _matches(pack):  # type: ignore[no-untyped-def]
    out = []
    for (a, b), games in THREE_WAY.items():
        result = match_result(games, 3, pack)
        score_a, score_b = result.standings_score(pack)
        out.append((a, b, score_a, score_b, result.points_a, result.points_b))
    return out


def test_three_way_tie_counts_partite_not_card_points() -> None:
    """briscola-approdo [standings]: "diff: partite won minus partite lost over all
    incontri (NOT card points)". Seed 001: "In caso di parità fra tre o più squadre
    passerà il turno chi ha più punti nella classifica avulsa". All three have 1 point,
    and 1 point among themselves; partite: B +1, A 0, C -1 -> B, A, C. In card points
    (B +120, C -22, A -98) it would be B, C, A: what v1 ranks by."""
    v2 = rank(_matches(APPRODO_V2), APPRODO_V2.standings.chain, lot_seed=1)
    assert [r.team for r in v2] == ["B", "A", "C"]
    v1 = rank(_matches(APPRODO_V1), APPRODO_V1.standings.chain, lot_seed=1)
    assert [r.team for r in v1] == ["B", "C", "A"]


def test_briscola_vp_forfeit_is_a_minimum() -> None:
    """Seed 002: "la linea che fa scadere il timeout o abbandona farà 0 VP e la linea
    avversaria farà minimo 14 VP": 14, or the 20 of a match it was winning."""
    assert forfeit_result(Side.A, BETFLAG_V2).points_b == 14
    ahead = forfeit_result(Side.A, BETFLAG_V2, [(30, 90)], best_of=3)
    assert (ahead.points_a, ahead.points_b, ahead.games_won_b) == (0, 20, 1)
    behind = forfeit_result(Side.A, BETFLAG_V2, [(90, 30)], best_of=3)
    assert (behind.points_a, behind.points_b) == (0, 14)
    assert forfeit_result(Side.A, BETFLAG_V1).points_b == 14  # v1: flat


def test_briscola_rest_is_a_setting_with_its_reason() -> None:
    """Seed 001: "Acquisisce un punto in classifica la squadra che vince due partite su
    tre": a pair that rests wins no partita (v2: 0); v1 counted a match won."""
    assert APPRODO_V2.require_briscola().rest_points == 0
    assert BETFLAG_V2.require_briscola().rest_points == 0
    assert APPRODO_V1.require_briscola().rest_points == 1
    assert BETFLAG_V1.require_briscola().rest_points == 14


# --- 7. Defaults with their reason (docs/rules.md §6.1, §6.4, §7) -----------------


def test_chain_presets_are_the_packs_chains() -> None:
    """One source of truth: the presets of rules.standings are the packs' chains."""
    assert load_pack("fibur-2026").standings.chain == FIBUR_DEFAULT
    for name in ("briscola-approdo", "briscola-vp"):
        assert load_pack(name).standings.chain == BRISCOLA_DEFAULT
    assert FIBUR_DEFAULT[-2:] == ("scored", "lot")


def test_rest_and_late_over_10_minutes_in_4_smazzate() -> None:
    """Riposo 14 VP in every table ("tavolo zoppo" 14 PV, seed 004's "minimo 14 VP" for
    the present line of a forfeit); late over 10 minutes 70 % (14) or, in 4-smazzate
    turns, 60 % (12) with 8 to the late pair (international code art. 34): a match
    played late, where both pairs get VP, not a table with one pair (docs/rules.md §6.4).
    """
    for pack in (V1, V2):
        s = pack.require_special()
        assert s.rest_vp == s.forfeit_winner_vp == 14
        assert dict((h, (w, late)) for h, w, late in s.late_forfeit_vp)[4] == (12, 8)
