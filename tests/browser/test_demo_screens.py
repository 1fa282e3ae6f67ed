"""The demo as a newcomer sees it, without logging in (issue 28 §9, "Done when"): the
home page, an event under way, a concluded event and the season page, on a 390 px
phone and a desktop, with what each must show; with ``SCREENSHOT_DIR`` set, the
screenshots are saved in its ``demo`` folder for a person to look at.

The demo is seeded once, and one browser page walks the four pages.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from .conftest import TIMEOUT_MS, UNASKED

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
SHOTS = Path(os.environ.get("SCREENSHOT_DIR") or UNASKED) / "demo"


def test_the_demo_explains_itself(browser, live_server, worker, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    with worker.held():  # the public standings: ranked after the seed's saves
        call_command("seed_demo", stdout=io.StringIO())
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_context(viewport=DESKTOP, locale="it-IT").new_page()
    page.set_default_timeout(TIMEOUT_MS)
    base = live_server.url

    def visit(name: str, path: str, check) -> None:
        for label, size in (("desktop", DESKTOP), ("phone", PHONE)):
            page.set_viewport_size(size)
            page.goto(base + path)
            check(label)
            page.screenshot(path=str(SHOTS / f"{name}-{label}.png"), full_page=True)

    def home(label):
        panel = page.locator("#demo")
        expect(panel).to_contain_text("direttore-demo-2026")
        expect(panel).to_contain_text("arbitro-demo-2026")
        expect(panel.get_by_role("link", name="classifica dal vivo")).to_be_visible()
        expect(page.locator("[data-state=running]")).to_contain_text(
            "Trofeo del Giglio"
        )
        expect(page.locator("[data-state=finished]")).to_contain_text(
            "Coppa di Primavera"
        )
        expect(page.locator("main")).to_contain_text("Classifiche di stagione")

    def under_way(label):
        expect(page.locator("#girone-A")).to_contain_text("Dopo i turni 1, 2")
        overall = page.locator("#overall")
        expect(overall).to_contain_text("Classifica generale")
        # The MP difference stays on a 390 px phone (before: cut off by the girone).
        cell = overall.locator("tbody tr").first.locator("td").nth(-3)
        box = cell.bounding_box()
        assert (
            box is not None and box["x"] + box["width"] <= page.viewport_size["width"]
        )

    def concluded(label):
        expect(page.locator("#prizes tbody tr")).to_have_count(4)
        expect(page.locator("#prizes")).to_contain_text(
            "Coppa di Primavera e due buoni"
        )
        expect(page.locator("main")).to_contain_text("Concluso")
        expect(page.get_by_role("link", name="Tabellone")).to_be_visible()

    def season(label):
        main = page.locator("main")
        expect(main).to_contain_text("Trofeo di Carnevale")
        expect(main).to_contain_text("Coppa di Primavera")
        expect(page.locator("table.standings-table tbody tr").first).to_be_visible()

    visit("1-home", "/", home)
    visit("2-under-way", "/t/trofeo-del-giglio-2026/classifica/", under_way)
    visit("3-concluded", "/premi/coppa-di-primavera-2026/", concluded)
    visit("4-season", "/t/stagioni/circuito-demo-2026/", season)
