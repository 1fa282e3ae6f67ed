"""Issue 27 §2-§4: forfeit, abandonment and late arrival under fibur-2026 v3, each
against the passage it reads (docs/rules.md §6.2, §6.4); v2 keeps its results."""

from rules.packs import load_pack
from rules.special import forfeit, late_forfeit
from rules.vp import vp_table

V2, V3 = load_pack("fibur-2026", 2), load_pack("fibur-2026", 3)


def award(pack, fn, *args, **kwargs):
    return fn(vp_table(3, pack), pack.require_special(), *args, **kwargs)


def test_the_offender_mp_come_from_its_own_band_minimum():
    """Seed 004: "la linea che fa scadere il timeout o abbandona farà 0 VP e la linea
    avversaria farà minimo 14 VP. I MP di entrambe le linee saranno calcolati dai VP in
    base ai corrispondenti minimi previsti dalla tabella dei VP" (3 smazzate: 0 VP is
    the bottom band, "1505 oltre 20 - 0", read from the offender's side)."""
    assert award(V3, forfeit, "b") == (355, -1505, 14, 0)
    assert award(V2, forfeit, "b") == (355, 0, 14, 0)  # v2: the mirror, -355


def test_the_abandonment_penalty_joins_the_present_line_score():
    """Seed 004: "si stabilisce una 'penalità' pari a 350 punti, si fanno i conti con
    punteggio base + penalità": ahead by 200 in 3 smazzate, 14 VP become 15."""
    assert award(V3, forfeit, "a", played=(300, 500)) == (-1505, 505, 0, 15)
    assert award(V2, forfeit, "a", played=(300, 500)) == (0, 355, 0, 14)
    # "se il punteggio è ancora a favore di chi ha fatto scadere il tempo ... la
    # differenza punti è uguale a zero": the offender ahead by 900 changes nothing.
    assert award(V3, forfeit, "a", played=(1200, 300)) == (-1505, 355, 0, 14)


def test_a_late_pair_keeps_a_worse_score():
    """International code art. 34 [S]: the late pair gets 6 or 8 VP "a meno che per
    lei non risulti vantaggioso": behind 100-900, it keeps 4 (and the other 16)."""
    assert award(V3, late_forfeit, "a", 3, played=(100, 900)) == (0, 655, 4, 16)
    assert award(V3, late_forfeit, "a", 3, played=(900, 100)) == (0, 355, 6, 14)
    assert award(V2, late_forfeit, "a", 3, played=(100, 900)) == (0, 355, 6, 14)
