"""Each public page as a function of its data: the view answers with it, the
publisher (:mod:`public.publish`) writes it, so a published file is what the view
answers an anonymous visitor, by construction.

A builder returns a :class:`Page` (its template and context) for the objects it is
given, or raises ``Http404`` when the page is not public. :func:`html` renders it: for
a request (the view: its user, its messages) or, without one, for an anonymous visitor
(the publisher; the language is the active one, ``translation.override``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.http import Http404, HttpRequest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from participants.models import Pair, Team
from standings.models import Season, Snapshot
from standings.services import read
from standings.services.season import SeasonTable, season_table
from tournament.links import pair_url, public_base_url, qr_svg
from tournament.models import Tournament

from . import services, venue
from .competitor import of as competitor_of
from .teams import team_matches


@dataclass(frozen=True)
class Page:
    template: str
    context: dict[str, Any] = field(default_factory=dict)


def html(page: Page, *, path: str, request: HttpRequest | None = None) -> str:
    """The page's HTML at URL ``path``: for ``request``'s visitor, or (None) for an
    anonymous one, as the publisher writes it."""
    context = {**page.context, "page_path": path}
    if request is not None:
        return render_to_string(page.template, context, request=request)
    # What the context processors give an anonymous visitor's request.
    context.update(user=AnonymousUser(), messages=())
    return render_to_string(page.template, context)


def tournament_page(obj: Tournament) -> Page:
    rounds = list(services.shown_rounds(obj)[:12])
    return Page(
        "public/tournament.html",
        {
            "tournament": obj,
            "competitor": competitor_of(obj),
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


def where_page(obj: Tournament, query: str = "") -> Page:
    """Dove gioco? A pair (a team) by number or name: where it plays now (its table,
    line and opponents; its team match over two tables)."""
    competitor = competitor_of(obj)
    search = competitor.find(obj, query)
    current = competitor.current(search.found[0]) if len(search.found) == 1 else None
    return Page(
        "public/where.html",
        {
            "tournament": obj,
            "competitor": competitor,
            "search": search,
            "found_text": competitor.found_text % {"n": len(search.found)},
            "cards": [(c, competitor.card_names(c)) for c in search.found],
            "current": current,
            "bracket_url": services.bracket_url(obj),
        },
    )


PAIR_TEMPLATE = "public/pair.html"
#: What a pair page loads of a pair (the publisher loads many pairs so at once).
PAIR_RELATED = ("player1", "player2", "club", "girone", "team")


def pair_page(obj: Tournament, pair: Pair, tables, scores=None, request=None) -> Page:
    """One pair's page: its tables and scores loaded for it (the view) or for a
    whole girone at once (:func:`public.publish.publish_pairs`)."""
    url = pair_url(obj.slug, pair.number, request)
    return Page(
        PAIR_TEMPLATE,
        {
            "tournament": obj,
            "pair": pair,
            "seat": services.current_seat(pair, tables),
            "history": services.history(pair, tables, scores),
            "share_url": url,
            # segno's own markup: numbers and path commands only.
            "share_qr": mark_safe(qr_svg(url)),
        },
    )


def standings_found(obj: Tournament) -> list[Snapshot]:
    """The public standings' snapshots; none before any result is released (no
    ranking of every pair at 0 VP by lot)."""
    found = read.snapshots(obj, Snapshot.Kind.PUBLIC)
    return found if any(snapshot.rounds for snapshot in found) else []


def standings_tables_html(obj: Tournament, found: list[Snapshot]) -> str:
    """The standings' tables (the costly part of the page, cached by the view)."""
    tables = read.tables(found)
    english = get_language() == "en"
    return render_to_string(
        "public/_standings_tables.html",
        {"tournament": obj, "tables": tables, "english": english},
    )


def standings_page(
    obj: Tournament,
    found: list[Snapshot],
    tables_html: str,
    *,
    mine: int | None = None,
) -> Page:
    return Page(
        "public/standings.html",
        {
            "tournament": obj,
            "competitor": competitor_of(obj),
            # Our own template's output, escaped when it was rendered.
            "tables_html": mark_safe(tables_html),
            "empty": not found,
            "provisional": services.provisional_rounds(obj),
            "mine": mine,
            "my_rows": services.pair_rows(found, mine) if mine else [],
        },
    )


def venue_page(obj: Tournament, request: HttpRequest | None = None) -> Page:
    """The venue screen (:mod:`public.venue`): the current round's seating and the
    public standings, large, paged by its script; a QR code to "Dove gioco?"."""
    rounds = venue.current_rounds(obj)
    found = standings_found(obj)
    where = public_base_url(request) + reverse("public:where", args=[obj.slug])
    return Page(
        "public/venue.html",
        {
            "tournament": obj,
            "competitor": competitor_of(obj),
            "rounds": rounds,
            "gironi": len({r.girone_id for r in rounds}) > 1,
            "seating": venue.seating(obj, rounds),
            "rankings": venue.rankings(obj, found),
            "provisional": bool(services.provisional_rounds(obj)),
            "where_url": where,
            # segno's own markup: numbers and path commands only.
            "where_qr": mark_safe(qr_svg(where)),
        },
    )


def season_page(season: Season, table: SeasonTable | None = None) -> Page:
    if table is None:
        table = season_table(season)
    return Page("public/season.html", {"table": table})


def season_player_page(
    season: Season, player_id: int, table: SeasonTable | None = None
) -> Page:
    """One player's season: every tournament, placing, points, counted or not.
    ``table``: the season's table when the caller has it (publishing every player's
    page reads it once, not once a player)."""
    if table is None:
        table = season_table(season)
    row = next((r for r in table.rows if r.player == player_id), None)
    if row is None:
        raise Http404("player not in this season")
    names = {t.slug: t for t in table.tournaments}
    return Page(
        "public/season_player.html",
        {
            "table": table,
            "row": row,
            "player": table.players[player_id],
            "history": [(names[r.event], r) for r in row.results],
        },
    )


TEAM_RELATED = ("club", "girone", "captain", "tournament")


def team_page(obj: Tournament, team: Team) -> Page:
    matches = team_matches(team)
    return Page(
        "public/team.html",
        {
            "tournament": obj,
            "team": team,
            "members": team.members.select_related("player"),
            "current": matches[-1] if matches else None,
            "matches": matches,
            "bracket_url": services.bracket_url(obj),
        },
    )


def team_pairs_page(obj: Tournament) -> Page:
    """What each pair brought its team, over the released rounds (butler)."""
    from standings.services.butler import butler

    return Page(
        "public/team_pairs.html",
        {
            "tournament": obj,
            "butler": butler(obj, public=True),
            "bracket_url": services.bracket_url(obj),
        },
    )
