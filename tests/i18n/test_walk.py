"""Flawless Italian, and English (issue 17 §6): a walk through a demo event.

Every page a director, a referee and a player reach from the demo tournaments'
dashboards (links followed, GET only), in Italian and in English, and the text of the
PDF documents: no raw identifier (``danese_modificato``, ``h2h_points``, "stato:
published → closed"), no English word or English-style decimal on an Italian page, no
message of the catalogue left in English. And the catalogue itself: ``msgfmt`` finds no
fuzzy and no untranslated entry.
"""

from __future__ import annotations

import re
import subprocess
from collections import Counter
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
from django.db import transaction
from django.test import Client
from django.urls import Resolver404, resolve
from django.utils import translation

from tests.demo_cache import restore_demo
from tournament.models import Tournament

from .walk import internal, page_text, problems

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "locale/it/LC_MESSAGES/django.po"
MAX_PAGES = 400
#: Pages walked per route and set of query keys: the same template with other rows (the
#: 40th pair's page) adds no word the first few lacked, and the cap leaves room in
#: MAX_PAGES for routes further from the dashboards.
PER_ROUTE = 4


def known_messages() -> frozenset[str]:
    """English msgids of several words whose Italian differs: seen on an Italian page,
    they are a message left untranslated."""
    text = PO.read_text(encoding="utf-8")
    out = set()
    for m in re.finditer(r'^msgid "(.+)"\nmsgstr "(.+)"$', text, re.M):
        msgid, msgstr = m.group(1), m.group(2)
        if msgid == msgstr or "%" in msgid or len(msgid.split()) < 3:
            continue
        out.add(msgid.replace('\\"', '"'))
    return frozenset(out)


def test_the_catalogue_has_no_fuzzy_or_missing_entry():
    stats = subprocess.run(
        ["msgfmt", "--statistics", "-o", "/dev/null", str(PO)],
        capture_output=True,
        text=True,
        check=True,
    ).stderr
    assert "fuzzy" not in stats and "untranslated" not in stats, stats
    assert "#, fuzzy" not in PO.read_text(encoding="utf-8").split("\n\n", 1)[1]


def crawl(client: Client, starts: list[str], prefixes: tuple[str, ...]):
    """(path, text) of every page reached from ``starts`` by links under ``prefixes``."""
    seen: set[str] = set()
    per_route: Counter[tuple[str, ...]] = Counter()
    queue = list(starts)
    while queue and len(seen) < MAX_PAGES:
        path = queue.pop(0)
        if path in seen:
            continue
        route = route_of(path)
        if per_route[route] >= PER_ROUTE:
            continue
        per_route[route] += 1
        seen.add(path)
        response = client.get(path)
        if response.status_code != 200:
            continue
        if "text/html" not in response.get("Content-Type", ""):
            continue
        text, links = page_text(response.content.decode())
        yield path, text
        for href in links:
            target = internal(href, prefixes)
            if target and target not in seen:
                queue.append(target)


def route_of(path: str) -> tuple[str, ...]:
    """The URL pattern a path resolves to, and the query's keys."""
    url = urlparse(path)
    try:
        match = resolve(url.path)
    except Resolver404:
        return (url.path,)
    return (match.route, *sorted(parse_qs(url.query, keep_blank_values=True)))


@pytest.fixture(scope="module")
def demo_once(django_db_setup, django_db_blocker):
    """The demo and an event day, built once for the module's four walks (which only
    read) and removed after them."""
    with django_db_blocker.unblock(), transaction.atomic():
        restore_demo()
        tournaments = list(Tournament.objects.order_by("pk"))
        event_day(tournaments[0])
        yield tournaments
        transaction.set_rollback(True)


@pytest.fixture
def demo(db, demo_once):
    return demo_once


