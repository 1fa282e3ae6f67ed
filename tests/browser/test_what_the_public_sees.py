"""What the public sees is what the director decided (issue 25, "Done when").

From an empty database, through the pages only (the season, as the federation's admin
sets it up, is the one thing made beforehand), in a real browser, with the worker loop
running beside the server as ``make run`` runs it (tests/browser/conftest.py):

* round 1 closed through the recap is on the phone's standings without another click;
* with "hold results" ticked, round 2 closed stays off the public pages; "Prossimi
  passi" names it, and "Concluso" is refused with a message naming it; released from
  the standings page, the tournament is concluded;
* a late correction by the chief referee after "Concluso" shows on the phone's
  standings, in the standings PDF (Definitiva) and on the season page.
"""

from __future__ import annotations

import io
import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from playwright.sync_api import expect
from pypdf import PdfReader

from standings.models import Season
from tournament.models import Round, Tournament

from .conftest import choose_own_password
from .test_event_day import (
    enter_round,
    generate_and_publish,
    log_in,
    new_page,
    recap_and_close,
    steps,
    success,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DIRECTOR, PASSWORD = "direttore-pubblico", "pw-direttore-2026"
PHONE = {"width": 390, "height": 844}
PAIRS_CSV = "\n".join(
    [
        "Cognome 1;Nome 1;Tessera 1;Cognome 2;Nome 2;Tessera 2;Circolo",
        *(f"Verdi{n};Anna;V{n:03d}1;Neri{n};Luca;V{n:03d}2;" for n in range(1, 5)),
    ]
)


class NoShots:
    def __call__(self, page, name: str, *, phone: bool = True) -> None:
        pass


def page_text(phone, url: str) -> str:
    phone.goto(url)
    return phone.locator("main").inner_text()


def standings_text(phone, base, slug) -> str:
    return page_text(phone, f"{base}/t/{slug}/classifica/")


def page_once(phone, url: str, ready, what: str) -> str:
    """A public page's text once ``ready(text)`` holds: the worker ranks and publishes
    beside the server (a second or two, longer on a busy machine), and a page already
    loaded does not change by itself, so the phone loads it again until then."""
    for _ in range(150):
        text = page_text(phone, url)
        if ready(text):
            return text
        phone.wait_for_timeout(200)
    raise AssertionError(f"{url} never showed {what}:\n{text}")


def standings_once(phone, base, slug, ready, what: str) -> str:
    return page_once(phone, f"{base}/t/{slug}/classifica/", ready, what)


def test_what_the_public_sees_is_what_the_director_decided(browser, live_server):
    base = live_server.url
    shots = NoShots()
    user = get_user_model().objects.create_user(DIRECTOR, password=PASSWORD)
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    d = new_page(browser)
    log_in(d, base, DIRECTOR, PASSWORD)

    # The tournament: 4 pairs, two Mitchell rounds, no correction period.
    d.goto(f"{base}/direzione/nuovo/")
    d.locator("#id_name").fill("Coppa della piazza")
    d.locator("#id_date").fill("2026-06-21")
    d.locator("#id_game").select_option("burraco")
    d.locator("#id_rule_pack").select_option("fibur-2026")
    d.locator("#id_hands_per_round").select_option("2")
    # The plan by choices (issue 28): two rounds of Mitchell, nothing after them.
    d.locator("#id_plan_movement_1").select_option("mitchell")
    d.locator("#id_plan_rounds_1").fill("2")
    d.locator("#id_plan_movement_2").select_option("")
    expect(d.locator("#plan-words")).to_have_text("Turni 1–2: Mitchell")
    d.locator("#id_correction_minutes").fill("0")
    d.get_by_role("button", name="Crea il torneo").click()
    slug = "coppa-della-piazza-2026"
    d.wait_for_url(re.compile(rf".*/direzione/{slug}/$"))
    season = Season.objects.create(name="Circuito della piazza", slug="piazza")
    tournament = Tournament.objects.get(slug=slug)
    assert (tournament.movement_plan, tournament.rounds_planned) == ("2xmitchell", 2)
    season.tournaments.add(tournament)
    d.goto(f"{base}/direzione/{slug}/importa/")
    d.locator("#id_text").fill(PAIRS_CSV)
    d.locator("#check-import").click()
    d.locator("#confirm-import").click()
    success(d, "4 coppie importate")
    d.goto(f"{base}/direzione/{slug}/gironi/")
    d.locator("#id_count").fill("1")
    d.locator("#split").click()
    success(d, "1 girone formato")
    d.goto(f"{base}/direzione/{slug}/staff/")
    people = {}
    for first, last, username, role in (
        ("Marco", "Bassi", "marco-p", "referee"),
        ("Lucia", "Alti", "lucia-p", "chief_referee"),
    ):
        new = d.locator("#staff-new")
        new.get_by_label("Nome", exact=True).fill(first)
        new.get_by_label("Cognome").fill(last)
        new.get_by_label("Nome utente").fill(username)
        new.get_by_label("Ruolo").select_option(role)
        new.get_by_role("button", name="Crea l'utente").click()
        people[username] = d.get_by_test_id("password").inner_text()
    r = new_page(browser)
    log_in(r, base, "marco-p", people["marco-p"])
    choose_own_password(r, people["marco-p"], "marco-piazza-2026")
    c = new_page(browser)
    log_in(c, base, "lucia-p", people["lucia-p"])
    choose_own_password(c, people["lucia-p"], "lucia-piazza-2026")
    phone = browser.new_context(viewport=PHONE, locale="it-IT").new_page()

    # Round 1, closed through the recap: on the phone without another click.
    generate_and_publish(d, base, slug, 1, shots)
    enter_round(r, base, slug, 1)
    recap_and_close(r, 1, shots)
    first_page = standings_once(
        phone, base, slug, lambda text: re.search(r"Verdi\d", text), "round 1"
    )
    assert "Nessun risultato" not in first_page

    # Round 2 with the results held: closed, off the public pages, named.
    d.goto(f"{base}/direzione/{slug}/modifica/")
    d.locator("#id_hold_results").check()
    d.get_by_role("button", name="Salva").click()
    success(d, "Torneo salvato")
    generate_and_publish(d, base, slug, 2, shots)
    enter_round(r, base, slug, 2)
    recap_and_close(r, 2, shots)
    d.goto(f"{base}/direzione/{slug}/")
    assert "Pubblica i risultati del turno 2 del Girone A (trattenuti)" in steps(d)
    d.get_by_role("button", name="Passa a “Concluso”").click()
    expect(d.locator("li.msg-error")).to_contain_text(
        "I risultati del turno 2 del girone A non sono pubblicati."
    )
    assert Tournament.objects.get(slug=slug).status == Tournament.Status.RUNNING
    assert standings_text(phone, base, slug) == first_page  # round 2 not shown

    # Released from the standings page: then concluded.
    d.goto(f"{base}/classifiche/{slug}/")
    round2 = Round.objects.get(girone__stage__tournament__slug=slug, number=2)
    d.locator(
        f"form[action$='/turni/{round2.pk}/']:has(input[value='results']) button"
    ).click()
    d.goto(f"{base}/direzione/{slug}/")
    d.get_by_role("button", name="Passa a “Concluso”").click()
    success(d, "Concluso")
    season_url = f"{base}/t/stagioni/piazza/"
    season_before = page_once(
        phone, season_url, lambda text: "Verdi" in text, "the concluded tournament"
    )
    standings_before = standings_text(phone, base, slug)

    # A late correction by the chief referee: the standings, the PDF, the season.
    round1 = Round.objects.get(girone__stage__tournament__slug=slug, number=1)
    c.goto(f"{base}/arbitro/{slug}/turno/{round1.pk}/tavolo/1/")
    for k in (1, 2):  # the sheet was typed line for line the wrong way round
        ns, ew = c.locator(f"#id_h{k}_ns"), c.locator(f"#id_h{k}_ew")
        typed = ns.input_value(), ew.input_value()
        ns.fill(typed[1])
        ew.fill(typed[0])
    c.locator("#id_reason").fill("referto trascritto al contrario")
    c.get_by_role("button", name="Salva la correzione").click()
    c.wait_for_url(re.compile(r".*/correzione/\d+/$"))
    expect(c.locator("#late-correction")).to_have_text("Correzione tardiva")
    standings_once(
        phone, base, slug, lambda text: text != standings_before, "the correction"
    )
    page_once(phone, season_url, lambda text: text != season_before, "the correction")
    pdf = d.request.get(f"{base}/stampa/{slug}/documento/standings.pdf")
    assert pdf.ok and pdf.headers["content-type"] == "application/pdf"
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.body())).pages)
    assert "Definitiva" in text
