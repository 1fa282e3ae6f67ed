"""The federation report pages of the director: the check first, then CSV and XLSX."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournament.models import TournamentRole
from tournament.permissions import role_required
from tournament.services import members
from tournament.services.errors import ServiceError

from .services import federation, sheets

DIRECTOR = TournamentRole.Role.DIRECTOR


@require_GET
@role_required(DIRECTOR)
def report(request, tournament):
    """The check: what to fix before sending; the export links; a preview."""
    built = federation.build_report(tournament)
    return render(
        request,
        "standings/federation.html",
        {
            "tournament": tournament,
            "report": built,
            "problems": built.problems,
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


@require_POST
@role_required(DIRECTOR)
def fix_tessera(request, tournament, player_id):
    try:
        player = members.set_membership_number(
            tournament, player_id, request.POST.get("value", "")
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
    try:
        club = members.set_club_code(tournament, club_id, request.POST.get("value", ""))
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _("Federation code of “%(club)s” saved.") % {"club": club.name},
        )
    return redirect("standings:federation", slug=tournament.slug)
