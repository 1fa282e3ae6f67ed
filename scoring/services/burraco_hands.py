"""A Burraco sheet's smazzate, checked one by one (or its two typed totals).

Each smazzata's two line scores: present, multiples of 5, equal to what its breakdown
gives (``rules.burraco``) when one is typed; as many smazzate as the round has (a
reason for fewer); a turn to points (docs/rules.md §4.4) ending with the smazzata that
brings a line to the target. Errors are keyed by the form field at fault.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from rules import burraco as rules_burraco
from rules import to_points as rules_to_points
from rules.errors import RulesError
from rules.packs import RulePack
from tournament.text import has_words

from .errors import NON_FIELD, SheetError
from .sheet_types import (
    COUNT_PARTS,
    POINT_PARTS,
    Breakdown,
    Context,
    Errors,
    Hand,
    Sheet,
    typed_hands,
)


def burraco_totals(sheet: Sheet) -> tuple[int, int]:
    """The two typed totals, checked for presence (their bounds: ``bounds``)."""
    assert sheet.totals is not None
    errors = Errors()
    if typed_hands(sheet.hands):
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


def burraco_hands(
    sheet: Sheet, ctx: Context, *, required: bool
) -> tuple[
    tuple[tuple[int, int], ...], tuple[tuple[Breakdown | None, Breakdown | None], ...]
]:
    errors = Errors()
    typed = typed_hands(sheet.hands)
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


def target_totals(target: int, mp_ns: int, mp_ew: int) -> None:
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
