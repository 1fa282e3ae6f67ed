"""The players' table pages (issue 30): the code, the line, enter, confirm, no 500."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import TableResult
from tournament.models import TableCode
from tournament.services.table_codes import issue_codes

pytestmark = pytest.mark.django_db

SHEET = {"h1_ns": "250", "h1_ew": "300", "h2_ns": "95", "h2_ew": "400", "h3_ns": "300", "h3_ew": "125"}


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
    from tournament.services.table_codes import reissue

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
