"""The read-only JSON API under /api/v1/ (django-ninja; OpenAPI at /api/v1/openapi.json).

It shows what the public site shows and nothing more (:mod:`tournament.visibility`):
public tournaments only, the tables of released rounds, the results of rounds whose
results are released, and the stored public standings (never recomputed here).

``/api/v1/`` answers with an index of the endpoints; ``/api/v1/docs`` is Swagger UI
served from the app's own static files (the copy django-ninja ships, pinned with it in
requirements.lock), with no inline script, so the site's CSP holds and a venue's LAN
without internet shows it too. Path parameters use the site's bounded converters
(``tournament.converters``): an impossible slug or id never reaches a query, and any
URL under /api/ that matches nothing answers a JSON 404 (``core.views.not_found``).
"""

from __future__ import annotations

import datetime as dt
import re

from django.http import Http404
from django.urls import reverse
from ninja import NinjaAPI, Swagger
from pydantic import BaseModel as Schema

from participants.models import Pair
from seating.models import Table
from tournament.models import Round, Tournament

from . import api_parts, services
from .api_answer import answer
from .api_teams import router as teams_router

api = NinjaAPI(
    title="Torneo – public API",
    version="1",
    description=(
        "Read-only data of public Burraco and Briscola tournaments: tournaments, "
        'rounds, tables and standings; for team tournaments (format "teams") '
        "their teams, team matches and team standings. Only what the director "
        "released is shown."
    ),
    urls_namespace="api",  # the namespace of public.api_urls (config/urls.py)
    docs_url="/docs",
    # No online validator badge: the docs fetch nothing outside the site.
    docs=Swagger(settings={"validatorUrl": None}),
)


class EndpointOut(Schema):
    path: str
    description: str


class IndexOut(Schema):
    title: str
    version: str
    description: str
    openapi: str
    docs: str
    endpoints: list[EndpointOut]


class TournamentOut(Schema):
    slug: str
    name: str
    date: dt.date
    venue: str
    game: str
    format: str  # "pairs" or "teams" (team endpoints: tag "teams")
    status: str
    url: str


class RoundOut(Schema):
    id: int
    girone: str
    number: int
    status: str
    tables_public: bool
    results_public: bool


class TournamentDetail(TournamentOut):
    rounds: list[RoundOut]
    bracket_url: str | None


class PairRef(Schema):
    number: int
    players: str
    club: str


class TableOut(Schema):
    number: int
    ns: PairRef
    ew: PairRef | None  # None: the NS pair rests
    vp_ns: int | None  # None until the round's results are released and confirmed
    vp_ew: int | None
    mp_ns: int | None
    mp_ew: int | None


class StandingRowOut(Schema):
    rank: int
    pair_number: int
    players: str
    club: str
    girone: str
    vp: int
    mp_difference: int
    mp_scored: int
    matches_played: int
    rests: int
    vp_per_match: str | None
    tie_break_note: str | None


class StandingsOut(Schema):
    girone: str | None  # None: the overall standings of the stage
    stage: int
    line: str | None  # "ns" / "ew" when the Mitchell lines are ranked apart
    version: int
    rounds: list[int]
    chain: list[str]
    rows: list[StandingRowOut]


_tournament = api_parts.public_tournament


def _tournament_out(t: Tournament) -> dict:
    return {
        "slug": t.slug,
        "name": t.name,
        "date": t.date,
        "venue": t.venue,
        "game": t.game,
        "format": t.format,
        "status": t.status,
        "url": t.get_absolute_url(),
    }


def _round_out(r: Round) -> dict:
    return {
        "id": r.pk,
        "girone": r.girone.label,
        "number": r.number,
        "status": r.status,
        "tables_public": r.tables_public,
        "results_public": r.results_public,
    }


@api.get("/", response=IndexOut, tags=["index"])
def index(request):
    """What this API offers: its endpoints, the OpenAPI schema, the docs."""
    return answer(IndexOut, index_data())


def index_data() -> dict:
    endpoints = [
        (path, operation.view_func.__doc__ or "")
        for router in (api.default_router, teams_router)
        for path, view in router.path_operations.items()
        for operation in view.operations
        if operation.include_in_schema and path != "/"
    ]
    root = reverse("api:index")
    return {
        "title": api.title,
        "version": api.version,
        "description": api.description,
        "openapi": reverse("api:openapi-json"),
        "docs": reverse("api:openapi-view"),
        "endpoints": [
            {
                # "{slug:slug}" (the URL converter) is "{slug}" in the schema
                "path": root + re.sub(r"\{\w+:(\w+)\}", r"{\1}", path.lstrip("/")),
                "description": doc.split("\n")[0],
            }
            for path, doc in endpoints
        ],
    }


