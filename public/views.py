"""Public pages: no login, phone first, Italian.

Each view finds its objects and answers with the page :mod:`public.pages` builds, the
same function the publisher writes the files with. The standings page reads the
stored snapshots (kind ``public``): its ETag comes from their versions, checked before
anything is rendered, and the rendered tables are cached under that version. The
other pages get an ETag from their content.
"""

from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.utils.cache import get_conditional_response
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from participants.models import Pair
from standings.models import Season
from standings.services import read

from . import pages, services
from .http import client_tag, etag_from_content, revalidate


def _answer(request, page: pages.Page) -> HttpResponse:
    return HttpResponse(pages.html(page, path=request.path, request=request))


@require_GET
@etag_from_content
def tournament(request, slug):
    return _answer(request, pages.tournament_page(services.get_tournament(slug)))


@require_GET
@etag_from_content
def where(request, slug):
    """Dove gioco? A pair by number or name: its table, line and opponents."""
    obj = services.get_tournament(slug)
    return _answer(request, pages.where_page(obj, request.GET.get("q", "")))


@require_GET
@etag_from_content
def venue(request, slug):
    """The venue screen: the current round's seating and the standings, for a
    projector or a TV (:mod:`public.venue`)."""
    obj = services.get_tournament(slug)
    return _answer(request, pages.venue_page(obj, request))


@require_GET
@etag_from_content
def pair(request, slug, number):
    obj = services.get_tournament(slug)
    pair_obj = get_object_or_404(
        Pair.objects.select_related(*pages.PAIR_RELATED),
        tournament=obj,
        number=number,
    )
    tables = services.pair_tables(pair_obj)
    return _answer(request, pages.pair_page(obj, pair_obj, tables, request=request))


@require_GET
def language(request, code):
    """Switch the language of the public pages with a plain link (no form, no token).

    The public pages then carry nothing personal for an anonymous visitor, so the
    standings page can be served whole from the cache.
    """
    target = request.GET.get("next", "/")
    if not target.startswith("/") or not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}
    ):
        target = "/"
    # A plain redirect: redirect() would take "next=-1" for a view's name (a 500).
    response = HttpResponseRedirect(target)
    if code in dict(settings.LANGUAGES):
        response.set_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            code,
            max_age=settings.LANGUAGE_COOKIE_AGE,
            samesite="Lax",
        )
    return response


@require_GET
def standings(request, slug):
    """Standings per girone and overall, with tie-break notes; never aggregated here.

    The ETag comes from the stored snapshots' versions (304 before any rendering); the
    tables are cached under that version (a pair's own view, ``?coppia=<number>``
    from its page, puts its rows first, highlighted, around the same tables).
    """
    obj = services.get_tournament(slug)
    mine = _pair_number(obj, request.GET.get("coppia", ""))
    found = pages.standings_found(obj)
    provisional = services.provisional_rounds(obj)
    # The page changes when a round turns provisional or final (docs/rules.md §5e).
    version = f"{read.version_tag(found)}-{services.provisional_key(provisional)}"
    suffix = f"-p{mine}" if mine else ""
    etag = client_tag(request, f"st{obj.pk}-{version}{suffix}")
    not_modified = get_conditional_response(request, etag=etag)
    if not_modified is not None:
        return revalidate(not_modified)
    response = _answer(
        request,
        pages.standings_page(obj, found, tables_html(obj, found, version), mine=mine),
    )
    response["ETag"] = etag
    return revalidate(response)


def tables_html(obj, found, version: str) -> str:
    """The standings' tables, rendered once per version and language: the one cache
    the views keep (``?coppia=`` pages of a thousand pairs share them)."""
    # The slug too: the tables link the pair pages under it.
    key = f"public:standings:{obj.pk}:{obj.slug}:{version}:{get_language()}"
    use_cache = getattr(settings, "PUBLIC_PAGE_CACHE", True)
    body = cache.get(key) if use_cache else None
    if body is None:
        body = pages.standings_tables_html(obj, found)
        if use_cache:
            cache.set(key, body, 3600)
    return body


def _pair_number(tournament, raw: str) -> int | None:
    """The pair asked for by ``?coppia=``, when it is one of the tournament's."""
    raw = raw.strip().lstrip("#")
    if not raw.isdecimal() or len(raw) > 6:  # "²" is a digit, not a number
        return None
    number = int(raw)
    exists = Pair.objects.filter(tournament=tournament, number=number).exists()
    return number if exists else None


@require_GET
@etag_from_content
def season(request, slug):
    """A season ranking: points per placing, best N results counted."""
    return _answer(request, pages.season_page(get_object_or_404(Season, slug=slug)))


@require_GET
@etag_from_content
def season_player(request, slug, player_id):
    """One player's season: every tournament, placing, points, counted or not."""
    season_obj = get_object_or_404(Season, slug=slug)
    return _answer(request, pages.season_player_page(season_obj, player_id))
