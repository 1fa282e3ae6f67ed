"""The end of a round (issue 17 §3): recap, confirmed closing, correction period.

Before closing, the referee sees every table's totals, MP difference and VP, special
results with their reasons, what is missing, waiting ("in attesa", no numbers) or in
dispute, and the unlikely values confirmed at the table; closing asks for a
confirmation. A closed round stays provisional for the correction period (a tournament
setting, default from the pack: docs/rules.md §5e): a referee may correct during it,
only the chief referee after it, and such a correction is marked late in the log and on
the round report.
"""

from __future__ import annotations

import datetime as dt
import io

import pytest
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from printing.documents import build
from printing.pdf import render_pdf
from scoring import services
from scoring.models import ResultVersion
from scoring.services import Sheet
from scoring.services.errors import NotAllowedError
from tournament.models import Round

from .conftest import build_round, build_tournament, grant
from .helpers import save, sheet

pytestmark = pytest.mark.django_db

HANDS = ((300, 100), (200, 250), (150, 100))  # 650-450: diff 200, 12-8 VP


def recap_url(world):
    return reverse(
        "scoring:recap",
        kwargs={"slug": world.tournament.slug, "round_id": world.round.pk},
    )


def close_url(world):
    return reverse(
        "scoring:close",
        kwargs={"slug": world.tournament.slug, "round_id": world.round.pk},
    )


def test_recap_lists_totals_difference_vp_and_specials(client, world):
    save(world.tables[0], world.referee, sheet(*HANDS))
    save(
        world.tables[1],
        world.referee,
        Sheet(kind="forfeit", line="ew", reason="coppia 4 assente"),
    )
    client.force_login(world.referee)
    page = client.get(recap_url(world)).content.decode()
    row1 = page[page.index('data-table="1"') : page.index('data-table="2"')]
    assert "650–450" in row1 and ">200<" in row1 and "12–8" in row1
    row2 = page[page.index('data-table="2"') :]
    assert "Rinuncia o assenza" in row2
    assert "coppia 4 assente" in row2
    assert 'id="close-form"' in page
    assert "Chiudi il turno 1" in page


def test_recap_shows_missing_waiting_and_disputed_without_numbers(client, world):
    world.tournament.entry_mode = "double"
    world.tournament.save()
    save(world.tables[0], world.referee, sheet((1230, 35), (5, 10), (20, 0)))
    client.force_login(world.referee2)
    page = client.get(recap_url(world)).content.decode()
    row1 = page[page.index('data-table="1"') : page.index('data-table="2"')]
    assert "in attesa" in row1
    assert "1.255" not in page and "1255" not in page and "1230" not in page
    assert "Mancante" in page[page.index('data-table="2"') :]
    assert 'id="close-form"' not in page and 'id="not-ready"' in page
    save(world.tables[0], world.referee2, sheet((1230, 35), (5, 10), (25, 0)))
    page = client.get(recap_url(world)).content.decode()
    assert "discordanti" in page  # "1 tavolo con score discordanti"
    assert "1230" not in page


def test_recap_flags_unlikely_values(client, world):
    save(
        world.tables[0], world.referee, sheet((2500, 100), (0, 0), (0, 0)), confirm=True
    )
    client.force_login(world.referee)
    page = client.get(recap_url(world)).content.decode()
    # Said once, with the value (issue 28 §6: no "Improbabile: … Improbabile:").
    assert (
        "Valore improbabile, confermato al tavolo: smazzata 1, NS: 2.500 (più di"
        in page
    )
    assert page.count("mprobabile") == 1  # the note; the count says "improbabili"
    assert "1 tavolo con valori improbabili" in page


def test_closing_asks_for_a_confirmation(client, world):
    for table in world.tables:
        save(table, world.referee, sheet(*HANDS))
    client.force_login(world.referee)
    refused = client.post(close_url(world), follow=True)
    assert "spunta la conferma" in refused.content.decode()
    world.round.refresh_from_db()
    assert world.round.status == Round.Status.PUBLISHED
    client.post(close_url(world), {"confirm": "1"})
    world.round.refresh_from_db()
    assert world.round.status == Round.Status.CLOSED
    # fibur-2026 v1: no correction period (what v1 did: final at once).
    assert world.round.provisional_until == world.round.closed_at


