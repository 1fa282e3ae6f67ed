"""django-axes: too many wrong passwords lock that username from that address."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def attempt(client, username, password, ip="10.0.0.7"):
    return client.post(
        reverse("login"),
        {"username": username, "password": password},
        REMOTE_ADDR=ip,
    )


def test_the_sixth_attempt_is_locked_out_even_with_the_right_password(
    client, make_user, settings
):
    make_user("arbitro", password="giusta-123")
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert attempt(client, "arbitro", "sbagliata").status_code == 200
    locked = attempt(client, "arbitro", "sbagliata")
    assert locked.status_code == 429
    assert "Troppi tentativi" in locked.content.decode()
    again = attempt(client, "arbitro", "giusta-123")
    assert again.status_code == 429
    assert "_auth_user_id" not in client.session


def test_a_lockout_does_not_touch_other_referees_behind_the_same_address(
    client, make_user, settings
):
    make_user("arbitro", password="giusta-123")
    make_user("arbitro2", password="giusta-456")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        attempt(client, "arbitro", "sbagliata")
    assert attempt(client, "arbitro2", "giusta-456").status_code == 302


def test_a_good_login_resets_the_count(client, make_user, settings):
    make_user("arbitro", password="giusta-123")
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        attempt(client, "arbitro", "sbagliata")
    assert attempt(client, "arbitro", "giusta-123").status_code == 302
    client.post(reverse("logout"))
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        attempt(client, "arbitro", "sbagliata")
    assert attempt(client, "arbitro", "giusta-123").status_code == 302


def test_admin_login_is_rate_limited_too(client, make_user, settings):
    make_user("capo", password="giusta-789", is_staff=True, is_superuser=True)
    url = reverse("admin:login")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post(url, {"username": "capo", "password": "no"}, REMOTE_ADDR="10.0.0.9")
    locked = client.post(
        url, {"username": "capo", "password": "giusta-789"}, REMOTE_ADDR="10.0.0.9"
    )
    assert locked.status_code == 429


def test_programmatic_login_still_works(client, make_user):
    """Tests and the shell call authenticate() without a request: not rate limited."""
    make_user("arbitro", password="giusta-123")
    assert client.login(username="arbitro", password="giusta-123")
    assert not client.login(username="arbitro", password="sbagliata")
