"""In a real browser, in Italian: staff, QR cards, federation report, a player's phone."""

from __future__ import annotations

import io
import re
import subprocess
from pathlib import Path

import pytest
import zxingcpp
from openpyxl import load_workbook
from PIL import Image
from playwright.sync_api import expect

from people.models import Club, Player
from tests.standings.factories import (
    THREE_WAY,
    make_girone,
    make_pairs,
    make_tournament,
    play,
)
from tournament.models import TournamentRole

from .conftest import choose_own_password

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def shoot(page, screenshot_dir, name, *, phone=True, desktop=True):
    for label, size in (("desktop", DESKTOP), ("phone", PHONE)):
        if (label == "phone" and phone) or (label == "desktop" and desktop):
            page.set_viewport_size(size)
            page.screenshot(path=f"{screenshot_dir}/h7-{name}-{label}.png")
    page.set_viewport_size(DESKTOP)


def log_in(page, live_server, username, password, next_url="/direzione/"):
    page.goto(f"{live_server.url}/login/?next={next_url}")
    page.get_by_label("Nome utente").fill(username)
    page.get_by_label("Password").fill(password)
    page.keyboard.press("Enter")
    page.wait_for_url(lambda url: "/login/" not in url)


@pytest.fixture
def event(make_user):
    tournament = make_tournament(status="finished")
    girone = make_girone(tournament)
    pairs = make_pairs(tournament, girone, [4, 9, 12, 20], club="Circolo Aurora")
    Club.objects.filter(name="Circolo Aurora").update(federation_code="RM042")
    for n, pair in pairs.items():
        for i, player in enumerate((pair.player1, pair.player2), start=1):
            player.membership_number = f"RM{n:03d}{i}"
            player.save()
    dangelo = pairs[9].player1
    dangelo.last_name, dangelo.first_name = "D'Angelo", "Niccolò"
    dangelo.save()
    Player.objects.filter(pk=pairs[20].player2_id).update(membership_number="")
    play(girone, THREE_WAY)
    director = make_user(
        "direttrice", password="pw-direttrice-1", first_name="Giulia", last_name="Bruni"
    )
    TournamentRole.objects.create(tournament=tournament, user=director, role="director")
    make_user("mario", password="pw-mario-123", first_name="Mario", last_name="Verdi")
    return tournament


