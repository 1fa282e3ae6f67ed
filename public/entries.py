"""What a tournament's published files are: each page or API answer as an :class:`Entry`
(its URL path and the function that builds its body, the same its view answers with),
grouped by what changes them: the tournament's own pages, those a ranking changes, a
round's tables, the pairs' and teams' pages, the site's and the seasons' pages.
:mod:`public.publish` writes them.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from django.http import Http404, HttpResponse

from knockout.views import bracket_page
from participants.models import Team
from standings.models import Season
from tournament.models import Tournament

from . import api, api_teams, pages, paths
from .api_answer import answer
from .competitor import of as competitor_of

logger = logging.getLogger("public.publish")


def shareable(path: str, body: bytes) -> bytes | None:
    if b"csrfmiddlewaretoken" in body:
        # A form token is one visitor's: a page with one is never shared as a file.
        logger.warning("not published (it carries a form token): %s", path)
        return None
    return body


#: A page to write: its URL path, what makes its body (called in each language; None:
#: not public, its file is removed), and whether the body depends on the language.
@dataclass(frozen=True)
class Entry:
    path: str
    body: Callable[[], bytes | None]
    per_language: bool = True


def page_entry(path: str, build: Callable[[], pages.Page]) -> Entry:
    """A page built by :mod:`public.pages`, as its view answers it."""

    def body() -> bytes | None:
        try:
            page = build()
        except Http404:
            return None
        return shareable(path, pages.html(page, path=path).encode())

    return Entry(path, body)


def api_entry(path: str, build: Callable[[], HttpResponse]) -> Entry:
    """An API answer (the same in every language: ``?lang=`` is a query)."""

    def body() -> bytes | None:
        try:
            return bytes(build().content)
        except Http404:
            return None

    return Entry(path, body, per_language=False)


def _api(slug: str, tail: str = "") -> str:
    return f"{paths.API}tournaments/{slug}{tail}"


def site_path(tail: str) -> str:
    return f"{paths.SITE}{tail}"


def tournament_entries(t: Tournament) -> list[Entry]:
    """The tournament's own pages (everything but pair, team and round pages)."""
    slug = t.slug
    entries = [
        *standings_entries(t),
        page_entry(site_path(f"{slug}/dove-gioco/"), lambda: pages.where_page(t)),
        api_entry(
            _api(slug), lambda: answer(api.TournamentDetail, api.tournament_data(t))
        ),
        api_entry(
            _api(slug, "/rounds"),
            lambda: answer(list[api.RoundOut], api.rounds_data(t)),
        ),
    ]
    entries += own_api_entries(t, ranking=False)
    # The tabellone's page answers for every public tournament ("no tabellone yet").
    entries.append(
        page_entry(f"{paths.BRACKETS}{slug}/", lambda: pages.Page(*bracket_page(t)))
    )
    return entries


def standings_entries(t: Tournament) -> list[Entry]:
    """The pages a ranking changes: the standings (page and API answer; a team
    tournament's team standings and what each pair brought its team), the venue
    screen (the standings beside the current round's seating), and the tournament
    page, which links the standings once there are some."""
    slug = t.slug

    def standings() -> pages.Page:
        found = pages.standings_found(t)
        return pages.standings_page(t, found, pages.standings_tables_html(t, found))

    entries = [
        page_entry(site_path(f"{slug}/"), lambda: pages.tournament_page(t)),
        page_entry(site_path(f"{slug}/classifica/"), standings),
        page_entry(site_path(f"{slug}/schermo/"), lambda: pages.venue_page(t)),
        api_entry(
            _api(slug, "/standings"),
            lambda: answer(list[api.StandingsOut], api.standings_data(t)),
        ),
    ]
    if competitor_of(t).butler_page:
        entries.append(
            page_entry(
                site_path(f"{slug}/classifica/coppie/"),
                lambda: pages.team_pairs_page(t),
            )
        )
    return entries + own_api_entries(t, ranking=True)


#: The API's answers of one competitor only (:attr:`public.competitor.Competitor.own_api`),
#: by their path's tail: the answer's schema, its data, and whether a ranking changes it.
OWN_API = {
    "/teams": (list[api_teams.TeamOut], api_teams.teams_data, False),
    "/team-standings": (
        list[api_teams.TeamStandingsOut],
        api_teams.team_standings_data,
        True,
    ),
}


