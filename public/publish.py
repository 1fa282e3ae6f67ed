"""Publish the public pages and API answers as files (:mod:`public.published`).

What is published follows the one visibility rule (:mod:`tournament.visibility`):
only a public tournament has files, each rendered by the view itself for an anonymous
visitor (a ``GET`` without query string, per language), so a file is byte for byte
what that view answers; a page the view refuses (404: a round not released, a pair
removed, a tournament set back to draft) has its file removed. Pages with a query
string (search, ``?coppia=``) stay Django's.

:func:`publish_tournament` writes a tournament's pages, everything or a part of them
(a :class:`Scope`: the pairs of a saved table, the rounds changed);
:func:`publish_changes` is the worker's step (:mod:`core.pipeline`, after a change
recorded it in the outbox); :func:`publish_site` writes the site's own pages (seasons,
the API's index) and removes the files of whatever is no longer public (a tournament
set back to draft, deleted or renamed, a season's player who left it).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.http import Http404
from django.template.loader import get_template
from django.test import RequestFactory
from django.urls import Resolver404, resolve
from django.utils import translation

from standings.models import Season
from standings.services import read
from tournament import visibility
from tournament.links import public_base_url
from tournament.models import Pair, Round, Team, Tournament

from . import inputs, published, services

logger = logging.getLogger("public.publish")


@dataclass
class Scope:
    """What of a tournament to publish again (``everything``: all of it)."""

    everything: bool = False
    pairs: set[int] = field(default_factory=set)  # pair ids
    gironi: set[int] = field(default_factory=set)  # every pair and round of these
    rounds: set[int] = field(default_factory=set)  # round ids (their tables)

    @classmethod
    def of(cls, scope: dict) -> Scope:
        """The scope of coalesced outbox work (``outbox.work.merge_scopes``)."""
        return cls(
            everything=bool(scope.get("everything")),
            pairs=set(scope.get("pairs", ())),
            gironi=set(scope.get("gironi", ())),
            rounds=set(scope.get("rounds", ())),
        )

    def merge(self, other: Scope) -> None:
        self.everything |= other.everything
        self.pairs |= other.pairs
        self.gironi |= other.gironi
        self.rounds |= other.rounds


@dataclass
class Result:
    written: int = 0
    unchanged: int = 0
    removed: int = 0

    def add(self, other: Result) -> None:
        self.written += other.written
        self.unchanged += other.unchanged
        self.removed += other.removed


def _factory() -> tuple[RequestFactory, dict[str, str]]:
    base = public_base_url()
    scheme, _, host = base.partition("://")
    return RequestFactory(), {
        "HTTP_HOST": host or "localhost",
        "wsgi.url_scheme": scheme if host else "http",
    }


def _request(factory: RequestFactory, extra: dict[str, str], path: str, lang: str):
    """An anonymous visitor's GET of ``path`` in ``lang`` (no cookie)."""
    request = factory.get(path, **extra)
    request.COOKIES = {}
    request.user = AnonymousUser()
    request.LANGUAGE_CODE = lang
    return request


def _shareable(path: str, body: bytes) -> bytes | None:
    if b"csrfmiddlewaretoken" in body:
        # A form token is one visitor's: a page with one is never shared as a file.
        logger.warning("not published (it carries a form token): %s", path)
        return None
    return body


def render(path: str, lang: str) -> bytes | None:
    """What the view answers an anonymous visitor for ``path`` in ``lang``; None when it
    does not answer 200 (nothing to publish)."""
    factory, extra = _factory()
    request = _request(factory, extra, path, lang)
    try:
        match = resolve(path)
    except Resolver404:
        return None
    with translation.override(lang):
        try:
            response = match.func(request, *match.args, **match.kwargs)
        except Http404:
            return None
        if hasattr(response, "render") and callable(response.render):
            response.render()
        if response.status_code != 200 or getattr(response, "streaming", False):
            return None
        body = bytes(response.content)
    return _shareable(path, body)


