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


@pytest.mark.parametrize(
    ("remote", "forwarded", "trusted", "client"),
    [
        # No proxy named: the header is anyone's word, never believed.
        ("10.0.0.7", "1.2.3.4", [], "10.0.0.7"),
        # A client that is not the proxy sends the header: not believed.
        ("10.0.0.7", "127.0.0.3", ["127.0.0.1"], "10.0.0.7"),
        # nginx appends the address it saw: the rightmost untrusted one is the client,
        # whatever the client wrote on its left.
        ("127.0.0.1", "127.0.0.3", ["127.0.0.1"], "127.0.0.3"),
        ("127.0.0.1", "6.6.6.6, 127.0.0.2", ["127.0.0.1"], "127.0.0.2"),
        # Two proxies (a load balancer, then nginx), both named.
        ("10.0.0.5", "192.168.1.20, 10.0.0.4", ["10.0.0.0/29"], "192.168.1.20"),
        ("::1", "2001:db8::7", ["::1"], "2001:db8::7"),
        ("127.0.0.1", "[2001:db8::7]:5555", ["127.0.0.1"], "2001:db8::7"),
        ("::ffff:127.0.0.1", "10.1.1.1", ["127.0.0.1"], "10.1.1.1"),
        # Garbage where the proxy writes an address, or no header: the proxy itself.
        ("127.0.0.1", "unknown", ["127.0.0.1"], "127.0.0.1"),
        ("127.0.0.1", "", ["127.0.0.1"], "127.0.0.1"),
    ],
)
def test_the_client_address_is_believed_only_from_named_proxies(
    rf, settings, remote, forwarded, trusted, client
):
    from tournament.clients import client_address

    settings.TRUSTED_PROXIES = trusted
    request = rf.get("/", REMOTE_ADDR=remote, HTTP_X_FORWARDED_FOR=forwarded)
    assert client_address(request) == client


def test_the_same_user_from_another_client_is_not_locked_out(
    client, make_user, settings
):
    """Per username *and* address: the referee logs in from another phone."""
    make_user("arbitro", password="giusta-123")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        attempt(client, "arbitro", "sbagliata", ip="10.0.0.7")
    assert attempt(client, "arbitro", "giusta-123", ip="10.0.0.7").status_code == 429
    assert attempt(client, "arbitro", "giusta-123", ip="10.0.0.8").status_code == 302


def test_a_proxy_list_that_is_not_addresses_stops_the_start():
    import os
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-c", "import django, os; django.setup()"],
        env={
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DJANGO_TRUSTED_PROXIES": "127.0.0.1,nginx.lan",
        },
        capture_output=True,
        text=True,
    )
    assert result.returncode != 0
    assert "DJANGO_TRUSTED_PROXIES: 'nginx.lan' is not an address" in result.stderr
