"""The demo explains the product (issue 28 §9): seeded once here, idempotent, with a
concluded event (final standings, prize list, bracket), released rounds in every
event under way, a team event, a Briscola event with its knockout played, a season
from the concluded events, and the home page's "what you can try" panel only in the
database the demo built."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db.models import F
from django.test import Client
from django.urls import reverse

from core.models import DemoMark
from knockout.models import Bracket, BracketMatch
from scoring.models import ResultVersion
from standings.models import Season
from standings.services.season import season_table
from tests.demo_cache import restore_demo
from tournament.models import Round, Tournament

pytestmark = pytest.mark.django_db


def counts() -> tuple[int, ...]:
    return (
        get_user_model().objects.count(),
        Tournament.objects.count(),
        Round.objects.count(),
        ResultVersion.objects.count(),
        BracketMatch.objects.count(),
        DemoMark.objects.count(),
    )


def test_the_demo_tells_the_story_once(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    restore_demo()  # seed_demo's rows (tests/demo_cache.py)
    first = counts()
    call_command("seed_demo", stdout=io.StringIO())
    assert counts() == first  # idempotent

    events = {t.slug: t for t in Tournament.objects.all()}
    states = {t.status for t in events.values()}
    assert states == {"running", "finished"}
    for t in events.values():
        rounds = Round.objects.filter(girone__stage__tournament=t)
        released = rounds.filter(results_public=True, status="closed")
        assert released.exists(), f"{t.slug}: no round released"
        if t.status == "finished":
            assert released.count() == rounds.count(), t.slug
            final = released.exclude(provisional_until__gt=F("closed_at"))
            assert final.count() == rounds.count(), f"{t.slug}: not final"
    # An event under way: some of its current round typed, the rest waiting.
    giglio = events["trofeo-del-giglio-2026"]
    assert giglio.status == "running"
    under_way = Round.objects.filter(
        girone__stage__tournament=giglio, status="published"
    )
    assert under_way.count() == 2 and {r.number for r in under_way} == {3}
    # Issue 30: the players enter too; one table waits for EO, one's lines disagree;
    # round 3's score cards carry each table's code (the cards' PDF).
    assert giglio.entry_by == "both"
    from scoring.models import TableResult
    from tournament.models import TableCode

    states = set(
        TableResult.objects.filter(round__in=under_way).values_list("status", flat=True)
    )
    assert {"entered", "contested"} <= states
    codes = TableCode.objects.filter(
        table__round__in=under_way, revoked_at__isnull=True
    )
    assert codes.count() == sum(
        r.tables.filter(pair_ew__isnull=False).count() for r in under_way
    )
    from printing.documents.scorecards import cards_for_rounds

    cards = cards_for_rounds(giglio, [under_way.get(girone__label="A")])
    assert all(c["entry"] and c["entry"]["code"] for c in cards)
    # The team championship and the Briscola event, concluded, their knockouts played.
    for slug in ("campionato-a-squadre-del-giglio-2026", "briscola-lapprodo-2026"):
        assert events[slug].status == "finished"
        for bracket in Bracket.objects.filter(tournament=events[slug]):
            assert bracket.status == Bracket.Status.FINISHED, (slug, bracket.name)
    assert events["campionato-a-squadre-del-giglio-2026"].is_teams

    # Issue 25: the demo's season gives no points from an unfinished event.
    for season in Season.objects.all():
        counted = season_table(season).tournaments
        assert all(t.status == "finished" for t in counted), counted
        assert counted  # the circuit's concluded events

    client = Client()
    primavera = events["coppa-di-primavera-2026"]
    page = client.get(reverse("public_prizes", args=[primavera.slug])).content.decode()
    assert "Coppa di Primavera e due buoni da 100 €" in page
    page = client.get(reverse("public:season", args=["circuito-demo-2026"]))
    assert "Coppa di Primavera" in page.content.decode()
    home = client.get("/").content.decode()
    assert 'id="demo"' in home and "direttore-demo-2026" in home
    assert reverse("public_prizes", args=[primavera.slug]) in home
    assert "/tavolo/" in home  # a player's phone, in the demo only
    # Without the mark (a database the demo did not build) no login is shown.
    DemoMark.objects.all().delete()
    home = client.get("/").content.decode()
    assert 'id="demo"' not in home and "direttore-demo-2026" not in home


def test_an_empty_install_shows_no_demo(client):
    page = client.get("/").content.decode()
    assert 'id="demo"' not in page and "direttore-demo-2026" not in page
