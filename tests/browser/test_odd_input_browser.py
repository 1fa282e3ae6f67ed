"""Odd input in a real browser: a clear page, in Italian, never the server's error."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.standings.factories import make_girone, make_pairs, make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_nul_byte_and_a_superscript_get_clear_answers(
    page, live_server, screenshot_dir
):
    tournament = make_tournament("coppa-odd", name="Coppa dei caratteri")
    make_pairs(tournament, make_girone(tournament), [1, 2])
    page.set_viewport_size({"width": 390, "height": 844})
    response = page.goto(f"{live_server.url}/t/{tournament.slug}/dove-gioco/?q=%00")
    assert response.status == 400
    expect(page.get_by_role("heading", name="Richiesta non valida")).to_be_visible()
    expect(
        page.get_by_text("L'indirizzo contiene un carattere non ammesso.")
    ).to_be_visible()
    page.screenshot(path=f"{screenshot_dir}/odd-nul-400-phone.png", full_page=True)
    response = page.goto(f"{live_server.url}/t/{tournament.slug}/classifica/?coppia=²")
    assert response.status == 200
    expect(page.get_by_role("heading", name="Coppa dei caratteri")).to_be_visible()
