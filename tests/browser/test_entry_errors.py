"""An error is never called a lost connection (issue 14 §4), and impossible or unlikely
sheets at the table (§3), in a real browser, Italian, on a phone and a laptop.

Only no answer at all or a 503 keeps a sheet in the browser's queue; a 400 or a 500
shows its error at the table, and a queued sheet the server refuses leaves the queue
with its message while the others are sent. Screenshots go to $SCREENSHOT_DIR.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from scoring.models import TableResult
from tests.browser.referee_entry import (
    PHONE,
    login,
    open_round,
    queued,
    type_sheet,
    versions,
)
from tests.scoring.conftest import build_round, build_tournament, grant
from tests.scoring.helpers import save, sheet

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "pw-arbitro-errori"
DESKTOP = {"width": 1280, "height": 800}
GOOD = [("150", "200"), ("95", "310"), ("-100", "40")]
SERVER_ERROR = json.dumps(
    {
        "ok": False,
        "code": "server_error",
        "retry": True,
        "errors": {
            "__all__": [
                "Errore del server: riprova. Un referto già salvato non viene mai"
                " contato due volte."
            ]
        },
    }
)


@pytest.fixture
def round_page(page, live_server, make_user, settings):
    return open_round(page, live_server, make_user, PASSWORD)


# --- §4: a server error is shown as such, never queued -----------------------------


def test_a_500_answer_is_shown_at_the_table_not_queued(round_page, screenshot_dir):
    """Before: "Nessuna connessione ... conservato su questo dispositivo", resent every
    10 s."""
    page, _, _tables = round_page
    page.route(
        "**/tavolo/1/salva/",
        lambda route: route.fulfill(
            status=500, body=SERVER_ERROR, content_type="application/json"
        ),
    )
    type_sheet(page, 1, GOOD)
    card = page.locator("#t1")
    expect(card).to_contain_text("Errore del server")
    page.wait_for_timeout(300)  # the queue's own note would come after the answer
    expect(card).not_to_contain_text("Nessuna connessione")
    expect(page.locator("#offline-queue")).to_have_count(0)
    assert queued(page) == []
    page.screenshot(path=f"{screenshot_dir}/error-500-phone.png", full_page=True)


def test_an_error_page_that_is_not_json_is_shown_with_its_status(round_page):
    page, _, _ = round_page
    page.route(
        "**/tavolo/1/salva/",
        lambda route: route.fulfill(
            status=502, body="<h1>Bad Gateway</h1>", content_type="text/html"
        ),
    )
    type_sheet(page, 1, GOOD)
    message = page.locator("#t1 .row-message")
    expect(message).to_contain_text("Il server non ha salvato il referto")
    expect(message).to_contain_text("HTTP 502")
    expect(message).not_to_contain_text("connessione")
    assert queued(page) == []


def test_a_400_answer_is_a_field_error_not_queued(round_page, screenshot_dir):
    """9995 for 995: an HTTP 500 (IntegrityError) before, now a field error."""
    page, _, tables = round_page
    type_sheet(page, 1, [("9995", "200"), ("95", "310"), ("-100", "40")])
    error = page.locator('.field-error[data-for="t1-h1_ns"]')
    expect(error).to_have_text(
        "9.995 è più di quanto una linea possa fare in una smazzata (al massimo 4.180)."
    )
    expect(page.locator("#t1-h1_ns, #id_t1-h1_ns")).to_have_attribute(
        "aria-invalid", "true"
    )
    assert queued(page) == []
    assert versions(tables[0]) == []
    page.screenshot(path=f"{screenshot_dir}/impossible-9995-phone.png", full_page=True)
    page.set_viewport_size(DESKTOP)
    page.screenshot(path=f"{screenshot_dir}/impossible-9995-desktop.png")
    # The referee fixes it (995) and saves with Enter.
    page.locator("#id_t1-h1_ns").fill("995")
    page.locator("#id_t1-h1_ns").press("Enter")
    expect(page.locator("#t1")).to_have_attribute("data-status", "confirmed")


def test_a_refused_queued_sheet_leaves_the_queue_and_never_blocks_the_others(
    round_page, screenshot_dir
):
    """Before: a 500 stayed queued, resent every 10 s, and the valid sheet typed after
    it never reached the server."""
    page, _, tables = round_page
    page.context.set_offline(True)
    type_sheet(page, 1, GOOD)
    type_sheet(page, 2, GOOD)
    expect(page.locator("#offline-queue")).to_contain_text(
        "Referti in attesa di invio: 2"
    )
    page.route(
        "**/tavolo/1/salva/",
        lambda route: route.fulfill(
            status=500, body=SERVER_ERROR, content_type="application/json"
        ),
    )
    page.context.set_offline(False)  # the "online" event sends both
    expect(page.locator("#t2")).to_have_attribute("data-status", "confirmed")
    expect(page.locator("#t1 .row-message")).to_contain_text("Errore del server")
    expect(page.locator("#offline-queue")).to_have_count(0)
    assert queued(page) == []
    assert versions(tables[0]) == [] and len(versions(tables[1])) == 1
    page.screenshot(path=f"{screenshot_dir}/queue-refused-phone.png", full_page=True)


def test_a_queued_sheet_refused_with_400_shows_its_message(round_page):
    page, _, tables = round_page
    page.context.set_offline(True)
    type_sheet(page, 1, [("9995", "200"), ("95", "310"), ("-100", "40")])
    type_sheet(page, 2, GOOD)
    page.context.set_offline(False)
    expect(page.locator("#t2")).to_have_attribute("data-status", "confirmed")
    expect(page.locator("#t1 .row-message")).to_contain_text("al massimo 4.180")
    assert queued(page) == []
    assert versions(tables[0]) == []


# --- §3: an unlikely sheet asks once more -----------------------------------------


def test_a_0_0_sheet_is_confirmed_with_one_more_enter(round_page, screenshot_dir):
    page, _, tables = round_page
    type_sheet(page, 1, [("0", "0")] * 3)
    card = page.locator("#t1")
    expect(card).to_contain_text("Improbabile: ogni smazzata è 0–0.")
    expect(card.locator("button.save")).to_have_text("Conferma e salva")
    assert versions(tables[0]) == []
    page.screenshot(path=f"{screenshot_dir}/unlikely-zero-phone.png", full_page=True)
    page.set_viewport_size(DESKTOP)
    page.screenshot(path=f"{screenshot_dir}/unlikely-zero-desktop.png")
    page.keyboard.press("Enter")  # the focus is on the marked field: one more key
    expect(card).to_have_attribute("data-status", "confirmed")
    assert TableResult.objects.get(table=tables[0]).current.vp_ns == 10


def test_an_unlikely_smazzata_changed_is_asked_again(round_page):
    page, _, tables = round_page
    type_sheet(page, 1, [("2500", "100"), ("95", "310"), ("-100", "40")])
    expect(page.locator('.field-error[data-for="t1-h1_ns"]')).to_have_text(
        "Improbabile: più di 2.000 in una smazzata."
    )
    page.locator("#id_t1-h1_ns").fill("250")  # it was a typo: fixed, saved at once
    page.locator("#id_t1-h1_ns").press("Enter")
    expect(page.locator("#t1")).to_have_attribute("data-status", "confirmed")
    saved = TableResult.objects.get(table=tables[0]).current
    assert saved.mp_ns == 250 + 95 - 100


# --- §5: a special result on a double-entry table, in the browser -------------------


def test_a_special_result_waits_for_the_second_entry(
    page, live_server, make_user, settings, screenshot_dir
):
    tournament, girone, pairs = build_tournament(pairs=4, entry_mode="double")
    round_, tables = build_round(
        girone, 1, [(pairs[0], pairs[1]), (pairs[2], pairs[3])]
    )
    first = make_user("arbitro1", password=PASSWORD)
    grant(first, tournament)
    grant(make_user("arbitro", password=PASSWORD), tournament)
    save(tables[0], first, sheet((250, 300), (95, 400), (300, 125)))
    page.set_viewport_size(DESKTOP)
    login(page, live_server, "arbitro", PASSWORD)
    base = f"{live_server.url}/arbitro/{tournament.slug}/turno/{round_.pk}/"
    page.goto(base + "tavolo/1/")
    expect(page.locator("body")).not_to_contain_text("645")
    page.locator("#id_kind").select_option("forfeit")
    page.locator("#id_line").select_option("ew")
    page.locator("#id_reason").fill("Coppia EO assente")
    page.screenshot(path=f"{screenshot_dir}/double-special-desktop.png", full_page=True)
    page.get_by_role("button", name="Salva").click()
    expect(page.locator("h1 .badge")).to_have_text("Schede diverse")
    result = TableResult.objects.get(table=tables[0])
    assert result.status == TableResult.Status.DISPUTED and result.current is None
    # The referee who typed one of them cannot settle it.
    expect(page.locator("body")).to_contain_text(
        "Hai inserito una delle due schede: la divergenza"
    )
    expect(page.get_by_role("button", name="La scheda 1 è giusta")).to_have_count(0)
    page.set_viewport_size(PHONE)
    page.screenshot(path=f"{screenshot_dir}/double-special-phone.png", full_page=True)
