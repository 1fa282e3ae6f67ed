"""The whole event day from the director's and the referees' pages (issue 17, "Done when").

From an empty database (one account allowed to create tournaments, as a site's owner
gives it), in Italian, in a real browser, desktop and phone, through the director's and
referees' pages only (no admin, no command line):

* the director adds two clubs, creates the tournament (9 pairs, 2 smazzate, three
  Mitchell rounds then a Danese modificato, a correction period of an hour), imports the
  pairs, makes the girone and gives the staff roles (a referee and a chief referee, new
  users with a one-time password);
* round 1: generated, published, typed by the referee, recapped and closed (with its
  confirmation); a correction within the correction period, by the referee;
* a late pair registered and put in the girone: round 2 seats it (the Mitchell's rest
  seat); the correction period set to 0, round 2 closed, a correction after the period
  by the chief referee only, marked late in the log and on the round report;
* a withdrawal during the Mitchell: round 3 goes on with a rest table, typed in
  totals-only mode; round 4, a Danese modificato, closes the plan;
* the dashboard's next steps at each stage (finishing only once the plan is played);
  "Concluso" refused while round 1 is in its correction period, naming it (issue 25:
  closing released each round's results, nothing is left to publish); the standings
  (late and withdrawn pairs named, round 1 still provisional on the public page); the
  hour over, the tournament concluded and its public standings final; the QR sheet
  printed (every code read back); the federation report checked, fixed and exported.

Screenshots of every step, desktop and phone, in the ``event-day`` folder of the browser
tests' screenshot folder (``SCREENSHOT_DIR``, by default in the system's temporary folder).
"""

from __future__ import annotations

import io
import os
import re
import subprocess
from pathlib import Path

import pytest
import zxingcpp
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.utils import timezone
from openpyxl import load_workbook
from PIL import Image
from playwright.sync_api import expect
from pypdf import PdfReader

from participants.models import Pair
from scoring.models import ResultVersion
from tournament.models import Round, Tournament

from .conftest import TIMEOUT_MS, UNASKED, choose_own_password

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
SHOTS = Path(os.environ.get("SCREENSHOT_DIR") or UNASKED) / "event-day"
DIRECTOR, DIRECTOR_PW = "direttrice", "pw-direttrice-2026"

CLUBS = [("Circolo Aurora", "Roma", "RM042"), ("Burraco Tevere", "Roma", "RM077")]
PAIRS_CSV = "\n".join(
    [
        "Cognome 1;Nome 1;Tessera 1;Cognome 2;Nome 2;Tessera 2;Circolo",
        *(
            f"Rossi{n};Anna;T{n:03d}1;Bianchi{n};Luca;T{n:03d}2;"
            + ("Circolo Aurora" if n % 2 else "Burraco Tevere")
            for n in range(1, 10)
        ),
    ]
)


class Shots:
    """Numbered screenshots of each step, desktop then phone."""

    def __init__(self) -> None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        for old in SHOTS.glob("*.png"):
            old.unlink()
        self.n = 0

    def __call__(self, page, name: str, *, phone: bool = True) -> None:
        self.n += 1
        if not os.environ.get("SCREENSHOT_DIR"):
            return  # nobody asked for them: not even the phone's layout
        for label, size in (("desktop", DESKTOP), ("phone", PHONE)):
            if label == "phone" and not phone:
                continue
            page.set_viewport_size(size)
            page.screenshot(
                path=str(SHOTS / f"{self.n:02d}-{name}-{label}.png"), full_page=True
            )
        page.set_viewport_size(DESKTOP)


def new_page(browser):
    context = browser.new_context(viewport=DESKTOP, locale="it-IT")
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.set_default_navigation_timeout(TIMEOUT_MS)
    return page


def log_in(page, base, username, password):
    page.goto(f"{base}/login/?next=/direzione/")
    page.get_by_label("Nome utente").fill(username)
    page.get_by_label("Password").fill(password)
    page.keyboard.press("Enter")
    page.wait_for_url(lambda url: "/login/" not in url)


def success(page, text):
    expect(page.locator("li.msg-success").last).to_contain_text(text)


def hands_of(round_number: int, table: int) -> list[tuple[int, int]]:
    """Two ordinary smazzate, different at every table and round."""
    return [
        (200 + 15 * table + 5 * round_number, 150 + 5 * table),
        (120 + 5 * round_number, 100 + 10 * table),
    ]


