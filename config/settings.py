"""Settings for the tournament app, read from environment variables.

Development defaults are safe and need nothing set: SQLite in ``db.sqlite3`` beside
``manage.py``, DEBUG on, a throwaway secret. Outside DEBUG the secret is mandatory.

Environment variables:

* ``DJANGO_LOCAL`` ("1": local mode, as ``make run`` sets it: DEBUG off, plain http
  on 127.0.0.1 and the LAN, a secret generated once in ``var/secret_key``)
* ``DJANGO_DEBUG`` ("1"/"0", default "1"; "0" in local mode)
* ``DJANGO_SECRET_KEY`` (mandatory when DJANGO_DEBUG=0, except in local mode);
  ``DJANGO_SECRET_KEY_FILE`` (local mode: where the generated one is kept)
* ``DJANGO_ALLOWED_HOSTS`` (comma-separated, default "127.0.0.1,localhost"; any host
  in local mode)
* ``DATABASE_URL`` (e.g. ``postgres://user:pass@host:5432/db``; default SQLite)
* ``DJANGO_SQLITE_PATH`` (default ``<project>/db.sqlite3``)
* ``DJANGO_SQLITE_TIMEOUT`` (seconds a writer waits for another on SQLite, default 30)
* ``DJANGO_CONN_MAX_AGE`` (seconds a database connection is kept, default 0)
* ``DATABASE_REPLICA_URL`` (optional read replica for the public pages)
* ``DJANGO_PUBLISH_ROOT`` (folder of the published public pages, default ``var/published``;
  empty: publishing off)
* ``DJANGO_PUBLIC_BASE_URL`` (e.g. ``https://torneo.example.it``: the address in QR
  codes and printed links; default: the address of the request)
* ``REDIS_URL`` (optional shared cache, e.g. ``redis://127.0.0.1:6379/0``)
* ``DJANGO_SECURE_COOKIES``, ``DJANGO_SSL_REDIRECT``, ``DJANGO_HSTS_SECONDS``,
  ``DJANGO_BEHIND_PROXY``, ``DJANGO_CSRF_TRUSTED_ORIGINS`` (production, see docs/deployment.md)
* ``DJANGO_LOGIN_FAILURE_LIMIT``, ``DJANGO_LOGIN_COOLOFF_MINUTES`` (login rate limit)
* ``DJANGO_TABLE_CODE_FAILURE_LIMIT``, ``DJANGO_TABLE_CODE_COOLOFF_MINUTES`` (wrong
  table codes per client address)
* ``DJANGO_TRUSTED_PROXIES`` (addresses or networks of the proxies whose
  X-Forwarded-For names the client; default ``127.0.0.1,::1`` behind a proxy)
"""

from __future__ import annotations

import ipaddress
import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


# Local mode (`make run`): the app as a club runs it on a laptop, over plain http on
# 127.0.0.1 and the hall's LAN, with DEBUG off (the Italian error pages, no list of
# URL patterns), no HTTPS redirect or secure-only cookies, and a secret generated on
# the first run and kept outside the repository (config/local.py).
LOCAL = env_bool("DJANGO_LOCAL", False)
DEBUG = env_bool("DJANGO_DEBUG", not LOCAL)

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY and LOCAL:
    from config.local import secret_key

    SECRET_KEY = secret_key(
        Path(os.environ.get("DJANGO_SECRET_KEY_FILE", BASE_DIR / "var" / "secret_key"))
    )
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG=0")
    SECRET_KEY = "dev-only-insecure-key-never-use-in-production"

