"""How `make test` splits the suite into legs (scripts/test.sh), a pytest plugin.

``TORNEO_TEST_LEG`` chooses what a run keeps:

* ``serial``: the tests that touch no database (rules, doctests, layer and purity
  checks), once, not once per database; and the tests that fork (``FORKS``: a PDF
  rendered in parts, one process a part), on SQLite: the other legs run in
  pytest-xdist's workers, whose I/O thread makes a fork unsafe (Python warns), so these
  run in this leg's single-threaded process. This leg also compares every collected
  test id with ``tests/test_ids.txt`` (``--check-test-ids``), so that a test cannot
  silently leave the run: ``make test-ids`` writes the list again after a test is
  added, renamed or removed on purpose.
* ``sqlite``: the tests that use the database, except those that check no database
  behaviour and run on one database only (``ONE_DATABASE``: the browser, the PDFs'
  pixels, the i18n walk, the deployment files and the nginx proxy).
* ``postgres``: every test that uses the database, but those that fork.

Unset (a plain ``pytest`` run), nothing is left out.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

#: Tests of no database behaviour that use one all the same (a live server, a page):
#: run on PostgreSQL only, as production does.
ONE_DATABASE = (
    "tests/browser/",
    "tests/i18n/",
    "tests/deploy/",
    "tests/simulate/test_proxy.py",
    "tests/printing/test_pages_png.py",
)
#: Tests that fork the test process (multiprocessing): run in the single-threaded leg.
FORKS = ("tests/printing/test_parts.py",)
#: Folders of database-free tests only (the pure rules and their doctests): the
#: database legs do not even collect them (a second or more per process); the
#: single-process leg, which runs them, fails if one of them comes to use a database.
DATABASE_FREE = ("rules/", "tests/rules/")
#: pytest-django's fixtures that open the database.
DB_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
    "live_server",
}
#: The longest tests (``--durations`` of the legs), started first: pytest-xdist's
#: worksteal splits the collected list in contiguous shares and an idle worker steals
#: from the end of another's, so what starts first never leaves one core idle at the
#: end of a leg waiting for a 40-second test that started last.
SLOW_FIRST = (
    "tests/security/test_url_permissions.py",
    "tests/teams/test_replay.py",
    "tests/replay/test_export.py",
    "tests/replay/test_property.py",
    "tests/i18n/test_walk.py",
    "tests/public/test_published_tree.py",
    "tests/browser/test_event_day.py",
    "tests/security/test_forms_fuzz.py",
    "tests/teams/test_printing.py",
    "tests/web/test_demo.py",
)
IDS_FILE = Path(__file__).with_name("test_ids.txt")
LEGS = ("serial", "sqlite", "postgres")


def pytest_addoption(parser):
    parser.addoption(
        "--check-test-ids",
        action="store_true",
        help="fail when the collected test ids differ from tests/test_ids.txt",
    )
    parser.addoption(
        "--write-test-ids",
        action="store_true",
        help="write the collected test ids to tests/test_ids.txt",
    )


def uses_database(item) -> bool:
    if item.get_closest_marker("django_db"):
        return True
    return bool(DB_FIXTURES & set(getattr(item, "fixturenames", ())))


def one_database(item) -> bool:
    return item.nodeid.startswith(ONE_DATABASE)


def forks(item) -> bool:
    return item.nodeid.startswith(FORKS)


def keeps(leg: str, item) -> bool:
    if leg == "serial":
        return not uses_database(item) or forks(item)
    if forks(item):
        return False
    if leg == "sqlite":
        return uses_database(item) and not one_database(item)
    return uses_database(item)


def start_rank(item) -> int:
    """Where a test starts in its leg: the longest first (``SLOW_FIRST``), in order."""
    for rank, prefix in enumerate(SLOW_FIRST):
        if item.nodeid.startswith(prefix):
            return rank
    return len(SLOW_FIRST)


def pytest_ignore_collect(collection_path, config):
    leg = os.environ.get("TORNEO_TEST_LEG", "")
    if leg not in ("sqlite", "postgres"):
        return None
    if not collection_path.is_relative_to(config.rootpath):
        return None
    relative = collection_path.relative_to(config.rootpath).as_posix() + "/"
    return True if relative.startswith(DATABASE_FREE) else None


def pytest_collection_modifyitems(session, config, items):
    ids = sorted(item.nodeid for item in items)
    if config.getoption("--write-test-ids"):
        IDS_FILE.write_text("\n".join(ids) + "\n")
    if config.getoption("--check-test-ids"):
        kept = IDS_FILE.read_text().split("\n")[:-1]
        gone = sorted(set(kept) - set(ids))
        new = sorted(set(ids) - set(kept))
        if gone or new:
            lines = [f"  - {i}" for i in gone[:30]] + [f"  + {i}" for i in new[:30]]
            raise pytest.UsageError(
                "The collected tests differ from tests/test_ids.txt "
                f"({len(gone)} gone, {len(new)} new); after adding, renaming or "
                "removing tests on purpose run `make test-ids`:\n" + "\n".join(lines)
            )
    leg = os.environ.get("TORNEO_TEST_LEG", "")
    if not leg:
        return
    if leg not in LEGS:
        raise pytest.UsageError(f"TORNEO_TEST_LEG must be one of {LEGS}, not {leg!r}")
    if leg == "serial":
        misplaced = [
            i.nodeid
            for i in items
            if i.nodeid.startswith(DATABASE_FREE) and uses_database(i)
        ]
        if misplaced:
            raise pytest.UsageError(
                "These tests use a database in a folder the database legs do not "
                f"collect (tests/legs.py, DATABASE_FREE): move them: {misplaced[:10]}"
            )
    selected = sorted((item for item in items if keeps(leg, item)), key=start_rank)
    deselected = [item for item in items if not keeps(leg, item)]
    if deselected:
        config.hook.pytest_deselected(items=deselected)
    items[:] = selected