@api.get("/tournaments", response=list[TournamentOut], tags=["tournaments"])
def tournaments(request):
    """Public tournaments, today's first."""
    return answer(list[TournamentOut], tournaments_data())


def tournaments_data() -> list[dict]:
    found = services.tournaments_today_first(list(services.public_tournaments()[:500]))
    return [_tournament_out(t) for t in found]


@api.get(
    "/tournaments/{slug:slug}",
    response={200: TournamentDetail, 404: api_parts.ErrorOut},
    tags=["tournaments"],
)
def tournament(request, slug: str):
    """One tournament and its released rounds."""
    return answer(TournamentDetail, tournament_data(_tournament(slug)))


def tournament_data(t: Tournament) -> dict:
    rounds = services.shown_rounds(t).order_by("girone__label", "number")
    return {
        **_tournament_out(t),
        "rounds": [_round_out(r) for r in rounds],
        "bracket_url": services.bracket_url(t),
    }


@api.get(
    "/tournaments/{slug:slug}/rounds",
    response={200: list[RoundOut], 404: api_parts.ErrorOut},
    tags=["rounds"],
)
def rounds(request, slug: str):
    """The rounds whose tables are released."""
    return answer(list[RoundOut], rounds_data(_tournament(slug)))


def rounds_data(t: Tournament) -> list[dict]:
    found = services.shown_rounds(t).order_by("girone__label", "number")
    return [_round_out(r) for r in found]


@api.get(
    "/tournaments/{slug:slug}/rounds/{id:round_id}/tables",
    response={200: list[TableOut], 404: api_parts.ErrorOut},
    tags=["rounds"],
)
def tables(request, slug: str, round_id: int):
    """The tables of a released round; results only once they are released."""
    return answer(list[TableOut], tables_data(_tournament(slug), round_id))


def tables_data(t: Tournament, round_id: int) -> list[dict]:
    rnd = api_parts.shown_round(t, round_id)
    found = list(
        Table.objects.filter(round=rnd)
        .order_by("number")
        .values_list("pk", "number", "pair_ns_id", "pair_ew_id")
    )
    # Plain values, not model instances: a national round has 500 tables.
    ids = {pid for _pk, _n, ns, ew in found for pid in (ns, ew) if pid is not None}
    refs = {
        pk: {
            "number": number,
            "players": f"{l1} {f1} – {l2} {f2}",
            "club": club or "",
        }
        for pk, number, l1, f1, l2, f2, club in Pair.objects.filter(
            pk__in=ids
        ).values_list(
            "pk",
            "number",
            "player1__last_name",
            "player1__first_name",
            "player2__last_name",
            "player2__first_name",
            "club__name",
        )
    }
    from scoring.models import PairScore

    scores = api_parts.released_scores(
        t, rnd, PairScore.objects.all(), "table_id", "line"
    )
    return [
        {
            "number": number,
            "ns": refs[ns_id],
            "ew": refs[ew_id] if ew_id is not None else None,
            **api_parts.results(scores, pk, ("ns", "ew")),
        }
        for pk, number, ns_id, ew_id in found
    ]


@api.get(
    "/tournaments/{slug:slug}/standings",
    response={200: list[StandingsOut], 404: api_parts.ErrorOut},
    tags=["standings"],
)
def standings(request, slug: str, lang: str = "it"):
    """Stored standings per girone (and overall), released results only.

    Pair tournaments; a team tournament (``format`` ``"teams"``) has none here: its
    standings are at ``/tournaments/{slug}/team-standings``.

    ``lang`` picks the language of the tie-break notes: ``it`` (default) or ``en``.
    """
    return answer(list[StandingsOut], standings_data(_tournament(slug), lang))


def standings_data(t: Tournament, lang: str = "it") -> list[dict]:
    return api_parts.standings_data(
        t,
        lang,
        "pair",  # a team event's rank teams: /tournaments/{slug}/team-standings
        lambda r: {"pair_number": r.pair_number, "players": r.players},
    )


api.add_router("", teams_router)  # team tournaments (docs/rules.md §11)


@api.exception_handler(Http404)
def not_found(request, exc):
    return api.create_response(request, {"detail": str(exc)}, status=404)
