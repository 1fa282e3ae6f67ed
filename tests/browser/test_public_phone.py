"""A player on a phone (390x844) finds the table in two taps; public pages as screenshots."""

import pytest
from playwright.sync_api import expect

from tests.standings.factories import (
    make_girone,
    make_pairs,
    make_round,
    make_tournament,
    play,
    seat,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def tournament():
    t = make_tournament("autunno", name="Coppa d'autunno 2026")
    girone = make_girone(t)
    pairs = make_pairs(t, girone, [4, 9, 12, 20])
    play(
        girone,
        {
            1: [(12, 4, 1100, 900, 12, 8), (9, 20, 1500, 650, 17, 3)],
            2: [(12, 9, 1300, 850, 14, 6), (4, 20, 1150, 850, 13, 7)],
            3: [(4, 9, 1000, 900, 11, 9), (12, 20, 800, 1200, 6, 14)],
        },
    )
    current = make_round(girone, 4, results_public=False)
    seat(current, 1, pairs[20], pairs[9])
    seat(current, 2, pairs[4], pairs[12])
    return t


def test_player_finds_the_table_in_two_taps(
    page, live_server, screenshot_dir, tournament
):
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/t/{tournament.slug}/")
    page.screenshot(
        path=f"{screenshot_dir}/public-tournament-phone.png", full_page=True
    )
    taps = 0
    box = page.get_by_role("searchbox", name="Dove gioco?")
    box.click()  # tap 1: the search box (the keyboard opens)
    taps += 1
    page.keyboard.type("9")
    page.get_by_role("button", name="Cerca").click()  # tap 2
    taps += 1
    page.wait_for_url("**/dove-gioco/?q=9")
    found = page.get_by_test_id("seat")
    expect(found).to_be_visible()
    assert "Tavolo 1" in found.inner_text()
    assert "Linea EO" in found.inner_text()
    assert "Turno 4" in found.inner_text()
    assert taps <= 2
    # The answer is on the first screen, without scrolling.
    assert found.bounding_box()["y"] + found.bounding_box()["height"] <= PHONE["height"]
    page.screenshot(path=f"{screenshot_dir}/public-where-phone.png", full_page=True)


def test_unknown_pair_gets_a_message(page, live_server, tournament):
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/t/{tournament.slug}/dove-gioco/?q=57")
    assert (
        page.get_by_role("status")
        .inner_text()
        .startswith("Nessuna coppia ha il numero 57")
    )


def test_public_pages_screenshots(page, live_server, screenshot_dir, tournament):
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/t/{tournament.slug}/classifica/")
    assert page.get_by_text("classifica avulsa 12 (26 VP)").is_visible()
    page.screenshot(path=f"{screenshot_dir}/public-standings-phone.png", full_page=True)
    page.get_by_role("link", name="12", exact=True).first.click()
    page.wait_for_load_state()
    assert page.get_by_role("heading", name="Coppia 12").is_visible()
    page.screenshot(path=f"{screenshot_dir}/public-pair-phone.png", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{live_server.url}/t/{tournament.slug}/classifica/")
    page.screenshot(
        path=f"{screenshot_dir}/public-standings-desktop.png", full_page=True
    )
    page.goto(f"{live_server.url}/")
    page.screenshot(path=f"{screenshot_dir}/public-home-desktop.png", full_page=True)