@pytest.fixture
def director_account(db):
    """The one account of an empty site: allowed to create tournaments."""
    user = get_user_model().objects.create_user(
        DIRECTOR, password=DIRECTOR_PW, first_name="Giulia", last_name="Bruni"
    )
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    return user


def steps(page) -> str:
    return page.locator("section.card").first.inner_text()


def generate_and_publish(page, base, slug, number, shots):
    page.goto(f"{base}/direzione/{slug}/gironi/A/")
    page.locator("#generate").click()
    page.wait_for_url(re.compile(rf".*/gironi/A/turni/{number}/$"))
    shots(page, f"round{number}-draft")
    page.locator("#publish").click()
    success(page, f"Turno {number} pubblicato")


def enter_round(page, base, slug, number, *, totals=False, shots=None):
    """The referee types every table of round ``number`` on the entry page."""
    page.goto(f"{base}/arbitro/{slug}/")
    page.get_by_role("link", name=f"Turno {number} · girone A").click()
    page.wait_for_url(re.compile(r".*/arbitro/.*/turno/\d+/$"))
    numbers = [
        int(n)
        for n in page.locator("article.sheet-card").evaluate_all(
            "cards => cards.map(c => c.dataset.table)"
        )
    ]
    for n in numbers:
        card = page.locator(f"#t{n}")
        if card.locator("input.score").count() == 0:  # a rest: one click
            card.locator("button.save").click()
        elif totals:
            ns = sum(h[0] for h in hands_of(number, n))
            ew = sum(h[1] for h in hands_of(number, n))
            assert card.locator(f"#id_t{n}-h1_ns").count() == 0
            card.locator(f"#id_t{n}-tot_ns").fill(str(ns))
            card.locator(f"#id_t{n}-tot_ew").fill(str(ew))
            expect(card.locator(".live .vp")).not_to_have_text("—")
            if shots is not None and n == numbers[0]:
                shots(page, f"round{number}-typing-totals")
            card.locator(f"#id_t{n}-tot_ew").press("Enter")
        else:
            for k, (ns, ew) in enumerate(hands_of(number, n), start=1):
                card.locator(f"#id_t{n}-h{k}_ns").fill(str(ns))
                card.locator(f"#id_t{n}-h{k}_ew").fill(str(ew))
            card.locator(f"#id_t{n}-h2_ew").press("Enter")
        expect(page.locator(f"#t{n}")).to_have_attribute("data-status", "confirmed")
    expect(page.locator("#missing")).to_have_text("—")
    if shots is not None:
        shots(page, f"round{number}-entered{'-totals' if totals else ''}")
    return numbers


def recap_and_close(page, number, shots):
    page.locator("#recap-link").click()
    expect(page.locator("#recap")).to_be_visible()
    shots(page, f"round{number}-recap")
    # Closing asks for a confirmation: without it, the round stays open.
    page.locator("#close-round").click()  # the browser refuses the unticked box
    expect(page.locator("#close-form")).to_be_visible()
    page.locator("#confirm-close").check()
    page.locator("#close-round").click()
    success(page, f"Turno {number} chiuso")
    shots(page, f"round{number}-closed")


def correct_table(page, base, slug, round_id, table, reason):
    """Change the first smazzata of a table from its page; lands on the impact report."""
    page.goto(f"{base}/arbitro/{slug}/turno/{round_id}/tavolo/{table}/")
    field = page.locator("#id_h1_ns")
    field.fill(str(int(field.input_value()) + 100))
    page.locator("#id_reason").fill(reason)
    page.get_by_role("button", name="Salva la correzione").click()
    page.wait_for_url(re.compile(r".*/correzione/\d+/$"))