def test_correction_period_from_the_pack_or_the_setting(world, make_user):
    tournament, girone, pairs = build_tournament()
    tournament.rule_pack_version = 2
    tournament.save()
    round_, tables = build_round(
        girone, 1, [(pairs[0], pairs[1]), (pairs[2], pairs[3])]
    )
    referee = make_user("arbitro-v2")
    grant(referee, tournament)
    for table in tables:
        save(table, referee, sheet(*HANDS))
    closed = services.close_round(round_id=round_.pk, by=referee)
    assert closed.provisional_until - closed.closed_at == dt.timedelta(minutes=10)
    assert services.in_correction_period(closed)
    tournament.correction_minutes = 25
    tournament.save()
    assert services.correction_minutes(tournament) == 25


def close_with_period(world, minutes=10):
    world.tournament.correction_minutes = minutes
    world.tournament.save()
    for table in world.tables:
        save(table, world.referee, sheet(*HANDS))
    services.close_round(round_id=world.round.pk, by=world.referee)
    world.round.refresh_from_db()


def test_a_referee_corrects_within_the_period(world):
    """On the old code a closed round refused every referee but the chief one."""
    close_with_period(world)
    saved = save(
        world.tables[0],
        world.referee,
        sheet((300, 100), (200, 250), (350, 100), reason="errore di somma"),
        correction=True,
    )
    assert saved.version.purpose == "correction" and not saved.version.late


def test_after_the_period_only_the_chief_referee_and_the_correction_is_late(
    client, world
):
    close_with_period(world)
    Round.objects.filter(pk=world.round.pk).update(
        provisional_until=timezone.now() - dt.timedelta(minutes=1)
    )
    world.round.refresh_from_db()
    table = services.load_table(world.tables[0].pk)
    with pytest.raises(NotAllowedError, match="periodo di correzione"):
        save(
            table,
            world.referee,
            sheet((300, 100), (200, 250), (350, 100), reason="errore di somma"),
            correction=True,
        )
    saved = save(
        table,
        world.chief,
        sheet((300, 100), (200, 250), (350, 100), reason="errore di somma"),
        correction=True,
    )
    assert saved.version.late
    assert ResultVersion.objects.filter(late=True).count() == 1
    client.force_login(world.director)
    log = client.get(
        reverse("scoring:log", kwargs={"slug": world.tournament.slug})
    ).content.decode()
    assert "Correzione tardiva" in log
    document = build(world.tournament, "report", f"round:{world.round.pk}")
    data = render_pdf(document).data
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages)
    text = " ".join(text.split())
    assert "correzione tardiva" in text, text


def test_the_table_page_lets_a_referee_correct_during_the_period(client, world):
    close_with_period(world)
    client.force_login(world.referee)
    url = reverse(
        "scoring:table",
        kwargs={"slug": world.tournament.slug, "round_id": world.round.pk, "number": 1},
    )
    assert 'name="reason"' in client.get(url).content.decode()
    Round.objects.filter(pk=world.round.pk).update(
        provisional_until=timezone.now() - dt.timedelta(seconds=1)
    )
    assert 'name="reason"' not in client.get(url).content.decode()


def test_public_pages_show_the_round_provisional_with_its_deadline(client, world):
    close_with_period(world)
    Round.objects.filter(pk=world.round.pk).update(results_public=True)
    world.round.refresh_from_db()
    deadline = world.round.provisional_until.isoformat()
    for name in ("public:standings", "public:tournament"):
        page = client.get(
            reverse(name, kwargs={"slug": world.tournament.slug})
        ).content.decode()
        assert 'id="provisional"' in page, name
        assert f'data-deadline="{deadline}"' in page
        assert "risultati provvisori, correzioni possibili fino alle" in page
        assert "js/provisional.js" in page
    # The period over: the same URL, no banner (the cached page is not reused).
    Round.objects.filter(pk=world.round.pk).update(
        provisional_until=timezone.now() - dt.timedelta(seconds=1)
    )
    for name in ("public:standings", "public:tournament"):
        page = client.get(
            reverse(name, kwargs={"slug": world.tournament.slug})
        ).content.decode()
        assert 'id="provisional"' not in page, name
