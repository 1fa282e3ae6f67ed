"""A turn played to 2,005 points typed at the table, in a real browser (issue 27 §5,
docs/rules.md §4.4): seed 004's "TURNI CON 4 SMAZZATE o 2005 pt".

The referee types the smazzate one after the other: one more row shows while no line
has reached 2,005 (the page's script), no VP is shown before, and the 4-smazzate table
converts the turn once a line gets there. Italian, on a phone; screenshots go to
$SCREENSHOT_DIR.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scoring.models import TableResult
from tests.browser.referee_entry import PHONE, login, type_sheet
from tests.scoring.conftest import build_round, build_tournament, grant
from tournament.models import Round, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "pw-arbitro-2005"
#: NS 1,600 and EO 1,500 after four smazzate; the fifth brings NS to 2,050 and EO to
#: 1,900: 150 is "0 155 11 - 9" in seed 004's table of 4 smazzate.
FIVE = [("300", "200"), ("400", "350"), ("500", "450"), ("400", "500"), ("450", "400")]


def test_a_turn_to_2005_is_typed_row_by_row(
    page, live_server, make_user, screenshot_dir
):
    tournament, girone, pairs = build_tournament(pairs=4, hands=4)
    Tournament.objects.filter(pk=tournament.pk).update(
        rule_pack_version=4, target_points=2005
    )
    round_, tables = build_round(
        girone, 1, [(pairs[0], pairs[1]), (pairs[2], pairs[3])], hands=4
    )
    Round.objects.filter(pk=round_.pk).update(target_points=2005)
    grant(make_user("arbitro", password=PASSWORD), tournament)
    page.set_viewport_size(PHONE)
    login(page, live_server, "arbitro", PASSWORD)
    page.goto(f"{live_server.url}/arbitro/{tournament.slug}/turno/{round_.pk}/")
    expect(page.locator("h1")).to_contain_text("turno a 2005 punti")

    card = page.locator("#t1")
    rows = card.locator("table.hands tbody tr")
    expect(rows.filter(visible=True)).to_have_count(4)
    # Four smazzate typed, no line at 2,005: a fifth row, and no VP yet.
    for n, (ns, ew) in enumerate(FIVE[:4], start=1):
        card.locator(f"#id_t1-h{n}_ns").fill(ns)
        card.locator(f"#id_t1-h{n}_ew").fill(ew)
    expect(rows.filter(visible=True)).to_have_count(5)
    expect(card.locator(".vp")).to_have_text("—")
    expect(card.locator(".tot-ns")).to_have_text("1600")
    page.screenshot(path=f"{screenshot_dir}/to-points-short-phone.png", full_page=True)
    # The fifth brings NS to 2,050: the turn is over, no sixth row, the VP show.
    card.locator("#id_t1-h5_ns").fill(FIVE[4][0])
    card.locator("#id_t1-h5_ew").fill(FIVE[4][1])
    expect(card.locator(".vp")).to_have_text("11–9")
    expect(rows.filter(visible=True)).to_have_count(5)
    page.screenshot(
        path=f"{screenshot_dir}/to-points-reached-phone.png", full_page=True
    )
    card.locator("button.save").click()
    expect(card).to_have_attribute("data-status", "confirmed")
    saved = TableResult.objects.get(table=tables[0]).current
    assert (saved.mp_ns, saved.mp_ew, saved.vp_ns, saved.vp_ew) == (2050, 1900, 11, 9)
    assert (saved.hands_played, saved.target_points) == (5, 2005)


def test_a_turn_stopped_short_of_2005_is_refused_at_the_row(
    page, live_server, make_user
):
    """The keyboard's way (Tab, Enter): three smazzate, NS at 1,200, sent anyway; the
    server's refusal shows next to the row that is missing."""
    tournament, girone, pairs = build_tournament(pairs=4, hands=4)
    Tournament.objects.filter(pk=tournament.pk).update(
        rule_pack_version=4, target_points=2005
    )
    round_, tables = build_round(
        girone, 1, [(pairs[0], pairs[1]), (pairs[2], pairs[3])], hands=4
    )
    Round.objects.filter(pk=round_.pk).update(target_points=2005)
    grant(make_user("arbitro", password=PASSWORD), tournament)
    page.set_viewport_size(PHONE)
    login(page, live_server, "arbitro", PASSWORD)
    page.goto(f"{live_server.url}/arbitro/{tournament.slug}/turno/{round_.pk}/")
    type_sheet(page, 1, FIVE[:3])
    error = page.locator('#t1 .field-error[data-for="t1-h4_ns"]')
    expect(error).to_contain_text("2005")
    assert not TableResult.objects.filter(table=tables[0]).exists()
