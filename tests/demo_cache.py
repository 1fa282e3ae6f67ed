"""The demo, seeded once per test process and put back where a test reads it.

``manage.py seed_demo`` plays every demo event through the services (about 12 s on
SQLite, twice that on PostgreSQL); several tests read what it builds (the i18n walk,
the replay of an export, the demo's own story, the team replays).
The first of them in a process (a pytest-xdist worker) runs the real command inside a
savepoint, keeps the rows it added to every table, and rolls it back; each test then
gets those rows written back into its own transaction by :func:`restore_demo`: the
same rows, ids included, as if the command had run there. The command itself is still
run for real once per process that reads the demo, and ``tests/web/test_demo.py`` runs
it again on the restored demo (it must add nothing: idempotent).

What is kept: every row the command added, table by table, and the database it added
them to (content types, permissions). The rows are written back only into that same
database: where it differs (a flush made the content types again with other ids, a
test wrote rows first), the command runs again and its rows are kept instead. The
command must neither change nor remove a row that was there before it: one that did
would make the copy wrong, so it fails here.

The copy is also only as old as five minutes: the demo's latest rounds stay provisional
for the rule pack's correction period (10 minutes) from the seeding, and a copy older
than that would show them final where a fresh seed shows them provisional.

Not for a test that commits (a live server's browser test): the demo there is seeded by
the command itself, with the worker running beside it as under ``make run``.
"""

from __future__ import annotations

import io
import time

from django.core.management import call_command
from django.db import connection, transaction

Rows = dict[str, tuple[list[str], list[tuple]]]
#: (the database before the command, the rows it added), once seeded in this process.
_kept: tuple[Rows, Rows] | None = None
_kept_at = 0.0
#: Seconds a copy is used for: well inside the demo's correction period (10 minutes).
FRESH_FOR = 300.0


def restore_demo() -> None:
    """The demo's rows, written into the current transaction (seeded on first use)."""
    global _kept, _kept_at
    stale = time.monotonic() - _kept_at > FRESH_FOR
    if _kept is None or stale or _read_all() != _kept[0]:
        _kept = _seed_and_keep()
        _kept_at = time.monotonic()
    # One transaction (a savepoint inside a test's): the foreign keys are checked at
    # its end, whatever the order of the tables.
    with transaction.atomic(), connection.cursor() as cursor:
        for table, (columns, rows) in _kept[1].items():
            names = ", ".join(connection.ops.quote_name(c) for c in columns)
            marks = ", ".join(["%s"] * len(columns))
            cursor.executemany(
                f"INSERT INTO {connection.ops.quote_name(table)} ({names}) "
                f"VALUES ({marks})",
                rows,
            )


def _seed_and_keep() -> tuple[Rows, Rows]:
    with transaction.atomic():
        before = _read_all()
        call_command("seed_demo", stdout=io.StringIO())
        after = _read_all()
        transaction.set_rollback(True)
    added: Rows = {}
    for table, (columns, rows) in after.items():
        old = set(before.get(table, (columns, []))[1])
        assert old <= set(rows), f"seed_demo changed or removed rows of {table}"
        new = [row for row in rows if row not in old]
        if new:
            added[table] = (columns, new)
    return before, added


def _read_all() -> Rows:
    found: Rows = {}
    with connection.cursor() as cursor:
        for table in connection.introspection.table_names(cursor):
            cursor.execute(f"SELECT * FROM {connection.ops.quote_name(table)}")
            columns = [c[0] for c in cursor.description]
            found[table] = (columns, [tuple(r) for r in cursor.fetchall()])
    return found
