"""Production settings: check --deploy is clean, secrets come from the environment,
the optional Redis cache and read replica switch on from their URLs."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {
    "DJANGO_DEBUG": "0",
    "DJANGO_SECRET_KEY": "test-only-" + "k3y-" * 15,
    "DJANGO_ALLOWED_HOSTS": "torneo.example.org",
}


def run(args, **env):
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    full_env.pop("REDIS_URL", None)
    full_env.pop("DATABASE_REPLICA_URL", None)
    full_env.update(env)
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def settings_in(names, **env):
    code = (
        "import django, json; django.setup(); from django.conf import settings; "
        f"print(json.dumps({{n: getattr(settings, n, None) for n in {names!r}}}, "
        "default=str))"
    )
    done = run(["-c", code], DJANGO_SETTINGS_MODULE="config.settings", **env)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_check_deploy_is_clean_in_production():
    done = run(
        ["manage.py", "check", "--deploy", "--fail-level", "WARNING"], **PRODUCTION
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


def test_check_deploy_flags_debug_mode():
    """The check is not vacuous: with DEBUG on it complains."""
    env = {**PRODUCTION, "DJANGO_DEBUG": "1"}
    done = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], **env)
    assert done.returncode != 0
    assert "security.W018" in done.stdout + done.stderr


def test_production_refuses_to_start_without_a_secret():
    env = {k: v for k, v in PRODUCTION.items() if k != "DJANGO_SECRET_KEY"}
    done = run(["manage.py", "check"], **env)
    assert done.returncode != 0
    assert "DJANGO_SECRET_KEY must be set" in done.stderr


def test_production_cookies_are_secure_and_https_is_enforced():
    values = settings_in(
        [
            "SESSION_COOKIE_SECURE",
            "CSRF_COOKIE_SECURE",
            "SECURE_SSL_REDIRECT",
            "SECURE_HSTS_SECONDS",
            "DEBUG",
        ],
        **PRODUCTION,
    )
    assert values == {
        "SESSION_COOKIE_SECURE": True,
        "CSRF_COOKIE_SECURE": True,
        "SECURE_SSL_REDIRECT": True,
        "SECURE_HSTS_SECONDS": 31536000,
        "DEBUG": False,
    }


def test_redis_cache_switches_on_with_redis_url():
    without = settings_in(["CACHES"], **PRODUCTION)["CACHES"]
    assert without["default"]["BACKEND"].endswith("LocMemCache")
    with_redis = settings_in(
        ["CACHES"], REDIS_URL="redis://cache.lan:6379/1", **PRODUCTION
    )["CACHES"]
    assert with_redis["default"] == {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://cache.lan:6379/1",
    }


def test_read_replica_switches_on_with_its_url():
    values = settings_in(
        ["DATABASES", "DATABASE_ROUTERS", "MIDDLEWARE"],
        DATABASE_URL="postgres://app@primary.lan:5432/torneo",
        DATABASE_REPLICA_URL="postgres://reader@replica.lan:5432/torneo",
        **PRODUCTION,
    )
    assert values["DATABASES"]["replica"]["HOST"] == "replica.lan"
    assert values["DATABASES"]["default"]["HOST"] == "primary.lan"
    assert values["DATABASE_ROUTERS"] == ["config.db_router.PublicReadReplicaRouter"]
    assert "config.db_router.PublicReadsMiddleware" in values["MIDDLEWARE"]


@pytest.mark.parametrize("path", ["config/settings.py", "config/gunicorn.py"])
def test_no_secret_is_written_in_the_repository(path):
    """The only literal key is the DEBUG-only development key."""
    text = (ROOT / path).read_text()
    assert 'SECRET_KEY = "' not in text.replace(
        'SECRET_KEY = "dev-only-insecure-key-never-use-in-production"', ""
    )
