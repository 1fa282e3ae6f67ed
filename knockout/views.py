"""Tabellone pages: public bracket, director (qualifiers, draw), referee (results).

Views are thin: read a form, make one service call, answer.
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from scoring.services.bounds import BoundsError, UnlikelyError
from tournament import visibility
from tournament.models import Tournament, TournamentRole
from tournament.permissions import role_required

from . import services
from .forms import MatchForm, QualifyForm
from .models import Bracket, BracketMatch
from .services.entrants import entrants_of
from .services.errors import ReasonRequired
from .services.read import bracket_view, round_title
from .services.results import ImpactLine

Role = TournamentRole.Role


def _brackets(tournament) -> list[Bracket]:
    return list(Bracket.objects.filter(tournament=tournament).order_by("pk"))


def _bracket(tournament, bracket_id: int) -> Bracket:
    return get_object_or_404(Bracket, tournament=tournament, pk=bracket_id)


def bracket_page(tournament, chosen: str = "") -> tuple[str, dict]:
    """The public tabellone page's template and context (the view's, and what the
    publisher writes: ``public.publish``); ``chosen``: one tabellone's id."""
    every = _brackets(tournament)
    brackets = [b for b in every if str(b.pk) == chosen] or every
    return "knockout/public.html", {
        "tournament": tournament,
        "every": every,
        "chosen": brackets[0].pk if len(brackets) == 1 and len(every) > 1 else None,
        "views": [bracket_view(b) for b in brackets],
        "version": "-".join(f"{b.pk}.{b.version}" for b in brackets),
    }


@require_GET
def public_bracket(request, slug):
    tournament = get_object_or_404(visibility.public_tournaments(), slug=slug)
    # ?tabellone=<id> shows one tabellone only (e.g. one per projector).
    template, context = bracket_page(tournament, request.GET.get("tabellone", ""))
    if request.GET.get("partial"):
        return render(request, "knockout/includes/_brackets.html", context)
    return render(request, template, {**context, "page_path": request.path})


@require_GET
@role_required(Role.DIRECTOR)
def director(request, tournament):
    entrants = entrants_of(tournament)
    form = QualifyForm(
        request.GET or None,
        briscola=tournament.game == Tournament.Game.BRISCOLA,
        teams=entrants.teams,
    )
    context = {
        "tournament": tournament,
        "entrants": entrants,
        "views": [bracket_view(b) for b in _brackets(tournament)],
        "form": form,
    }
    if form.is_bound and form.is_valid():
        context["problems"] = services.gironi_problems(
            tournament, form.options()["gironi"]
        )
        if not context["problems"]:
            try:
                context["proposal"] = services.propose_qualifiers(
                    tournament, **form.options()
                )
            except services.KnockoutError as exc:
                messages.error(request, str(exc))
    else:
        context["problems"] = services.gironi_problems(tournament)
    return render(request, "knockout/director.html", context)


@require_POST
@role_required(Role.DIRECTOR)
def confirm(request, tournament):
    form = QualifyForm(request.POST, teams=entrants_of(tournament).teams)
    if not form.is_valid():
        messages.error(request, _("Check the qualification settings."))
        return redirect("knockout:director", slug=tournament.slug)
    d = form.cleaned_data
    try:
        services.confirm_qualifiers(
            tournament,
            by=request.user,
            seeding=d["seeding"],
            third_place=d["third_place"],
            best_of=d.get("best_of"),
            final_best_of=d.get("final_best_of"),
            waiting_minutes=d["waiting_minutes"],
            name=d.get("name") or "",
            **form.options(),
        )
    except services.KnockoutError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("Qualifiers confirmed: now draw the tabellone."))
    return redirect("knockout:director", slug=tournament.slug)


@require_POST
@role_required(Role.DIRECTOR)
def draw(request, tournament, bracket_id):
    bracket = _bracket(tournament, bracket_id)
    try:
        services.draw_bracket(bracket.pk, by=request.user)
    except services.KnockoutError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("Tabellone drawn."))
    return redirect("knockout:director", slug=tournament.slug)


@require_GET
@role_required(Role.REFEREE)
def referee(request, tournament):
    return render(
        request,
        "knockout/referee.html",
        {
            "tournament": tournament,
            "views": [bracket_view(b) for b in _brackets(tournament)],
        },
    )


@role_required(Role.REFEREE)
def match_entry(request, tournament, bracket_id, round_, index):
    bracket = _bracket(tournament, bracket_id)
    match = get_object_or_404(
        BracketMatch.objects.select_related("pair_a", "pair_b", "team_a", "team_b"),
        bracket=bracket,
        round=round_,
        index=index,
    )
    briscola = tournament.game == Tournament.Game.BRISCOLA
    teams = entrants_of(tournament).teams
    form = MatchForm(request.POST or None, match=match, briscola=briscola, teams=teams)
    if request.method == "POST" and form.is_valid():
        try:
            saved, impact = services.enter_result(
                bracket.pk,
                round_,
                index,
                form.entry(),
                by=request.user,
                confirm=form.cleaned_data.get("confirm") or False,
            )
        except BoundsError as exc:
            form.add_service_errors(exc.errors)
            if isinstance(exc, UnlikelyError):
                form.ask_confirmation(exc.key)
        except ReasonRequired as exc:
            form.add_error("reason", str(exc))
        except services.KnockoutError as exc:
            form.add_error(None, str(exc))
        else:
            _report_saved(request, saved, impact)
            return redirect("knockout:referee", slug=tournament.slug)
    rounds = bracket.size.bit_length() - 1
    return render(
        request,
        "knockout/match_form.html",
        {
            "tournament": tournament,
            "bracket": bracket,
            "match": match,
            "form": form,
            "briscola": briscola,
            "teams": teams,
            "round_title": round_title(rounds, match.round),
        },
        status=400 if request.method == "POST" else 200,
    )


def _report_saved(request, saved: BracketMatch, impact: list[ImpactLine]) -> None:
    """Who goes through, and what the result changed downstream."""
    messages.success(
        request,
        _("Result saved: %(pair)s goes through.") % {"pair": saved.winner_side},
    )
    for line in impact:
        if line.was_played:
            messages.warning(request, line.match.flag_note)
        else:
            messages.info(
                request,
                _("Round %(round)s, match %(index)s: %(old)s → %(new)s.")
                % {
                    "round": line.match.round,
                    "index": line.match.index + 1,
                    "old": line.old or "—",
                    "new": line.new or "—",
                },
            )
