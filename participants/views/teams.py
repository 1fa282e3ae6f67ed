"""Teams: register one (roster and club), CSV import with a preview, withdrawal,
gironi, and each match's line-ups (docs/rules.md §11)."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from participants import team_csv
from participants.forms import ImportForm, TeamForm
from participants.models import Team
from participants.services import teams as services
from participants.services.registration import EntriesInvalid, seated_rounds
from people.models import Club
from tournament.models import TournamentRole
from tournament.permissions import role_required
from tournament.services.errors import ServiceError
from tournament.views.common import show_error

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
