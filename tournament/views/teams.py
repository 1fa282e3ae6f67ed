"""Teams: register one (roster and club), CSV import with a preview, withdrawal,
gironi, and each match's line-ups (docs/rules.md §11)."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from tournament import team_csv
from tournament.forms import ImportForm, SplitForm
from tournament.models import Club, Team, TeamMatch, TournamentRole
from tournament.permissions import role_required
from tournament.services import teams as services
from tournament.services.errors import ServiceError
from tournament.services.registration import EntriesInvalid, seated_rounds
from tournament.services.tournaments import gironi_of
from tournament.team_forms import LineupForm, TeamForm

from .common import get_round, show_error

DIRECTOR = TournamentRole.Role.DIRECTOR


def _teams_only(tournament) -> None:
    if not tournament.is_teams:
        raise Http404(_("This tournament is played in pairs."))


def _listed(tournament):
    return (
        tournament.teams.select_related("club", "captain", "girone")
        .prefetch_related("members__player")
        .order_by("number")
    )


@role_required(DIRECTOR)
def teams(request, tournament):
    _teams_only(tournament)
    form = TeamForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            team = services.register_team(
                tournament, form.entry(), create_club=form.cleaned_data["create_club"]
            )
        except EntriesInvalid as error:
            for problem in error.errors:
                field = problem.field if problem.field in form.fields else None
                form.add_error(field, problem.message)
        except ServiceError as error:
            form.add_error(None, error.message)
        else:
            messages.success(
                request,
                _("Team %(number)s registered: %(name)s.")
                % {"number": team.number, "name": team.name},
            )
            return redirect("tournament:teams", slug=tournament.slug)
    return render(
        request,
        "tournament/teams.html",
        {
            "tournament": tournament,
            "form": form,
            "teams": _listed(tournament),
            "clubs": Club.objects.all(),
        },
    )


@role_required(DIRECTOR)
def withdraw_team(request, tournament, number):
    """Withdraw a team after a confirmation, or reinstate it."""
    team = get_object_or_404(Team, tournament=tournament, number=number)
    withdrawn = request.POST.get("withdrawn", "1") == "1"
    if withdrawn and not (
        request.method == "POST" and request.POST.get("confirm") == "1"
    ):
        return render(
            request,
            "tournament/withdraw.html",
            {
                "tournament": tournament,
                "competitor": team,
                "is_team": True,
                "seated": seated_rounds(team),
                "unconfirmed": request.method == "POST",
                "action": reverse(
                    "tournament:withdraw_team", args=[tournament.slug, team.number]
                ),
                "back": reverse("tournament:teams", args=[tournament.slug]),
            },
        )
    try:
        services.set_team_withdrawn(team, withdrawn)
    except ServiceError as error:
        show_error(request, error)
    else:
        if withdrawn:
            text = _("Team %(number)s withdrawn: it meets nobody in later rounds.")
        else:
            text = _("Team %(number)s reinstated.")
        messages.success(request, text % {"number": team.number})
    return redirect("tournament:teams", slug=tournament.slug)


@role_required(DIRECTOR)
def import_teams(request, tournament):
    """Paste or upload, see every error by line, fix, and confirm a clean preview."""
    _teams_only(tournament)
    form = ImportForm(request.POST or None, request.FILES or None)
    preview = None
    if request.method == "POST" and form.is_valid():
        text = form.cleaned_data["text"]
        create_clubs = form.cleaned_data["create_clubs"]
        preview = services.preview_team_import(
            tournament, text, create_clubs=create_clubs
        )
        if form.cleaned_data["confirm"] and preview.ok:
            try:
                created = services.import_teams(
                    tournament, text, create_clubs=create_clubs
                )
            except ServiceError as error:
                show_error(request, error)
            else:
                messages.success(
                    request,
                    _("%(count)s teams imported.") % {"count": len(created)},
                )
                return redirect("tournament:teams", slug=tournament.slug)
        data = request.POST.copy()
        data["text"] = text
        data["confirm"] = ""
        form = ImportForm(data)
    return render(
        request,
        "tournament/import_teams.html",
        {
            "tournament": tournament,
            "form": form,
            "preview": preview,
            "example": team_csv.EXAMPLE_HEADER,
        },
    )


def gironi(request, tournament):
    """The gironi page of a team tournament (called by ``pairs.gironi``)."""
    existing = gironi_of(tournament)
    form = SplitForm(request.POST or None, initial={"count": len(existing) or 1})
    form.fields["method"].choices = form.fields["method"].choices[:2]
    form.fields["avoid_clubs"].label = _(
        "Keep teams of the same club in different gironi"
    )
    listed = list(tournament.teams.filter(withdrawn=False).select_related("club"))
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            outcome = services.split_teams_into_gironi(
                tournament,
                count=data["count"],
                method=data["method"],
                seed=data["seed"],
                avoid_clubs=data["avoid_clubs"],
            )
        except ServiceError as error:
            show_error(request, error)
        else:
            text = _("%(count)s gironi made.") % {"count": len(outcome.gironi)}
            if outcome.seed is not None:
                text += " " + _("Draw seed: %(seed)s.") % {"seed": outcome.seed}
            messages.success(request, text)
            if outcome.club_clashes:
                messages.warning(
                    request,
                    _(
                        "These teams share a girone with a team of their club: %(teams)s."
                    )
                    % {"teams": "; ".join(outcome.club_clashes)},
                )
            return redirect("tournament:gironi", slug=tournament.slug)
    return render(
        request,
        "tournament/team_gironi.html",
        {
            "tournament": tournament,
            "form": form,
            "gironi": [
                (g, [t for t in listed if t.girone_id == g.pk]) for g in existing
            ],
        },
    )


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
    forms = {}
    for side, team in (("a", found.team_a), ("b", found.team_b)):
        members = list(team.members.select_related("player"))
        first, second = services.lineup_of(found, side)
        current = [first.player1_id, first.player2_id]
        current += [second.player1_id, second.player2_id] if second else [None, None]
        posted = request.POST if request.POST.get("side") == side else None
        forms[side] = (
            team,
            LineupForm(posted, members=members, current=current, prefix=side),
        )
    if request.method == "POST":
        side = request.POST.get("side")
        if side in forms:
            team, form = forms[side]
            if form.is_valid():
                try:
                    services.set_lineup(found, team, form.pairs())
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
                "a": services.lineup_of(found, "a"),
                "b": services.lineup_of(found, "b"),
            },
        },
    )
