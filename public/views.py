"""Public pages: no login, phone first, Italian.

The standings page reads the stored snapshots (kind ``public``): its ETag comes from
their versions, checked before anything is rendered, and the rendered tables are cached
under that version. The other pages get an ETag from their content.
"""

from django.conf import settings
from django.core.cache import cache
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.cache import get_conditional_response, patch_vary_headers
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe
from django.utils.text import compress_string
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from standings.models import Season, Snapshot
from standings.services import read
from standings.services.teams import team_tables
from tournament.links import pair_url, qr_svg
from tournament.models import Pair

from . import services, team_views
from .http import client_tag, etag_from_content, revalidate


@require_GET
@etag_from_content
def tournament(request, slug):
    obj = services.get_tournament(slug)
    rounds = list(services.shown_rounds(obj)[:12])
    return render(
        request,
        "public/tournament.html",
        {
            "tournament": obj,
            "now": timezone.now(),
            "provisional": services.provisional_rounds(obj),
            "rounds": rounds,
            "current": rounds[0] if rounds else None,
            "bracket_url": services.bracket_url(obj),
            "has_standings": Snapshot.objects.filter(
                tournament=obj, kind=Snapshot.Kind.PUBLIC
            ).exists(),
        },
    )


@require_GET
@etag_from_content
def where(request, slug):
    """Dove gioco? A pair by number or name: its table, line and opponents."""
    obj = services.get_tournament(slug)
    if obj.is_teams:
        return team_views.where(request, obj)
    search = services.find_pairs(obj, request.GET.get("q", ""))
    seat = None
    if len(search.pairs) == 1:
        seat = services.current_seat(search.pairs[0])
    return render(
        request,
        "public/where.html",
        {"tournament": obj, "search": search, "seat": seat},
    )


@require_GET
@etag_from_content
def pair(request, slug, number):
    obj = services.get_tournament(slug)
    pair_obj = get_object_or_404(
        Pair.objects.select_related(*PAIR_RELATED),
        tournament=obj,
        number=number,
    )
    tables = services.pair_tables(pair_obj)
    return render(request, PAIR_TEMPLATE, pair_context(request, obj, pair_obj, tables))


PAIR_TEMPLATE = "public/pair.html"
#: What :func:`pair` loads of a pair (the publisher loads many pairs so at once).
PAIR_RELATED = ("player1", "player2", "club", "girone", "team")


def pair_context(request, obj, pair_obj, tables, scores=None) -> dict:
    """The pair page's context: one pair's (the view) or each of a girone's, their
    tables and scores loaded at once (:func:`public.publish.publish_pairs`)."""
    url = pair_url(obj.slug, pair_obj.number, request)
    return {
        "tournament": obj,
        "pair": pair_obj,
        "seat": services.current_seat(pair_obj, tables),
        "history": services.history(pair_obj, tables, scores),
        "share_url": url,
        # segno's own markup: numbers and path commands only.
        "share_qr": mark_safe(qr_svg(url)),
    }


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

    The ETag comes from the stored snapshots' versions (304 before any rendering). For
    an anonymous visitor the whole page, plain and gzipped, is cached under that
    version; otherwise only the tables are. Reached from a pair's page
    (``?coppia=<number>``), the pair's own rows come first, highlighted.
    """
    obj = services.get_tournament(slug)
    mine = _pair_number(obj, request.GET.get("coppia", ""))
    found = read.snapshots(obj, Snapshot.Kind.PUBLIC)
    if not any(snapshot.rounds for snapshot in found):
        # No result released yet: no ranking of every pair at 0 VP by lot.
        found = []
    provisional = services.provisional_rounds(obj)
    # The page changes when a round turns provisional or final (docs/rules.md §5e).
    version = f"{read.version_tag(found)}-{services.provisional_key(provisional)}"
    suffix = f"-p{mine}" if mine else ""
    etag = client_tag(request, f"st{obj.pk}-{version}{suffix}")
    not_modified = get_conditional_response(request, etag=etag)
    if not_modified is not None:
        return revalidate(not_modified)
    lang = getattr(request, "LANGUAGE_CODE", "it")
    use_cache = getattr(settings, "PUBLIC_PAGE_CACHE", True)
    anonymous = not request.user.is_authenticated and "messages" not in request.COOKIES
    gzip_ok = "gzip" in request.META.get("HTTP_ACCEPT_ENCODING", "")
    page_key = f"public:standings-page:{obj.pk}:{version}:{lang}{suffix}"
    if use_cache and anonymous:
        cached = cache.get(page_key)
        if cached is not None:
            return _page_response(cached, gzip_ok, etag)
    key = f"public:standings:{obj.pk}:{version}:{lang}"
    body = cache.get(key) if use_cache else None
    if body is None:
        if obj.is_teams:  # team rows (docs/rules.md §11)
            template, tables = "public/_team_standings_tables.html", team_tables(found)
        else:
            template, tables = "public/_standings_tables.html", read.tables(found)
        body = render_to_string(
            template,
            {"tournament": obj, "tables": tables, "english": lang == "en"},
        )
        if use_cache:
            cache.set(key, body, 3600)
    response = render(
        request,
        "public/standings.html",
        # The fragment is our own template's output, escaped when it was rendered.
        {
            "tournament": obj,
            "tables_html": mark_safe(body),
            "empty": not found,
            "provisional": provisional,
            "mine": mine,
            "my_rows": services.pair_rows(found, mine) if mine else [],
        },
    )
    if use_cache and anonymous:
        plain = response.content
        cache.set(page_key, (plain, compress_string(plain)), 3600)
    response["ETag"] = etag
    return revalidate(response)


def _pair_number(tournament, raw: str) -> int | None:
    """The pair asked for by ``?coppia=``, when it is one of the tournament's."""
    raw = raw.strip().lstrip("#")
    if not raw.isdecimal() or len(raw) > 6:  # "²" is a digit, not a number
        return None
    number = int(raw)
    exists = Pair.objects.filter(tournament=tournament, number=number).exists()
    return number if exists else None


def _page_response(cached: tuple[bytes, bytes], gzip_ok: bool, etag: str):
    plain, packed = cached
    response = HttpResponse(packed if gzip_ok else plain)
    if gzip_ok:  # GZipMiddleware leaves an encoded response alone
        response["Content-Encoding"] = "gzip"
        response["Content-Length"] = str(len(packed))
    patch_vary_headers(response, ("Accept-Encoding", "Cookie"))
    response["Content-Language"] = get_language()
    response["ETag"] = etag
    return revalidate(response)


@require_GET
@etag_from_content
def season(request, slug):
    """A season ranking: points per placing, best N results counted."""
    from standings.services.season import season_table

    obj = get_object_or_404(Season, slug=slug)
    return render(request, "public/season.html", {"table": season_table(obj)})


@require_GET
@etag_from_content
def season_player(request, slug, player_id):
    """One player's season: every tournament, placing, points, counted or not."""
    from standings.services.season import season_table

    obj = get_object_or_404(Season, slug=slug)
    table = season_table(obj)
    row = next((r for r in table.rows if r.player == player_id), None)
    if row is None:
        raise Http404("player not in this season")
    names = {t.slug: t for t in table.tournaments}
    history = [(names[r.event], r) for r in row.results]
    return render(
        request,
        "public/season_player.html",
        {
            "table": table,
            "row": row,
            "player": table.players[player_id],
            "history": history,
        },
    )
