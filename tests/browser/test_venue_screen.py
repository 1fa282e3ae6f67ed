"""The venue screen on a TV (issue 30 item 6), in a real browser: it pages by itself,
every row of a page on the screen, the seating first and then the standings, and
after each pass it shows what changed (a round's tables released) without a reload.
Screenshots (1920×1080 and 1280×720) go to $SCREENSHOT_DIR."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from standings.refresh import refresh_gironi
from standings.services.visibility import set_round_visibility
from tests.standings.factories import (
    add_result,
    make_girone,
    make_pairs,
    make_round,
    make_tournament,
    seat,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PAIRS = 120


@pytest.fixture
def national(settings, tmp_path):
    """120 pairs: round 1 played and released, round 2 seated, its tables held."""
    settings.PUBLISH_ROOT = ""  # the view answers (the files: tests/public)
    tournament = make_tournament("schermo-sala", name="Campionato di sala")
    girone = make_girone(tournament)
    pairs = make_pairs(tournament, girone, range(1, PAIRS + 1))
    first = make_round(girone, 1)
    second = make_round(girone, 2, tables_public=False, results_public=False)
    for t in range(1, PAIRS // 2 + 1):
        ns, ew = pairs[2 * t - 1], pairs[2 * t]
        add_result(seat(first, t, ns, ew), 1000 + 5 * t, 900, 14, 6, refresh=False)
        seat(second, t, pairs[t], pairs[PAIRS + 1 - t])
    refresh_gironi([girone.pk])
    return tournament, second


def visible_numbers(page) -> list[int]:
    return [
        int(text)
        for text in page.locator(
            ".board:not([hidden]) li:not([hidden]) .c-num:first-child"
        ).all_inner_texts()
    ]


def lowest_row(page) -> float:
    return page.evaluate(
        "Math.max(...[...document.querySelectorAll('.board:not([hidden]) "
        "li:not([hidden])')].map(li => li.getBoundingClientRect().bottom))"
    )


def turn_pages_until(page, done, *, pages: int = 20) -> None:
    """Move the screen's clock on a page at a time (its pace is a timer: the test does
    not sit through it) until ``done()`` holds."""
    for _ in range(pages):
        if done():
            return
        page.clock.run_for(PACE_MS)
    assert done()


#: The screen's pace asked in the address (?secondi=2), in milliseconds.
PACE_MS = 2_000


def test_the_screen_pages_by_itself_and_follows_the_release(
    page, live_server, national, screenshot_dir
):
    tournament, second = national
    page.set_viewport_size({"width": 1280, "height": 720})
    page.clock.install()
    page.goto(f"{live_server.url}/t/{tournament.slug}/schermo/?secondi=2")
    seating = page.get_by_test_id("venue-seating")
    expect(seating).to_be_visible()
    expect(seating).to_contain_text("Turno 1")
    first = visible_numbers(page)
    assert first[0] == 1 and 20 < len(first) < PAIRS, first
    # Every row of the page is on the screen, none under the page's foot.
    assert lowest_row(page) <= 720
    expect(page.locator("#venue-page")).to_contain_text("pagina 1 di")
    page.screenshot(path=os.path.join(screenshot_dir, "venue-1280x720-seating.png"))
    # The next page of the seating after the pace, then the standings, by themselves.
    page.clock.run_for(PACE_MS - 100)
    expect(page.locator("#venue-page")).to_contain_text("pagina 1 di")
    page.clock.run_for(100)
    expect(page.locator("#venue-page")).to_contain_text("pagina 2 di")
    assert visible_numbers(page)[0] == first[-1] + 1
    standings = page.get_by_test_id("venue-standings").first
    turn_pages_until(page, standings.is_visible)
    expect(standings).to_contain_text("Dopo il turno 1")
    page.screenshot(path=os.path.join(screenshot_dir, "venue-1280x720-standings.png"))
    # Round 2's tables released: after the pass, the screen asks for the page again
    # (a real request, answered in real time) and shows them. The clock stops at that
    # request: moved on while the answer is on its way, it would turn the new pages.
    set_round_visibility(second.pk, tables_public=True)
    for _ in range(20):
        try:
            with page.expect_request(lambda r: "/schermo/" in r.url, timeout=300):
                page.clock.run_for(PACE_MS)
            break
        except PlaywrightTimeoutError:
            continue  # another page of this pass
    else:
        raise AssertionError("the screen never asked for the page again")
    expect(page.get_by_test_id("venue-seating")).to_contain_text("Turno 2")
    expect(page.get_by_test_id("venue-seating")).to_be_visible()
    assert visible_numbers(page)[:2] == [1, 2]
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.clock.run_for(500)  # the screen lays itself out again 300 ms after a resize
    assert visible_numbers(page)[0] == 1 and lowest_row(page) <= 1080
    page.screenshot(path=os.path.join(screenshot_dir, "venue-1920x1080-seating.png"))