def test_staff_qr_and_federation_as_the_director(
    page, live_server, event, screenshot_dir, tmp_path
):
    slug = event.slug
    page.set_viewport_size(DESKTOP)
    log_in(page, live_server, "direttrice", "pw-direttrice-1")

    # Staff: an existing user as referee, a new chief referee with a one-time password.
    page.goto(f"{live_server.url}/direzione/{slug}/")
    page.locator(".subnav").get_by_role("link", name="Staff").click()
    form = page.locator("#staff-add")
    form.get_by_label("Nome utente").fill("mario")
    form.get_by_label("Ruolo").select_option("referee")
    form.get_by_role("button", name="Aggiungi").click()
    assert page.get_by_text("Mario Verdi ora è arbitro di questo torneo.").is_visible()
    new = page.locator("#staff-new")
    new.get_by_label("Nome", exact=True).fill("Lucia")
    new.get_by_label("Cognome").fill("Neri")
    new.get_by_label("Nome utente").fill("lucia")
    new.get_by_label("Ruolo").select_option("chief_referee")
    new.get_by_role("button", name="Crea l'utente").click()
    password = page.get_by_test_id("password").inner_text()
    assert re.fullmatch(r"[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}", password)
    shoot(page, screenshot_dir, "1-staff-one-time-password")
    # The last director cannot be removed.
    row = page.locator("table.staff tr", has_text="Giulia Bruni")
    row.get_by_role("button", name="Togli").click()
    assert page.get_by_text("è l'unico direttore").is_visible()

    # QR cards: the PDF read back as a phone would.
    page.goto(f"{live_server.url}/stampa/{slug}/")
    link = page.get_by_role("link", name="Tessere QR da consegnare all'iscrizione")
    response = page.request.get(live_server.url + link.get_attribute("href"))
    assert response.headers["content-type"] == "application/pdf"
    pdf = Path(screenshot_dir) / "h7-qr-cards.pdf"
    pdf.write_bytes(response.body())
    subprocess.run(
        ["pdftoppm", "-r", "150", "-png", str(pdf), str(tmp_path / "qr")], check=True
    )
    subprocess.run(
        [
            "pdftoppm",
            "-r",
            "60",
            "-png",
            "-f",
            "1",
            "-l",
            "1",
            str(pdf),
            f"{screenshot_dir}/h7-qr-cards",
        ],
        check=True,
    )
    codes = sorted(
        r.text
        for png in sorted(tmp_path.glob("qr-*.png"))
        for r in zxingcpp.read_barcodes(Image.open(png))
    )
    assert codes == sorted(
        f"{live_server.url}/t/{slug}/coppia/{n}/" for n in (4, 9, 12, 20)
    )

    # Federation report: the check names the missing tessera; the XLSX opens.
    page.goto(f"{live_server.url}/classifiche/{slug}/")
    page.get_by_role("link", name=re.compile("Rapporto per la federazione")).click()
    check = page.get_by_test_id("federation-check")
    assert "1 cosa da sistemare" in check.inner_text()
    assert "non ha la tessera" in check.inner_text()
    shoot(page, screenshot_dir, "2-federation-check")
    check.locator("input[name=value]").fill("rm 0202")
    check.get_by_role("button", name="Salva").click()
    assert page.get_by_text("Ogni tessera e ogni codice di circolo").is_visible()
    with page.expect_download() as info:
        page.get_by_role("link", name="Scarica XLSX").click()
    book = load_workbook(io.BytesIO(Path(info.value.path()).read_bytes()))
    rows = list(book["Risultati"].iter_rows(values_only=True))
    assert rows[0][:3] == ("Posizione", "Coppia", "Girone")
    assert [r[1] for r in rows[1:]] == [12, 4, 9, 20]
    assert rows[4][10] == "RM0202"  # pair 20, player 2's tessera as fixed
    shoot(page, screenshot_dir, "3-federation-fixed", phone=False)

    # The new chief referee logs in with the one-time password and finds the event.
    page.context.clear_cookies()
    log_in(page, live_server, "lucia", password)
    choose_own_password(page, password, "lucia-sceglie-2026")
    page.goto(f"{live_server.url}/direzione/")
    assert page.get_by_role("link", name=event.name).is_visible()
    page.get_by_role("link", name=event.name).click()
    page.wait_for_url(re.compile(f".*/arbitro/{slug}/$"))
    # A page for directors only tells her whom to ask.
    page.goto(f"{live_server.url}/direzione/{slug}/")
    no_role = page.get_by_test_id("no-role")
    assert "Giulia Bruni" in no_role.inner_text()
    assert "Qui sei: Capo arbitro." in no_role.inner_text()
    shoot(page, screenshot_dir, "4-no-role")


def test_a_player_on_the_phone(page, live_server, event, screenshot_dir, tmp_path):
    slug = event.slug
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/t/{slug}/dove-gioco/")
    page.get_by_label("Dove gioco?").fill("D’Angelo")
    page.get_by_role("button", name="Cerca").click()
    page.get_by_role("link", name="Coppia 9").click()
    page.wait_for_url(re.compile(r".*/coppia/9/$"))
    page.get_by_text("Condividi questa pagina (codice QR)").click()
    qr = page.locator(".share-qr svg")
    qr.screenshot(path=str(tmp_path / "qr.png"))
    assert [
        r.text for r in zxingcpp.read_barcodes(Image.open(tmp_path / "qr.png"))
    ] == [f"{live_server.url}/t/{slug}/coppia/9/"]
    page.screenshot(path=f"{screenshot_dir}/h7-5-pair-page-phone.png", full_page=True)

    page.get_by_role("link", name="Classifica: prima la nostra riga").click()
    mine = page.get_by_test_id("my-row").first
    assert "3° su 4" in mine.inner_text()
    # The full tables' rows are marked by the page's deferred script: wait for it
    # (count() does not wait, and on a busy machine it ran before the script).
    highlighted = page.locator("tr.mine-highlight")
    expect(highlighted.first).to_be_visible()
    assert set(
        highlighted.evaluate_all(
            "rows => rows.map(r => r.children[1].textContent.trim())"
        )
    ) == {"9"}
    page.screenshot(path=f"{screenshot_dir}/h7-6-standings-mine-phone.png")

    # More than three rows a screen: the plain standings, rows inside the first screen.
    page.goto(f"{live_server.url}/t/{slug}/classifica/")
    rows = page.locator(".standings-table tbody tr")
    first_top = rows.first.bounding_box()["y"]
    heights = [rows.nth(i).bounding_box()["height"] for i in range(rows.count())]
    assert max(heights) < (844 - first_top) / 3.5 or rows.count() == len(heights)
    assert max(heights) * 8 < 844, heights  # eight rows fit in a screen's height
    page.screenshot(path=f"{screenshot_dir}/h7-7-standings-phone.png")