def publish_pairs(
    t: Tournament, numbers: Iterable[int], base: Path, *, force: bool = False
) -> Result:
    """Write (or remove) the pair pages of these numbers in every language, each what
    :func:`public.views.pair` answers, their data loaded once for all of them; a page
    whose inputs are those of its file already is not rendered again
    (:mod:`public.inputs`; ``force``: render every page)."""
    from public import views

    result = Result()
    paths = {n: pair_pages(t, [n])[0] for n in sorted(numbers)}
    try:
        obj = services.get_tournament(t.slug)
        pairs = {
            p.number: p
            for p in Pair.objects.select_related(*views.PAIR_RELATED).filter(
                tournament=obj, number__in=list(paths)
            )
        }
    except Http404:
        pairs = {}
    tables = services.pairs_tables(t.pk, list(pairs.values()))
    scores = services.released_scores([p.pk for p in pairs.values()])
    template = get_template(views.PAIR_TEMPLATE)
    factory, extra = _factory()
    for lang in published.LANGUAGES:
        with translation.override(lang):
            for number, path in paths.items():
                target = published.file_for(base, lang, path)
                pair = pairs.get(number)
                if pair is None:
                    result.removed += published.remove(target)
                    continue
                key = inputs.digest(
                    lang,
                    path,
                    inputs.row(obj),
                    _pair_rows(pair, views.PAIR_RELATED),
                    [_table_rows(table) for table in tables[pair.pk]],
                    sorted(map(inputs.row, scores[pair.pk].values())),
                )
                if not force and inputs.unchanged(target, key):
                    result.unchanged += 1
                    continue
                request = _request(factory, extra, path, lang)
                context = views.pair_context(
                    request, obj, pair, tables[pair.pk], scores[pair.pk]
                )
                body = _shareable(
                    path,
                    template.render(context, request).encode(settings.DEFAULT_CHARSET),
                )
                if body is None:
                    result.removed += published.remove(target)
                    continue
                if published.write(target, body):
                    result.written += 1
                else:
                    result.unchanged += 1
                inputs.store(target, key)
    return result


def _pair_rows(pair: Pair | None, related=("player1", "player2")) -> tuple:
    """The pair's row and its related rows loaded with it (never a query more)."""
    if pair is None:
        return ()
    return (inputs.row(pair), *(inputs.row(getattr(pair, name)) for name in related))


def _table_rows(table) -> tuple:
    return (
        inputs.row(table),
        getattr(table, "hall_number", None),
        inputs.row(table.round),
        inputs.row(table.round.girone),
        inputs.row(table.round.girone.stage),
        _pair_rows(table.pair_ns),
        _pair_rows(table.pair_ew),
    )


def publish_paths(paths: Iterable[str], base: Path | None = None) -> Result:
    """Render and write (or remove) these URL paths in every language."""
    base = base or published.root()
    result = Result()
    if base is None:
        return result
    for path in paths:
        body: bytes | None = None
        for lang in published.LANGUAGES:
            target = published.file_for(base, lang, path)
            # The API answers the same in every language (``?lang=`` is a query).
            if lang == published.LANGUAGES[0] or not path.startswith(published.API):
                body = render(path, lang)
            if body is None:
                result.removed += published.remove(target)
            elif published.write(target, body):
                result.written += 1
            else:
                result.unchanged += 1
    return result


def _api(slug: str, tail: str = "") -> str:
    return f"{published.API}tournaments/{slug}{tail}"


def tournament_pages(t: Tournament) -> list[str]:
    """The tournament's own pages (everything but pair, team and round pages)."""
    slug = t.slug
    paths = [
        f"/t/{slug}/",
        f"/t/{slug}/dove-gioco/",
        f"/t/{slug}/classifica/",
        _api(slug),
        _api(slug, "/rounds"),
        _api(slug, "/standings"),
    ]
    if t.is_teams:
        paths += [
            f"/t/{slug}/classifica/coppie/",
            _api(slug, "/teams"),
            _api(slug, "/team-standings"),
        ]
    if services.bracket_url(t):
        paths.append(f"/tabellone/{slug}/")
    return paths


