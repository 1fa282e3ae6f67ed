"""The players enter a round on their phones (issue 30): every table opened by its
QR's address or its typed code, one line entering and the other confirming in another
browser context, one disagreement settled by a referee, one table taken over by a
referee, the round closed through the recap; then one team match the same way."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from draw.services import rounds
from scoring.models import PairScore, ResultVersion, TableResult, TeamScore
from seating.models import TableCode, TeamMatch
from tests.scoring.conftest import build_round, build_tournament, grant
from tests.teams.factories import make_team_event
from tournament.models import Round, Tournament, TournamentRole

from .test_entry_round import DESKTOP, PASSWORD, PHONE, login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NS_WINS = [("450", "-30"), ("120", "500"), ("600", "85")]  # 1170-555: 15-5
EW_VIEW = [("450", "-30"), ("120", "500"), ("600", "185")]  # EO remembers 185
LEVEL = [("300", "300"), ("200", "200"), ("100", "100")]


def code_of(table) -> TableCode:
    return TableCode.objects.get(table=table, revoked_at__isnull=True)


def phone(browser):
    return browser.new_context(viewport=PHONE, locale="it-IT").new_page()


def by_qr(page, base, table) -> None:
    page.goto(f"{base}/tavolo/{code_of(table).code}/")
    expect(page.locator("#table-sheet")).to_be_visible()


def by_typing(page, base, table) -> None:
    page.goto(f"{base}/tavolo/")
    # Typed as people do: small letters, a space for the dash.
    page.locator("#id_code").fill(code_of(table).display.lower().replace("-", " "))
    page.locator("#id_code").press("Enter")
    expect(page.locator("#table-sheet")).to_be_visible()


def choose(page, line: str) -> None:
    page.locator(f"button[name=line][value={line}]").click()
    expect(page.locator("dl.lines .mine")).to_have_count(1)


def type_sheet(page, hands) -> None:
    if page.locator("form[data-sheet]").count() == 0:
        page.goto(page.url.split("?")[0] + "?scrivi=1")
    scores = page.locator("form[data-sheet] input.score")
    for i, value in enumerate(v for pair in hands for v in pair):
        scores.nth(i).fill(value)
    with page.expect_navigation():
        page.locator("form[data-sheet] button.save").click()


def confirm(page) -> None:
    page.reload()
    with page.expect_navigation():
        page.locator("[data-testid=confirm-box] button[type=submit]").click()
    expect(page.locator("[data-testid=table-result]")).to_be_visible()


def status(table) -> str:
    return TableResult.objects.get(table=table).status


def test_players_enter_a_pair_round(browser, live_server, make_user, screenshot_dir):
    base = live_server.url
    tournament, girone, pairs = build_tournament(pairs=8)
    Tournament.objects.filter(pk=tournament.pk).update(entry_by="players")
    round_, tables = build_round(
        girone,
        1,
        [(pairs[i], pairs[i + 1]) for i in range(0, 8, 2)],
        status=Round.Status.DRAFT,
    )
    rounds.publish_round(round_)  # the codes are made here
    referee = make_user("arbitro", password=PASSWORD)
    grant(referee, tournament)
    ns, ew = phone(browser), phone(browser)

    # Table 1: NS by the QR, EO by the code typed on its own phone, confirms.
    by_qr(ns, base, tables[0])
    choose(ns, "ns")
    type_sheet(ns, NS_WINS)
    expect(ns.locator("[data-testid=handover]")).to_contain_text("15–5")
    ns.screenshot(path=f"{screenshot_dir}/players-handover-phone.png", full_page=True)
    assert status(tables[0]) == "entered"
    by_typing(ew, base, tables[0])
    choose(ew, "ew")
    expect(ew.locator("[data-testid=confirm-box]")).to_be_visible()
    ew.screenshot(path=f"{screenshot_dir}/players-confirm-phone.png", full_page=True)
    confirm(ew)
    expect(ew.locator("[data-testid=table-result]")).to_contain_text("1170–555")
    assert status(tables[0]) == "confirmed"

    # Table 2: the lines disagree twice; the referee settles it.
    by_typing(ns, base, tables[1])
    choose(ns, "ns")
    type_sheet(ns, NS_WINS)
    by_qr(ew, base, tables[1])
    choose(ew, "ew")
    type_sheet(ew, EW_VIEW)
    assert status(tables[1]) == "contested"
    ns.reload()
    expect(ns.locator(".versions .version")).to_have_count(2)  # both see both
    expect(ew.locator(".versions .version")).to_have_count(2)
    ns.screenshot(path=f"{screenshot_dir}/players-contested-phone.png", full_page=True)
    type_sheet(ns, NS_WINS)  # NS insists: the second disagreement
    expect(ns.locator("[data-testid=referee-called]")).to_be_visible()
    assert status(tables[1]) == "disputed"

    # Table 3: the same phone, handed over: EO confirms on NS's phone.
    by_qr(ns, base, tables[2])
    choose(ns, "ns")
    type_sheet(ns, LEVEL)
    with ns.expect_navigation():
        ns.locator("[data-testid=handover] form").first.locator("button").click()
    expect(ns.locator("[data-testid=table-result]")).to_contain_text("10–10")

    # Table 4: entered by NS, then taken over by the referee.
    by_typing(ns, base, tables[3])
    choose(ns, "ns")
    type_sheet(ns, LEVEL)

    ref = browser.new_context(viewport=DESKTOP, locale="it-IT").new_page()
    login(ref, base, "arbitro")
    ref.goto(f"{base}/arbitro/{tournament.slug}/turno/{round_.pk}/")
    expect(ref.locator("#t2")).to_have_attribute("data-status", "disputed")
    expect(ref.locator("#t4")).to_have_attribute("data-status", "entered")
    expect(ref.locator("#t4 .table-code-ref")).to_contain_text(
        code_of(tables[3]).display
    )
    ref.screenshot(path=f"{screenshot_dir}/players-room-desktop.png", full_page=True)
    # The dispute: the referee chooses EO's sheet.
    ref.goto(f"{base}/arbitro/{tournament.slug}/turno/{round_.pk}/tavolo/2/")
    eo_sheet = ResultVersion.objects.get(
        result__table=tables[1], source="player_ew", status="disputed"
    )
    with ref.expect_navigation():
        ref.locator(
            f"form:has(input[name=version][value='{eo_sheet.pk}']) button"
        ).click()
    assert status(tables[1]) == "confirmed"
    # The takeover: the referee types table 4's sheet on its page.
    ref.goto(f"{base}/arbitro/{tournament.slug}/turno/{round_.pk}/tavolo/4/")
    scores = ref.locator("form.detailed table.hands input.score")
    for i, value in enumerate(v for pair in NS_WINS for v in pair):
        scores.nth(i).fill(value)
    with ref.expect_navigation():
        ref.locator("form.detailed button[type=submit]").last.click()
    assert status(tables[3]) == "confirmed"
    assert TableResult.objects.get(table=tables[3]).current.source == "referee"
    ns.reload()
    expect(ns.locator("[data-testid=table-result]")).to_contain_text("1170–555")

    # The recap closes the round.
    ref.goto(f"{base}/arbitro/{tournament.slug}/turno/{round_.pk}/riepilogo/")
    ref.locator("#confirm-close").check()
    ref.locator("#close-round").click()
    expect(ref.locator("li.msg-success")).to_contain_text("Turno 1 chiuso")
    assert PairScore.objects.filter(round=round_).count() == 8
    # Closed: the codes open nothing, the phones keep the result.
    ew.goto(f"{base}/tavolo/{code_of(tables[0]).code}/")
    expect(ew.locator(".field-error")).to_be_visible()
    ns.goto(f"{base}/tavolo/foglio/")
    expect(ns.locator("[data-testid=table-result]")).to_be_visible()
    ns.screenshot(path=f"{screenshot_dir}/players-after-phone.png", full_page=True)


def test_players_enter_a_team_match(browser, live_server, make_user):
    """A team match is two tables, each entered the same way: table 1 entered and
    confirmed on two phones; at table 2 the lines disagree twice and the referee
    settles it; the match's result follows; the recap closes the round."""
    base = live_server.url
    tournament, made = make_team_event(teams_count=2)
    Tournament.objects.filter(pk=tournament.pk).update(entry_by="players")
    round_ = rounds.generate_round(made[0].girone)
    rounds.publish_round(round_)
    referee = make_user("arbitro", password=PASSWORD)
    TournamentRole.objects.create(
        tournament=tournament, user=referee, role=TournamentRole.Role.REFEREE
    )
    match = TeamMatch.objects.get(round=round_)
    first, second = phone(browser), phone(browser)
    by_qr(first, base, match.table_1)
    choose(first, "ns")
    type_sheet(first, NS_WINS)
    by_typing(second, base, match.table_1)
    choose(second, "ew")
    confirm(second)
    table_2 = match.table_2
    by_typing(first, base, table_2)
    choose(first, "ns")
    type_sheet(first, NS_WINS)
    by_qr(second, base, table_2)
    choose(second, "ew")
    type_sheet(second, EW_VIEW)
    type_sheet(first, NS_WINS)
    expect(first.locator("[data-testid=referee-called]")).to_be_visible()
    assert not TeamScore.objects.filter(match=match).exists()

    ref = browser.new_context(viewport=DESKTOP, locale="it-IT").new_page()
    login(ref, base, "arbitro")
    ref.goto(f"{base}/arbitro/{tournament.slug}/turno/{round_.pk}/")
    expect(ref.locator(f"#t{table_2.number}")).to_have_attribute(
        "data-status", "disputed"
    )
    ref.goto(
        f"{base}/arbitro/{tournament.slug}/turno/{round_.pk}/tavolo/{table_2.number}/"
    )
    ns_sheet = ResultVersion.objects.filter(
        result__table=table_2, source="player_ns", status="disputed"
    ).latest("number")
    with ref.expect_navigation():
        ref.locator(
            f"form:has(input[name=version][value='{ns_sheet.pk}']) button"
        ).click()
    assert TeamScore.objects.filter(match=match).count() == 2
    ref.goto(f"{base}/arbitro/{tournament.slug}/turno/{round_.pk}/riepilogo/")
    ref.locator("#confirm-close").check()
    ref.locator("#close-round").click()
    expect(ref.locator("li.msg-success")).to_contain_text("Turno 1 chiuso")