def event_day(tournament):
    """What an event day adds to the demo: a withdrawal, rounds closed (provisional),
    a correction, so that their words are walked too."""
    from django.contrib.auth import get_user_model

    from scoring import services
    from scoring.models import TableResult
    from scoring.services import Hand, Sheet
    from tournament.models import Round
    from tournament.services.registration import set_withdrawn

    referee = get_user_model().objects.get(username="arbitro")
    # The demo's early rounds are past their correction period: a late correction is
    # the chief referee's (a director may make it too).
    chief = get_user_model().objects.get(username="direttore")
    set_withdrawn(tournament.pairs.order_by("-number").first(), True)
    for round_ in Round.objects.filter(
        girone__stage__tournament=tournament, number=1, status="published"
    ):
        if services.round_progress(round_.pk).complete:
            services.close_round(round_id=round_.pk, by=referee)
            Round.objects.filter(pk=round_.pk).update(results_public=True)
    closed = Round.objects.filter(
        girone__stage__tournament=tournament, status="closed"
    ).first()
    if closed is not None:
        table = closed.tables.exclude(pair_ew=None).first()
        result = TableResult.objects.get(table=table)
        services.submit_sheet(
            table=services.load_table(table.pk),
            sheet=Sheet(
                hands=(Hand(300, 100),) * closed.hands, reason="errore di somma"
            ),
            by=chief,
            expected_lock_version=result.lock_version,
            token="walk-correction",
            correction=True,
        )


@pytest.mark.parametrize("language", ["it", "en"])
def test_every_page_of_the_demo_reads_right(demo, language):
    from django.contrib.auth import get_user_model

    client = Client()
    client.cookies["django_language"] = language
    client.force_login(get_user_model().objects.get(username="direttore"))
    starts, prefixes = (
        [],
        ("/direzione/", "/arbitro/", "/classifiche/", "/tabellone/", "/stampa/", "/t/"),
    )
    for t in demo:
        starts += [f"/direzione/{t.slug}/", f"/arbitro/{t.slug}/", f"/t/{t.slug}/"]
    known = known_messages() if language == "it" else frozenset()
    report = []
    pages = 0
    team_slugs = tuple(f"/{t.slug}/" for t in demo if t.is_teams)
    routes = set()
    for path, text in crawl(client, starts, prefixes):
        pages += 1
        routes.add(route_of(path)[0])
        teams = any(slug in path for slug in team_slugs)
        for problem in problems(
            text, italian=language == "it", known=known, teams=teams
        ):
            report.append(f"{path}: {problem}")
    print(f"\n{pages} pages of {len(routes)} routes walked in {language}")
    assert pages > 40
    assert not report, "\n".join(report)


@pytest.mark.parametrize("language", ["it", "en"])
def test_every_document_of_the_demo_reads_right(demo, language):
    """The PDFs' text (pypdf): the same checks as the pages."""
    from printing.documents import BUILDERS, DocumentError, build
    from printing.pdf import render_pdf
    from tests.printing.conftest import pdf_pages
    from tournament.models import Girone, Round

    known = known_messages() if language == "it" else frozenset()
    report, documents = [], 0
    with translation.override(language):
        for tournament in demo:
            round_ = (
                Round.objects.filter(girone__stage__tournament=tournament)
                .exclude(status="draft")
                .order_by("number", "girone__label")
                .first()
            )
            girone = Girone.objects.filter(stage__tournament=tournament).first()
            for kind, (_builder, needs) in BUILDERS.items():
                scope = ""
                if needs == "round":
                    scope = f"round:{round_.pk}"
                elif needs.startswith("girone") and kind != "standings":
                    scope = f"girone:{girone.pk}"
                try:
                    document = build(tournament, kind, scope)
                except DocumentError:
                    continue  # e.g. no bracket in this demo tournament
                documents += 1
                text = " ".join(pdf_pages(render_pdf(document).data))
                for problem in problems(
                    text,
                    italian=language == "it",
                    known=known,
                    teams=tournament.is_teams,
                ):
                    report.append(f"{tournament.slug} {kind}: {problem}")
    assert documents >= 10
    assert not report, "\n".join(report)
