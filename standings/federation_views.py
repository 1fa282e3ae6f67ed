"""The federation report pages of the director: the check first, then CSV and XLSX."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from participants.forms import CodeForm
from participants.services import members, registry
from people.models import Club, Player
from tournament.models import TournamentRole
from tournament.permissions import role_required
from tournament.services.errors import ServiceError

from .services import federation, sheets

DIRECTOR = TournamentRole.Role.DIRECTOR


@require_GET
@role_required(DIRECTOR)
def report(request, tournament):
    """The check: what to fix before sending; the export links; a preview."""
    built = federation.build_report(tournament)
    players = {p.player.pk for p in built.problems if p.player is not None}
    clubs = {p.club.pk for p in built.problems if p.club is not None}
    return render(
        request,
        "standings/federation.html",
        {
            "tournament": tournament,
            "report": built,
            "problems": built.problems,
            # The fix forms of what this director may change (services.registry);
            # a player or club other tournaments use says whom to ask instead.
            "editable_players": registry.editable_players(request.user, players),
            "editable_clubs": registry.editable_clubs(request.user, clubs),
            "player_managers": registry.whom_to_ask(Player),
            "club_managers": registry.whom_to_ask(Club),
            "header": federation.header(built),
            "preview": federation.values(built)[:10],
        },
    )


def _filename(tournament, extension: str) -> str:
    stamp = timezone.localdate().isoformat()
    return f"federazione-{tournament.slug}-{stamp}.{extension}"


@require_GET
@role_required(DIRECTOR)
def report_csv(request, tournament):
    built = federation.build_report(tournament)
    text = sheets.csv_text(federation.header(built), federation.values(built))
    return sheets.download(text, _filename(tournament, "csv"))


@require_GET
@role_required(DIRECTOR)
def report_xlsx(request, tournament):
    built = federation.build_report(tournament)
    problems = [[p.message, ", ".join(str(n) for n in p.pairs)] for p in built.problems]
    data = sheets.xlsx_bytes(
        [
            (_("Results"), federation.header(built), federation.values(built)),
            (_("Checks"), [_("Problem"), _("Pairs")], problems),
        ]
    )
    return sheets.download(data, _filename(tournament, "xlsx"))


def _code(request) -> str | None:
    """The typed code, or None after putting the form's error in the messages."""
    form = CodeForm(request.POST)
    if form.is_valid():
        return form.cleaned_data["value"]
    messages.error(request, " ".join(str(m) for ms in form.errors.values() for m in ms))
    return None


@require_POST
@role_required(DIRECTOR)
def fix_tessera(request, tournament, player_id):
    value = _code(request)
    if value is None:
        return redirect("standings:federation", slug=tournament.slug)
    try:
        player = members.set_membership_number(
            tournament, player_id, value, by=request.user
        )
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _("Membership number of %(player)s saved.") % {"player": player},
        )
    return redirect("standings:federation", slug=tournament.slug)


@require_POST
@role_required(DIRECTOR)
def fix_club_code(request, tournament, club_id):
    value = _code(request)
    if value is None:
        return redirect("standings:federation", slug=tournament.slug)
    try:
        club = members.set_club_code(tournament, club_id, value, by=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _("Federation code of “%(club)s” saved.") % {"club": club.name},
        )
    return redirect("standings:federation", slug=tournament.slug)
