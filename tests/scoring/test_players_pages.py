"""The players' table pages (issue 30): the code, the line, enter, confirm, no 500."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import TableResult
from seating.models import TableCode
from seating.services.table_codes import issue_codes

pytestmark = pytest.mark.django_db

SHEET = {
    "h1_ns": "250",
    "h1_ew": "300",
    "h2_ns": "95",
    "h2_ew": "400",
    "h3_ns": "300",
    "h3_ew": "125",
}


@pytest.fixture
def coded(world):
    world.tournament.entry_by = "players"
    world.tournament.save()
    issue_codes(world.round)
    world.codes = {c.table.number: c for c in TableCode.objects.select_related("table")}
    return world


def open_table(client, code):
    answer = client.get(f"/tavolo/{code.code}/")
    assert answer.status_code == 302 and answer["Location"] == "/tavolo/foglio/"


def sheet_page(client):
    return client.get("/tavolo/foglio/").content.decode()


def post_sheet(client, **extra):
    page = client.get("/tavolo/foglio/?scrivi=1").content.decode()
    import re

    lock = re.search(r'name="lock_version" value="(\d+)"', page).group(1)
    token = re.search(r'name="idempotency_key" value="(\w+)"', page).group(1)
    data = {**SHEET, "lock_version": lock, "idempotency_key": token, **extra}
    return client.post(reverse("table_entry:save"), data)


def test_a_table_is_entered_and_confirmed_on_two_phones(coded, client):
    from django.test import Client

    other = Client()
    open_table(client, coded.codes[1])
    page = sheet_page(client)
    assert "Quale linea giochi?" in page or "line" in page
    client.post(reverse("table_entry:line"), {"line": "ns"})
    assert post_sheet(client).status_code == 302
    assert TableResult.objects.get(table=coded.tables[0]).status == "entered"
    open_table(other, coded.codes[1])
    other.post(reverse("table_entry:line"), {"line": "ew"})
    page = sheet_page(other)
    assert 'data-testid="confirm-box"' in page
    import re

    version = re.search(r'name="version" value="(\d+)"', page).group(1)
    lock = re.search(r'name="lock_version" value="(\d+)"', page).group(1)
    answer = other.post(
        reverse("table_entry:confirm"), {"version": version, "lock_version": lock}
    )
    assert answer.status_code == 302
    assert TableResult.objects.get(table=coded.tables[0]).status == "confirmed"
    assert 'data-testid="table-result"' in sheet_page(other)


@pytest.mark.parametrize("code", ["", "X", "ABCDE-FGHJK", "0" * 200, "é€\x00"])
def test_wrong_codes_never_open_anything(coded, client, code):
    answer = client.post("/tavolo/", {"code": code})
    assert answer.status_code in (400, 404)
    assert client.get("/tavolo/foglio/").status_code == 302


def test_a_revoked_code_is_gone(coded, client, make_user):
    from seating.services.table_codes import reissue

    code = coded.codes[1]
    open_table(client, code)
    reissue(coded.tables[0], by=coded.referee)
    assert client.get("/tavolo/foglio/").status_code == 302
    assert client.get(f"/tavolo/{code.code}/").status_code == 410


def test_wrong_codes_are_limited_per_client_not_per_table(coded, client, settings):
    settings.TABLE_CODE_FAILURE_LIMIT = 3
    for _ in range(3):
        assert client.post("/tavolo/", {"code": "ZZZZZ-ZZZZZ"}).status_code == 404
    # This address is refused even a right code for a while ...
    assert client.get(f"/tavolo/{coded.codes[1].code}/").status_code == 429
    # ... while another phone opens the same table.
    from django.test import Client

    other = Client(REMOTE_ADDR="10.0.0.9")
    open_table(other, coded.codes[1])


def test_a_code_expires_when_the_round_closes(coded, client):
    from scoring import services
    from tests.scoring.helpers import sheet
    from tests.scoring.players_helpers import confirm, enter

    hands = ((250, 300), (95, 400), (300, 125))
    open_table(client, coded.codes[1])
    client.post(reverse("table_entry:line"), {"line": "ns"})
    for table in coded.tables:
        confirm(table, "ew", enter(table, "ns", sheet(*hands)).version)
    services.close_round(round_id=coded.round.pk, by=coded.referee)
    assert client.get(f"/tavolo/{coded.codes[2].code}/").status_code == 410
    # The phone that opened its table keeps its result, read-only.
    page = sheet_page(client)
    assert 'data-testid="table-result"' in page and "form data-sheet" not in page


def test_a_referees_only_tournament_opens_no_code(coded, client):
    coded.tournament.entry_by = "referees"
    coded.tournament.save()
    assert client.get(f"/tavolo/{coded.codes[1].code}/").status_code == 410


def test_the_code_never_shows_another_table(coded, client):
    from tests.scoring.helpers import sheet
    from tests.scoring.players_helpers import enter

    enter(coded.tables[1], "ns", sheet((250, 300), (95, 400), (300, 135)))
    open_table(client, coded.codes[1])
    client.post(reverse("table_entry:line"), {"line": "ew"})
    page = sheet_page(client)
    assert "Cognome" in page
    assert str(coded.tables[1].pair_ns) not in page
    assert ">135<" not in page and ">835<" not in page  # its sheet, its total


def test_the_room_shows_states_minutes_and_late_tables(coded, client):
    import datetime

    from django.utils import timezone

    from tests.scoring.helpers import sheet
    from tests.scoring.players_helpers import enter

    coded.tournament.idle_minutes = 20
    coded.tournament.save()
    type(coded.round).objects.filter(pk=coded.round.pk).update(
        published_at=timezone.now() - datetime.timedelta(minutes=31)
    )
    enter(coded.tables[0], "ew", sheet((250, 300), (95, 400), (300, 125)))
    client.force_login(coded.referee)
    url = reverse(
        "scoring:entry",
        kwargs={"slug": coded.tournament.slug, "round_id": coded.round.pk},
    )
    page = client.get(url).content.decode()
    assert "In gioco da 31 minuti." in page
    assert "Inserito dalla linea EO, in attesa di NS" in page
    assert 'id="late-tables"' in page and "20 minuti: 2." in page
    assert coded.codes[2].display in page  # the referees see the codes


def test_a_referee_reissues_a_code(coded, client):
    client.force_login(coded.referee)
    url = reverse(
        "scoring:reissue_code",
        kwargs={"slug": coded.tournament.slug, "round_id": coded.round.pk, "number": 1},
    )
    assert client.post(url).status_code == 302
    live = TableCode.objects.get(table=coded.tables[0], revoked_at__isnull=True)
    assert live.code != coded.codes[1].code
    # Anyone else may not.
    other = type(client)()
    assert other.post(url).status_code in (302, 403)
    assert TableCode.objects.get(table=coded.tables[0], revoked_at__isnull=True) == live


def test_briscola_players_type_the_partite(db, client, make_user):
    """A Briscola event: the players' sheet has the partite (and the spare rows of a
    replayed 60-60); the other line confirms; the points are the pack's."""
    from django.test import Client

    from tests.scoring.conftest import build_round, build_tournament

    tournament, girone, p = build_tournament(
        pairs=2, game="briscola", rule_pack="briscola-approdo", hands=3
    )
    tournament.entry_by = "players"
    tournament.save()
    round_, (table,) = build_round(girone, 1, [(p[0], p[1])], hands=3)
    (code,) = issue_codes(round_)
    open_table(client, code)
    client.post(reverse("table_entry:line"), {"line": "ns"})
    page = client.get("/tavolo/foglio/").content.decode()
    assert "Inserisci le partite" in page and 'name="h5_ns"' in page
    import re

    lock = re.search(r'name="lock_version" value="(\d+)"', page).group(1)
    token = re.search(r'name="idempotency_key" value="(\w+)"', page).group(1)
    games = {"h1_ns": "70", "h1_ew": "50", "h2_ns": "80", "h2_ew": "40"}
    data = {**games, "lock_version": lock, "idempotency_key": token}
    assert client.post(reverse("table_entry:save"), data).status_code == 302
    other = Client()
    open_table(other, code)
    other.post(reverse("table_entry:line"), {"line": "ew"})
    page = other.get("/tavolo/foglio/").content.decode()
    version = re.search(r'name="version" value="(\d+)"', page).group(1)
    lock = re.search(r'name="lock_version" value="(\d+)"', page).group(1)
    other.post(
        reverse("table_entry:confirm"), {"version": version, "lock_version": lock}
    )
    result = TableResult.objects.get(table=table)
    assert result.status == "confirmed" and result.current.games.count() == 2


def test_the_log_says_who_typed_and_who_confirmed(coded, client):
    from tests.scoring.helpers import sheet
    from tests.scoring.players_helpers import confirm, enter

    entered = enter(coded.tables[0], "ns", sheet((250, 300), (95, 400), (300, 125)))
    confirm(coded.tables[0], "ew", entered.version)
    client.force_login(coded.director)
    page = client.get(
        reverse("scoring:log", kwargs={"slug": coded.tournament.slug})
    ).content.decode()
    assert "Giocatore della linea NS, confermato da Giocatore della linea EO" in page