def test_a_whole_event_day(browser, live_server, director_account):
    base = live_server.url
    shots = Shots()
    d = new_page(browser)
    log_in(d, base, DIRECTOR, DIRECTOR_PW)

    # --- Before the day: clubs, the tournament, the pairs, the girone, the staff.
    d.goto(f"{base}/direzione/circoli/")
    for name, city, code in CLUBS:
        d.locator("#id_name").fill(name)
        d.locator("#id_city").fill(city)
        d.locator("#id_federation_code").fill(code)
        d.get_by_role("button", name="Aggiungi circolo").click()
        success(d, name)
    d.goto(f"{base}/direzione/nuovo/")
    d.locator("#id_name").fill("Trofeo di primavera")
    d.locator("#id_date").fill("2026-06-14")
    d.locator("#id_venue").fill("Circolo Aurora")
    d.locator("#id_game").select_option("burraco")
    d.locator("#id_rule_pack").select_option("fibur-2026")
    d.locator("#id_hands_per_round").select_option("2")
    d.locator("#id_plan_movement_2").select_option("danese_modificato")
    expect(d.locator("#plan-words")).to_have_text(
        "Turni 1–3: Mitchell · turno 4: Danese modificato"
    )
    # An hour to correct (the pack says 10 minutes): round 1 is still provisional when
    # the public standings are looked at, however slow the machine.
    d.locator("#id_correction_minutes").fill("60")
    shots(d, "new-tournament")
    d.get_by_role("button", name="Crea il torneo").click()
    d.wait_for_url(re.compile(r".*/direzione/trofeo-di-primavera-2026/$"))
    slug = "trofeo-di-primavera-2026"
    assert "Iscrivi le coppie" in steps(d)

    d.goto(f"{base}/direzione/{slug}/importa/")
    d.locator("#id_text").fill(PAIRS_CSV)
    d.locator("#check-import").click()
    expect(d.locator("#preview")).to_contain_text("Coppie pronte da importare: 9")
    d.locator("#confirm-import").click()
    success(d, "9 coppie importate")
    d.goto(f"{base}/direzione/{slug}/gironi/")
    d.locator("#id_count").fill("1")
    d.locator("#split").click()
    success(d, "1 girone formato")

    d.goto(f"{base}/direzione/{slug}/staff/")
    people = {}
    for first, last, username, role in (
        ("Marco", "Verdi", "marco", "referee"),
        ("Lucia", "Neri", "lucia", "chief_referee"),
    ):
        new = d.locator("#staff-new")
        new.get_by_label("Nome", exact=True).fill(first)
        new.get_by_label("Cognome").fill(last)
        new.get_by_label("Nome utente").fill(username)
        new.get_by_label("Ruolo").select_option(role)
        new.get_by_role("button", name="Crea l'utente").click()
        people[username] = d.get_by_test_id("password").inner_text()
    shots(d, "staff")
    # A one-time password is changed at the first login (issue 28 §5).
    r = new_page(browser)
    log_in(r, base, "marco", people["marco"])
    choose_own_password(r, people["marco"], "marco-arbitro-2026")
    c = new_page(browser)
    log_in(c, base, "lucia", people["lucia"])
    choose_own_password(c, people["lucia"], "lucia-capo-2026")

    # --- Round 1: the dashboard offers it; typed, recapped, closed.
    d.goto(f"{base}/direzione/{slug}/")
    assert "Genera il turno 1 del Girone A" in steps(d)
    shots(d, "dashboard-ready")
    generate_and_publish(d, base, slug, 1, shots)
    d.goto(f"{base}/direzione/{slug}/")
    text = steps(d)
    assert "Inserisci i risultati del turno 1 del Girone A" in text
    assert "Genera il turno 2" not in text  # round 1 is not scored yet
    assert "Concluso" not in text  # nor is finishing a next step
    shots(d, "dashboard-round1-open")
    first = enter_round(r, base, slug, 1, shots=shots)
    assert len(first) == 5  # 4 tables and the rest of the odd Mitchell
    recap_and_close(r, 1, shots)
    round1 = Round.objects.get(girone__stage__tournament__slug=slug, number=1)
    assert (round1.provisional_until - round1.closed_at).total_seconds() == 3600

    # A correction within the period, by the referee.
    correct_table(r, base, slug, round1.pk, 1, "errore di somma sullo score")
    shots(r, "round1-correction-in-period")
    version = ResultVersion.objects.get(purpose="correction")
    assert not version.late and version.entered_by.username == "marco"

    # --- A late pair: registered, put in the girone from the pairs page.
    d.goto(f"{base}/direzione/{slug}/coppie/")
    d.locator("#id_last_name1").fill("Gialli")
    d.locator("#id_first_name1").fill("Ugo")
    d.locator("#id_last_name2").fill("Viola")
    d.locator("#id_first_name2").fill("Eva")
    d.locator("#id_club").fill("Burraco Tevere")
    d.locator("#id_last_name2").press("Enter")
    success(d, "Coppia 10 iscritta")
    d.locator("#girone-10").select_option("A")
    d.locator("form.place-pair button").click()
    success(d, "entra nel Girone A")
    shots(d, "late-pair-placed")

    generate_and_publish(d, base, slug, 2, shots)
    round2 = Round.objects.get(girone__stage__tournament__slug=slug, number=2)
    seated = {
        p.number
        for t in round2.tables.select_related("pair_ns", "pair_ew")
        for p in (t.pair_ns, t.pair_ew)
        if p is not None
    }
    assert 10 in seated  # the late pair took the Mitchell's rest seat
    assert not round2.tables.filter(pair_ew=None).exists()

    # The correction period set to 0: round 2 is final once closed.
    d.goto(f"{base}/direzione/{slug}/modifica/")
    d.locator("#id_correction_minutes").fill("0")
    d.get_by_role("button", name="Salva").click()
    success(d, "Torneo salvato")
    enter_round(r, base, slug, 2, shots=shots)
    recap_and_close(r, 2, shots)
    # After the period: the referee may no longer correct, the chief referee may.
    r.goto(f"{base}/arbitro/{slug}/turno/{round2.pk}/tavolo/2/")
    expect(r.locator("#id_reason")).to_have_count(0)
    correct_table(c, base, slug, round2.pk, 2, "score ricontrollato dal capo arbitro")
    expect(c.locator("#late-correction")).to_have_text("Correzione tardiva")
    expect(c.locator("body")).to_contain_text("corretto da Lucia Neri")
    shots(c, "round2-late-correction")
    late = ResultVersion.objects.get(purpose="correction", late=True)
    assert late.entered_by.username == "lucia"
    d.goto(f"{base}/arbitro/{slug}/registro/")
    expect(d.locator("body")).to_contain_text("Correzione tardiva")
    shots(d, "log-late-correction")
    report = d.request.get(
        f"{base}/stampa/{slug}/documento/report.pdf?turno={round2.pk}"
    )
    report_text = " ".join(
        " ".join((p.extract_text() or "").split())
        for p in PdfReader(io.BytesIO(report.body())).pages
    )
    assert "correzione tardiva" in report_text

    # --- A withdrawal during the Mitchell; round 3 typed as totals only.
    d.goto(f"{base}/direzione/{slug}/coppie/")
    d.locator("tr", has_text="Rossi3").get_by_role("link", name="Ritira…").click()
    d.locator("#confirm-withdraw").check()  # a withdrawal is confirmed (issue 28)
    d.locator("#withdraw").click()
    success(d, "Coppia 3 ritirata")
    d.goto(f"{base}/direzione/{slug}/modifica/")
    d.locator("#id_totals_only").check()
    d.get_by_role("button", name="Salva").click()
    success(d, "Torneo salvato")
    d.goto(f"{base}/direzione/{slug}/")
    expect(d.locator("#pair-counts")).to_contain_text(
        "10 coppie iscritte · 9 in gioco · 1 ritirata"
    )
    shots(d, "dashboard-withdrawal")
    generate_and_publish(d, base, slug, 3, shots)
    round3 = Round.objects.get(girone__stage__tournament__slug=slug, number=3)
    assert round3.movement == "mitchell"
    assert round3.tables.filter(pair_ew=None).count() == 1  # pair 3's opponent rests
    r.set_viewport_size(PHONE)
    enter_round(r, base, slug, 3, totals=True, shots=shots)
    r.set_viewport_size(DESKTOP)
    recap_and_close(r, 3, shots)
    assert not ResultVersion.objects.filter(
        result__round=round3, kind="normal", hands__isnull=False
    ).exists()

    # --- Round 4, the Danese modificato; then the plan is over.
    d.goto(f"{base}/direzione/{slug}/modifica/")
    d.locator("#id_totals_only").uncheck()
    d.get_by_role("button", name="Salva").click()
    generate_and_publish(d, base, slug, 4, shots)
    enter_round(r, base, slug, 4, shots=shots)
    recap_and_close(r, 4, shots)
    d.goto(f"{base}/direzione/{slug}/")
    text = steps(d)
    assert "Genera il turno 5" not in text
    assert "Classifica finale" in text
    shots(d, "dashboard-done")
    # The plan is played: finishing is a next step now (it was not before); but round 1
    # is still in its hour of corrections, so "Concluso" is refused, naming it.
    d.get_by_role("button", name="Passa a “Concluso”").click()
    expect(d.locator("li.msg-error")).to_contain_text(
        "Il turno 1 del girone A è nel periodo di correzione fino alle"
    )
    expect(d.locator("li.msg-error")).not_to_contain_text("turno 2")
    expect(d.locator("h1 .badge")).to_have_text("In corso")
    shots(d, "conclusion-refused")

    # --- Standings: closing released each round's results (none held: nothing is left
    # to publish); the late and the withdrawn pair named, on screen and on paper.
    d.goto(f"{base}/classifiche/{slug}/")
    expect(d.get_by_role("button", name="Pubblica", exact=True)).to_have_count(0)
    expect(d.locator("body")).to_contain_text("entrata al turno 2")
    shots(d, "director-standings")
    d.goto(f"{base}/t/{slug}/classifica/")
    # Round 1 (60 minutes) is still in its correction period; rounds 2-4 (0) are final.
    expect(d.locator(".provisional")).to_contain_text("Turno 1 del girone A")
    expect(d.locator(".provisional")).not_to_contain_text("Turno 2")
    expect(d.locator("body")).to_contain_text("entrata al turno 2")
    expect(d.locator("body")).to_contain_text("ritirata dopo il turno 2")
    shots(d, "public-standings")
    standings = d.request.get(f"{base}/stampa/{slug}/documento/standings.pdf")
    text = " ".join(
        " ".join((p.extract_text() or "").split())
        for p in PdfReader(io.BytesIO(standings.body())).pages
    )
    assert "entrata al turno 2" in text and "ritirata dopo il turno 2" in text

    # --- The hour passes (the clock moved on: no test waits an hour): round 1 is final,
    # the tournament is concluded and its public standings say nothing is provisional.
    Round.objects.filter(pk=round1.pk).update(provisional_until=timezone.now())
    d.goto(f"{base}/direzione/{slug}/")
    d.get_by_role("button", name="Passa a “Concluso”").click()
    success(d, "Concluso")
    expect(d.locator("h1 .badge")).to_have_text("Concluso")
    shots(d, "concluded")
    d.goto(f"{base}/t/{slug}/classifica/")
    expect(d.locator(".provisional")).to_have_count(0)
    expect(d.locator("body")).to_contain_text("entrata al turno 2")

    # --- The QR sheet, printed and read back.
    d.goto(f"{base}/stampa/{slug}/")
    shots(d, "printing")
    link = d.get_by_role("link", name="Tessere QR da consegnare all'iscrizione")
    response = d.request.get(base + link.get_attribute("href"))
    assert response.headers["content-type"] == "application/pdf"
    pdf = SHOTS / "qr-cards.pdf"
    pdf.write_bytes(response.body())
    subprocess.run(
        ["pdftoppm", "-r", "150", "-png", str(pdf), str(SHOTS / "qr-cards")],
        check=True,
    )
    codes = sorted(
        code.text
        for png in sorted(SHOTS.glob("qr-cards-*.png"))
        for code in zxingcpp.read_barcodes(Image.open(png))
    )
    # One card a pair still playing (the withdrawn pair 3 needs none), the late one too.
    numbers = Pair.objects.filter(tournament__slug=slug, withdrawn=False).values_list(
        "number", flat=True
    )
    assert sorted(numbers) == [1, 2, 4, 5, 6, 7, 8, 9, 10]
    assert codes == sorted(f"{base}/t/{slug}/coppia/{n}/" for n in numbers)

    # --- The federation report: checked, fixed, exported.
    d.goto(f"{base}/classifiche/{slug}/federazione/")
    check = d.get_by_test_id("federation-check")
    expect(check).to_contain_text("non ha la tessera")  # the late pair's players
    shots(d, "federation-check")
    for _i, tessera in enumerate(("T0101", "T0102"), start=1):
        d.get_by_test_id("federation-check").locator("input[name=value]").first.fill(
            tessera
        )
        d.get_by_test_id("federation-check").get_by_role(
            "button", name="Salva"
        ).first.click()
        success(d, "Tessera di")
    expect(d.locator("body")).to_contain_text("Ogni tessera e ogni codice di circolo")
    expect(d.locator("body")).not_to_contain_text("non è concluso")
    with d.expect_download() as info:
        d.get_by_role("link", name="Scarica XLSX").click()
    book = load_workbook(io.BytesIO(Path(info.value.path()).read_bytes()))
    rows = list(book["Risultati"].iter_rows(values_only=True))
    assert rows[0][:3] == ("Posizione", "Coppia", "Girone")
    assert sorted(r[1] for r in rows[1:]) == list(range(1, 11))
    shots(d, "federation-done", phone=False)
    tournament = Tournament.objects.get(slug=slug)
    assert tournament.rounds_planned == 4
