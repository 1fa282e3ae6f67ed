"""A Briscola sheet (docs/rules.md §10): its partite, or a rest, forfeit or set points.

The partite go to ``rules.briscola.match_result``; the stored MP are what the pack's
``match_score`` counts (partite won, or card points under the v1 packs); a rest gives
``rest_points``; a forfeit ``forfeit_winner_points`` / ``forfeit_loser_points`` through
``rules.briscola.forfeit_result``. A refused match is told next to the partita at fault.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from rules import briscola as rules_briscola
from rules.errors import RulesError

from ..models import ResultVersion
from .errors import SheetError
from .sheet_types import Context, Errors, Outcome, Sheet, no_hands, typed_hands

Kind = ResultVersion.Kind


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


def briscola(sheet: Sheet, ctx: Context) -> Outcome:
    """A Briscola match: partite, or a rest, forfeit or referee-set points (§10)."""
    section = ctx.pack.require_briscola()
    kind = sheet.kind
    if kind in (Kind.LATE_ARRIVAL, Kind.LATE_FORFEIT, Kind.SECOND_WARNING):
        raise SheetError({"kind": [_("Not used in Briscola.")]})
    if kind == Kind.REST:
        no_hands(sheet)
        return Outcome(0, None, section.rest_points, None, played=False)
    if kind == Kind.BOTH_ABSENT:
        no_hands(sheet)
        return Outcome(0, 0, 0, 0, played=False)
    if kind == Kind.FORFEIT:
        return _briscola_forfeit(sheet, ctx)
    if kind == Kind.REFEREE_SET:
        no_hands(sheet)
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
    games = typed_hands(sheet.hands)
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
        no_hands(sheet)
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
