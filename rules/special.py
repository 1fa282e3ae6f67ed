"""Adjudicated Burraco results: a forfeit and a second ammonizione, from the pack.

The numbers come from the pack's ``[special]`` section; ``docs/rules.md`` §6 gives each
rule with its source. Sides are ``a`` and ``b`` (the scoring app maps them to NS and EO);
every function returns ``(mp_a, mp_b, vp_a, vp_b)``.

* **Forfeit** (timeout, abandonment, no-show), seed 004: "la linea che fa scadere il
  timeout o abbandona farà 0 VP e la linea avversaria farà minimo 14 VP. I MP di entrambe
  le linee saranno calcolati dai VP in base ai corrispondenti minimi previsti dalla
  tabella." The present line gets ``forfeit_winner_vp`` or, if the smazzate played before
  the forfeit gave it more, those VP; its MP are the lower bound of the band of the VP it
  gets (``forfeit_mp = "band_min"``), so its MP difference is that bound and the
  offender's is its opposite (the offender's MP are ``forfeit_loser_mp``, 0). Under
  ``forfeit_played_mp = "kept"`` (fibur-2026 v1) a line that keeps the VP of the
  smazzate played keeps the MP it made instead.
* **Second ammonizione**: -1 VP "and the equivalent MP" to the warned line, nothing to
  the other (``second_warning_vp``, ``second_warning_mp``). The MP that one VP is worth at
  a line's result is :meth:`rules.vp.VpTable.mp_of_one_vp`. :func:`second_warning_penalty`
  says what the line loses; under ``second_warning_scope = "standings"`` the scoring app
  keeps it apart from the meeting (docs/rules.md §6.5).

Terminology: MP = match points; VP = victory points; band = fascia of the VP table;
ammonizione = warning; rinuncia / abbandono = forfeit / abandonment.
"""

from __future__ import annotations

from rules.errors import InvalidMatchError
from rules.packs import SpecialSection
from rules.vp import VpTable

__all__ = ["forfeit", "late_forfeit", "second_warning", "second_warning_penalty"]

Award = tuple[int, int, int, int]


def _side(offender: str) -> bool:
    if offender not in ("a", "b"):
        raise InvalidMatchError(f"the line concerned is 'a' or 'b', got {offender!r}")
    return offender == "a"


def _band_mp(table: VpTable, vp: int, rule: str | int) -> int:
    return table.band_min_mp(vp) if rule == "band_min" else int(rule)


def forfeit(
    table: VpTable,
    special: SpecialSection,
    offender: str,
    played: tuple[int, int] | None = None,
) -> Award:
    """``(mp_a, mp_b, vp_a, vp_b)`` of a forfeit by ``offender`` (``"a"`` or ``"b"``).

    ``played`` = the two lines' MP totals of the smazzate played before it, if any.

    Seed 004, 3 smazzate, nothing played: 14 VP and 355 MP (the 14-VP band's minimum) to
    the present line, 0 and 0 to the offender:

    >>> from rules.packs import load_pack
    >>> from rules.vp import vp_table
    >>> v2 = load_pack("fibur-2026", 2)
    >>> table, special = vp_table(3, v2), v2.require_special()
    >>> forfeit(table, special, "a")
    (0, 355, 0, 14)

    The smazzate played gave B 1,500 to 0, 19 VP: B keeps 19 VP, and its MP difference is
    the 19-VP band's minimum, 1,255 (v2); v1 let it keep its 1,500:

    >>> forfeit(table, special, "a", played=(0, 1500))
    (0, 1255, 0, 19)
    >>> v1 = load_pack("fibur-2026", 1)
    >>> forfeit(vp_table(3, v1), v1.require_special(), "a", played=(0, 1500))
    (0, 1500, 0, 19)

    Under v3 (docs/rules.md §6.2) the offender's MP come from its own 0 VP by the band
    minimum, -1,505 in 3 smazzate (seed 004: "I MP di entrambe le linee saranno
    calcolati dai VP in base ai corrispondenti minimi"), and seed 004's "penalità pari
    a 350 punti" joins the present line's score: ahead by 200, 550 gives 15 VP:

    >>> v3 = load_pack("fibur-2026", 3)
    >>> forfeit(vp_table(3, v3), v3.require_special(), "a", played=(300, 500))
    (-1505, 505, 0, 15)
    >>> forfeit(vp_table(3, v2), v2.require_special(), "a", played=(300, 500))
    (0, 355, 0, 14)
    """
    offender_is_a = _side(offender)
    winner_mp, winner_vp = _present_line(table, special, offender_is_a, played)
    loser_mp, loser_vp = special.forfeit_loser_mp, special.forfeit_loser_vp
    if special.forfeit_offender_mp == "band_min":
        # Its own VP by the band minimum: stored as a negative MP, the offender's MP
        # difference (scoring.services.versions.pair_lines reads it so).
        loser_mp = table.line_band_min(loser_vp)
    if offender_is_a:
        return loser_mp, winner_mp, loser_vp, winner_vp
    return winner_mp, loser_mp, winner_vp, loser_vp


