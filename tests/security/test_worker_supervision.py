"""`make run`'s worker survives: restarted when it exits, patient with a busy SQLite.

Before, the worker started beside runserver was a plain background job: a long import
on SQLite made it fail with "database is locked" after Python's default 5 s, and nothing
started it again, so PDFs stayed queued. Now ``core/supervisor.py`` starts it again
whenever it exits (tested with a real process killed with SIGKILL), and SQLite writers
wait for each other up to ``DJANGO_SQLITE_TIMEOUT`` (30 s).
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from django.conf import settings

from core.supervisor import Supervisor

ROOT = Path(__file__).resolve().parents[2]


def _wait_for(predicate, timeout=20.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("timed out")


def _pids(path: Path) -> list[int]:
    if not path.exists():
        return []
    return [int(line) for line in path.read_text().split()]


#: A stand-in worker: writes its pid, then waits to be killed.
CHILD = "import os, sys, time; open(sys.argv[1], 'a').write(f'{os.getpid()}\\n'); time.sleep(600)"


def test_a_killed_worker_is_started_again(tmp_path):
    pids = tmp_path / "pids"
    supervisor = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "core.supervisor",
            "--min-delay",
            "0.1",
            "--",
            sys.executable,
            "-c",
            CHILD,
            str(pids),
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        first = _wait_for(lambda: _pids(pids))[0]
        os.kill(first, signal.SIGKILL)
        second = _wait_for(lambda: _pids(pids)[1:])[0]
        assert second != first
        os.kill(second, signal.SIGKILL)
        _wait_for(lambda: len(_pids(pids)) == 3)
    finally:
        supervisor.send_signal(signal.SIGTERM)
        output, _ = supervisor.communicate(timeout=20)
    assert supervisor.returncode is not None
    assert "exited with code -9" in output
    last = _pids(pids)[-1]
    with pytest.raises(ProcessLookupError):  # stopped with the supervisor
        os.kill(last, 0)


def test_a_command_failing_at_once_is_restarted_with_a_growing_pause():
    logs: list[str] = []
    supervisor = Supervisor(
        [sys.executable, "-c", "raise SystemExit(3)"],
        min_delay=0.05,
        max_delay=0.2,
        log=logs.append,
    )
    thread = threading.Thread(target=supervisor.run)
    thread.start()
    try:
        _wait_for(lambda: supervisor.starts >= 5)
    finally:
        supervisor.stop()
        thread.join(10)
    assert not thread.is_alive()
    assert all("exited with code 3" in line for line in logs)
    pauses = [float(line.rsplit(" in ", 1)[1].split()[0]) for line in logs[:4]]
    assert pauses == [0.05, 0.1, 0.2, 0.2]


def test_make_run_starts_the_worker_under_the_supervisor():
    makefile = (ROOT / "Makefile").read_text()
    run = makefile[makefile.index("\nrun:") : makefile.index("\n## make lint")]
    assert "-m core.supervisor -- $(PY) manage.py worker" in run


def test_sqlite_writers_wait_for_each_other_longer_than_pythons_default(
    tmp_path, django_db_blocker
):
    """A write held for 6 s (more than sqlite3's default 5 s) only makes the next
    writer wait: the settings' busy timeout, with Django's own SQLite backend."""
    from django.db.backends.sqlite3.base import DatabaseWrapper

    options = settings.DATABASES["default"].get("OPTIONS", {})
    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.sqlite3":
        pytest.skip("SQLite only")
    assert options["timeout"] >= 30
    path = tmp_path / "busy.sqlite3"
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("PRAGMA journal_mode=WAL")
    holder.execute("CREATE TABLE t (x INTEGER)")
    holder.execute("BEGIN IMMEDIATE")
    holder.execute("INSERT INTO t VALUES (1)")
    release = threading.Timer(6.0, lambda: holder.execute("COMMIT"))
    release.start()
    wrapper = DatabaseWrapper(
        {**settings.DATABASES["default"], "NAME": str(path), "TEST": {}}, alias="busy"
    )
    started = time.monotonic()
    try:
        with django_db_blocker.unblock(), wrapper.cursor() as cursor:
            wrapper.set_autocommit(False)  # BEGIN IMMEDIATE (transaction_mode)
            cursor.execute("INSERT INTO t VALUES (2)")
            wrapper.commit()
        waited = time.monotonic() - started
    finally:
        release.join()
        wrapper.close()
        holder.close()
    assert waited > 5
    check = sqlite3.connect(path)
    assert check.execute("SELECT count(*) FROM t").fetchone() == (2,)
    check.close()
