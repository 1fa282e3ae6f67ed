"""Public pages of a team tournament: a team's page and the pairs inside the teams
(docs/rules.md §11); "Dove gioco?" by team is :func:`public.pages.where_page`. Phone
first, no login."""

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_GET

from participants.models import Team

from . import pages, services
from .competitor import of as competitor_of
from .http import etag_from_content


@require_GET
@etag_from_content
def team(request, slug, number):
    obj = services.get_tournament(slug)
    team_obj = get_object_or_404(
        Team.objects.select_related(*pages.TEAM_RELATED), tournament=obj, number=number
    )
    page = pages.team_page(obj, team_obj)
    return HttpResponse(pages.html(page, path=request.path, request=request))


@require_GET
@etag_from_content
def team_pairs(request, slug):
    """What each pair brought its team, over the released rounds (butler); a pair
    event has no such page: its standings are the pairs'."""
    obj = services.get_tournament(slug)
    if not competitor_of(obj).butler_page:
        return redirect("public:standings", slug=obj.slug)
    page = pages.team_pairs_page(obj)
    return HttpResponse(pages.html(page, path=request.path, request=request))