def _present_line(
    table: VpTable,
    special: SpecialSection,
    offender_is_a: bool,
    played: tuple[int, int] | None,
) -> tuple[int, int]:
    """MP and VP of the line present at a forfeit: the award, or what the smazzate
    played give it (the abandonment penalty added) when that is more VP."""
    winner_vp = special.forfeit_winner_vp
    winner_mp = _band_mp(table, winner_vp, special.forfeit_mp)
    if played is None:
        return winner_mp, winner_vp
    present, absent = (played[1], played[0]) if offender_is_a else played
    # Seed 004: "punteggio base + penalità" (abandon_penalty, 0 before v3); "se il
    # punteggio è ancora a favore di chi ha fatto scadere il tempo ... la
    # differenza punti è uguale a zero".
    present += special.abandon_penalty
    kept_vp = table.convert(max(present, absent), absent)[0]
    if kept_vp <= winner_vp:
        return winner_mp, winner_vp
    if special.forfeit_played_mp == "kept":
        return present, kept_vp
    return table.band_min_mp(kept_vp), kept_vp


def second_warning(
    table: VpTable, special: SpecialSection, warned: str, mp_a: int, mp_b: int
) -> Award:
    """``(mp_a, mp_b, vp_a, vp_b)`` of a turn whose ``warned`` line had a second warning.

    The VP come from the MP as played; the warned line loses ``second_warning_vp`` and,
    under ``second_warning_mp = "equivalent"``, the MP those VP are worth at its result.
    The other line keeps its VP and MP.

    3 smazzate, A 530 to B 130 (400 MP: 14-6), A warned: 13 VP, and 100 MP less (14 VP
    start at 355, 13 at 255):

    >>> from rules.packs import load_pack
    >>> from rules.vp import vp_table
    >>> v2 = load_pack("fibur-2026", 2)
    >>> second_warning(vp_table(3, v2), v2.require_special(), "a", 530, 130)
    (430, 130, 13, 6)
    >>> v1 = load_pack("fibur-2026", 1)
    >>> second_warning(vp_table(3, v1), v1.require_special(), "a", 530, 130)
    (530, 130, 13, 6)
    """
    warned_is_a = _side(warned)
    vp_a, vp_b = table.convert(mp_a, mp_b)
    taken, mp_taken = second_warning_penalty(table, special, warned, mp_a, mp_b)
    if warned_is_a:
        return mp_a - mp_taken, mp_b, vp_a - taken, vp_b
    return mp_a, mp_b - mp_taken, vp_a, vp_b - taken


def second_warning_penalty(
    table: VpTable, special: SpecialSection, warned: str, mp_a: int, mp_b: int
) -> tuple[int, int]:
    """``(vp, mp)`` the ``warned`` line loses for a second ammonizione, the turn played
    ``mp_a`` to ``mp_b``: ``-second_warning_vp`` and, under ``second_warning_mp =
    "equivalent"``, the MP those VP are worth at its result (docs/rules.md §6.5).

    Art. 20 of the Codice [S]: "-1 VP e i corrispondenti MP nella classifica generale".
    3 smazzate, A 530 to B 130 (14-6): 14 VP start at 355, 13 at 255, so 1 VP is 100 MP;
    B, behind at 6 VP, reads its side of the table (6 VP from -500, 5 from -650): 150:

    >>> from rules.packs import load_pack
    >>> from rules.vp import vp_table
    >>> v4 = load_pack("fibur-2026", 4)
    >>> second_warning_penalty(vp_table(3, v4), v4.require_special(), "a", 530, 130)
    (1, 100)
    >>> second_warning_penalty(vp_table(3, v4), v4.require_special(), "b", 530, 130)
    (1, 150)
    """
    warned_is_a = _side(warned)
    vp_a, vp_b = table.convert(mp_a, mp_b)
    taken = -special.second_warning_vp
    mp_taken = 0
    if special.second_warning_mp == "equivalent" and taken > 0:
        vp = vp_a if warned_is_a else vp_b
        mp_taken = sum(table.mp_of_one_vp(vp - step) for step in range(taken))
    return taken, mp_taken


def late_forfeit(
    table: VpTable,
    special: SpecialSection,
    late: str,
    hands: int,
    played: tuple[int, int] | None = None,
) -> Award:
    """``(mp_a, mp_b, vp_a, vp_b)`` of a match awarded for a pair ``late`` by over 10
    minutes, in a turn of ``hands`` smazzate (docs/rules.md §6.4).

    The present pair gets the award of ``[special.late_forfeit_vp]`` (14, 12 in 4
    smazzate) with the band minimum as MP, the late pair 6 or 8 VP and 0 MP, "a meno
    che per lei non risulti vantaggioso": with ``late_forfeit_cap`` and the smazzate
    played (``played``), the late pair keeps the VP they give it when fewer, and the
    present pair the VP they give it when more.

    >>> from rules.packs import load_pack
    >>> from rules.vp import vp_table
    >>> v3 = load_pack("fibur-2026", 3)
    >>> late_forfeit(vp_table(3, v3), v3.require_special(), "a", 3)
    (0, 355, 6, 14)
    >>> late_forfeit(vp_table(3, v3), v3.require_special(), "a", 3, played=(100, 900))
    (0, 655, 4, 16)
    >>> v2 = load_pack("fibur-2026", 2)
    >>> late_forfeit(vp_table(3, v2), v2.require_special(), "a", 3, played=(100, 900))
    (0, 355, 6, 14)
    """
    late_is_a = _side(late)
    rows = {h: (present, absent) for h, present, absent in special.late_forfeit_vp}
    present_vp, late_vp = rows[hands]
    if special.late_forfeit_cap and played is not None:
        vp_a, vp_b = table.convert(*played)
        played_late, played_present = (vp_a, vp_b) if late_is_a else (vp_b, vp_a)
        late_vp = min(late_vp, played_late)
        present_vp = max(present_vp, played_present)
    present_mp = table.band_min_mp(present_vp)
    if late_is_a:
        return 0, present_mp, late_vp, present_vp
    return present_mp, 0, present_vp, late_vp
