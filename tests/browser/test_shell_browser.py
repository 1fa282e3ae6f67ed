"""The home page in a real browser: Italian first, the switcher turns it English."""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_home_in_italian_then_english(page, live_server, screenshot_dir):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(live_server.url + "/")
    assert page.locator("html").get_attribute("lang") == "it"
    assert page.get_by_role("heading", name="Tornei").is_visible()
    page.screenshot(path=f"{screenshot_dir}/home-phone-it.png", full_page=True)
    page.get_by_role("button", name="EN").click()
    page.wait_for_load_state()
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.get_by_role("heading", name="Tournaments").is_visible()


def test_login_from_the_home_page(page, live_server, make_user):
    make_user("direttore", password="pw-direttore-1")
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="Accedi").click()
    page.get_by_label("Nome utente").fill("direttore")
    page.get_by_label("Password").fill("pw-direttore-1")
    page.keyboard.press("Enter")
    page.wait_for_url(live_server.url + "/")
    assert page.get_by_role("button", name="Esci (direttore)").is_visible()
