"""Issue 14 §1 as a user sees it: a late pair and a withdrawn pair in the standings,
on the director's page and the public one, on a phone and a desktop (Italian)."""

import pytest
from playwright.sync_api import expect

from tests.standings.late_event import make_late_event
from tournament.models import TournamentRole

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = {"phone": (390, 844), "desktop": (1280, 800)}


@pytest.fixture
def event():
    tournament, _a, _b = make_late_event(
        "ritardi", name="Coppa dei ritardatari", rule_pack_version=2
    )
    return tournament


def shoot(page, directory, name):
    for label, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=f"{directory}/{name}-{label}.png", full_page=True)


def check_labels(page):
    overall = page.locator("#overall")
    expect(overall.get_by_text("entrata al turno 2")).to_be_visible()
    expect(overall.get_by_text("ritirata dopo il turno 1")).to_be_visible()
    first = overall.locator("tbody tr").first
    assert "17" not in first.locator("td").nth(1).inner_text()


def test_public_standings_name_late_and_withdrawn_pairs(
    page, live_server, screenshot_dir, event
):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/t/{event.slug}/classifica/")
    check_labels(page)
    expect(page.locator("#girone-B").get_by_text("entrata al turno 2")).to_be_visible()
    shoot(page, screenshot_dir, "standings-late-public")


def test_director_standings_name_late_and_withdrawn_pairs(
    page, live_server, screenshot_dir, event, make_user
):
    user = make_user("direttore", password="pw-direttore-1")
    TournamentRole.objects.create(tournament=event, user=user, role="director")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{live_server.url}/login/?next=/classifiche/{event.slug}/")
    page.get_by_label("Nome utente").fill("direttore")
    page.get_by_label("Password").fill("pw-direttore-1")
    page.keyboard.press("Enter")
    page.wait_for_url(f"**/classifiche/{event.slug}/")
    check_labels(page)
    shoot(page, screenshot_dir, "standings-late-director")
