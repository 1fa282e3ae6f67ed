"""The two lines and a referee at the same table at the same moment (PostgreSQL, real
connections; issue 30): one submission wins, the others get a clear conflict, the
losing attempts are kept as rejected versions; never two versions counted."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from scoring.models import ResultVersion, TableResult
from scoring.services import ConflictError
from tests.scoring.helpers import save, sheet
from tests.scoring.players_helpers import enter

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor == "sqlite",
        reason="SQLite's shared in-memory test database refuses a second writer",
    ),
]

HANDS = ((300, 100), (150, 250), (500, -100))


def test_both_lines_and_a_referee_at_once(world):
    world.tournament.entry_by = "both"
    world.tournament.save()
    table = world.tables[0]
    barrier = threading.Barrier(3)
    outcome: dict[str, object] = {}

    def run(name, call):
        try:
            barrier.wait()
            outcome[name] = call()
        except ConflictError as exc:
            outcome[name] = exc
        finally:
            connection.close()

    calls = {
        "ns": lambda: enter(table, "ns", sheet(*HANDS), lock=0),
        "ew": lambda: enter(table, "ew", sheet(*HANDS), lock=0),
        "referee": lambda: save(table, world.referee, sheet(*HANDS), lock=0),
    }
    threads = [threading.Thread(target=run, args=item) for item in calls.items()]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    winners = [k for k, v in outcome.items() if not isinstance(v, ConflictError)]
    assert len(winners) == 1 and len(outcome) == 3, outcome
    result = TableResult.objects.get(table=table)
    assert result.lock_version == 1
    statuses = sorted(result.versions.values_list("status", flat=True))
    assert statuses.count(ResultVersion.Status.REJECTED) == 2
    expected = "confirmed" if winners == ["referee"] else "entered"
    assert result.status == expected
