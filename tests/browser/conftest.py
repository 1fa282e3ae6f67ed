"""Browser tests: Playwright driving Debian's Chromium (never a downloaded browser)."""

import os
import shutil

import pytest

# pytest-django's live_server runs in a thread; Playwright's sync API runs a loop.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


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
    """Where browser tests leave screenshots for a person to look at."""
    path = os.environ.get("SCREENSHOT_DIR", "/tmp/torneo-screenshots")
    os.makedirs(path, exist_ok=True)
    return path