def round_pages(t: Tournament, round_ids: Iterable[int]) -> list[str]:
    tail = "/matches" if t.is_teams else "/tables"
    return [_api(t.slug, f"/rounds/{rid}{tail}") for rid in sorted(round_ids)]


def pair_pages(t: Tournament, numbers: Iterable[int]) -> list[str]:
    return [f"/t/{t.slug}/coppia/{n}/" for n in sorted(numbers)]


def team_pages(t: Tournament, numbers: Iterable[int]) -> list[str]:
    return [f"/t/{t.slug}/squadra/{n}/" for n in sorted(numbers)]


def site_pages() -> list[str]:
    """Pages of no one tournament: the API's index and its list of tournaments."""
    return [published.API, f"{published.API}tournaments"]


def season_pages(season: Season) -> list[str]:
    from standings.services.season import season_table

    table = season_table(season)
    return [f"/t/stagioni/{season.slug}/"] + [
        f"/t/stagioni/{season.slug}/giocatore/{row.player}/" for row in table.rows
    ]


def tournament_folders(base: Path, slug: str) -> list[Path]:
    return [
        base / lang / prefix.strip("/") / slug
        for lang in published.LANGUAGES
        for prefix in ("/t/", "/tabellone/", f"{published.API}tournaments/")
    ]


def unpublish_tournament(slug: str, base: Path | None = None) -> None:
    """Remove every file of a tournament (set back to draft, or deleted)."""
    base = base or published.root()
    if base is None:
        return
    for folder in tournament_folders(base, slug):
        published.remove_tree(folder)
    publish_paths(site_pages(), base)


def publish_tournament(
    t: Tournament,
    scope: Scope | None = None,
    base: Path | None = None,
    *,
    force: bool = False,
) -> Result:
    """Write what ``scope`` can touch of ``t`` (everything by default; ``force``:
    render every page, even one whose inputs did not change: :mod:`public.inputs`)."""
    with read.reusing_tables():
        return _publish_tournament(t, scope, base, force=force)


def _publish_tournament(
    t: Tournament, scope: Scope | None, base: Path | None, *, force: bool
) -> Result:
    base = base or published.root()
    result = Result()
    if base is None:
        return result
    t.refresh_from_db()
    if not visibility.tournament_is_public(t):
        unpublish_tournament(t.slug, base)
        return result
    scope = scope or Scope(everything=True)
    paths = tournament_pages(t)
    pairs = Pair.objects.filter(tournament=t)
    rounds = Round.objects.filter(girone__stage__tournament=t)
    if not scope.everything:
        pairs = pairs.filter(pk__in=scope.pairs) | pairs.filter(
            girone_id__in=scope.gironi
        )
        rounds = rounds.filter(pk__in=scope.rounds) | rounds.filter(
            girone_id__in=scope.gironi
        )
    numbers = set(pairs.values_list("number", flat=True))
    paths += round_pages(t, rounds.values_list("pk", flat=True))
    if t.is_teams:
        teams = Team.objects.filter(tournament=t)
        if not scope.everything:
            teams = teams.filter(pairs__in=pairs).distinct()
        paths += team_pages(t, teams.values_list("number", flat=True))
    if scope.everything:
        paths += site_pages()
        result.removed += _sweep(base, t.slug, set(paths) | set(pair_pages(t, numbers)))
    result.add(publish_paths(paths, base))
    result.add(publish_pairs(t, numbers, base, force=force))
    if scope.everything or t.status == Tournament.Status.FINISHED:
        # A concluded tournament's placings are in its seasons (a late correction).
        result.add(publish_seasons(Season.objects.filter(tournaments=t), base))
    logger.info(
        "published %s: %s written, %s unchanged, %s removed",
        t.slug,
        result.written,
        result.unchanged,
        result.removed,
    )
    return result


