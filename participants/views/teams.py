"""Teams: register one (roster and club), CSV import with a preview, withdrawal
(docs/rules.md §11): the pages pairs have, with a team's form and roster
(:mod:`participants.views.competitors`)."""

from __future__ import annotations

from participants import team_csv
from participants.forms import ImportForm, TeamForm
from participants.services.teams import TEAM_ENTRIES
from participants.views.competitors import (
    import_page,
    other_format,
    register_page,
    withdraw_page,
)
from tournament.models import TournamentRole
from tournament.permissions import role_required

DIRECTOR = TournamentRole.Role.DIRECTOR


@role_required(DIRECTOR)
def teams(request, tournament):
    """Register a team with its roster, and the teams registered."""
    return other_format(tournament, TEAM_ENTRIES) or register_page(
        request, tournament, TEAM_ENTRIES, TeamForm, "tournament/teams.html"
    )


@role_required(DIRECTOR)
def withdraw_team(request, tournament, number):
    """Withdraw a team after a confirmation, or reinstate it."""
    return withdraw_page(request, tournament, number, TEAM_ENTRIES)


@role_required(DIRECTOR)
def import_teams(request, tournament):
    """Paste or upload, see every error by line, fix, and confirm a clean preview."""
    return other_format(tournament, TEAM_ENTRIES, "import_page") or import_page(
        request,
        tournament,
        TEAM_ENTRIES,
        ImportForm,
        "tournament/import_teams.html",
        team_csv.EXAMPLE_HEADER,
    )
