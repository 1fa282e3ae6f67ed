"""Public pages of a team tournament: a team's page, "Dove gioco?" by team, and the
pairs inside the teams (docs/rules.md §11). Phone first, no login."""

from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from tournament.models import Team

from . import services
from .http import etag_from_content
from .teams import find_teams, team_matches


@require_GET
@etag_from_content
def team(request, slug, number):
    obj = services.get_tournament(slug)
    team_obj = get_object_or_404(
        Team.objects.select_related("club", "girone", "captain", "tournament"),
        tournament=obj,
        number=number,
    )
    matches = team_matches(team_obj)
    return render(
        request,
        "public/team.html",
        {
            "tournament": obj,
            "team": team_obj,
            "members": team_obj.members.select_related("player"),
            "current": matches[-1] if matches else None,
            "matches": matches,
            "bracket_url": services.bracket_url(obj),
        },
    )


def where(request, obj):
    """Dove gioco? in a team tournament (called by ``views.where``)."""
    search = find_teams(obj, request.GET.get("q", ""))
    current = None
    if len(search.teams) == 1:
        matches = team_matches(search.teams[0])
        current = matches[-1] if matches else None
    return render(
        request,
        "public/team_where.html",
        {
            "tournament": obj,
            "search": search,
            "current": current,
            "bracket_url": services.bracket_url(obj),
        },
    )


@require_GET
@etag_from_content
def team_pairs(request, slug):
    """What each pair brought its team, over the released rounds (butler)."""
    from standings.services.butler import butler

    obj = services.get_tournament(slug)
    return render(
        request,
        "public/team_pairs.html",
        {
            "tournament": obj,
            "butler": butler(obj, public=True),
            "bracket_url": services.bracket_url(obj),
        },
    )
