"""The login rate limit behind the real nginx of the venue (deploy/nginx-venue.conf).

Before, every client behind nginx was 127.0.0.1 for django-axes: five wrong passwords
for a referee from one phone locked the referee out on every other client of the hall
for 15 minutes. Here nginx runs with the deployment's own config (its certificate,
upstream and ports made local, as ``tests/deploy/test_nginx_configs.py`` does) in
front of the live test server, and two clients connect from two loopback addresses
(127.0.0.2 and 127.0.0.3): the lockout holds for the first, never for the second.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import time
from pathlib import Path

import httpx
import pytest

from tests.deploy.test_nginx_configs import (
    DEPLOY,
    NGINX,
    certificate,  # noqa: F401 (a fixture)
    local,
    wrapper,
)

pytestmark = [
    pytest.mark.skipif(
        not Path(NGINX).exists(),
        reason="nginx is not installed (scripts/system-packages.sh test)",
    ),
    pytest.mark.django_db(transaction=True),
]

HOST = "torneo.lan"


@pytest.fixture
def nginx(tmp_path, certificate, live_server, settings):  # noqa: F811
    """The venue's nginx in front of the live server; yields its HTTPS port."""
    settings.ALLOWED_HOSTS = [HOST]
    settings.TRUSTED_PROXIES = ["127.0.0.1", "::1"]  # as DJANGO_BEHIND_PROXY=1
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    upstream = live_server.url.removeprefix("http://")
    text = (DEPLOY / "nginx-venue.conf").read_text()
    text = text.replace("server 127.0.0.1:8000;", f"server {upstream};")
    text = local(text, certificate)
    port = int(re.search(r"listen 127\.0\.0\.1:(\d+) ssl", text)[1])
    main = wrapper(tmp_path, text)
    if os.geteuid() == 0:  # workers as "nobody" could not read the temporary folder
        main.write_text("user root;\n" + main.read_text())
    process = subprocess.Popen(
        [
            NGINX,
            "-c",
            str(main),
            "-e",
            str(tmp_path / "error.log"),
            "-g",
            "daemon off;",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                with httpx.Client(verify=False) as probe:
                    probe.get(f"https://127.0.0.1:{port}/static/", timeout=2)
                break
            except httpx.TransportError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(process.stderr.read().decode()) from None
                time.sleep(0.1)
        yield port
    finally:
        process.send_signal(signal.SIGQUIT)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def phone(port: int, address: str) -> httpx.Client:
    """A client of the hall, connecting from ``address``."""
    return httpx.Client(
        base_url=f"https://127.0.0.1:{port}",
        headers={"Host": HOST},
        verify=False,
        transport=httpx.HTTPTransport(local_address=address, verify=False),
        follow_redirects=False,
        timeout=30,
    )


def log_in(client: httpx.Client, username: str, password: str, **headers) -> int:
    """The login page's form posted as a browser does; the answer's status."""
    page = client.get("/login/")
    assert page.status_code == 200, page.status_code
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text)[1]
    answer = client.post(
        "/login/",
        data={
            "csrfmiddlewaretoken": token,
            "username": username,
            "password": password,
        },
        headers={"Referer": f"https://{HOST}/login/", **headers},
    )
    return answer.status_code


def test_a_lockout_through_nginx_never_blocks_the_same_user_on_another_client(
    nginx, make_user, settings
):
    make_user("arbitro2", password="giusta-456")
    with phone(nginx, "127.0.0.2") as prankster, phone(nginx, "127.0.0.3") as referee:
        for _ in range(settings.AXES_FAILURE_LIMIT - 1):
            assert log_in(prankster, "arbitro2", "sbagliata") == 200
        assert log_in(prankster, "arbitro2", "sbagliata") == 429
        # The prankster stays locked out, even claiming another address: nginx
        # appends the address it saw, and only that one is believed.
        assert (
            log_in(
                prankster,
                "arbitro2",
                "giusta-456",
                **{"X-Forwarded-For": "127.0.0.3"},
            )
            == 429
        )
        # The real referee, on another phone, logs in.
        assert log_in(referee, "arbitro2", "giusta-456") == 302


def test_the_lockout_is_recorded_against_the_clients_address(nginx, make_user):
    from axes.models import AccessAttempt

    make_user("arbitro3", password="giusta-789")
    with phone(nginx, "127.0.0.2") as client:
        log_in(client, "arbitro3", "sbagliata", **{"X-Forwarded-For": "10.9.9.9"})
    attempt = AccessAttempt.objects.get(username="arbitro3")
    assert attempt.ip_address == "127.0.0.2"
