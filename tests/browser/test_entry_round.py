"""Score entry in a real browser: a whole round by keyboard, double entry, a correction.

The keystrokes of every 3-smazzate sheet are counted (table number, Enter, six scores,
five Tabs, Enter) and printed: a practised referee types them in well under 20 s.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scoring.models import TableResult
from tests.scoring.conftest import build_round, build_tournament, grant
from tests.scoring.helpers import save, sheet

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "pw-arbitro-1"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def hands_of(t: int) -> list[tuple[str, str]]:
    """Table t's three smazzate as typed (all multiples of 5, some negative)."""
    return [(str(150 + 10 * t), "200"), ("95", str(310 - 5 * t)), ("-100", "40")]


class Keyboard:
    """Types through Playwright and counts every key pressed."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)
        self.count += len(text)

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.count += 1

    def sheet(self, table: int, hands: list[tuple[str, str]]) -> None:
        self.type(str(table))
        self.press("Enter")
        scores = [s for pair in hands for s in pair]
        for i, score in enumerate(scores):
            if i:
                self.press("Tab")
            self.type(score)
        self.press("Enter")


def login(page, base, username):
    """Log in through the login page and wait until the site says who we are."""
    page.goto(base + "/login/")
    page.get_by_label("Nome utente").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name=f"Esci ({username})")).to_be_visible(
        timeout=20_000
    )


def round_of(tables: int, **kwargs):
    tournament, girone, pairs = build_tournament(pairs=2 * tables, **kwargs)
    seating = [(pairs[2 * i], pairs[2 * i + 1]) for i in range(tables)]
    round_, made = build_round(girone, 1, seating)
    return tournament, girone, pairs, round_, made


def test_referee_enters_a_round_of_12_tables_by_keyboard(
    page, live_server, make_user, screenshot_dir
):
    tournament, _, _, round_, _ = round_of(12)
    grant(make_user("arbitro", password=PASSWORD), tournament)
    page.set_viewport_size(DESKTOP)
    login(page, live_server.url, "arbitro")
    page.goto(f"{live_server.url}/arbitro/{tournament.slug}/turno/{round_.pk}/")
    expect(page.locator("#progress")).to_have_text("0/12 tavoli")
    page.locator("#goto").focus()
    keys = Keyboard(page)
    per_sheet = []

    for t in range(1, 12):
        hands = hands_of(t)
        if t == 5:
            hands[0] = ("347", hands[0][1])  # a typo: not a multiple of 5
        before = keys.count
        keys.sheet(t, hands)
        card = page.locator(f"#t{t}")
        if t == 5:
            error = card.locator('.field-error[data-for="t5-h1_ns"]')
            expect(error).to_contain_text("347 non è un multiplo di 5")
            # The typed sheet is still there, and the bad score has the focus.
            expect(card.locator("#id_t5-h1_ew")).to_have_value(hands[0][1])
            expect(card.locator("#id_t5-h1_ns")).to_be_focused()
            page.screenshot(path=f"{screenshot_dir}/entry-2-error-desktop.png")
            keys.type("345")
            keys.press("Enter")
        else:
            per_sheet.append(keys.count - before)
        expect(card).to_have_attribute("data-status", "confirmed")
        expect(page.locator("#goto")).to_be_focused()
    expect(page.locator("#progress")).to_have_text("11/12 tavoli")
    expect(page.locator("#missing")).to_have_text("12")
    live = page.locator("#t12 .live")
    page.locator("#id_t12-h1_ns").fill("500")
    page.locator("#id_t12-h1_ew").fill("0")
    expect(live.locator(".vp")).to_have_text("14–6")  # 500 ahead: 355-500 band
    page.locator("#id_t12-h1_ns").fill("")
    page.locator("#id_t12-h1_ew").fill("")
    page.screenshot(path=f"{screenshot_dir}/entry-1-round-desktop.png", full_page=True)

    # The round cannot be closed while table 12 is missing: the recap says so.
    page.locator("#recap-link").click()
    expect(page.locator("#not-ready")).to_be_visible()
    expect(page.locator('#recap tr[data-table="12"]')).to_contain_text("Mancante")
    expect(page.locator("#close-round")).to_have_count(0)
    round_.refresh_from_db()
    assert round_.status == "published"
    page.go_back()

    page.locator("#goto").focus()
    keys.sheet(12, hands_of(12))
    expect(page.locator("#t12")).to_have_attribute("data-status", "confirmed")
    expect(page.locator("#progress")).to_have_text("12/12 tavoli")
    assert TableResult.objects.filter(round=round_, status="confirmed").count() == 12
    page.locator("#recap-link").click()
    page.locator("#confirm-close").check()
    page.get_by_role("button", name="Chiudi il turno").click()
    expect(page.locator("li.msg-success")).to_contain_text("Turno 1 chiuso")

    print(
        f"\nKEYSTROKES per 3-smazzate sheet: min {min(per_sheet)}, max {max(per_sheet)},"
        f" mean {sum(per_sheet) / len(per_sheet):.1f} (whole round: {keys.count})"
    )
    assert max(per_sheet) <= 30
    page.set_viewport_size(PHONE)
    page.screenshot(path=f"{screenshot_dir}/entry-3-closed-phone.png", full_page=True)


def test_phone_entry_of_one_sheet(page, live_server, make_user, screenshot_dir):
    tournament, _, _, round_, _ = round_of(3)
    grant(make_user("arbitro", password=PASSWORD), tournament)
    page.set_viewport_size(PHONE)
    login(page, live_server.url, "arbitro")
    page.goto(f"{live_server.url}/arbitro/{tournament.slug}/turno/{round_.pk}/")
    page.locator("#goto").focus()
    keys = Keyboard(page)
    keys.type("2")
    keys.press("Enter")
    expect(page.locator("#id_t2-h1_ns")).to_be_focused()
    for i, score in enumerate(["300", "100", "150"]):
        if i:
            keys.press("Tab")
        keys.type(score)
    expect(page.locator("#t2 .tot-ns")).to_have_text("450")
    page.screenshot(path=f"{screenshot_dir}/entry-4-typing-phone.png", full_page=True)
    keys.type("7")  # an unknown table typed in the jump field
    page.locator("#goto").fill("9")
    page.locator("#goto").press("Enter")
    expect(page.locator("#goto-error")).to_contain_text("non esiste nel turno: 9")


def test_double_entry_disagreement_is_shown_and_settled(
    page, live_server, make_user, screenshot_dir
):
    tournament, _, _, round_, _ = round_of(2, entry_mode="double")
    for name in ("arbitro", "arbitro2", "arbitro3"):
        grant(make_user(name, password=PASSWORD), tournament)
    entry = f"{live_server.url}/arbitro/{tournament.slug}/turno/{round_.pk}/"
    page.set_viewport_size(DESKTOP)

    login(page, live_server.url, "arbitro")
    page.goto(entry)
    page.locator("#goto").focus()
    Keyboard(page).sheet(1, hands_of(1))
    expect(page.locator("#t1")).to_have_attribute("data-status", "entered")
    expect(page.locator("#t1")).to_contain_text("In attesa di un altro arbitro")

    page.context.clear_cookies()
    login(page, live_server.url, "arbitro2")
    page.goto(entry)
    card = page.locator("#t1")
    expect(card).to_contain_text("Seconda immissione (alla cieca)")
    expect(card.locator("#id_t1-h1_ns")).to_have_value("")  # blind: nothing shown
    different = hands_of(1)
    different[2] = ("-150", "40")
    page.locator("#goto").focus()
    Keyboard(page).sheet(1, different)
    expect(card).to_have_attribute("data-status", "disputed")
    card.get_by_role("link", name="Schede diverse: risolvi").click()
    diffs = page.locator("table.differences")
    expect(diffs).to_contain_text("Smazzata 3 NS")
    expect(diffs).to_contain_text("-100")
    expect(diffs).to_contain_text("-150")
    page.screenshot(
        path=f"{screenshot_dir}/entry-5-differences-desktop.png", full_page=True
    )
    page.set_viewport_size(PHONE)
    page.screenshot(
        path=f"{screenshot_dir}/entry-5-differences-phone.png", full_page=True
    )
    # arbitro2 typed one of the sheets: a referee who typed neither settles it.
    expect(page.get_by_role("button", name="La scheda 1 è giusta")).to_have_count(0)
    table_page = page.url
    page.context.clear_cookies()
    login(page, live_server.url, "arbitro3")
    page.goto(table_page)
    page.get_by_role("button", name="La scheda 1 è giusta").click()
    expect(page.locator(".msg-success")).to_contain_text(
        "Tavolo 1 risolto e confermato"
    )
    result = TableResult.objects.get(table__round=round_, table__number=1)
    assert result.status == "confirmed"
    assert result.current.hands.get(number=3).ns == -100


def test_correction_of_round_1_shows_its_impact(
    page, live_server, make_user, screenshot_dir
):
    tournament, girone, pairs, round1, tables = round_of(3)
    referee = make_user("arbitro", password=PASSWORD)
    chief = make_user("capo", password=PASSWORD)
    grant(referee, tournament)
    grant(chief, tournament, "chief_referee")
    for t, table in enumerate(tables, start=1):
        save(table, referee, sheet(*[(int(a), int(b)) for a, b in hands_of(t)]))
    from scoring import services

    services.close_round(round_id=round1.pk, by=referee)
    p = pairs
    _, later = build_round(girone, 2, [(p[0], p[2]), (p[1], p[4]), (p[3], p[5])])
    save(later[0], referee, sheet((200, 100), (0, 0), (0, 0)))

    page.set_viewport_size(DESKTOP)
    login(page, live_server.url, "capo")
    page.goto(
        f"{live_server.url}/arbitro/{tournament.slug}/turno/{round1.pk}/tavolo/1/"
    )
    expect(page.get_by_role("heading", name="Correggi questo tavolo")).to_be_visible()
    expect(page.locator("#id_h1_ns")).to_have_value("160")
    page.locator("#id_h1_ns").fill("1160")
    page.locator("#id_reason").fill("Scheda firmata: 1160 alla prima smazzata")
    page.get_by_role("button", name="Salva la correzione").click()
    expect(page.get_by_role("heading", name="Impatto della correzione")).to_be_visible()
    impact = page.locator(".impact table")
    expect(impact).to_contain_text(str(pairs[0]))
    expect(page.locator("main")).to_contain_text("turni successivi (2)")
    page.screenshot(path=f"{screenshot_dir}/entry-6-impact-desktop.png", full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=f"{screenshot_dir}/entry-6-impact-phone.png", full_page=True)
    assert re.search(r"VP 1\d", page.locator("main").inner_text())

    # The director's log shows the correction with its before and after.
    grant(chief, tournament, "director")
    page.set_viewport_size(DESKTOP)
    page.goto(f"{live_server.url}/arbitro/{tournament.slug}/registro/")
    versions = page.locator("table").first
    expect(versions).to_contain_text("Correzione")
    expect(versions).to_contain_text("Scheda firmata")
    # In words, never the raw codes ("status: published → closed", issue 17 §6).
    expect(page.locator("main")).to_contain_text("Stato: Pubblicato → Chiuso")
    expect(page.locator("main")).not_to_contain_text("published")
    page.screenshot(path=f"{screenshot_dir}/entry-7-log-desktop.png", full_page=True)


def test_two_referees_on_one_table_the_second_gets_a_clear_conflict(
    page, live_server, make_user, screenshot_dir
):
    tournament, _, _, round_, _ = round_of(2)
    for name in ("arbitro", "arbitro2", "arbitro3"):
        grant(make_user(name, password=PASSWORD), tournament)
    entry = f"{live_server.url}/arbitro/{tournament.slug}/turno/{round_.pk}/"
    page.set_viewport_size(DESKTOP)
    login(page, live_server.url, "arbitro2")
    page.goto(entry)  # arbitro2 opens the page, then arbitro saves table 1 first

    other = page.context.browser.new_context()
    first = other.new_page()
    login(first, live_server.url, "arbitro")
    first.goto(entry)
    first.locator("#goto").focus()
    Keyboard(first).sheet(1, hands_of(1))
    expect(first.locator("#t1")).to_have_attribute("data-status", "confirmed")
    other.close()

    page.locator("#goto").focus()
    mine = hands_of(1)
    mine[0] = ("1000", "200")
    Keyboard(page).sheet(1, mine)
    message = page.locator("#t1 .row-message")
    expect(message).to_contain_text("salvato da un altro arbitro")
    expect(message).to_contain_text("VP 6–14")  # what counts: the first sheet
    expect(page.locator("#id_t1-h1_ns")).to_have_value("1000")  # nothing lost
    page.screenshot(path=f"{screenshot_dir}/entry-8-conflict-desktop.png")
    result = TableResult.objects.get(table__round=round_, table__number=1)
    assert [v.status for v in result.versions.order_by("number")] == [
        "confirmed",
        "rejected",
    ]
    assert result.current.mp_ns == 155


def test_briscola_sheet_shows_the_best_of_and_a_row_per_60_60(
    page, live_server, make_user, screenshot_dir
):
    """Issue 16: a match set to 3 partite shows 3 rows; a 60-60 the pack replays (seed
    001: "il round è considerato nullo e deve essere ripetuto") shows one more; the
    saved result reads in partite and points, never MP or VP."""
    from tournament.models import Tournament

    tournament, _, _, round_, _ = round_of(
        1, game="briscola", rule_pack="briscola-approdo", hands=3
    )
    Tournament.objects.filter(pk=tournament.pk).update(rule_pack_version=2)
    grant(make_user("arbitro", password=PASSWORD), tournament)
    page.set_viewport_size(PHONE)
    login(page, live_server.url, "arbitro")
    page.goto(f"{live_server.url}/arbitro/{tournament.slug}/turno/{round_.pk}/")
    rows = page.locator("#t1 table.hands tbody tr")
    expect(rows.nth(2)).to_be_visible()
    expect(rows.nth(3)).to_be_hidden()
    expect(page.locator("h1")).to_contain_text("partite per incontro: 3")
    page.locator("#id_t1-h1_ns").fill("60")
    page.locator("#id_t1-h1_ew").fill("60")
    expect(rows.nth(3)).to_be_visible()
    expect(rows.nth(4)).to_be_hidden()
    for n, (ns, ew) in enumerate([("70", "50"), ("30", "90"), ("61", "59")], start=2):
        page.locator(f"#id_t1-h{n}_ns").fill(ns)
        page.locator(f"#id_t1-h{n}_ew").fill(ew)
    expect(page.locator("#t1 .live")).to_have_text("Partite vinte 2–1")
    page.screenshot(path=f"{screenshot_dir}/entry-briscola-phone.png", full_page=True)
    page.locator("#id_t1-h4_ew").press("Enter")
    card = page.locator("#t1")
    expect(card).to_have_attribute("data-status", "confirmed")
    expect(card.locator(".result")).to_have_text(
        re.compile(r"Partite 2–1\s+·\s+Punti 1–0")
    )
    assert "MP" not in card.inner_text() and "VP" not in card.inner_text()


def test_a_table_sent_without_its_sheet_is_typed_by_keyboard_all_the_same(
    page, live_server, make_user, screenshot_dir
):
    """A long round: the last table's card comes without its sheet (issue 19); going
    to it fetches the sheet, and the keys typed while it loads (held back 1.5 s here,
    so that every key of the sheet is typed before it arrives) land in it."""
    from scoring.pages import EAGER_SHEETS

    tables = EAGER_SHEETS + 2
    tournament, _, _, round_, _ = round_of(tables, slug="lungo")
    grant(make_user("arbitro", password=PASSWORD), tournament)
    page.add_init_script(
        "const f = window.fetch; window.fetch = (u, o) => String(u).includes('card=1')"
        " ? new Promise(r => setTimeout(r, 1500)).then(() => f(u, o)) : f(u, o);"
    )
    page.set_viewport_size(DESKTOP)
    login(page, live_server.url, "arbitro")
    page.goto(f"{live_server.url}/arbitro/{tournament.slug}/turno/{round_.pk}/")
    last = page.locator(f"#t{tables}")
    expect(last.get_by_role("link", name="Scrivi la scheda")).to_be_visible()
    expect(last.locator("input")).to_have_count(0)
    page.locator("#goto").focus()
    keys = Keyboard(page)
    keys.sheet(tables, hands_of(tables))  # no wait between Enter and the scores
    expect(page.locator(f"#t{tables}")).to_have_attribute("data-status", "confirmed")
    saved = TableResult.objects.get(round=round_, table__number=tables)
    assert (saved.current.mp_ns, saved.current.mp_ew) == (
        sum(int(ns) for ns, _ in hands_of(tables)),
        sum(int(ew) for _, ew in hands_of(tables)),
    )
    # A click on "Scrivi la scheda" loads the sheet in place too.
    other = page.locator(f"#t{tables - 1}")
    other.get_by_role("link", name="Scrivi la scheda").click()
    expect(other.locator(f"#id_t{tables - 1}-h1_ns")).to_be_focused()
    page.screenshot(path=f"{screenshot_dir}/entry-lazy-card-desktop.png")
