"""A typed score sheet as plain values, and what :mod:`rules` makes of it.

The form turns the POST into a :class:`Sheet`; :func:`compute` checks it against the
round (number of smazzate, the kind of result, the table) and the rule pack, calls
:mod:`rules` for every number (line scores from a breakdown, MP→VP, Briscola matches)
and returns an :class:`Outcome`. It raises :class:`~scoring.services.errors.SheetError`
with Italian messages keyed by the form field that caused them; a
:class:`~rules.errors.RulesError` that slips past the checks here is shown next to the
field it concerns, with the rules' own detail.

Field names: ``h<n>_ns`` / ``h<n>_ew`` (smazzata or partita n, from 1), a breakdown's
``h<n>_<line>_<part>`` (``clean``, ``semiclean``, ``dirty``, ``closed``, ``pozzetto``,
``melded``, ``in_hand``, ``penalties``), then ``kind``, ``line``, ``reason``,
``set_mp_ns`` ... ``set_vp_ew``.

Special results (docs/rules.md §6, pack section ``[special]``):

* rest: the resting pair gets ``rest_vp`` and, with ``rest_mp = "band_min"``, the lowest
  MP of that VP's band in the round's table (14 VP, 355 MP in a 3-smazzate round);
* forfeit / no-show (:func:`rules.special.forfeit`): the offender ``forfeit_loser_vp`` and
  ``forfeit_loser_mp``; the opponent at least ``forfeit_winner_vp``, or what the hands
  played gave it if that is more, with the lowest MP of the band of the VP it gets
  (``forfeit_played_mp = "kept"``, fibur-2026 v1: the MP it made);
* late arrival: ``late_arrival_mp`` added to the late line's total before conversion;
* late over 10 minutes: the match is awarded; ``[special.late_forfeit_vp]`` gives the
  present and the late line's VP for the round's smazzate (14-6, 12-8 in 4), the present
  line's MP at the lower bound of its band, the late line's 0;
* second warning (:func:`rules.special.second_warning`): ``second_warning_vp`` added to the
  warned line's VP and, with ``second_warning_mp = "equivalent"``, the MP those VP are
  worth taken from its MP; nothing to the other line;
* referee-set score: MP (converted with the round's table) or VP set directly;
* both absent: ``both_absent_vp`` each, 0 MP.

Briscola (docs/rules.md §10): the partite go to ``rules.briscola.match_result``; the
stored MP are what the pack's ``match_score`` counts (partite won, or card points under
the v1 packs); a rest gives ``rest_points``; a forfeit ``forfeit_winner_points`` /
``forfeit_loser_points`` through ``rules.briscola.forfeit_result``.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from rules.errors import RulesError
from rules.vp import VpTable, vp_table
from tournament.text import has_words, reason_problem

from ..models import ResultVersion
from . import specials
from .briscola_sheet import briscola
from .burraco_hands import burraco_hands, burraco_totals, target_totals
from .errors import NON_FIELD, SheetError
from .sheet_types import (
    BREAKDOWN_PARTS,
    COUNT_PARTS,
    FLAG_PARTS,
    POINT_PARTS,
    Breakdown,
    Context,
    Hand,
    Outcome,
    Sheet,
    band_mp,
    convert,
    no_hands,
)

Kind = ResultVersion.Kind

__all__ = [
    "BREAKDOWN_PARTS",
    "COUNT_PARTS",
    "FLAG_PARTS",
    "POINT_PARTS",
    "Breakdown",
    "Context",
    "Hand",
    "Outcome",
    "Sheet",
    "compute",
]


def compute(sheet: Sheet, ctx: Context) -> Outcome:
    """Check ``sheet`` and compute its MP and VP through :mod:`rules`."""
    if sheet.kind not in Kind.values:
        raise SheetError({"kind": [_("Unknown kind of result.")]})
    problem = reason_problem(sheet.reason)
    if problem is not None:
        raise SheetError({"reason": [problem]})
    if sheet.kind != Kind.NORMAL and not has_words(sheet.reason):
        raise SheetError({"reason": [_("A special result needs a reason.")]})
    if ctx.is_rest and sheet.kind not in (Kind.REST, Kind.REFEREE_SET):
        raise SheetError(
            {"kind": [_("Only one pair sits at this table: record its rest.")]}
        )
    if not ctx.is_rest and sheet.kind == Kind.REST:
        raise SheetError(
            {"kind": [_("A rest is only for a table with one pair (riposo).")]}
        )
    if sheet.kind in ResultVersion.LINE_KINDS and sheet.line not in ("ns", "ew"):
        raise SheetError({"line": [_("Choose the line this applies to.")]})
    if ctx.game == "briscola":
        return briscola(sheet, ctx)
    return _burraco(sheet, ctx)


# --- Burraco ----------------------------------------------------------------------


def _burraco(sheet: Sheet, ctx: Context) -> Outcome:
    """The smazzate (or two totals) added up and converted; a forfeit, a late arrival
    or a second warning applied to them."""
    table = _vp_table(ctx)
    adjudicated = _burraco_adjudicated(sheet, ctx, table)
    if adjudicated is not None:
        return adjudicated
    kind = sheet.kind
    special = ctx.pack.require_special()
    counted = None
    hands: tuple[tuple[int, int], ...]
    breakdowns: tuple[tuple[Breakdown | None, Breakdown | None], ...]
    if sheet.totals is not None and kind != Kind.FORFEIT:
        # The two lines' totals typed instead of the smazzate (docs/rules.md §5f).
        mp_ns, mp_ew = burraco_totals(sheet)
        hands, breakdowns, counted = (), (), ctx.round_hands
        if ctx.target_points:  # a turn to points: how many smazzate is not typed
            target_totals(ctx.target_points, mp_ns, mp_ew)
            counted = 0
    else:
        required = kind != Kind.FORFEIT  # a forfeit may come with the hands played
        hands, breakdowns = burraco_hands(sheet, ctx, required=required)
        mp_ns = sum(h[0] for h in hands)
        mp_ew = sum(h[1] for h in hands)
    if kind == Kind.FORFEIT:
        return specials.forfeit(sheet, ctx, table, hands, breakdowns, mp_ns, mp_ew)
    if kind == Kind.LATE_ARRIVAL:
        if sheet.line == "ns":
            mp_ns += special.late_arrival_mp
        else:
            mp_ew += special.late_arrival_mp
    vp_ns, vp_ew = convert(table, mp_ns, mp_ew)
    outcome = Outcome(mp_ns, mp_ew, vp_ns, vp_ew, hands, breakdowns, counted=counted)
    if kind == Kind.SECOND_WARNING:
        return specials.second_warning(sheet, ctx, table, outcome)
    return outcome


def _vp_table(ctx: Context) -> VpTable:
    """The pack's VP table for the round's smazzate, or the director is asked to fix it."""
    try:
        return vp_table(ctx.round_hands, ctx.pack)
    except RulesError as exc:
        offered = ctx.pack.require_vp().hands_supported
        raise SheetError(
            {
                NON_FIELD: [
                    _(
                        "The rule pack has no VP table for a round of %(n)d hands"
                        " (it has tables for %(offered)s): ask the director to set the"
                        " hands of the round."
                    )
                    % {"n": ctx.round_hands, "offered": ", ".join(map(str, offered))}
                ]
            }
        ) from exc


def _burraco_adjudicated(sheet: Sheet, ctx: Context, table: VpTable) -> Outcome | None:
    """The results the referee adjudicates with no sheet to add up (a rest, both
    absent, a set score, a late arrival over 10 minutes); None for the others."""
    special = ctx.pack.require_special()
    kind = sheet.kind
    if kind == Kind.REST:
        no_hands(sheet)
        vp = special.rest_vp
        mp = band_mp(table, vp, special.rest_mp)
        return Outcome(mp_ns=mp, mp_ew=None, vp_ns=vp, vp_ew=None, played=False)
    if kind == Kind.BOTH_ABSENT:
        no_hands(sheet)
        vp = special.both_absent_vp
        return Outcome(mp_ns=0, mp_ew=0, vp_ns=vp, vp_ew=vp, played=False)
    if kind == Kind.REFEREE_SET:
        no_hands(sheet)
        return specials.referee_set(sheet, ctx, table)
    if kind == Kind.LATE_FORFEIT:
        if not special.late_forfeit_cap:
            no_hands(sheet)
            return specials.late_forfeit(sheet, ctx, table)
        # With the cap the smazzate played may come with it (docs/rules.md §6.4).
        played, parts = burraco_hands(sheet, ctx, required=False)
        return specials.late_forfeit(sheet, ctx, table, played, parts)
    return None
