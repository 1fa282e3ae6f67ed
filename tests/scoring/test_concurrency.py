"""Two referees save the same table at the same moment (PostgreSQL, real connections).

One version wins; the other referee gets a clear conflict; nothing is lost: the losing
attempt is kept as a rejected version, so the table's history shows both.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from scoring.models import PairScore, ResultVersion, TableResult
from scoring.services import ConflictError
from tests.scoring.helpers import save, sheet

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor == "sqlite",
        reason="SQLite's shared in-memory test database refuses a second writer"
        " (table locked) instead of making it wait: the race needs PostgreSQL",
    ),
]

SHEETS = {
    "arbitro": ((300, 100), (150, 250), (500, -100)),  # 16-4
    "arbitro2": ((0, 300), (0, 0), (0, 0)),  # 7-13
}


def race(table, users):
    barrier = threading.Barrier(len(users))
    outcome: dict[str, object] = {}

    def enter(user):
        try:
            barrier.wait()
            outcome[user.username] = save(
                table, user, sheet(*SHEETS[user.username]), lock=0
            )
        except ConflictError as exc:
            outcome[user.username] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=enter, args=(u,)) for u in users]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    return outcome


@pytest.mark.parametrize("table_index", [0, 1])
def test_two_referees_save_the_same_table_at_once(world, table_index):
    table = world.tables[table_index]
    if table_index == 1:
        # The second case starts from an existing result row (a table opened before).
        TableResult.objects.create(table=table, round=world.round)
    outcome = race(table, [world.referee, world.referee2])

    conflicts = [k for k, v in outcome.items() if isinstance(v, ConflictError)]
    winners = [k for k, v in outcome.items() if not isinstance(v, ConflictError)]
    assert len(winners) == 1 and len(conflicts) == 1, outcome
    assert "salvato da un altro arbitro" in str(outcome[conflicts[0]])

    result = TableResult.objects.get(table=table)
    assert result.status == TableResult.Status.CONFIRMED
    assert result.lock_version == 1
    versions = list(result.versions.order_by("number").select_related("entered_by"))
    assert [v.status for v in versions] == [
        ResultVersion.Status.CONFIRMED,
        ResultVersion.Status.REJECTED,
    ]
    assert {v.entered_by.username for v in versions} == {"arbitro", "arbitro2"}
    # Both opened the same state: the loser's attempt was made against lock version 0.
    assert [v.expected_lock_version for v in versions] == [0, 0]
    assert versions[0].entered_by.username == winners[0]
    assert result.current_id == versions[0].pk
    expected_vp = 16 if winners[0] == "arbitro" else 7
    ns = table.pair_ns
    assert PairScore.objects.get(pair=ns, round=world.round).vp == expected_vp
