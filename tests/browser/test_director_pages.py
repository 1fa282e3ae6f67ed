"""The director's pages with no trap (issue 28, "Done when"), in a real browser from an
empty database, in Italian: the new-tournament form's defaults with the plan built by
choices, a pair's name and tessera corrected, a withdrawal confirmed, a referee whose
one-time password is changed at first login and who lands on the round's entry page.

One browser session (two pages) for the whole walk. Screenshots (desktop and phone)
only when ``SCREENSHOT_DIR`` is set, in its ``director-pages`` folder.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from playwright.sync_api import expect

from participants.models import Pair
from tournament.models import Round, Tournament

from .conftest import TIMEOUT_MS, choose_own_password

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
SHOTS = (
    Path(os.environ["SCREENSHOT_DIR"]) / "director-pages"
    if os.environ.get("SCREENSHOT_DIR")
    else None
)
CSV = "\n".join(
    [
        "Cognome 1;Nome 1;Tessera 1;Cognome 2;Nome 2;Tessera 2;Circolo",
        *(f"Verdi{n};Anna;VT{n:02d}1;Neri{n};Luca;VT{n:02d}2;" for n in range(1, 9)),
    ]
)


def shot(page, name: str) -> None:
    if SHOTS is None:
        return
    SHOTS.mkdir(parents=True, exist_ok=True)
    for label, size in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(size)
        page.screenshot(path=str(SHOTS / f"{name}-{label}.png"), full_page=True)
    page.set_viewport_size(DESKTOP)


def new_page(browser):
    page = browser.new_context(viewport=DESKTOP, locale="it-IT").new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.set_default_navigation_timeout(TIMEOUT_MS)
    return page


def log_in(page, base, username, password):
    """From the login page with no "next": where the site sends this person."""
    page.goto(f"{base}/login/")
    page.get_by_label("Nome utente").fill(username)
    page.get_by_label("Password").fill(password)
    with page.expect_navigation():
        page.get_by_label("Password").press("Enter")


def success(page, text):
    expect(page.locator("li.msg-success").last).to_contain_text(text)


@pytest.fixture
def director(db):
    user = get_user_model().objects.create_user("direttrice", password="pw-dir-2026")
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    return user


def test_the_directors_day_without_a_trap(browser, live_server, director):
    base = live_server.url
    d = new_page(browser)
    log_in(d, base, "direttrice", "pw-dir-2026")
    expect(d).to_have_url(f"{base}/direzione/")  # a director with nothing running yet

    # The form's defaults are a valid Burraco tournament; the plan is chosen, not typed.
    d.get_by_role("link", name="Nuovo torneo").click()
    expect(d.locator("#id_game")).to_have_value("burraco")
    expect(d.locator("#id_rule_pack")).to_have_value("fibur-2026")
    # Turns to 2005 points are Burraco's: the box goes away for Briscola, unticked.
    d.locator("#id_to_points").check()
    d.locator("#id_game").select_option("briscola")
    expect(d.locator("#id_to_points")).to_be_hidden()
    expect(d.locator("#id_to_points")).not_to_be_checked()
    d.locator("#id_game").select_option("burraco")
    expect(d.locator("#id_to_points")).to_be_visible()
    d.locator("#id_name").fill("Torneo del giovedì")
    d.locator("#id_date").fill("2026-06-11")
    d.locator("#id_plan_rounds_1").fill("2")
    d.locator("#id_plan_movement_2").select_option("danese_modificato")
    d.locator("#id_plan_rounds_2").fill("2")
    expect(d.locator("#plan-words")).to_have_text(
        "Turni 1–2: Mitchell · turni 3–4: Danese modificato"
    )
    expect(d.locator("[name=movement_plan]")).to_have_count(0)  # no formula to type
    shot(d, "1-new-tournament")
    d.get_by_role("button", name="Crea il torneo").click()
    d.wait_for_url(re.compile(r".*/direzione/torneo-del-giovedi-2026/$"))
    tournament = Tournament.objects.get()
    assert (tournament.movement_plan, tournament.rounds_planned) == (
        "2xmitchell+2xdanese_modificato",
        4,
    )
    expect(d.locator("main")).to_contain_text(
        "Turni 1–2: Mitchell · turni 3–4: Danese modificato"
    )
    slug = tournament.slug

    d.goto(f"{base}/direzione/{slug}/importa/")
    d.locator("#id_text").fill(CSV)
    d.locator("#check-import").click()
    d.locator("#confirm-import").click()
    success(d, "8 coppie importate")

    # A misspelled name and a wrong tessera, corrected from the pairs page.
    d.locator("tr", has_text="Verdi2").get_by_role("link", name="Correggi").click()
    d.locator("#id_last_name1").fill("Verdini")
    d.locator("#id_membership1").fill("VT9991")
    shot(d, "2-correct-pair")
    d.locator("#save-pair").click()
    success(d, "Coppia 2 salvata: Verdini – Neri2")
    pair = Pair.objects.select_related("player1").get(tournament=tournament, number=2)
    assert pair.player1.membership_number == "VT9991"

    # A withdrawal asks first, and says what it means.
    d.locator("tr", has_text="Verdi8").get_by_role("link", name="Ritira…").click()
    expect(d.locator("#withdraw-form h2")).to_have_text(
        "Ritirare la coppia 8 (Verdi8 – Neri8)?"
    )
    d.locator("#withdraw").click()  # the browser asks for the box first
    assert not Pair.objects.get(tournament=tournament, number=8).withdrawn
    d.locator("#confirm-withdraw").check()
    shot(d, "3-withdraw")
    d.locator("#withdraw").click()
    success(d, "Coppia 8 ritirata")
    assert Pair.objects.get(tournament=tournament, number=8).withdrawn

    d.goto(f"{base}/direzione/{slug}/gironi/")
    d.locator("#id_count").fill("1")
    d.locator("#split").click()
    success(d, "1 girone formato")
    d.goto(f"{base}/direzione/{slug}/staff/")
    new = d.locator("#staff-new")
    new.get_by_label("Nome", exact=True).fill("Marco")
    new.get_by_label("Cognome").fill("Bassi")
    new.get_by_label("Nome utente").fill("marco")
    new.get_by_label("Ruolo").select_option("referee")
    new.get_by_role("button", name="Crea l'utente").click()
    one_time = d.get_by_test_id("password").inner_text()
    d.goto(f"{base}/direzione/{slug}/gironi/A/")
    d.locator("#generate").click()
    d.locator("#publish").click()
    success(d, "Turno 1 pubblicato")
    round1 = Round.objects.get(girone__stage__tournament=tournament, number=1)

    # The referee: a one-time password is changed first, then straight to round 1.
    r = new_page(browser)
    log_in(r, base, "marco", one_time)
    expect(r.locator("#must-change")).to_be_visible()
    shot(r, "4-one-time-password")
    choose_own_password(r, one_time, "marco-arbitro-2026")
    expect(r).to_have_url(f"{base}/arbitro/{slug}/turno/{round1.pk}/")
    r.context.clear_cookies()
    log_in(r, base, "marco", "marco-arbitro-2026")
    expect(r).to_have_url(f"{base}/arbitro/{slug}/turno/{round1.pk}/")
    shot(r, "5-referee-lands-on-the-round")
