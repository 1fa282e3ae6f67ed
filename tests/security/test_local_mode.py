"""``make run``'s local mode (``DJANGO_LOCAL=1``): what a club runs on a laptop.

Before, ``make run`` served DEBUG pages: a 404 listed every URL pattern of the site, in
English. Local mode keeps DEBUG off (the Italian error pages) and keeps working over
plain http on 127.0.0.1 and the hall's LAN: no redirect to HTTPS, cookies without the
secure flag, static files without collectstatic, and a secret generated on the first
run, kept outside the repository (``var/secret_key``, git-ignored) and reused.

Each check runs the settings in a fresh Python process, as ``make run`` does.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json, django
django.setup()
from django.conf import settings
from django.test import Client
client = Client(raise_request_exception=False)
missing = client.get("/nessuna-pagina/", HTTP_HOST="192.168.1.10:8000")
login = client.get("/login/", HTTP_HOST="192.168.1.10:8000")
static = client.get("/static/js/offline-queue.js", HTTP_HOST="127.0.0.1:8000")
print(json.dumps({
    "debug": settings.DEBUG,
    "secret": settings.SECRET_KEY,
    "missing": [missing.status_code, missing.content.decode()],
    "login": login.status_code,
    "secure_cookie": login.cookies["csrftoken"]["secure"],
    "static": static.status_code,
}))
"""


def probe(tmp_path: Path, **env: str) -> dict:
    environment = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "DATABASE_"))
    }
    environment.update(
        {
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DJANGO_SQLITE_PATH": str(tmp_path / "db.sqlite3"),
            "DJANGO_SECRET_KEY_FILE": str(tmp_path / "var" / "secret_key"),
            "DJANGO_PUBLISH_ROOT": "",
            **env,
        }
    )
    result = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def local(tmp_path_factory):
    where = tmp_path_factory.mktemp("locale-mode")
    return where, probe(where, DJANGO_LOCAL="1")


def test_local_mode_has_debug_off_and_the_italian_404(local):
    _where, seen = local
    status, page = seen["missing"]
    assert seen["debug"] is False
    assert status == 404
    assert "Pagina non trovata" in page
    assert "URLconf" not in page and "urlpatterns" not in page.lower()
    assert "direzione/" not in page  # no pattern of the site


def test_local_mode_speaks_plain_http_on_the_lan(local):
    _where, seen = local
    assert seen["login"] == 200  # no redirect to https, any LAN address
    assert seen["secure_cookie"] == ""  # the browser sends it back over http
    assert seen["static"] == 200  # without collectstatic


def test_the_secret_is_made_once_outside_the_repository_and_kept(local):
    where, seen = local
    kept = where / "var" / "secret_key"
    assert kept.read_text().strip() == seen["secret"]
    assert oct(kept.stat().st_mode)[-3:] == "600"
    assert "dev-only" not in seen["secret"] and len(seen["secret"]) > 50
    again = probe(where, DJANGO_LOCAL="1")
    assert again["secret"] == seen["secret"]
    default = ROOT / "var" / "secret_key"
    ignored = subprocess.run(
        ["git", "check-ignore", "-q", str(default)], cwd=ROOT, check=False
    )
    assert ignored.returncode == 0, "var/secret_key must be git-ignored"


def test_debug_can_still_be_asked_for_in_local_mode(tmp_path):
    seen = probe(tmp_path, DJANGO_LOCAL="1", DJANGO_DEBUG="1")
    assert seen["debug"] is True


def test_the_makefile_runs_in_local_mode_and_can_skip_the_demo():
    text = (ROOT / "Makefile").read_text()
    assert "run: export DJANGO_LOCAL ?= 1" in text
    dry = subprocess.run(
        ["make", "-n", "run", "DEMO=0"], cwd=ROOT, capture_output=True, text=True
    )
    assert 'if [ "0" != 0 ]' in dry.stdout
