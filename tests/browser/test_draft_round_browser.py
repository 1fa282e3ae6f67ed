"""A director cannot make a draft round public, and is told why (in a real browser).

The standings page offers no release for a draft; a page opened before the round went
back to draft (another tab, another director) still has the button: pressing it shows
the reason and changes nothing, and the players' pages keep the round hidden.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from draw.services.rounds import unpublish_round
from tests.scoring.conftest import grant
from tests.standings.factories import (
    make_girone,
    make_pairs,
    make_round,
    make_tournament,
    seat,
)
from tournament.models import Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_director_publishing_a_draft_round_sees_why_not(
    page, live_server, screenshot_dir, make_user
):
    tournament = make_tournament("bozza-turno", name="Coppa di prova")
    girone = make_girone(tournament)
    pairs = make_pairs(tournament, girone, [1, 2, 3, 4])
    make_round(girone, 1, tables_public=True, results_public=True)
    second = make_round(girone, 2, tables_public=False, results_public=False)
    seat(second, 1, pairs[1], pairs[3])
    seat(second, 2, pairs[2], pairs[4])
    make_user("direttore-bozza", password="pw-direttore-1")
    from django.contrib.auth import get_user_model

    grant(
        get_user_model().objects.get(username="direttore-bozza"), tournament, "director"
    )

    page.set_viewport_size({"width": 1024, "height": 900})
    page.goto(f"{live_server.url}/login/?next=/classifiche/{tournament.slug}/")
    page.get_by_label("Nome utente").fill("direttore-bozza")
    page.get_by_label("Password").fill("pw-direttore-1")
    page.keyboard.press("Enter")
    page.wait_for_url(f"**/classifiche/{tournament.slug}/")
    row = page.get_by_role("row", name="Girone A – turno 2")
    publish_tables = row.get_by_role("button", name="Pubblica").first
    expect(publish_tables).to_be_visible()

    # Meanwhile the round goes back to draft (another tab, another director).
    unpublish_round(Round.objects.get(pk=second.pk))
    publish_tables.click()
    page.wait_for_load_state()
    alert = page.locator(".msg-error")
    expect(alert).to_contain_text(
        "Il turno 2 del girone A è una bozza: pubblicalo prima di mostrarne i tavoli"
    )
    # The page now offers the round's own page instead of a release.
    row = page.get_by_role("row", name="Girone A – turno 2")
    expect(row.get_by_role("link", name="Prima pubblica il turno")).to_be_visible()
    expect(row.get_by_role("button")).to_have_count(0)
    page.screenshot(path=f"{screenshot_dir}/draft-round-refused.png", full_page=True)
    second.refresh_from_db()
    assert not second.tables_public

    page.goto(f"{live_server.url}/t/{tournament.slug}/dove-gioco/?q=1")
    expect(page.get_by_text("Turno 2")).to_have_count(0)
