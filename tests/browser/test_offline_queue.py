"""Offline-tolerant entry: a sheet typed while the connection is down is kept in the
browser, sent when it returns, and counted exactly once (the idempotency key)."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from scoring.models import HandScore
from tests.browser.referee_entry import open_round, queued, type_sheet, versions

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "pw-arbitro-offline"
SHEET = [("150", "200"), ("95", "310"), ("-100", "40")]


@pytest.fixture
def entry_page(page, live_server, make_user, settings):
    return open_round(page, live_server, make_user, PASSWORD)


def test_a_sheet_typed_offline_is_sent_once_when_the_connection_returns(
    entry_page, screenshot_dir
):
    page, _, tables = entry_page
    page.context.set_offline(True)
    type_sheet(page, 1, SHEET)
    banner = page.locator("#offline-queue")
    expect(banner).to_contain_text("Referti in attesa di invio: 1")
    expect(page.locator("#t1 .row-message")).to_contain_text("Nessuna connessione")
    page.screenshot(path=f"{screenshot_dir}/offline-queued-phone.png", full_page=True)
    assert [e["state"] for e in queued(page)] == ["queued"]
    assert versions(tables[0]) == []

    page.context.set_offline(False)
    expect(page.locator("#t1")).to_have_attribute("data-status", "confirmed")
    expect(page.locator("#t1 .row-message")).to_contain_text(
        "ritorno della connessione"
    )
    expect(banner).to_have_count(0)
    expect(page.locator("#missing")).to_have_text("2")
    page.screenshot(path=f"{screenshot_dir}/offline-sent-phone.png", full_page=True)
    assert queued(page) == []
    saved = versions(tables[0])
    assert len(saved) == 1
    hands = HandScore.objects.filter(version=saved[0]).order_by("number")
    assert [(h.ns, h.ew) for h in hands] == [(int(a), int(b)) for a, b in SHEET]


def test_an_answer_lost_on_the_way_back_is_resent_and_counted_once(entry_page):
    """The server saved the sheet but the phone never heard: the resend is a replay."""
    page, url, tables = entry_page
    lost = []

    def save_then_drop(route):
        lost.append(route.fetch().status)  # the server gets and saves the sheet
        route.abort("internetdisconnected")  # ... and the answer never arrives

    page.route("**/salva/", save_then_drop)
    type_sheet(page, 2, SHEET)
    expect(page.locator("#offline-queue")).to_contain_text(
        "Referti in attesa di invio: 1"
    )
    assert lost == [200]
    assert len(versions(tables[1])) == 1
    page.unroute("**/salva/")

    page.goto(url)  # the next page load sends what waits, with the same key
    expect(page.locator("#t2")).to_have_attribute("data-status", "confirmed")
    expect(page.locator("#offline-queue")).to_have_count(0)
    assert queued(page) == []
    assert len(versions(tables[1])) == 1


def test_a_database_restart_answer_keeps_the_sheet_for_a_retry(entry_page):
    """A 503 (database unreachable) decided nothing: the page says so and resends."""
    page, _, tables = entry_page
    body = (
        '{"ok": false, "code": "unavailable", "retry": true, "errors": {"__all__": '
        '["Il server non raggiunge il database in questo momento: riprova."]}}'
    )
    page.route(
        "**/salva/",
        lambda route: route.fulfill(
            status=503, body=body, content_type="application/json"
        ),
    )
    type_sheet(page, 1, SHEET)
    expect(page.locator("#t1")).to_contain_text("riprova")
    expect(page.locator("#offline-queue")).to_contain_text(
        "Referti in attesa di invio: 1"
    )
    assert versions(tables[0]) == []
    page.unroute("**/salva/")
    page.context.set_offline(True)
    page.context.set_offline(False)  # the browser's "online" event sends it
    expect(page.locator("#t1")).to_have_attribute("data-status", "confirmed")
    assert len(versions(tables[0])) == 1


def test_a_sheet_queued_when_the_session_expired_is_saved_once_after_logging_in(
    entry_page, live_server
):
    """The login rotates the CSRF token: the queue resends with the page's current
    token (it sent the one stored with the sheet, got 403 and dropped the sheet)."""
    from django.contrib.sessions.models import Session

    from tests.browser.referee_entry import login

    page, url, tables = entry_page
    Session.objects.all().delete()  # the session expires while the page is open
    type_sheet(page, 1, SHEET)
    expect(page.locator("#offline-queue")).to_contain_text(
        "Referti in attesa di invio: 1"
    )
    assert [e["state"] for e in queued(page)] == ["queued"]
    assert versions(tables[0]) == []
    old_token = page.context.cookies()
    login(page, live_server, "arbitro", PASSWORD)
    assert page.context.cookies() != old_token  # a new CSRF token since the login
    # The page after the login sends what waits (before: 403, and the sheet dropped).
    deadline = time.monotonic() + 20
    while queued(page) and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert queued(page) == []
    assert len(versions(tables[0])) == 1
    page.goto(url)
    expect(page.locator("#t1")).to_have_attribute("data-status", "confirmed")
    expect(page.locator("#offline-queue")).to_have_count(0)
    assert queued(page) == []
    assert len(versions(tables[0])) == 1
    page.goto("about:blank")  # no request of the page's after the test's end
