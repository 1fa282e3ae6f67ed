"""Shared by the browser tests of result entry: a referee at a round, typing sheets.

Used by ``test_entry_errors.py`` and ``test_offline_queue.py``.
"""

from __future__ import annotations

from playwright.sync_api import expect

from scoring.models import ResultVersion
from tests.scoring.conftest import build_round, build_tournament, grant

PHONE = {"width": 390, "height": 844}


def login(page, live_server, username: str, password: str) -> None:
    """Log in through the login page and wait until the site says who we are."""
    page.goto(live_server.url + "/login/")
    page.locator("#id_username").fill(username)
    page.locator("#id_password").fill(password)
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name=f"Esci ({username})")).to_be_visible()


def open_round(page, live_server, make_user, password: str):
    """Round 1 of two tables (pairs 1-2, 3-4) open on a phone for referee "arbitro".

    Returns the page, the round's entry URL and the tables.
    """
    tournament, girone, pairs = build_tournament(pairs=4)
    round_, tables = build_round(
        girone, 1, [(pairs[0], pairs[1]), (pairs[2], pairs[3])]
    )
    grant(make_user("arbitro", password=password), tournament)
    page.set_viewport_size(PHONE)
    login(page, live_server, "arbitro", password)
    url = f"{live_server.url}/arbitro/{tournament.slug}/turno/{round_.pk}/"
    page.goto(url)
    return page, url, tables


def type_sheet(page, number: int, hands) -> None:
    """Go to table ``number`` and type its hands' scores, then send the sheet."""
    page.locator("#goto").fill(str(number))
    page.locator("#goto").press("Enter")
    scores = [s for pair in hands for s in pair]
    for i, score in enumerate(scores):
        if i:
            page.keyboard.press("Tab")
        page.keyboard.type(score)
    page.keyboard.press("Enter")


def queued(page) -> list[dict]:
    """The sheets waiting in the browser's offline queue."""
    return page.evaluate(
        "JSON.parse(localStorage.getItem('torneo-offline-queue') || '[]')"
    )


def versions(table) -> list[ResultVersion]:
    return list(ResultVersion.objects.filter(result__table=table))
