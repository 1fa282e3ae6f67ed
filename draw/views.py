"""A girone's rounds: generate, review, swap, publish, unpublish, public toggles;
a team match's line-ups."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from draw.forms import SwapForm, VisibilityForm, lineup_forms
from draw.services import rounds as services
from draw.services.formats import format_of
from draw.services.lineups import set_lineup
from draw.services.pairing import movement_of, plan_of
from participants.competitors import competitors_of
from participants.services.counts import pair_counts
from seating.models import TeamMatch
from seating.services.team_rounds import lineup_of
from tournament.models import Round, TournamentRole
from tournament.permissions import role_required
from tournament.services.errors import ServiceError
from tournament.services.movement_words import movement_label, plan_label
from tournament.services.tournaments import gironi_of
from tournament.views.common import get_girone, get_round, show_error

DIRECTOR = TournamentRole.Role.DIRECTOR


def _round_url(round_: Round) -> tuple[str, dict]:
    return "tournament:round", {
        "slug": round_.girone.stage.tournament.slug,
        "girone": round_.girone.label,
        "number": round_.number,
    }


def _next_movement(tournament, girone, rounds) -> str:
    """The movement the next round will use, or '' when the plan is over."""
    number = len(rounds) + 1
    if rounds and rounds[-1].status == Round.Status.DRAFT:
        number -= 1
    count = competitors_of(tournament).of(girone).filter(withdrawn=False).count()
    try:
        plan_of(tournament)
        words = format_of(tournament).words
        return movement_label(movement_of(tournament, number, count, words))
    except ServiceError:
        return ""


@role_required(DIRECTOR)
def girone(request, tournament, girone):
    girone = get_girone(tournament, girone)
    rounds = list(girone.rounds.order_by("number"))
    return render(
        request,
        "tournament/girone.html",
        {
            "tournament": tournament,
            "girone": girone,
            "members": competitors_of(tournament).of(girone),
            "count": pair_counts(tournament).of(girone),
            # A team plan has no Mitchell, so never a switch (danese_switch: None).
            "switch": services.danese_switch(tournament, girone)
            if rounds and rounds[-1].status != Round.Status.DRAFT
            else None,
            "rounds": rounds,
            "next_movement": _next_movement(tournament, girone, rounds),
            "has_draft": bool(rounds) and rounds[-1].status == Round.Status.DRAFT,
            "last": rounds[-1] if rounds else None,
        },
    )


@require_POST
@role_required(DIRECTOR)
def generate(request, tournament, girone):
    girone = get_girone(tournament, girone)
    try:
        round_ = services.generate_round(girone)
    except ServiceError as error:
        show_error(request, error)
        return redirect("tournament:girone", slug=tournament.slug, girone=girone.label)
    messages.success(
        request,
        _(
            "Round %(number)s of %(girone)s generated as a draft: review it, then publish."
        )
        % {"number": round_.number, "girone": girone},
    )
    name, kwargs = _round_url(round_)
    return redirect(name, **kwargs)


@role_required(DIRECTOR)
def round_detail(request, tournament, girone, number):
    round_ = get_round(tournament, girone, number)
    tables = list(
        round_.tables.select_related(
            "pair_ns__player1",
            "pair_ns__player2",
            "pair_ns__club",
            "pair_ew__player1",
            "pair_ew__player2",
            "pair_ew__club",
        )
    )
    # A team round's matches, each over two of the tables (none in a pair round).
    by_pk = {t.pk: t for t in tables}
    matches = list(round_.team_matches.select_related("team_a", "team_b"))
    for m in matches:
        m.first = by_pk[m.table_1_id]
        m.second = by_pk.get(m.table_2_id)
    fmt = format_of(tournament)
    swap_form = SwapForm()
    swap_form.fields["first"].label = fmt.words.swap_first
    swap_form.fields["second"].label = fmt.words.swap_second
    return render(
        request,
        "tournament/round.html",
        {
            "tournament": tournament,
            "round": round_,
            "girone": round_.girone,
            "seats_template": fmt.seats_template,
            "words": fmt.words,
            "competitor": competitors_of(tournament).words.singular,
            "matches": matches,
            "tables": [t for t in tables if t.pair_ew_id is not None],
            "resting": [t for t in tables if t.pair_ew_id is None],
            "violations": services.round_violations(round_),
            "meetings": services.round_meetings(round_),
            "rules": services.round_rules(round_),
            "ranking": services.danese_ranking(round_),
            "description": services.describe(round_),
            "has_results": services.has_results(round_),
            "is_last": not round_.girone.rounds.filter(
                number__gt=round_.number
            ).exists(),
            "swap_form": swap_form,
            "visibility_form": VisibilityForm(
                initial={
                    "tables_public": round_.tables_public,
                    "results_public": round_.results_public,
                }
            ),
            "Status": Round.Status,
        },
    )


def _back(round_: Round):
    name, kwargs = _round_url(round_)
    return redirect(name, **kwargs)


@require_POST
@role_required(DIRECTOR)
def swap(request, tournament, girone, number):
    round_ = get_round(tournament, girone, number)
    form = SwapForm(request.POST)
    words = format_of(tournament).words
    if not form.is_valid():
        messages.error(request, words.give_two)
        return _back(round_)
    first, second = form.cleaned_data["first"], form.cleaned_data["second"]
    try:
        outcome = services.swap_pairs(round_, first, second)
    except ServiceError as error:
        show_error(request, error)
        return _back(round_)
    messages.success(request, words.swapped % {"a": first, "b": second})
    for violation in outcome.violations:
        messages.warning(
            request,
            _("Warning: the swap breaks the movement's rule: %(problem)s.")
            % {"problem": violation.message},
        )
    return _back(round_)


def _action(request, tournament, girone, number, action, success):
    round_ = get_round(tournament, girone, number)
    try:
        action(round_)
    except ServiceError as error:
        show_error(request, error)
    else:
        messages.success(request, success % {"number": round_.number})
    return _back(round_)


@require_POST
@role_required(DIRECTOR)
def publish(request, tournament, girone, number):
    return _action(
        request,
        tournament,
        girone,
        number,
        services.publish_round,
        _("Round %(number)s published."),
    )


@require_POST
@role_required(DIRECTOR)
def unpublish(request, tournament, girone, number):
    return _action(
        request,
        tournament,
        girone,
        number,
        services.unpublish_round,
        _("Round %(number)s is a draft again."),
    )


@require_POST
@role_required(DIRECTOR)
def regenerate(request, tournament, girone, number):
    round_ = get_round(tournament, girone, number)
    if (
        round_.status != Round.Status.DRAFT
        or round_.girone.rounds.filter(number__gt=round_.number).exists()
    ):
        messages.error(
            request, _("Only the last round, as a draft, can be regenerated.")
        )
        return _back(round_)
    try:
        services.generate_round(round_.girone)
    except ServiceError as error:
        show_error(request, error)
    else:
        messages.success(
            request, _("Round %(number)s regenerated.") % {"number": number}
        )
    return _back(round_)


@require_POST
@role_required(DIRECTOR)
def delete(request, tournament, girone, number):
    round_ = get_round(tournament, girone, number)
    try:
        services.delete_draft(round_)
    except ServiceError as error:
        show_error(request, error)
        return _back(round_)
    messages.success(request, _("Round %(number)s deleted.") % {"number": number})
    return redirect(
        "tournament:girone", slug=tournament.slug, girone=round_.girone.label
    )


@require_POST
@role_required(DIRECTOR)
def visibility(request, tournament, girone, number):
    round_ = get_round(tournament, girone, number)
    form = VisibilityForm(request.POST)
    form.is_valid()
    try:
        services.set_visibility(
            round_,
            tables=form.cleaned_data.get("tables_public", False),
            results=form.cleaned_data.get("results_public", False),
        )
    except ServiceError as error:
        show_error(request, error)
    else:
        messages.success(request, _("Public view updated."))
    return _back(round_)


@require_POST
@role_required(DIRECTOR)
def generate_all(request, tournament):
    """The next round of every girone at once (all or none)."""
    try:
        made = services.generate_all(gironi_of(tournament))
    except ServiceError as error:
        show_error(request, error)
    else:
        messages.success(
            request,
            _("Rounds generated as drafts: %(rounds)s.")
            % {"rounds": ", ".join(f"{r.girone.label}{r.number}" for r in made)},
        )
    return redirect("tournament:dashboard", slug=tournament.slug)


@require_POST
@role_required(DIRECTOR)
def publish_all(request, tournament):
    try:
        published = services.publish_all(gironi_of(tournament))
    except ServiceError as error:
        show_error(request, error)
    else:
        messages.success(
            request,
            _("Rounds published: %(count)s.") % {"count": len(published)},
        )
    return redirect("tournament:dashboard", slug=tournament.slug)


@require_POST
@role_required(DIRECTOR)
def switch_to_danese(request, tournament, girone):
    """From the girone page: the plan's remaining Mitchell rounds become Danese."""
    girone = get_girone(tournament, girone)
    switch = services.danese_switch(tournament, girone)
    if switch is None:
        messages.error(
            request,
            _("The next round of %(girone)s is not a Mitchell one.")
            % {"girone": girone},
        )
    else:
        try:
            services.switch_to_danese(tournament, from_round=switch[0])
        except ServiceError as error:
            show_error(request, error)
        else:
            messages.success(
                request,
                _("From round %(number)s the plan is a Danese modificato: %(plan)s.")
                % {"number": switch[0], "plan": plan_label(tournament.movement_plan)},
            )
    return redirect("tournament:girone", slug=tournament.slug, girone=girone.label)


