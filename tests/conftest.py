"""Fixtures shared by the whole suite (factories live next to the apps' tests)."""

import asyncio
import gc
import os

import pytest
from django.contrib.auth import get_user_model
from django.db import connections
from hypothesis import settings

# CI runs the property tests derandomised: the same examples on every run, so a red run
# is reproducible and never a matter of luck. `HYPOTHESIS_PROFILE=explore make test`
# searches afresh (and finds new counter-examples to add as known answers).
settings.register_profile("ci", derandomize=True)
settings.register_profile("explore", max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_collection_finish(session):
    """The garbage collector of a test process, once the tests are collected: what the
    imports and the collection made (a quarter of a million objects, alive until the
    end) frozen out of its scans (``gc.freeze``), and a young collection every 10,000
    allocations rather than 700. It scanned those objects again and again: a tenth of
    the URL walker's time, a sixth of the form fuzzers' (docs/performance.md). What
    the tests do is unchanged: only when unreachable objects are found."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 10, 10)


@pytest.fixture(autouse=True, scope="session")
def _test_settings():
    """For the whole run, set before any fixture builds a world (some are built once
    per module):

    - test users are hashed with MD5: the production hasher (PBKDF2, 1.5 M
      iterations) costs most of a second a user, on purpose;
    - no published files unless a test asks for them (``tests/public/test_publish*``
      point ``PUBLISH_ROOT`` at a temporary folder): the pages come from the views.
    """
    from django.test.utils import override_settings

    with override_settings(
        PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
        PUBLISH_ROOT="",
    ):
        yield


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup):
    """pytest-django's test databases; before they are dropped, the test thread's
    connections opened under Playwright are closed too.

    Playwright's sync API marks the test thread as running its event loop between
    calls (playwright/_impl/_greenlets.py), from a worker's first browser test until
    the end of the session. Django's connection handler keys a thread's connections by
    the async context when a loop runs (asgiref's thread-critical ``Local``), so every
    test that follows a browser test in the same worker (pytest-xdist's worksteal mixes
    them) uses a second connection of the test thread. By the time the databases are
    dropped Playwright has stopped, and pytest-django closes only the first: the
    second is closed here, from an event loop, where the same context sees it
    (otherwise: "database ... is being accessed by other users").
    """
    yield
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        asyncio.run(_close_connections())
    connections.close_all()


async def _close_connections() -> None:
    connections.close_all()


@pytest.fixture
def make_user(db):
    """Create a user: ``make_user("arbitro", password="x", is_staff=False)``."""

    def make(username: str, password: str = "pw-test-123", **extra):
        return get_user_model().objects.create_user(
            username=username, password=password, **extra
        )

    return make


@pytest.fixture(autouse=True)
def _site_language():
    """Each test starts in the site's language (Italian). A request in English leaves
    English active in the thread (the locale middleware activates it), and a later
    test building a document outside a request would read English."""
    from django.conf import settings as django_settings
    from django.utils import translation

    translation.activate(django_settings.LANGUAGE_CODE)
    yield
    translation.activate(django_settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with an empty cache: rows are rolled back and their ids used
    again, so a value kept under one test's ids would show in the next one."""
    from django.core.cache import cache

    cache.clear()