def test_a_players_sheet_typed_offline_is_sent_once(browser, live_server):
    """The offline queue on the players' phone: the sheet typed with no connection
    waits in the browser and is saved once when the connection returns."""
    base = live_server.url
    tournament, girone, pairs = build_tournament(pairs=2)
    Tournament.objects.filter(pk=tournament.pk).update(entry_by="players")
    round_, (table,) = build_round(
        girone, 1, [(pairs[0], pairs[1])], status=Round.Status.DRAFT
    )
    rounds.publish_round(round_)
    ns = phone(browser)
    by_qr(ns, base, table)
    choose(ns, "ns")
    ns.goto(f"{base}/tavolo/foglio/?scrivi=1")
    ns.context.set_offline(True)
    scores = ns.locator("form[data-sheet] input.score")
    for i, value in enumerate(v for pair in NS_WINS for v in pair):
        scores.nth(i).fill(value)
    ns.locator("form[data-sheet] button.save").click()
    expect(ns.locator("#offline-queue")).to_be_visible()
    assert not TableResult.objects.filter(table=table).exists()
    ns.context.set_offline(False)
    expect(ns.locator("#offline-queue")).to_have_count(0)
    assert TableResult.objects.get(table=table).status == "entered"
    assert ResultVersion.objects.filter(result__table=table).count() == 1
