"""A long round's entry page sends the sheets of its first missing tables only; the
others come on demand, as their card with the sheet (issue 19, item 4)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scoring.pages import EAGER_SHEETS
from tests.scoring.conftest import build_round, build_tournament, grant
from tests.scoring.helpers import save, sheet

pytestmark = pytest.mark.django_db

TABLES = EAGER_SHEETS + 16
GOOD = sheet((300, 100), (150, 250), (500, -100))


@pytest.fixture
def long_round(make_user):
    tournament, girone, pairs = build_tournament(pairs=2 * TABLES, slug="lungo")
    seating = [(pairs[2 * i], pairs[2 * i + 1]) for i in range(TABLES)]
    round_, tables = build_round(girone, 1, seating)
    referee = make_user("arbitro-lungo")
    grant(referee, tournament)
    return tournament, round_, tables, referee


def sheets_on(html: str) -> list[int]:
    """The tables whose sheet (a form to type) is on the page."""
    return sorted(int(n) for n in re.findall(r'id="id_t(\d+)-h1_ns"', html))


def lazy_on(html: str) -> list[int]:
    return sorted(
        int(n)
        for n in re.findall(r"/tavolo/(\d+)/\?card=1", html.replace("&amp;", "&"))
    )


def test_the_page_sends_the_first_missing_sheets_and_the_rest_on_demand(
    long_round, client
):
    tournament, round_, tables, referee = long_round
    for table in tables[:3]:  # tables 1-3 saved: the sheets start at table 4
        save(table, referee, GOOD)
    client.force_login(referee)
    url = reverse(
        "scoring:entry", kwargs={"slug": tournament.slug, "round_id": round_.pk}
    )
    html = client.get(url).content.decode()
    eager = list(range(4, 4 + EAGER_SHEETS))
    assert sheets_on(html) == eager
    assert lazy_on(html) == list(range(4 + EAGER_SHEETS, TABLES + 1))
    assert html.count('class="sheet-card') == TABLES  # every table has its card
    assert "Scrivi la scheda" in html

    # The card of a table sent without its sheet, fetched as the script does.
    number = TABLES
    card = client.get(
        reverse(
            "scoring:table",
            kwargs={"slug": tournament.slug, "round_id": round_.pk, "number": number},
        ),
        {"card": "1"},
    )
    assert card.status_code == 200
    body = card.content.decode()
    assert body.lstrip().startswith(
        f'<article class="sheet-card status-empty" id="t{number}"'
    )
    assert sheets_on(body) == [number]
    assert "?card=1" not in body


def test_a_sheet_sent_back_with_errors_is_on_the_page_whatever_its_place(
    long_round, client
):
    tournament, round_, _, referee = long_round
    client.force_login(referee)
    number = TABLES  # beyond the sheets sent with the page
    save_url = reverse(
        "scoring:save",
        kwargs={"slug": tournament.slug, "round_id": round_.pk, "number": number},
    )
    data = {f"t{number}-lock_version": "0", f"t{number}-idempotency_key": "k-9"}
    for i, (ns, ew) in enumerate([(347, 100), (150, 250), (500, -100)], start=1):
        data[f"t{number}-h{i}_ns"], data[f"t{number}-h{i}_ew"] = str(ns), str(ew)
    response = client.post(save_url, data)  # no JavaScript: the page again
    html = response.content.decode()
    assert response.status_code == 400
    assert number in sheets_on(html)
    assert "347" in html


def test_the_card_is_the_referees_only(long_round, client, make_user):
    tournament, round_, _, _ = long_round
    url = reverse(
        "scoring:table",
        kwargs={"slug": tournament.slug, "round_id": round_.pk, "number": 1},
    )
    assert client.get(url, {"card": "1"}).status_code == 302  # to the login page
    client.force_login(make_user("passante"))
    assert client.get(url, {"card": "1"}).status_code == 403
