"""Adjudicated results: forfeit, second warning, late arrival over 10 minutes, a
referee-set score.

Each takes the typed :class:`~.sheet_types.Sheet`, the round's context and VP table and
returns the :class:`~.sheet_types.Outcome`; the numbers come from the pack's
``[special]`` section through :mod:`rules.special` (docs/rules.md §6). Called by
:func:`.sheets.compute`.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from rules import special as rules_special
from rules.vp import VpTable

from .errors import SheetError
from .sheet_types import Breakdown, Context, Errors, Outcome, Sheet, convert


def forfeit(
    sheet: Sheet,
    ctx: Context,
    table: VpTable,
    hands: tuple[tuple[int, int], ...],
    breakdowns: tuple[tuple[Breakdown | None, Breakdown | None], ...],
    mp_ns: int,
    mp_ew: int,
) -> Outcome:
    """Seed 004's forfeit (``rules.special.forfeit``; docs/rules.md §6.2)."""
    special = ctx.pack.require_special()
    played = (mp_ns, mp_ew) if hands else None
    if played is not None:
        convert(table, mp_ns, mp_ew)  # a clear message if the totals are impossible
    offender = "a" if sheet.line == "ns" else "b"
    mp_a, mp_b, vp_a, vp_b = rules_special.forfeit(table, special, offender, played)
    return Outcome(mp_a, mp_b, vp_a, vp_b, hands, breakdowns, played=False)


def second_warning(
    sheet: Sheet, ctx: Context, table: VpTable, outcome: Outcome
) -> Outcome:
    """-1 VP and the equivalent MP to the warned line (``rules.special``; §6.5).

    The version keeps what each line gets in its totals (the warned line's MP and VP
    after the loss). Under ``second_warning_scope = "standings"`` the loss is also
    recorded apart (``penalty_vp``, ``penalty_mp``), so that the meeting is rebuilt as
    played: the other line's MP against and the classifica avulsa read the MP and VP
    the warned line made (art. 20 of the Codice: no advantage to the other line)."""
    assert outcome.mp_ns is not None and outcome.mp_ew is not None
    convert(table, outcome.mp_ns, outcome.mp_ew)
    warned = "a" if sheet.line == "ns" else "b"
    special = ctx.pack.require_special()
    mp_ns, mp_ew, vp_ns, vp_ew = rules_special.second_warning(
        table, special, warned, outcome.mp_ns, outcome.mp_ew
    )
    penalty_vp = penalty_mp = 0
    if special.second_warning_scope == "standings":
        penalty_vp, penalty_mp = rules_special.second_warning_penalty(
            table, special, warned, outcome.mp_ns, outcome.mp_ew
        )
    return Outcome(
        mp_ns,
        mp_ew,
        vp_ns,
        vp_ew,
        outcome.hands,
        outcome.breakdowns,
        counted=outcome.counted,
        penalty_vp=penalty_vp,
        penalty_mp=penalty_mp,
    )


def late_forfeit(
    sheet: Sheet,
    ctx: Context,
    table: VpTable,
    hands: tuple[tuple[int, int], ...] = (),
    breakdowns: tuple[tuple[Breakdown | None, Breakdown | None], ...] = (),
) -> Outcome:
    """Late over 10 minutes (``rules.special.late_forfeit``; docs/rules.md §6.4)."""
    special = ctx.pack.require_special()
    rows = {h for h, _present, _late in special.late_forfeit_vp}
    count = ctx.round_hands
    if count not in rows:
        count = ctx.pack.require_vp().hands_1_uses if count == 1 else count
    if count not in rows:
        raise SheetError(
            {
                "kind": [
                    _("The rule pack has no award for a round of %(n)d hands.")
                    % {"n": ctx.round_hands}
                ]
            }
        )
    played = None
    if hands:
        played = (sum(h[0] for h in hands), sum(h[1] for h in hands))
        convert(table, *played)  # a clear message if the totals are impossible
    late = "a" if sheet.line == "ns" else "b"
    mp_ns, mp_ew, vp_ns, vp_ew = rules_special.late_forfeit(
        table, special, late, count, played
    )
    return Outcome(mp_ns, mp_ew, vp_ns, vp_ew, hands, breakdowns, played=False)


def referee_set(sheet: Sheet, ctx: Context, table: VpTable) -> Outcome:
    errors = Errors()
    names = ("ns",) if ctx.is_rest else ("ns", "ew")
    mp = dict(zip(("ns", "ew"), sheet.set_mp, strict=True))
    vp = dict(zip(("ns", "ew"), sheet.set_vp, strict=True))
    given_mp = [mp[n] is not None for n in names]
    given_vp = [vp[n] is not None for n in names]
    if not any(given_mp) and not any(given_vp):
        errors.add("set_mp_ns", _("Set the MP or the VP of the lines."))
    for kind_name, given in (("mp", given_mp), ("vp", given_vp)):
        if any(given) and not all(given):
            for n, ok in zip(names, given, strict=False):
                if not ok:
                    errors.add(f"set_{kind_name}_{n}", _("Missing score."))
    for n in names:
        value = mp[n]
        if value is not None and value % 5:
            errors.add(
                f"set_mp_{n}",
                _("%(score)d is not a multiple of 5: every Burraco score is.")
                % {"score": value},
            )
    errors.raise_if_any()
    if ctx.is_rest:
        mp_ns = mp["ns"] if mp["ns"] is not None else 0
        vp_ns = vp["ns"] if vp["ns"] is not None else convert(table, mp_ns, 0)[0]
        return Outcome(mp_ns, None, vp_ns, None, played=False)
    mp_ns, mp_ew = mp["ns"] or 0, mp["ew"] or 0
    if vp["ns"] is not None and vp["ew"] is not None:
        vp_ns, vp_ew = vp["ns"], vp["ew"]
    else:
        vp_ns, vp_ew = convert(table, mp_ns, mp_ew)
    return Outcome(mp_ns, mp_ew, vp_ns, vp_ew)
