"""A director in a real browser: create, import 24 pairs, gironi, generate, publish."""

import re

import pytest
from django.contrib.auth.models import Permission
from playwright.sync_api import expect

from participants.models import Pair
from rules.packs import load_pack
from tournament.models import Round, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SURNAMES = [
    "Rossi",
    "Russo",
    "Ferrari",
    "Esposito",
    "Bianchi",
    "Romano",
    "Colombo",
    "Ricci",
    "Marino",
    "Greco",
    "Bruno",
    "Gallo",
    "Conti",
    "De Luca",
    "Mancini",
    "Costa",
    "Giordano",
    "Rizzo",
    "Lombardi",
    "Moretti",
    "Barbieri",
    "Fontana",
    "Santoro",
    "Mariani",
    "Rinaldi",
    "Caruso",
    "Ferrara",
    "Galli",
    "Martini",
    "Leone",
    "Longo",
    "Gentile",
    "Martinelli",
    "Vitale",
    "Lombardo",
    "Serra",
    "Coppola",
    "De Santis",
    "D'Angelo",
    "Marchetti",
    "Parisi",
    "Villa",
    "Conte",
    "Ferraro",
    "Ferri",
    "Fabbri",
    "Bianco",
    "Marini",
]
NAMES = ["Anna", "Luca", "Marta", "Paolo", "Giulia", "Marco", "Sara", "Franco"]


def csv_text(bad_line: bool) -> str:
    lines = ["Cognome 1;Nome 1;Cognome 2;Nome 2;Circolo"]
    for i in range(24):
        club = ("Circolo Roma", "Circolo Napoli", "")[i % 3]
        first2 = NAMES[(2 * i + 1) % 8]
        if bad_line and i == 3:
            first2 = ""  # line 5 of the file: a missing name
        lines.append(
            f"{SURNAMES[2 * i]};{NAMES[2 * i % 8]};{SURNAMES[2 * i + 1]};{first2};{club}"
        )
    return "\n".join(lines) + "\n"


def shoot(page, screenshot_dir, name):
    """Desktop and phone screenshots of the page as it is now."""
    for label, size in (("desktop", (1280, 800)), ("phone", (390, 844))):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.screenshot(
            path=f"{screenshot_dir}/director-{name}-{label}.png", full_page=True
        )
    page.set_viewport_size({"width": 1280, "height": 800})


def test_director_flow(page, live_server, make_user, screenshot_dir):
    from people.models import Club

    Club.objects.create(name="Circolo Roma", city="Roma")
    Club.objects.create(name="Circolo Napoli", city="Napoli")
    user = make_user("direttore", password="pw-direttore-1")
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    page.set_default_timeout(10_000)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(live_server.url + "/login/?next=/direzione/")
    page.get_by_label("Nome utente").fill("direttore")
    page.get_by_label("Password").fill("pw-direttore-1")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r".*/direzione/$"))

    # Create the tournament.
    page.get_by_role("link", name="Nuovo torneo").click()
    page.locator("#id_name").fill("Torneo di Primavera")
    page.locator("#id_date").fill("2026-04-18")
    page.locator("#id_venue").fill("Sala Verdi, Roma")
    # The defaults: Burraco on the federation's latest pack, three Mitchell then a Danese.
    expect(page.locator("#plan-words")).to_have_text(
        "Turni 1–3: Mitchell · turno 4: Danese"
    )
    shoot(page, screenshot_dir, "1-create")
    page.get_by_role("button", name="Crea il torneo").click()
    page.wait_for_url(re.compile(r".*/direzione/torneo-di-primavera-2026/$"))
    tournament = Tournament.objects.get()
    latest = load_pack("fibur-2026").version  # the federation's latest, by default
    assert (tournament.rule_pack, tournament.rule_pack_version) == (
        "fibur-2026",
        latest,
    )
    shoot(page, screenshot_dir, "2-dashboard")

    # Import 24 pairs: one bad line first, nothing saved; fixed, then accepted.
    page.get_by_role("link", name="Importa CSV").click()
    page.locator("#id_text").fill(csv_text(bad_line=True))
    page.get_by_role("button", name="Controlla").click()
    errors = page.locator("#preview .line-errors li")
    assert errors.count() == 1
    assert "Riga 5" in errors.first.inner_text()
    assert "Manca il nome del giocatore 2" in errors.first.inner_text()
    assert Pair.objects.count() == 0
    shoot(page, screenshot_dir, "3-import-errors")
    page.locator("#id_text").fill(csv_text(bad_line=False))
    page.get_by_role("button", name="Controlla").click()
    assert "Coppie pronte da importare: 24" in page.locator("#preview").inner_text()
    assert Pair.objects.count() == 0
    shoot(page, screenshot_dir, "4-import-preview")
    page.get_by_role("button", name="Conferma l'importazione").click()
    page.wait_for_url(re.compile(r".*/coppie/$"))
    assert Pair.objects.filter(tournament=tournament).count() == 24
    assert page.get_by_text("24 coppie importate.").is_visible()
    shoot(page, screenshot_dir, "5-pairs")

    # Two gironi by snake.
    page.locator(".subnav").get_by_role("link", name="Gironi").click()
    page.locator("#id_count").fill("2")
    page.get_by_label("Serpentina per testa di serie").check()
    page.get_by_role("button", name="Forma i gironi").click()
    assert page.get_by_text("2 gironi formati.").is_visible()
    assert Pair.objects.filter(girone__label="A").count() == 12
    assert Pair.objects.filter(girone__label="B").count() == 12
    shoot(page, screenshot_dir, "6-gironi")

    # Generate, review and publish round 1 of each girone.
    for label in ("A", "B"):
        page.get_by_role("link", name=f"Girone {label}").first.click()
        page.get_by_role("button", name=re.compile(r"Genera il turno 1")).click()
        assert page.get_by_text("generato come bozza").is_visible()
        assert page.locator(".check-ok").is_visible()
        assert page.locator("table.draw tbody tr").count() == 6
        if label == "A":
            shoot(page, screenshot_dir, "7-round-draft")
        page.get_by_role("button", name="Pubblica il turno").click()
        assert page.get_by_text("Turno 1 pubblicato.").is_visible()
        page.locator(".subnav").get_by_role("link", name="Gironi").click()
    published = Round.objects.filter(number=1, status=Round.Status.PUBLISHED)
    assert published.count() == 2
    page.locator(".subnav").get_by_role("link", name="Riepilogo").click()
    shoot(page, screenshot_dir, "8-dashboard-published")
