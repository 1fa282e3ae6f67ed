"""Publish the public pages and API answers as files (:mod:`public.published`).

What is published follows the one visibility rule (:mod:`tournament.visibility`):
only a public tournament has files, each written by the function its view answers
with (:mod:`public.pages` for the pages, :mod:`public.api_answer` for the API), for an
anonymous visitor in each language, so a file is what the view answers; a page that is
not public (``Http404``: a round not released, a pair removed, a tournament set back to
draft) has its file removed. Pages with a query string (search, ``?coppia=``) stay
Django's.

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

from django.http import Http404
from django.utils import translation

from participants.models import Pair, Team
from standings.models import Season
from standings.services import read
from tournament import visibility
from tournament.models import Round, Tournament

from . import inputs, pages, paths, published, services
from .entries import (
    Entry,
    Scope,
    pair_pages,
    round_entries,
    season_entries,
    shareable,
    site_entries,
    site_path,
    team_entries,
)

logger = logging.getLogger("public.publish")


@dataclass
class Result:
    written: int = 0
    unchanged: int = 0
    removed: int = 0
    #: Pairs (ids) whose pages are left for another step (``pair_limit``).
    left: set[int] = field(default_factory=set)

    def add(self, other: Result) -> None:
        self.written += other.written
        self.unchanged += other.unchanged
        self.removed += other.removed
        self.left |= other.left


def publish_pairs(
    t: Tournament, numbers: Iterable[int], base: Path, *, force: bool = False
) -> Result:
    """Write (or remove) the pair pages of these numbers in every language, each what
    :func:`public.views.pair` answers (:func:`public.pages.pair_page`), their data
    loaded once for all of them; a page
    whose inputs are those of its file already is not rendered again
    (:mod:`public.inputs`; ``force``: render every page)."""
    result = Result()
    urls = {n: pair_pages(t, [n])[0] for n in sorted(numbers)}
    try:
        obj = services.get_tournament(t.slug)
        pairs = {
            p.number: p
            for p in Pair.objects.select_related(*pages.PAIR_RELATED).filter(
                tournament=obj, number__in=list(urls)
            )
        }
    except Http404:
        pairs = {}
    tables = services.pairs_tables(t.pk, list(pairs.values()))
    scores = services.released_scores([p.pk for p in pairs.values()])
    # What each page shows, the same in every language (its digest adds the language).
    shown = {
        pair.pk: (
            _pair_rows(pair, pages.PAIR_RELATED),
            [_table_rows(table) for table in tables[pair.pk]],
            sorted(map(inputs.row, scores[pair.pk].values())),
        )
        for pair in pairs.values()
    }
    tournament_row = inputs.row(obj) if pairs else ()
    for lang in published.LANGUAGES:
        with translation.override(lang):
            for number, path in urls.items():
                target = published.file_for(base, lang, path)
                pair = pairs.get(number)
                if pair is None:
                    result.removed += published.remove(target)
                    continue
                key = inputs.digest(lang, path, tournament_row, *shown[pair.pk])
                if not force and inputs.unchanged(target, key):
                    result.unchanged += 1
                    continue
                page = pages.pair_page(obj, pair, tables[pair.pk], scores[pair.pk])
                body = shareable(path, pages.html(page, path=path).encode())
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


def publish_entries(entries: Iterable[Entry], base: Path | None = None) -> Result:
    """Write (or remove) these pages in every language."""
    base = base or published.root()
    result = Result()
    if base is None:
        return result
    for entry in entries:
        body: bytes | None = None
        for index, lang in enumerate(published.LANGUAGES):
            target = published.file_for(base, lang, entry.path)
            if index == 0 or entry.per_language:
                with translation.override(lang):
                    body = entry.body()
            if body is None:
                result.removed += published.remove(target)
            elif published.write(target, body):
                result.written += 1
            else:
                result.unchanged += 1
    return result


def tournament_folders(base: Path, slug: str) -> list[Path]:
    return [
        base / lang / prefix.strip("/") / slug
        for lang in published.LANGUAGES
        for prefix in (paths.SITE, paths.BRACKETS, f"{paths.API}tournaments/")
    ]


def unpublish_tournament(slug: str, base: Path | None = None) -> None:
    """Remove every file of a tournament (set back to draft, or deleted)."""
    base = base or published.root()
    if base is None:
        return
    for folder in tournament_folders(base, slug):
        published.remove_tree(folder)
    publish_entries(site_entries(), base)


def publish_tournament(
    t: Tournament,
    scope: Scope | None = None,
    base: Path | None = None,
    *,
    force: bool = False,
    pair_limit: int | None = None,
) -> Result:
    """Write what ``scope`` can touch of ``t`` (everything by default; ``force``:
    render every page, even one whose inputs did not change: :mod:`public.inputs`;
    ``pair_limit``: at most so many pair pages, the others left in the result)."""
    with read.reusing_tables():
        return _publish_tournament(t, scope, base, force=force, limit=pair_limit)


def _publish_tournament(
    t: Tournament,
    scope: Scope | None,
    base: Path | None,
    *,
    force: bool,
    limit: int | None = None,
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
    entries = scope.entries(t)
    pairs = Pair.objects.filter(tournament=t)
    rounds = Round.objects.filter(girone__stage__tournament=t)
    if not scope.everything:
        pairs = pairs.filter(pk__in=scope.pairs) | pairs.filter(
            girone_id__in=scope.gironi
        )
        rounds = rounds.filter(pk__in=scope.rounds) | rounds.filter(
            girone_id__in=scope.gironi
        )
    number_of = dict(pairs.values_list("pk", "number"))
    numbers = set(number_of.values())
    entries += round_entries(t, rounds.values_list("pk", flat=True))
    # The team pages (a pair event has no team: none).
    teams = Team.objects.filter(tournament=t)
    if not scope.everything:
        teams = teams.filter(pairs__in=pairs).distinct()
    entries += team_entries(t, teams.values_list("number", flat=True))
    if scope.everything:
        entries += site_entries()
        keep = {e.path for e in entries} | set(pair_pages(t, numbers))
        result.removed += _sweep(base, t.slug, keep)
    result.add(publish_entries(entries, base))
    chosen = numbers
    if limit is not None and len(numbers) > limit:
        chosen = set(sorted(numbers)[:limit])
        result.left = {pk for pk, n in number_of.items() if n not in chosen}
    result.add(publish_pairs(t, chosen, base, force=force))
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
    return _sweep_folders(base, tournament_folders(base, slug), keep)


def _sweep_folders(base: Path, folders: Iterable[Path], keep: set[str]) -> int:
    """Remove the pages in ``folders`` (and below) whose URL path is not in ``keep``."""
    wanted = {
        published.file_for(base, lang, path)
        for path in keep
        for lang in published.LANGUAGES
    }
    removed = 0
    for folder in folders:
        if not folder.exists():
            continue
        for name in ("index.html", "index.json"):
            for found in folder.rglob(name):
                if found not in wanted:
                    removed += published.remove(found)
    return removed


def publish_changes(
    tournament_id: int, scope: Scope, *, pair_limit: int | None = None
) -> Result:
    """The worker's step: write what ``scope`` touches of the tournament, or remove
    its files when it is no longer public (a draft; deleted: :func:`publish_site`);
    at most ``pair_limit`` pair pages (the others are in the result's ``left``)."""
    t = Tournament.objects.filter(pk=tournament_id).first()
    if t is None:
        return publish_site()
    return publish_tournament(t, scope, pair_limit=pair_limit)


def publish_site(base: Path | None = None) -> Result:
    """The site's own pages and every season; the files of what is no longer public
    removed (a tournament set back to draft, deleted or renamed)."""
    base = base or published.root()
    result = Result()
    if base is None:
        return result
    result.removed += _sweep_tournaments(base)
    result.add(publish_entries(site_entries(), base))
    result.add(publish_seasons(Season.objects.all(), base))
    return result


def publish_seasons(seasons: Iterable[Season], base: Path) -> Result:
    """Each season's page and its players' pages; a player no longer in it (a
    tournament left the season or "Concluso") loses the page, and a season that no
    longer exists its folder."""
    result = Result()
    for season in seasons:
        entries = season_entries(season)
        result.removed += _sweep_folder(
            base,
            site_path(f"stagioni/{season.slug}/giocatore/"),
            {e.path for e in entries},
        )
        result.add(publish_entries(entries, base))
    known = set(Season.objects.values_list("slug", flat=True))
    for lang in published.LANGUAGES:
        folder = base / lang / paths.mount(site_path("stagioni"))
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
    folders = [base / lang / prefix.strip("/") for lang in published.LANGUAGES]
    return _sweep_folders(base, folders, keep)


def _sweep_tournaments(base: Path) -> int:
    """Remove the folders of tournaments that are not public under that slug."""
    public = set(visibility.public_tournaments().values_list("slug", flat=True))
    removed = 0
    for lang in published.LANGUAGES:
        for prefix in (paths.SITE, paths.BRACKETS, f"{paths.API}tournaments/"):
            for found in _subfolders(base / lang / paths.mount(prefix)):
                seasons = prefix == paths.SITE and found.name == "stagioni"
                if found.name in public or seasons:
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