def own_api_entries(t: Tournament, *, ranking: bool) -> list[Entry]:
    """The tournament's API answers of its competitor only: those a ranking changes
    (``ranking``), or the others."""
    entries = []
    for tail in competitor_of(t).own_api:
        schema, data, ranked = OWN_API[tail]
        if ranked == ranking:
            build = functools.partial(data, t)
            entries.append(
                api_entry(
                    _api(t.slug, tail), functools.partial(_answer_of, schema, build)
                )
            )
    return entries


def _answer_of(schema: Any, data: Callable[[], Any]) -> HttpResponse:
    return answer(schema, data())


#: A round's seating in the API (:attr:`public.competitor.Competitor.round_api`): its
#: tables (pairs), its team matches (teams).
ROUND_API = {
    "tables": (list[api.TableOut], api.tables_data),
    "matches": (list[api_teams.TeamMatchOut], api_teams.matches_data),
}


def round_entries(t: Tournament, round_ids: Iterable[int]) -> list[Entry]:
    """Each round's seating in the API: its tables (its team matches, for teams)."""
    tail = competitor_of(t).round_api
    schema, data = ROUND_API[tail]
    return [
        api_entry(
            _api(t.slug, f"/rounds/{rid}/{tail}"),
            functools.partial(_answer_of, schema, functools.partial(data, t, rid)),
        )
        for rid in sorted(round_ids)
    ]


def pair_pages(t: Tournament, numbers: Iterable[int]) -> list[str]:
    return [site_path(f"{t.slug}/coppia/{n}/") for n in sorted(numbers)]


def team_entries(t: Tournament, numbers: Iterable[int]) -> list[Entry]:
    teams = {
        team.number: team
        for team in Team.objects.select_related(*pages.TEAM_RELATED).filter(
            tournament=t, number__in=list(numbers)
        )
    }

    def build(number: int) -> pages.Page:
        if number not in teams:
            raise Http404("no such team")
        return pages.team_page(t, teams[number])

    return [
        page_entry(site_path(f"{t.slug}/squadra/{n}/"), functools.partial(build, n))
        for n in sorted(numbers)
    ]


def site_entries() -> list[Entry]:
    """Pages of no one tournament: the API's index and its list of tournaments."""
    return [
        api_entry(paths.API, lambda: answer(api.IndexOut, api.index_data())),
        api_entry(
            f"{paths.API}tournaments",
            lambda: answer(list[api.TournamentOut], api.tournaments_data()),
        ),
    ]


def season_entries(season: Season) -> list[Entry]:
    """A season's page and each of its players' pages."""
    from standings.services.season import season_table

    table = season_table(season)
    base = site_path(f"stagioni/{season.slug}/")
    return [page_entry(base, lambda: pages.season_page(season, table))] + [
        page_entry(
            f"{base}giocatore/{row.player}/",
            functools.partial(pages.season_player_page, season, row.player, table),
        )
        for row in table.rows
    ]


@dataclass
class Scope:
    """What of a tournament to publish again (``everything``: all of it)."""

    everything: bool = False
    #: The tournament's own pages (:func:`tournament_entries`), or (``standings``)
    #: only those a ranking changes (:func:`standings_entries`).
    pages: bool = False
    standings: bool = False
    pairs: set[int] = field(default_factory=set)  # pair ids
    gironi: set[int] = field(default_factory=set)  # every pair and round of these
    rounds: set[int] = field(default_factory=set)  # round ids (their tables)

    @classmethod
    def of(cls, scope: dict) -> Scope:
        """The scope of coalesced outbox work (``outbox.work.merge_scopes``)."""
        return cls(
            everything=bool(scope.get("everything")),
            pages=bool(scope.get("pages")),
            standings=bool(scope.get("standings")),
            pairs=set(scope.get("pairs", ())),
            gironi=set(scope.get("gironi", ())),
            rounds=set(scope.get("rounds", ())),
        )

    def merge(self, other: Scope) -> None:
        self.everything |= other.everything
        self.pages |= other.pages
        self.standings |= other.standings
        self.pairs |= other.pairs
        self.gironi |= other.gironi
        self.rounds |= other.rounds

    def entries(self, t: Tournament) -> list[Entry]:
        """The tournament's own pages this scope touches."""
        if self.everything or self.pages:
            return tournament_entries(t)
        if self.standings:
            return standings_entries(t)
        return []
