"""The director's standings pages under /classifiche/: official, provisional, releases.

Thin views: reading is :mod:`standings.services.read` (stored snapshots, kind
``confirmed``) and :mod:`standings.services.provisional`; a release goes through
:func:`standings.services.visibility.set_round_visibility`.
"""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from scoring.models import ResultVersion
from scoring.tables import ImpactTable
from standings.services.csv_export import standings_csv
from tournament import csvsafe
from tournament.models import Girone, Round, TournamentRole
from tournament.permissions import role_required
from tournament.services.errors import ServiceError
from tournament.words import game_words

from .models import Snapshot, StandingsConfig
from .services import read
from .services.butler import butler
from .services.competitors import competitors_of
from .services.config import chain_text, missed_round_text, standings_settings
from .services.impact import stored_impact
from .services.provisional import provisional_standings
from .services.store import refresh_tournament
from .services.visibility import set_round_visibility

DIRECTOR = TournamentRole.Role.DIRECTOR


@role_required(DIRECTOR)
def director(request, tournament):
    found = read.snapshots(tournament, Snapshot.Kind.CONFIRMED)
    rounds = (
        Round.objects.filter(girone__stage__tournament=tournament)
        .select_related("girone")
        .order_by("girone__label", "number")
    )
    config = StandingsConfig.objects.filter(tournament=tournament).first()
    settings = standings_settings(tournament)
    return render(
        request,
        "standings/director.html",
        {
            "tournament": tournament,
            "competitors": competitors_of(tournament),
            "tables_html": _tables_html(request, tournament, found),
            "rounds": rounds,
            "gironi": Girone.objects.filter(stage__tournament=tournament),
            "settings": settings,
            "chain_text": chain_text(settings, tournament.game),
            "missed_round_text": missed_round_text(settings, tournament.game),
            "config": config,
        },
    )


@role_required(DIRECTOR)
def provisional(request, tournament, girone_id):
    girone = get_object_or_404(Girone, pk=girone_id, stage__tournament=tournament)
    if competitors_of(tournament).lineups:  # none for teams: see Competitors
        return redirect("standings:director", slug=tournament.slug)
    view = provisional_standings(girone)
    return render(
        request,
        "standings/provisional.html",
        {"tournament": tournament, "view": view},
    )


@require_POST
@role_required(DIRECTOR)
def visibility(request, tournament, round_id):
    rnd = get_object_or_404(Round, pk=round_id, girone__stage__tournament=tournament)
    field = request.POST.get("field")
    value = request.POST.get("value") == "1"
    if field not in ("tables", "results"):
        messages.error(request, _("Unknown setting: %(field)s.") % {"field": field})
        return redirect("standings:director", slug=tournament.slug)
    try:
        set_round_visibility(rnd.pk, **{f"{field}_public": value})
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("%(round)s updated.") % {"round": rnd})
    return redirect("standings:director", slug=tournament.slug)


@require_POST
@role_required(DIRECTOR)
def recompute(request, tournament):
    refresh_tournament(tournament)
    messages.success(request, _("Standings recomputed."))
    return redirect("standings:director", slug=tournament.slug)


def _tables_html(request, tournament, found):
    from django.template.loader import render_to_string

    return render_to_string(
        "public/_standings_tables.html",  # a pair's or a team's rows
        {
            "tournament": tournament,
            "tables": read.tables(found),
            "english": getattr(request, "LANGUAGE_CODE", "it") == "en",
        },
    )


@role_required(DIRECTOR)
def export_csv(request, tournament):
    """The stored standings as CSV (as ``manage.py export_standings_csv``)."""
    kind = "public" if request.GET.get("kind") == "public" else "confirmed"
    suffix = "-pubblica" if kind == "public" else ""
    return csvsafe.download(
        standings_csv(tournament, kind), f"classifica-{tournament.slug}{suffix}.csv"
    )


@role_required(DIRECTOR)
def team_pairs(request, tournament):
    """Team tournaments: what each pair brought its team (confirmed results)."""
    if not competitors_of(tournament).lineups:
        return redirect("standings:director", slug=tournament.slug)
    return render(
        request,
        "standings/butler.html",
        {"tournament": tournament, "butler": butler(tournament)},
    )


@require_GET
@role_required(TournamentRole.Role.REFEREE)
def impact(request, tournament, version_id):
    """A correction's impact report (the referee is sent here after saving it).

    Only a correction has one: any other version (a pending first entry of a double
    entry above all) is not shown here (issue 14 §5)."""
    version = get_object_or_404(
        ResultVersion.objects.select_related(
            "result__table__round__girone", "entered_by", "supersedes"
        ),
        pk=version_id,
        purpose=ResultVersion.Purpose.CORRECTION,
        result__round__girone__stage__tournament=tournament,
    )
    report = stored_impact(version)
    return render(
        request,
        "scoring/impact.html",
        {
            "tournament": tournament,
            "version": version,
            "report": report,
            "impact_table": ImpactTable(
                report["rows"],
                words=game_words(tournament),
                exclude=() if report.get("overall") else ("overall",),
                teams=bool(report.get("teams")),
            ),
        },
    )
