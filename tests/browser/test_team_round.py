"""A team round typed by keyboard on the entry page (docs/rules.md §11): two tables a
match, the team result shown as soon as both tables count, a resting team's rest table,
the round closed; then the team standings on a phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from draw.services import rounds
from scoring.models import TeamScore
from seating.models import TeamMatch
from tests.teams.factories import make_team_event
from tournament.models import TournamentRole

from .test_entry_round import DESKTOP, PASSWORD, PHONE, Keyboard, login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_referee_types_a_team_round_by_keyboard(
    page, live_server, make_user, screenshot_dir
):
    tournament, made = make_team_event(teams_count=5)
    round_ = rounds.generate_round(made[0].girone)
    rounds.publish_round(round_)
    rounds.set_visibility(round_, tables=True, results=True)
    referee = make_user("arbitro", password=PASSWORD)
    TournamentRole.objects.create(
        tournament=tournament, user=referee, role=TournamentRole.Role.REFEREE
    )
    matches = list(TeamMatch.objects.filter(round=round_).order_by("number"))
    assert [m.team_b_id is None for m in matches] == [False, False, True]

    page.set_viewport_size(DESKTOP)
    login(page, live_server.url, "arbitro")
    page.goto(f"{live_server.url}/arbitro/{tournament.slug}/turno/{round_.pk}/")
    expect(page.locator("#progress")).to_have_text("0/5 tavoli")
    first = matches[0]
    expect(page.locator("#t1")).to_contain_text(f"({first.team_a})")
    expect(page.locator("#t2")).to_contain_text(f"({first.team_b})")
    page.locator("#goto").focus()
    keys = Keyboard(page)
    # Match 1: team A +200 at table 1 (NS), +100 at table 2 (EO): +300, 11-9.
    keys.sheet(1, [("300", "100"), ("100", "100"), ("100", "100")])
    expect(page.locator("#t1")).to_have_attribute("data-status", "confirmed")
    expect(page.locator("#t1 .team-result")).to_have_count(0)  # table 2 missing
    expect(page.locator("#goto")).to_be_focused()
    keys.sheet(2, [("100", "100"), ("100", "100"), ("100", "200")])
    expect(page.locator("#t2")).to_have_attribute("data-status", "confirmed")
    expect(page.locator("#t2 .team-result")).to_have_text("9–11 VP")  # B is NS here
    # The other table of the match shows it too, without a reload (it did not).
    expect(page.locator("#t1 .team-result")).to_have_text("11–9 VP")
    expect(page.locator("#goto")).to_be_focused()
    # Match 2: level at both tables: 10-10.
    keys.sheet(3, [("250", "250"), ("0", "0"), ("0", "0")])
    expect(page.locator("#t3")).to_have_attribute("data-status", "confirmed")
    expect(page.locator("#goto")).to_be_focused()
    keys.sheet(4, [("150", "150"), ("0", "0"), ("0", "0")])
    expect(page.locator("#t4 .team-result")).to_have_text("10–10 VP")
    expect(page.locator("#goto")).to_be_focused()
    # The resting team's rest table: its number, Enter, Enter.
    keys.type("5")
    keys.press("Enter")
    keys.press("Enter")
    expect(page.locator("#t5")).to_have_attribute("data-status", "confirmed")
    expect(page.locator("#progress")).to_have_text("5/5 tavoli")
    page.screenshot(path=f"{screenshot_dir}/team-entry-desktop.png", full_page=True)
    # Main's close: through the round's recap, with its confirmation ticked.
    page.locator("#recap-link").click()
    expect(page.locator("#recap")).to_be_visible()
    page.screenshot(path=f"{screenshot_dir}/team-recap-desktop.png", full_page=True)
    page.locator("#confirm-close").check()
    page.locator("#close-round").click()
    expect(page.locator(".msg-success")).to_contain_text("Turno 1 chiuso")

    vp = {(s.match.number, s.side): s.vp for s in TeamScore.objects.all()}
    assert vp == {(1, "a"): 11, (1, "b"): 9, (2, "a"): 10, (2, "b"): 10, (3, "a"): 14}

    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/t/{tournament.slug}/classifica/")
    table = page.locator("table.standings-table")
    expect(table).to_contain_text(str(first.team_a.name))
    expect(table.locator("tbody tr").first).to_contain_text("14")  # the rest: 14 VP
    page.screenshot(path=f"{screenshot_dir}/team-standings-phone.png", full_page=True)
    page.goto(f"{live_server.url}/t/{tournament.slug}/squadra/{first.team_a.number}/")
    expect(page.locator("table.history")).to_contain_text("+300")
    page.screenshot(path=f"{screenshot_dir}/team-page-phone.png", full_page=True)
