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

from rules import briscola as rules_briscola
from rules import burraco as rules_burraco
from rules import to_points as rules_to_points
from rules.errors import RulesError
from rules.packs import RulePack
from rules.vp import vp_table
from tournament.text import has_words, reason_problem

from ..models import ResultVersion
from . import specials
from .errors import NON_FIELD, SheetError
from .sheet_types import (
    BREAKDOWN_PARTS,
    COUNT_PARTS,
    FLAG_PARTS,
    POINT_PARTS,
    Breakdown,
    Context,
    Errors,
    Hand,
    Outcome,
    Sheet,
    band_mp,
    convert,
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
        return _briscola(sheet, ctx)
    return _burraco(sheet, ctx)


# --- Burraco ----------------------------------------------------------------------


def _burraco(sheet: Sheet, ctx: Context) -> Outcome:
    try:
        table = vp_table(ctx.round_hands, ctx.pack)
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
    special = ctx.pack.require_special()
    kind = sheet.kind
    if kind == Kind.REST:
        _no_hands(sheet)
        vp = special.rest_vp
        mp = band_mp(table, vp, special.rest_mp)
        return Outcome(mp_ns=mp, mp_ew=None, vp_ns=vp, vp_ew=None, played=False)
    if kind == Kind.BOTH_ABSENT:
        _no_hands(sheet)
        vp = special.both_absent_vp
        return Outcome(mp_ns=0, mp_ew=0, vp_ns=vp, vp_ew=vp, played=False)
    if kind == Kind.REFEREE_SET:
        _no_hands(sheet)
        return specials.referee_set(sheet, ctx, table)
    if kind == Kind.LATE_FORFEIT:
        if not special.late_forfeit_cap:
            _no_hands(sheet)
            return specials.late_forfeit(sheet, ctx, table)
        # With the cap the smazzate played may come with it (docs/rules.md §6.4).
        played, parts = _burraco_hands(sheet, ctx, required=False)
        return specials.late_forfeit(sheet, ctx, table, played, parts)

    counted = None
    hands: tuple[tuple[int, int], ...]
    breakdowns: tuple[tuple[Breakdown | None, Breakdown | None], ...]
    if sheet.totals is not None and kind != Kind.FORFEIT:
        # The two lines' totals typed instead of the smazzate (docs/rules.md §5f).
        mp_ns, mp_ew = _burraco_totals(sheet)
        hands, breakdowns, counted = (), (), ctx.round_hands
        if ctx.target_points:  # a turn to points: how many smazzate is not typed
            _target_totals(ctx.target_points, mp_ns, mp_ew)
            counted = 0
    else:
        required = kind != Kind.FORFEIT  # a forfeit may come with the hands played
        hands, breakdowns = _burraco_hands(sheet, ctx, required=required)
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


def _burraco_totals(sheet: Sheet) -> tuple[int, int]:
    """The two typed totals, checked for presence (their bounds: ``bounds``)."""
    assert sheet.totals is not None
    errors = Errors()
    if _trim(sheet.hands):
        errors.add(
            "tot_ns",
            _("Type either the hands or the two totals, not both."),
        )
    for line, value in zip(("ns", "ew"), sheet.totals, strict=True):
        if value is None:
            errors.add(f"tot_{line}", _("Missing score."))
        elif value % 5:
            errors.add(
                f"tot_{line}",
                _("%(score)d is not a multiple of 5: every Burraco score is.")
                % {"score": value},
            )
    errors.raise_if_any()
    ns, ew = sheet.totals
    assert ns is not None and ew is not None
    return ns, ew


def _burraco_hands(
    sheet: Sheet, ctx: Context, *, required: bool
) -> tuple[
    tuple[tuple[int, int], ...], tuple[tuple[Breakdown | None, Breakdown | None], ...]
]:
    errors = Errors()
    typed = _trim(sheet.hands)
    if len(typed) > ctx.most_hands:
        if ctx.target_points:
            message = _(
                "Too many hands: a turn to %(target)d points holds at most %(n)d here;"
                " a longer turn is a referee-set score."
            ) % {"target": ctx.target_points, "n": ctx.most_hands}
        else:
            message = _("Too many hands: this round has %(n)d.") % {
                "n": ctx.round_hands
            }
        errors.add(f"h{ctx.most_hands + 1}_ns", message)
        errors.raise_if_any()
    if required and not typed:
        errors.add("h1_ns", _("Type the scores of the hands."))
        errors.raise_if_any()
    if (
        required
        and not ctx.target_points
        and len(typed) < ctx.round_hands
        and not has_words(sheet.reason)
    ):
        errors.add(
            "reason",
            _(
                "%(typed)d of %(n)d hands typed: give the reason (e.g. time out)"
                " or type the missing hands."
            )
            % {"typed": len(typed), "n": ctx.round_hands},
        )
    hands: list[tuple[int, int]] = []
    breakdowns: list[tuple[Breakdown | None, Breakdown | None]] = []
    for number, hand in enumerate(typed, start=1):
        hands.append(_burraco_hand(number, hand, ctx.pack, errors))
        breakdowns.append((hand.ns_breakdown, hand.ew_breakdown))
    errors.raise_if_any()
    if ctx.target_points and hands:
        _check_target(ctx, tuple(hands), played=required)
    return tuple(hands), tuple(breakdowns)


def _check_target(
    ctx: Context, hands: tuple[tuple[int, int], ...], *, played: bool
) -> None:
    """A turn to points (docs/rules.md §4.4, ``rules.to_points``): a played turn ends
    with the smazzata that brings a line to the target; the smazzate typed with a
    forfeit or a late arrival over 10 minutes came before that."""
    target = ctx.target_points
    assert target is not None
    if not played:
        reached = rules_to_points.reached_at(hands, target)
        if reached is not None:
            raise SheetError(
                {
                    f"h{reached}_ns": [
                        _(
                            "A line reached %(target)d points at hand %(n)d: the turn"
                            " was played to its end. Record it as a normal result."
                        )
                        % {"target": target, "n": reached}
                    ]
                }
            )
        return
    try:
        rules_to_points.check_turn(hands, target)
    except RulesError as exc:
        params = dict(getattr(exc, "params", {}))
        if getattr(exc, "code", "") == "after_reached":
            message = _(
                "The turn ended at hand %(reached)s, when a line reached %(target)s"
                " points: hand %(extra)s comes after it. Remove it, or check the"
                " hands before."
            )
            raise SheetError({f"h{params['extra']}_ns": [message % params]}) from exc
        message = _(
            "Neither line reached %(target)s points (NS %(ns)s, EO %(ew)s): type every"
            " hand played, up to the one that brings a line to %(target)s. A turn"
            " stopped before (time out) is a referee-set score."
        )
        field = f"h{len(hands) + 1}_ns" if len(hands) < ctx.most_hands else NON_FIELD
        raise SheetError({field: [message % params]}) from exc


def _target_totals(target: int, mp_ns: int, mp_ew: int) -> None:
    """Two typed totals of a turn to points: a line must have reached the target."""
    if max(mp_ns, mp_ew) < target:
        raise SheetError(
            {
                "tot_ns": [
                    _(
                        "Neither total reaches %(target)d points: the turn is played"
                        " until a line reaches them."
                    )
                    % {"target": target}
                ]
            }
        )


def _burraco_hand(
    number: int, hand: Hand, pack: RulePack, errors: Errors
) -> tuple[int, int]:
    """The two line scores of one smazzata, checked; (0, 0) after an error."""
    before = len(errors.by_field)
    typed = {"ns": hand.ns, "ew": hand.ew}
    breakdowns = {"ns": hand.ns_breakdown, "ew": hand.ew_breakdown}
    for line, score in typed.items():
        name = f"h{number}_{line}"
        if score is None and breakdowns[line] is None:
            errors.add(name, _("Missing score."))
        elif score is not None and score % 5:
            errors.add(
                name,
                _("%(score)d is not a multiple of 5: every Burraco score is.")
                % {"score": score},
            )
        if breakdowns[line] is not None:
            _check_breakdown(f"h{number}_{line}", breakdowns[line], errors)  # type: ignore[arg-type]
    ns_bd, ew_bd = breakdowns["ns"], breakdowns["ew"]
    if ns_bd and ew_bd and ns_bd.closed and ew_bd.closed:
        errors.add(f"h{number}_ew_closed", _("Only one line can close a hand."))
    if len(errors.by_field) > before:
        return 0, 0
    computed: dict[str, int] = {}
    try:
        if ns_bd and ew_bd:
            computed["ns"], computed["ew"] = rules_burraco.hand_scores(
                _rules_breakdown(ns_bd), _rules_breakdown(ew_bd), pack
            )
        else:
            for line, bd in breakdowns.items():
                if bd is not None:
                    computed[line] = rules_burraco.line_score(
                        _rules_breakdown(bd), pack
                    )
    except RulesError as exc:
        errors.add(
            f"h{number}_ns",
            _("Breakdown of hand %(n)d not valid: %(detail)s")
            % {"n": number, "detail": exc},
        )
        return 0, 0
    scores: dict[str, int] = {}
    for line in ("ns", "ew"):
        score = typed[line]
        if line in computed and score is not None and score != computed[line]:
            errors.add(
                f"h{number}_{line}",
                _("The score (%(typed)d) does not match the breakdown (%(computed)d).")
                % {"typed": score, "computed": computed[line]},
            )
        scores[line] = computed.get(line, score if score is not None else 0)
    return scores["ns"], scores["ew"]


def _check_breakdown(prefix: str, bd: Breakdown, errors: Errors) -> None:
    for part in COUNT_PARTS:
        if getattr(bd, part) < 0:
            errors.add(f"{prefix}_{part}", _("Cannot be negative."))
    for part in POINT_PARTS:
        value = getattr(bd, part)
        if value < 0:
            errors.add(f"{prefix}_{part}", _("Cannot be negative."))
        elif value % 5:
            errors.add(
                f"{prefix}_{part}",
                _("%(score)d is not a multiple of 5: every Burraco score is.")
                % {"score": value},
            )
    if bd.closed and not bd.pozzetto:
        errors.add(
            f"{prefix}_closed",
            _("Closing without the pozzetto: the closing line must have taken it."),
        )
    if bd.closed and bd.clean + bd.semiclean + bd.dirty == 0:
        errors.add(
            f"{prefix}_closed",
            _("Closing without a burraco: the closing line needs at least one."),
        )


def _rules_breakdown(bd: Breakdown) -> rules_burraco.LineBreakdown:
    return rules_burraco.LineBreakdown(**bd.as_json())  # type: ignore[arg-type]


def _no_hands(sheet: Sheet) -> None:
    if _trim(sheet.hands):
        raise SheetError(
            {"h1_ns": [_("This kind of result takes no hand scores: clear them.")]}
        )


def _trim(hands: tuple[Hand, ...]) -> tuple[Hand, ...]:
    """The hands up to the last one with anything typed (blank rows at the end go)."""
    last = 0
    for number, hand in enumerate(hands, start=1):
        if (
            hand.ns is not None
            or hand.ew is not None
            or hand.ns_breakdown
            or hand.ew_breakdown
        ):
            last = number
    return hands[:last]


# --- Briscola ---------------------------------------------------------------------


def _match_refused(exc: RulesError, played: int) -> dict[str, list[str]]:
    """A refused Briscola match in the user's language, next to the partita at fault."""
    code = getattr(exc, "code", "")
    params = dict(getattr(exc, "params", {}))
    if "score" in params:
        params["score"] = str(params["score"]).replace("-", "–")
    if code == "after_decided":
        message = _(
            "Partita %(number)s (%(a)s–%(b)s) comes after the end of the match: a best "
            "of %(best_of)s ends at %(score)s. Remove it, or check the partite before."
        )
        return {f"h{params['number']}_ns": [message % params]}
    if code == "incomplete":
        # docs/rules.md §10.2: under play_all_partite every partita is played.
        message = _(
            "Every partita of the best of %(best_of)s is played under this tournament's"
            " rules (a %(score)s is not the end): type the partite still missing."
        )
        return {f"h{played + 1}_ns": [message % params]}
    if code == "undecided":
        message = _(
            "A best of %(best_of)s is not over at %(score)s: type every partita played."
        )
        return {f"h{played}_ns": [message % params]}
    return {f"h{played}_ns": [_("Match not valid: %(detail)s") % {"detail": exc}]}


def _briscola(sheet: Sheet, ctx: Context) -> Outcome:
    """A Briscola match: partite, or a rest, forfeit or referee-set points (§10)."""
    section = ctx.pack.require_briscola()
    kind = sheet.kind
    if kind in (Kind.LATE_ARRIVAL, Kind.LATE_FORFEIT, Kind.SECOND_WARNING):
        raise SheetError({"kind": [_("Not used in Briscola.")]})
    if kind == Kind.REST:
        _no_hands(sheet)
        return Outcome(0, None, section.rest_points, None, played=False)
    if kind == Kind.BOTH_ABSENT:
        _no_hands(sheet)
        return Outcome(0, 0, 0, 0, played=False)
    if kind == Kind.FORFEIT:
        return _briscola_forfeit(sheet, ctx)
    if kind == Kind.REFEREE_SET:
        _no_hands(sheet)
        ns, ew = sheet.set_vp
        if ns is None or (ew is None and not ctx.is_rest):
            raise SheetError({"set_vp_ns": [_("Set the points of the lines.")]})
        return Outcome(0, None if ctx.is_rest else 0, ns, ew, played=False)
    pairs = _briscola_games(sheet, required=True)
    try:
        match = rules_briscola.match_result(pairs, ctx.round_hands, ctx.pack)
    except RulesError as exc:
        raise SheetError(_match_refused(exc, len(pairs))) from exc
    score_ns, score_ew = match.standings_score(ctx.pack)
    return Outcome(
        mp_ns=score_ns,
        mp_ew=score_ew,
        vp_ns=match.points_a,
        vp_ew=match.points_b,
        hands=pairs,
        counted=len(pairs) - match.games_replayed,
    )


def _briscola_games(sheet: Sheet, *, required: bool) -> tuple[tuple[int, int], ...]:
    """The partite typed, checked (0-120 each, 120 in all)."""
    errors = Errors()
    games = _trim(sheet.hands)
    if required and not games:
        errors.add("h1_ns", _("Type the points of the games."))
    for number, game in enumerate(games, start=1):
        for line, points in (("ns", game.ns), ("ew", game.ew)):
            if points is None:
                errors.add(f"h{number}_{line}", _("Missing score."))
            elif not 0 <= points <= 120:
                errors.add(f"h{number}_{line}", _("Between 0 and 120."))
        if game.ns is not None and game.ew is not None and game.ns + game.ew != 120:
            errors.add(
                f"h{number}_ew",
                _("The two lines take 120 points in all, not %(total)d.")
                % {"total": game.ns + game.ew},
            )
    errors.raise_if_any()
    return tuple((g.ns or 0, g.ew or 0) for g in games)


def _briscola_forfeit(sheet: Sheet, ctx: Context) -> Outcome:
    """Seed 002's forfeit: the offender 0, the other "minimo 14" (§10.5)."""
    section = ctx.pack.require_briscola()
    if not section.forfeit_keeps_played:
        _no_hands(sheet)
    pairs = _briscola_games(sheet, required=False)
    offender = rules_briscola.Side.A if sheet.line == "ns" else rules_briscola.Side.B
    try:
        result = rules_briscola.forfeit_result(
            offender, ctx.pack, pairs, ctx.round_hands
        )
    except RulesError as exc:
        raise SheetError(
            {
                f"h{max(len(pairs), 1)}_ns": [
                    _(
                        "These games already decide the match: record it as a normal"
                        " result, not a forfeit."
                    )
                ]
            }
        ) from exc
    if section.match_score == "partite":
        score_ns, score_ew = result.games_won_a, result.games_won_b
    else:
        score_ns = sum(a for a, _b in pairs)
        score_ew = sum(b for _a, b in pairs)
    return Outcome(
        score_ns,
        score_ew,
        result.points_a,
        result.points_b,
        hands=pairs,
        played=False,
        counted=result.games_counted,
    )
