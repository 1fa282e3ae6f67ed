"""A referee's save stays a handful of statements (issue 24): each is a round trip
on PostgreSQL, and the demo, the replays and the browser tests save thousands."""

from __future__ import annotations

from scoring import services
from scoring.services import Hand, Sheet

#: A first sheet on a single-entry table, as counted when this test was written: the
#: referee's role, the savepoint, the result row created and locked, the round re-read,
#: the token and next number, the version and its smazzate, the pairs' scores, the
#: outbox's ranking, the result row, the release (12 on SQLite and PostgreSQL; 15
#: before issue 24); one of headroom.
MAX_STATEMENTS = 13


def test_a_referees_save_is_a_few_statements(world, django_assert_max_num_queries):
    table = services.load_table(world.tables[0].pk)
    sheet = Sheet(hands=(Hand(300, 100), Hand(250, 150), Hand(200, 200)))
    with django_assert_max_num_queries(MAX_STATEMENTS):
        saved = services.submit_sheet(
            table=table,
            sheet=sheet,
            by=world.referee,
            expected_lock_version=0,
            token="tok-queries",
        )
    assert saved.created and saved.result.status == "confirmed"
    assert saved.result.current == saved.version
