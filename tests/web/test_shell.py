"""The web shell: home page in Italian first, English on request, login, admin."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_home_speaks_italian_by_default(client):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    html = response.content.decode()
    assert '<html lang="it">' in html
    assert "Tornei" in html
    assert "Accedi" in html


def test_language_switcher_turns_the_page_english(client):
    response = client.post(
        reverse("set_language"), {"language": "en", "next": "/"}, follow=True
    )
    html = response.content.decode()
    assert '<html lang="en">' in html
    assert "Tournaments" in html and "Log in" in html
    assert "Accedi" not in html


def test_italian_first_even_for_an_english_browser(client):
    """The browser's Accept-Language does not switch the site; the switcher does."""
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9").content.decode()
    assert '<html lang="it">' in html
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert '<html lang="en">' in html


def test_login_and_logout(client, make_user):
    make_user("arbitro", password="segreto-123")
    response = client.post(
        reverse("login"), {"username": "arbitro", "password": "segreto-123"}
    )
    assert response.status_code == 302
    html = client.get("/").content.decode()
    assert "Esci (arbitro)" in html
    client.post(reverse("logout"))
    assert "Accedi" in client.get("/").content.decode()


def test_wrong_password_is_refused_with_a_message(client, make_user):
    make_user("arbitro", password="segreto-123")
    response = client.post(reverse("login"), {"username": "arbitro", "password": "no"})
    assert response.status_code == 200
    assert "errors" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_admin_needs_staff(client, make_user):
    assert client.get("/admin/").status_code == 302
    make_user("capo", password="pw-capo-123", is_staff=True, is_superuser=True)
    client.login(username="capo", password="pw-capo-123")
    assert client.get("/admin/").status_code == 200


def test_a_tournament_without_a_venue_has_no_empty_separator(client):
    """Found by the reviewer: a replayed tournament (no venue) read
    "24 novembre 2026 · · Burraco" on the home page."""
    import datetime

    from tournament.models import Tournament

    Tournament.objects.create(
        name="Senza sede",
        slug="senza-sede",
        date=datetime.date(2026, 5, 9),
        venue="",
        game="burraco",
        rule_pack="fibur-2026",
        rule_pack_version=2,
        status="running",
    )
    html = client.get(reverse("home")).content.decode()
    assert "Senza sede" in html
    assert "·  ·" not in html and "· ·" not in html
