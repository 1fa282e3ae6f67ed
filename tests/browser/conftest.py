"""Browser tests: Playwright driving Debian's Chromium (never a downloaded browser)."""

import contextlib
import os
import shutil
import tempfile
import threading

import pytest
from playwright.sync_api import expect

# pytest-django's live_server runs in a thread; Playwright's sync API runs a loop.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

#: Debian's Chromium. Its headless shell (package chromium-headless-shell, the build
#: Playwright itself runs headless) lays pages out with the same Blink but draws no
#: browser window: the browser tests cost a third of the full browser's CPU with it
#: (docs/performance.md). Without it, the full browser.
CHROMIUM = (
    shutil.which("chromium-headless-shell")
    or shutil.which("chromium")
    or "/usr/bin/chromium"
)

# The live server is one thread; on a loaded 2-core CI machine a page can take longer
# than Playwright's 5 s default. Waits end as soon as the condition holds.
TIMEOUT_MS = 20_000
expect.set_options(timeout=TIMEOUT_MS)


#: Where screenshots go when nobody asked for them (no SCREENSHOT_DIR): nowhere.
UNASKED = os.path.join(tempfile.gettempdir(), "torneo-screenshots-unasked")


class Worker:
    """The worker loop in a thread beside the live server, as ``make run`` starts
    ``manage.py worker`` beside runserver (core/pipeline.py)."""

    def __init__(self) -> None:
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        from core import pipeline

        self._stop = stop = threading.Event()

        def run() -> None:
            from django.db import connection

            try:
                pipeline.run_forever(stop, idle=0.1)
            finally:
                connection.close()

        self._thread = threading.Thread(target=run, name="pipeline-worker", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(60)
            assert not self._thread.is_alive(), "the worker did not stop"

    @contextlib.contextmanager
    def held(self):
        """The worker stopped for the block, which then does the work due itself
        (``pipeline.drain``): a long seed saves and records work in the test's thread
        with no worker polling the same tables (SQLite's shared in-memory test
        database answers "database table is locked" instead of waiting), and the
        pages loaded after it show what the worker publishes (Playwright's waits retry
        a locator on the page loaded, never the load)."""
        from core import pipeline

        self.stop()
        try:
            yield
            pipeline.drain()
        finally:
            self.start()


@pytest.fixture(autouse=True)
def worker(request):
    """With a live server, the worker loop runs beside it (:class:`Worker`)."""
    if "live_server" not in request.fixturenames:
        yield None
        return
    # After the live server and its database, so that the worker stops (below)
    # before the database is closed to the test's threads again.
    request.getfixturevalue("live_server")
    beside = Worker()
    beside.start()
    yield beside
    beside.stop()


@pytest.fixture(autouse=True)
def _patient_page(request):
    if "page" in request.fixturenames:
        page = request.getfixturevalue("page")
        page.set_default_timeout(TIMEOUT_MS)
        page.set_default_navigation_timeout(TIMEOUT_MS)
        if not os.environ.get("SCREENSHOT_DIR"):
            _skip_unasked_screenshots(page)


def _skip_unasked_screenshots(page) -> None:
    """A screenshot for a person (under ``screenshot_dir``) costs a full-page render:
    taken only when ``SCREENSHOT_DIR`` asks for them. Screenshots a test reads (a QR
    code decoded from the page) go elsewhere and are always taken."""
    real = page.screenshot

    def screenshot(*args, path=None, **kwargs):
        if path is not None and str(path).startswith(UNASKED):
            return b""
        return real(*args, path=path, **kwargs)

    page.screenshot = screenshot


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
        ],
    }


@pytest.fixture
def screenshot_dir():
    """Where browser tests leave screenshots for a person to look at:
    ``SCREENSHOT_DIR=shots make test`` (or pytest) writes them there; without it
    they are not taken (``_skip_unasked_screenshots``)."""
    path = os.environ.get("SCREENSHOT_DIR") or UNASKED
    os.makedirs(path, exist_ok=True)
    return path


def choose_own_password(page, one_time: str, new: str) -> None:
    """After a first login with a one-time password: the site asks for the person's
    own before anything else (issue 28 §5)."""
    page.wait_for_url(lambda url: "/password/" in url)
    page.locator("#id_old_password").fill(one_time)
    page.locator("#id_new_password1").fill(new)
    page.locator("#id_new_password2").fill(new)
    with page.expect_navigation():
        page.locator("#id_new_password2").press("Enter")