@role_required(DIRECTOR)
def lineup(request, tournament, girone, number, match):
    """Both teams' line-ups of one match: two pairs each, from the roster."""
    round_ = get_round(tournament, girone, number)
    found = get_object_or_404(
        TeamMatch.objects.select_related(
            "team_a", "team_b", "table_1__pair_ns", "table_1__pair_ew",
            "table_2__pair_ns", "table_2__pair_ew",
        ),
        round=round_,
        number=match,
        team_b__isnull=False,
    )  # fmt: skip
    forms = lineup_forms(request.POST, found)
    if request.method == "POST":
        side = request.POST.get("side")
        if side in forms:
            team, form = forms[side]
            if form.is_valid():
                try:
                    set_lineup(found, team, form.pairs())
                except ServiceError as error:
                    form.add_error(None, error.message)
                else:
                    messages.success(
                        request,
                        _("Line-up of %(team)s saved.") % {"team": team.name},
                    )
                    return redirect(
                        "tournament:lineup",
                        slug=tournament.slug,
                        girone=round_.girone.label,
                        number=round_.number,
                        match=found.number,
                    )
        else:  # only a hand-made post names no side of the match
            messages.error(request, _("Say which team's line-up this is: A or B."))
    return render(
        request,
        "tournament/lineup.html",
        {
            "tournament": tournament,
            "round": round_,
            "girone": round_.girone,
            "match": found,
            "forms": [(side, *forms[side]) for side in ("a", "b")],
            "lineups": {
                "a": lineup_of(found, "a"),
                "b": lineup_of(found, "b"),
            },
        },
    )
