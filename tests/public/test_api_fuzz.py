"""The API fuzzed from its own OpenAPI schema (schemathesis, pinned in requirements.lock).

Schemathesis reads /api/v1/openapi.json from the app itself (WSGI, in process, on the
test database) and builds requests for every operation: well-formed values, and values
that break the schema (wrong types, NUL bytes, huge numbers, odd Unicode). Every answer
must be no server error and match the schema: its status is one the operation declares,
its content type and body are the declared ones. Each generated request is also sent
again with a real tournament's slug and round id, so the answers with data are checked
as well as the refusals.
"""

from __future__ import annotations

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections, transaction
from hypothesis import HealthCheck, settings

from tests.budget import examples
from tests.standings.factories import make_round, make_three_way, make_tournament, seat

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def one_connection():
    """Keep the test's database connection across the in-process WSGI requests.

    Django closes "old" connections at each request's start and end; Django's own test
    client turns that off, the WSGI client of schemathesis does not, and on PostgreSQL
    the test's transaction would be closed under it (a 503 "database unreachable").
    """
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """A published tournament (three rounds, one with tables only) and a draft, built
    once for the module: the fuzz only reads them (what a request might write is
    rolled back with its test's savepoint), and they are removed after it."""
    with django_db_blocker.unblock(), transaction.atomic():
        tournament = make_tournament("coppa-fuzz")
        girone, pairs, rounds = make_three_way(tournament, rounds=(1, 2))
        tables_only = make_round(girone, 3, results_public=False)
        seat(tables_only, 1, pairs[4], pairs[9])
        seat(tables_only, 2, pairs[12], None)  # a rest: "ew" is null
        make_tournament("bozza-fuzz", status="draft")
        yield {"slug": tournament.slug, "round_id": rounds[0].pk}
        transaction.set_rollback(True)


# Loaded when the module is collected (the schema needs no database). Not through
# schemathesis.pytest.from_fixture: that loader reads a pytest attribute gone in pytest 9.
schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", get_wsgi_application())
# The in-process client does not undo GZipMiddleware as an HTTP client would.
PLAIN = {"Accept-Encoding": "identity"}


@schema.parametrize()
@settings(
    max_examples=examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_the_api_keeps_to_its_schema(case, world):
    case.call_and_validate(headers=PLAIN)
    if case.path_parameters:
        known = {k: world[k] for k in case.path_parameters if k in world}
        case.path_parameters = {**case.path_parameters, **known}
        response = case.call_and_validate(headers=PLAIN)
        if case.method == "GET":  # schemathesis also tries methods nobody declared
            assert response.status_code in (200, 404), response.text[:300]


def test_the_fuzzer_reaches_real_data(client, world):
    """The real slug answers with data, so the fuzz above validates full bodies."""
    slug = world["slug"]
    tables = client.get(f"/api/v1/tournaments/{slug}/rounds/{world['round_id']}/tables")
    assert tables.status_code == 200 and len(tables.json()) == 2
    assert client.get(f"/api/v1/tournaments/{slug}/standings").json()
