"""A negative score typed on a phone (issue 30 item 5): an iPhone's number pad
(inputmode="numeric") has no minus key, so each signed score has a ± key on a touch
screen; on a laptop the key is not there, "-" is typed and Tab goes from score to score
as before. Italian, Chromium, a phone viewport with touch; screenshots to
$SCREENSHOT_DIR."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import expect

from scoring.models import PairScore
from tests.browser.referee_entry import PHONE, login, open_round, type_sheet
from tests.scoring.conftest import build_round, build_tournament, grant

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "pw-arbitro-segno"


def test_a_phone_types_a_negative_smazzata_with_the_sign_key(
    browser, live_server, make_user, screenshot_dir
):
    tournament, girone, pairs = build_tournament(pairs=2)
    round_, (table,) = build_round(girone, 1, [(pairs[0], pairs[1])])
    grant(make_user("arbitro-segno", password=PASSWORD), tournament)
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, locale="it-IT"
    )
    try:
        phone = context.new_page()
        login(phone, live_server, "arbitro-segno", PASSWORD)
        phone.goto(f"{live_server.url}/arbitro/{tournament.slug}/turno/{round_.pk}/")
        first = phone.locator("#id_t1-h1_ns")
        key = phone.locator(".sign-key[data-for='id_t1-h1_ns']")
        expect(key).to_be_visible()
        assert key.get_attribute("tabindex") == "-1"
        box = key.bounding_box()
        assert box and box["width"] >= 40 and box["height"] >= 40  # a finger's key
        # Digits first, then ±; and ± first on an empty field, then digits.
        first.tap()
        phone.keyboard.type("100")
        key.tap()
        expect(first).to_have_value("-100")
        assert phone.evaluate("document.activeElement.id") == "id_t1-h1_ns"
        phone.locator("#id_t1-h1_ew").fill("40")
        phone.locator(".sign-key[data-for='id_t1-h2_ns']").tap()
        phone.keyboard.type("95")
        expect(phone.locator("#id_t1-h2_ns")).to_have_value("-95")
        key.tap()
        key.tap()  # back and forth: -100 again
        expect(first).to_have_value("-100")
        for name, value in (("h2_ew", "310"), ("h3_ns", "150"), ("h3_ew", "200")):
            phone.locator(f"#id_t1-{name}").fill(value)
        # The live totals follow the sign: -100 - 95 + 150 against 40 + 310 + 200.
        expect(phone.locator("#t1 .tot-ns")).to_have_text("-45")
        phone.screenshot(path=os.path.join(screenshot_dir, "score-sign-phone.png"))
        phone.locator("#t1 button.save").tap()
        expect(phone.locator("#t1 .row-message")).not_to_be_empty()
    finally:
        context.close()
    scores = {s.line: s.mp_for for s in PairScore.objects.filter(table=table)}
    assert scores == {"ns": -45, "ew": 550}


def test_a_laptop_has_no_sign_key_and_types_the_minus(page, live_server, make_user):
    page, _url, tables = open_round(page, live_server, make_user, PASSWORD)
    page.set_viewport_size({"width": 1280, "height": 800})
    assert page.locator(".sign-key").count() > 0  # in the page, not on the screen
    expect(page.locator(".sign-key").first).to_be_hidden()
    # Tab from score to score, "-" typed: the keyboard-first entry as before.
    type_sheet(page, 1, [("150", "200"), ("95", "310"), ("-100", "40")])
    expect(page.locator("#t1 .row-message")).not_to_be_empty()
    scores = {s.line: s.mp_for for s in PairScore.objects.filter(table=tables[0])}
    assert scores == {"ns": 145, "ew": 550}


def test_the_players_sheet_has_the_sign_key_too(browser, live_server):
    from seating.services.table_codes import issue_codes, live_code
    from tournament.models import Tournament

    tournament, girone, pairs = build_tournament(pairs=2)
    Tournament.objects.filter(pk=tournament.pk).update(entry_by="players")
    round_, (table,) = build_round(girone, 1, [(pairs[0], pairs[1])])
    issue_codes(round_)
    code = live_code(table)
    assert code is not None
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, locale="it-IT"
    )
    try:
        phone = context.new_page()
        phone.goto(f"{live_server.url}/tavolo/{code.code}/")
        phone.locator("button[name=line][value=ns]").tap()
        field = phone.locator("#id_h1_ns")
        key = phone.locator(".sign-key[data-for='id_h1_ns']")
        expect(key).to_be_visible()
        field.tap()
        phone.keyboard.type("35")
        key.tap()
        expect(field).to_have_value("-35")
    finally:
        context.close()