ALLOWED_HOSTS = [
    h.strip()
    for h in os.environ.get(
        "DJANGO_ALLOWED_HOSTS",
        # Local mode: the laptop's LAN address is not known in advance (and changes
        # with the hall's router); DJANGO_ALLOWED_HOSTS narrows it down.
        "*" if LOCAL else "127.0.0.1,localhost",
    ).split(",")
    if h.strip()
]
if DEBUG:
    ALLOWED_HOSTS += ["testserver"]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "simple_history",
    "axes",
    # django-ninja's templates and static files: the API docs' Swagger UI is served
    # from the app's own static files (no CDN, no inline script).
    "ninja",
    "core",
    "outbox",
    # The apps split from ``tournament`` (issue 29), bottom to top as the import
    # contracts layer them (pyproject.toml, [tool.importlinter]).
    "people",
    "tournament",
    "participants",
    "seating",
    "staff",
    "scoring",
    "standings",
    "draw",
    "knockout",
    "director",
    "printing",
    "public",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "core.middleware.ItalianFirstMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # A NUL byte in the URL: 400, the same on SQLite and PostgreSQL (core/middleware.py).
    "core.middleware.RefuseNulBytesMiddleware",
    "django.middleware.gzip.GZipMiddleware",
    "django.middleware.common.CommonMiddleware",
    # QR codes and absolute links built without the request use its address.
    "tournament.links.RequestBaseMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # A one-time password from the staff page is changed at first login.
    "core.middleware.PasswordToChangeMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # The published files of the public pages and API (public/published.py): what
    # nginx serves in a deployment, served here under `make run`.
    "public.published.PublishedFilesMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into its 429 page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default="sqlite:///"
        + os.environ.get("DJANGO_SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
        conn_max_age=int(os.environ.get("DJANGO_CONN_MAX_AGE", "0")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets the public pages read while a referee writes. A writer waits up to
    # 30 s for another one (the busy timeout; Python's default is 5 s) instead of
    # failing with "database is locked": a long import must not stop the worker.
    DATABASES["default"].setdefault("OPTIONS", {})
    DATABASES["default"]["OPTIONS"].update(
        {
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL;",
            "timeout": int(os.environ.get("DJANGO_SQLITE_TIMEOUT", "30")),
        }
    )
else:
    # A connection kept across requests (DJANGO_CONN_MAX_AGE) is tested before reuse,
    # so a restarted PostgreSQL costs no failed request. Each process names itself
    # (torneo-<pid>) so that pg_stat_activity tells which worker holds what.
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    DATABASES["default"].setdefault("OPTIONS", {})
    DATABASES["default"]["OPTIONS"]["application_name"] = f"torneo-{os.getpid()}"

# A PostgreSQL read replica for the public pages (config/db_router.py).
if os.environ.get("DATABASE_REPLICA_URL"):
    DATABASES["replica"] = dj_database_url.parse(
        os.environ["DATABASE_REPLICA_URL"],
        conn_max_age=int(os.environ.get("DJANGO_CONN_MAX_AGE", "0")),
    )
    # Tests use one database: the replica alias reads the test copy of the primary.
    DATABASES["replica"]["TEST"] = {"MIRROR": "default"}
    DATABASE_ROUTERS = ["config.db_router.PublicReadReplicaRouter"]
    MIDDLEWARE.insert(
        MIDDLEWARE.index("django.contrib.sessions.middleware.SessionMiddleware"),
        "config.db_router.PublicReadsMiddleware",
    )

# A shared cache (several app servers) in Redis; otherwise each process keeps its own.
if os.environ.get("REDIS_URL"):
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": os.environ["REDIS_URL"],
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Login rate limiting (django-axes): after DJANGO_LOGIN_FAILURE_LIMIT failed logins for
# one username from one address, that combination waits DJANGO_LOGIN_COOLOFF_MINUTES.
# Username *and* address: the referees of a hall share one public address behind NAT,
# so locking the address alone would lock them all out.
AUTHENTICATION_BACKENDS = [
    "core.security.LoginRateLimitBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("DJANGO_LOGIN_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(
    minutes=int(os.environ.get("DJANGO_LOGIN_COOLOFF_MINUTES", "15"))
)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# The client's address behind nginx: X-Forwarded-For, believed only from the proxies
# the deployment names (tournament/clients.py). Without this every client of the hall
# was nginx's 127.0.0.1, and five wrong passwords from one phone locked the referee
# out on every other.
AXES_CLIENT_IP_CALLABLE = "tournament.clients.client_address"
# Wrong table codes (the players' entry, issue 30): counted per client address only
# (never per table: no phone may lock a table out), generous because a hall's phones
# may share one address; a code has 49 bits (seating/services/table_codes.py).
TABLE_CODE_FAILURE_LIMIT = int(os.environ.get("DJANGO_TABLE_CODE_FAILURE_LIMIT", "40"))
TABLE_CODE_COOLOFF_MINUTES = int(
    os.environ.get("DJANGO_TABLE_CODE_COOLOFF_MINUTES", "10")
)
AXES_LOCKOUT_TEMPLATE = "core/lockout.html"
AXES_VERBOSE = False

# The proxies whose X-Forwarded-For is believed (addresses or networks, comma
# separated): nginx on the same machine by default when DJANGO_BEHIND_PROXY=1,
# nobody otherwise. See tournament/clients.py.
BEHIND_PROXY = env_bool("DJANGO_BEHIND_PROXY", False)
TRUSTED_PROXIES = [
    p.strip()
    for p in os.environ.get(
        "DJANGO_TRUSTED_PROXIES", "127.0.0.1,::1" if BEHIND_PROXY else ""
    ).split(",")
    if p.strip()
]
for _proxy in TRUSTED_PROXIES:
    try:
        ipaddress.ip_network(_proxy, strict=False)
    except ValueError:
        raise ImproperlyConfigured(
            f"DJANGO_TRUSTED_PROXIES: {_proxy!r} is not an address or a network"
        ) from None

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]

LANGUAGE_CODE = "it"
LANGUAGES = [("it", _("Italian")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Rome"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]

LOGIN_URL = "login"
# After logging in, each person lands where their role works (core.views.after_login).
LOGIN_REDIRECT_URL = "after_login"
LOGOUT_REDIRECT_URL = "home"

DJANGO_TABLES2_TEMPLATE = "django_tables2/bootstrap5.html"

# What follows a save (ranking, publishing, PDFs) is recorded in the outbox in the
# save's transaction and done by one worker loop: `manage.py worker` (core/pipeline.py),
# started beside the server by `make run` and by systemd in production.

# The players' address printed in QR codes (tournament/links.py); empty: the request's.
PUBLIC_BASE_URL = os.environ.get("DJANGO_PUBLIC_BASE_URL", "").strip().rstrip("/")
if PUBLIC_BASE_URL and not PUBLIC_BASE_URL.startswith(("http://", "https://")):
    raise ImproperlyConfigured(
        "DJANGO_PUBLIC_BASE_URL must start with http:// or https:// "
        f"(got {PUBLIC_BASE_URL!r})"
    )
# The public pages and API answers written as files (public/publish.py), served by
# nginx (deploy/) or by Django itself (public/published.py); empty: publishing off.
PUBLISH_ROOT = os.environ.get(
    "DJANGO_PUBLISH_ROOT", str(BASE_DIR / "var" / "published")
)

# Content Security Policy (Django's own middleware): scripts, styles, images and fonts
# come from this site only; no inline script or style attribute anywhere.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

# Local mode: plain http on the LAN, static files straight from the apps' folders
# (no collectstatic), DEBUG off.
if LOCAL and not DEBUG:
    WHITENOISE_USE_FINDERS = True
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = False
    SECURE_SSL_REDIRECT = False
    SECURE_HSTS_SECONDS = 0

# Production (DJANGO_DEBUG=0): `manage.py check --deploy` is clean with the defaults.
if not DEBUG and not LOCAL:
    SESSION_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", True)
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_HSTS_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD", False)
    if not SECURE_HSTS_PRELOAD:
        # Preloading is a request to the browser vendors that the owner of the
        # domain makes, not a default of ours.
        SILENCED_SYSTEM_CHECKS = ["security.W021"]
    # Behind nginx (or any proxy that sets X-Forwarded-Proto), trust its word that
    # the browser spoke HTTPS (its X-Forwarded-For: TRUSTED_PROXIES above).
    if BEHIND_PROXY:
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    CSRF_TRUSTED_ORIGINS = [
        o.strip()
        for o in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",")
        if o.strip()
    ]
    # Hashed, compressed static files served by whitenoise (run collectstatic first).
    STORAGES = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {
            "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        },
    }

# Errors go to stderr (gunicorn's log, journald, docker logs).
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
    "loggers": {
        "django": {"handlers": ["console"], "level": "WARNING", "propagate": False}
    },
}