def _sweep(base: Path, slug: str, keep: set[str]) -> int:
    """Remove the tournament's files that are no page of it any more."""
    wanted = {
        published.file_for(base, lang, path)
        for path in keep
        for lang in published.LANGUAGES
    }
    removed = 0
    for folder in tournament_folders(base, slug):
        if not folder.exists():
            continue
        for name in ("index.html", "index.json"):
            for found in folder.rglob(name):
                if found not in wanted:
                    removed += published.remove(found)
    return removed


def publish_changes(tournament_id: int, scope: Scope) -> Result:
    """The worker's step: write what ``scope`` touches of the tournament, or remove
    its files when it is no longer public (a draft; deleted: :func:`publish_site`)."""
    t = Tournament.objects.filter(pk=tournament_id).first()
    if t is None:
        return publish_site()
    return publish_tournament(t, scope)


def publish_site(base: Path | None = None) -> Result:
    """The site's own pages and every season; the files of what is no longer public
    removed (a tournament set back to draft, deleted or renamed)."""
    base = base or published.root()
    result = Result()
    if base is None:
        return result
    result.removed += _sweep_tournaments(base)
    result.add(publish_paths(site_pages(), base))
    result.add(publish_seasons(Season.objects.all(), base))
    return result


def publish_seasons(seasons: Iterable[Season], base: Path) -> Result:
    """Each season's page and its players' pages; a player no longer in it (a
    tournament left the season or "Concluso") loses the page, and a season that no
    longer exists its folder."""
    result = Result()
    for season in seasons:
        paths = season_pages(season)
        result.removed += _sweep_folder(
            base, f"/t/stagioni/{season.slug}/giocatore/", set(paths)
        )
        result.add(publish_paths(paths, base))
    known = set(Season.objects.values_list("slug", flat=True))
    for lang in published.LANGUAGES:
        folder = base / lang / "t" / "stagioni"
        for found in _subfolders(folder):
            if found.name not in known:
                published.remove_tree(found)
                result.removed += 1
    return result


def _subfolders(folder: Path) -> list[Path]:
    try:
        return [p for p in folder.iterdir() if p.is_dir()]
    except (FileNotFoundError, NotADirectoryError):
        return []


def _sweep_folder(base: Path, prefix: str, keep: set[str]) -> int:
    """Remove the pages under URL ``prefix`` that are not in ``keep``."""
    wanted = {
        published.file_for(base, lang, path)
        for path in keep
        for lang in published.LANGUAGES
    }
    removed = 0
    for lang in published.LANGUAGES:
        folder = base / lang / prefix.strip("/")
        if not folder.exists():
            continue
        for name in ("index.html", "index.json"):
            for found in folder.rglob(name):
                if found not in wanted:
                    removed += published.remove(found)
    return removed


def _sweep_tournaments(base: Path) -> int:
    """Remove the folders of tournaments that are not public under that slug."""
    public = set(visibility.public_tournaments().values_list("slug", flat=True))
    removed = 0
    for lang in published.LANGUAGES:
        for prefix in ("t", "tabellone", f"{published.API.strip('/')}/tournaments"):
            for found in _subfolders(base / lang / prefix):
                if found.name in public or (prefix == "t" and found.name == "stagioni"):
                    continue
                published.remove_tree(found)
                removed += 1
    return removed


def publish_all(base: Path | None = None, *, force: bool = False) -> Result:
    """Everything: every public tournament, the site's pages; drafts' files removed."""
    base = base or published.root()
    result = Result()
    if base is None:
        return result
    for t in Tournament.objects.all():
        if visibility.tournament_is_public(t):
            result.add(publish_tournament(t, base=base, force=force))
        else:
            unpublish_tournament(t.slug, base)
    result.add(publish_site(base))
    return result
