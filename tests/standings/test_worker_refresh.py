"""Worker mode (``STANDINGS_REFRESH = "worker"``): saves queue the standings, the real
``db_worker`` ranks them, nothing is lost between the two.

These tests run the worker itself (``manage.py db_worker --batch``) on committed data,
so they use real transactions.
"""

from __future__ import annotations

import datetime as dt
import threading

import pytest
from django.core.management import call_command
from django.db import connection
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from rules.vp import victory_points
from scoring.models import PairScore
from standings.models import RefreshState, Row, Snapshot
from standings.refresh import refresh_gironi
from standings.services import read
from tests.scoring.conftest import build_round, build_tournament, grant
from tests.scoring.helpers import save, sheet

pytestmark = pytest.mark.django_db(transaction=True)

TASK = "standings.tasks.refresh_standings"
WIN = ((900, 100), (600, 200), (500, 300))  # 2000 to 600 over 3 hands
LOSS = ((100, 900), (200, 600), (300, 500))
HIGH, LOW = victory_points(2000, 600, 3)


@pytest.fixture
def worker_mode(settings):
    settings.STANDINGS_REFRESH = "worker"
    settings.STANDINGS_REFRESH_DELAY = 0


@pytest.fixture
def event(worker_mode, make_user):
    tournament, girone, pairs = build_tournament(pairs=8)
    _round, tables = build_round(
        girone, 1, [(pairs[i], pairs[i + 1]) for i in range(0, 8, 2)]
    )
    referee = make_user("arbitro")
    grant(referee, tournament)
    return tournament, girone, pairs, tables, referee


def run_worker() -> None:
    call_command(
        "db_worker",
        "--batch",
        "--queue-name",
        "standings",
        "--no-startup-delay",
        "--no-reload",
        verbosity=0,
    )


def stored_vp(girone, kind=Snapshot.Kind.CONFIRMED) -> dict[int, int]:
    return dict(
        Row.objects.filter(
            snapshot__girone=girone, snapshot__kind=kind, snapshot__line=""
        )
        .values_list("pair_id", "vp")
        .order_by()
    )


def recomputed_vp(girone) -> dict[int, int]:
    totals: dict[int, int] = {}
    for pair_id, vp in PairScore.objects.filter(girone=girone).values_list(
        "pair_id", "vp"
    ):
        totals[pair_id] = totals.get(pair_id, 0) + vp
    return totals


def test_saves_queue_one_refresh_that_the_worker_ranks(event):
    _tournament, girone, pairs, tables, referee = event
    save(tables[0], referee, sheet(*WIN))
    save(tables[1], referee, sheet(*LOSS))

    state = RefreshState.objects.get(girone=girone)
    assert (state.requested, state.done, state.queued) == (2, 0, True)
    assert state.pending_since is not None
    # One task for both saves: the second found the first still queued.
    assert DBTaskResult.objects.filter(task_path=TASK).count() == 1
    assert not any(stored_vp(girone).values())  # not ranked yet

    run_worker()

    state.refresh_from_db()
    assert (state.requested, state.done, state.queued) == (2, 2, False)
    assert state.pending_since is None and state.lag >= 0
    vp = stored_vp(girone)
    assert HIGH > LOW
    assert vp[pairs[0].pk] == HIGH and vp[pairs[1].pk] == LOW
    assert vp[pairs[2].pk] == LOW and vp[pairs[3].pk] == HIGH
    assert vp == {p.pk: recomputed_vp(girone).get(p.pk, 0) for p in pairs}
    task = DBTaskResult.objects.get(task_path=TASK)
    assert task.status == "SUCCESSFUL"
    assert task.return_value["passes"] == 1
    assert task.return_value["girone"] == girone.pk

    # The next save queues a new task: the first one finished.
    save(tables[2], referee, sheet(*WIN))
    assert DBTaskResult.objects.filter(task_path=TASK, status="READY").count() == 1
    run_worker()
    assert stored_vp(girone)[pairs[4].pk] == HIGH


def test_a_replayed_save_is_not_counted_again(event):
    _tournament, girone, _pairs, tables, referee = event
    first = save(tables[0], referee, sheet(*WIN), token="same")
    again = save(tables[0], referee, sheet(*WIN), token="same", lock=0)
    assert first.created and not again.created
    assert RefreshState.objects.get(girone=girone).requested == 1


def test_director_standings_rank_what_the_worker_has_not_yet(event):
    tournament, girone, pairs, tables, referee = event
    save(tables[0], referee, sheet(*WIN))

    # The public standings wait for the worker; the director's never show less than
    # what is saved (they rank it on the spot).
    found = read.snapshots(tournament, Snapshot.Kind.CONFIRMED)
    rows = {r.pair_id: r.vp for t in read.tables(found) for r in t.rows}
    assert rows[pairs[0].pk] == HIGH
    state = RefreshState.objects.get(girone=girone)
    assert state.done == state.requested == 1
    assert state.queued  # the task is still queued: it will find nothing to do

    run_worker()
    state.refresh_from_db()
    assert not state.queued
    assert DBTaskResult.objects.get(task_path=TASK).return_value["passes"] == 0


def test_a_refresh_lost_with_its_worker_is_queued_again(event):
    _tournament, girone, pairs, tables, referee = event
    save(tables[0], referee, sheet(*WIN))
    # The worker took the task and was killed: the task stays "running" forever.
    DBTaskResult.objects.filter(task_path=TASK).update(status="RUNNING")

    # A save within the minute trusts the queued task...
    save(tables[1], referee, sheet(*WIN))
    assert DBTaskResult.objects.filter(task_path=TASK).count() == 1
    # ...one after a minute of silence does not, and queues another.
    RefreshState.objects.filter(girone=girone).update(
        queued_at=timezone.now() - dt.timedelta(minutes=2)
    )
    save(tables[2], referee, sheet(*WIN))
    assert DBTaskResult.objects.filter(task_path=TASK, status="READY").count() == 1

    # The worker's start re-queues whatever is behind (here: nothing more to queue
    # than what is ready, but a queued girone with no task at all is found too).
    DBTaskResult.objects.filter(task_path=TASK, status="READY").delete()
    call_command("standings_requeue", verbosity=0)
    run_worker()
    state = RefreshState.objects.get(girone=girone)
    assert state.done == state.requested == 3 and not state.queued
    assert stored_vp(girone) == {
        p.pk: recomputed_vp(girone).get(p.pk, 0) for p in pairs
    }


@pytest.mark.skipif(
    connection.vendor == "sqlite",
    reason="SQLite's shared in-memory test database refuses a second writer",
)
def test_saves_racing_the_worker_lose_nothing(worker_mode, make_user):
    """Referees save while the worker ranks: at the end the stored standings are a
    recomputation of every saved result (no result ranked out, none twice)."""
    tournament, girone, pairs = build_tournament(pairs=24)
    _round, tables = build_round(
        girone, 1, [(pairs[i], pairs[i + 1]) for i in range(0, 24, 2)]
    )
    referees = [make_user(f"arbitro{i}") for i in range(3)]
    for referee in referees:
        grant(referee, tournament)
    errors: list[BaseException] = []

    def referee_saves(index: int) -> None:
        try:
            for table in tables[index::3]:
                save(
                    table, referees[index], sheet(*(WIN if table.number % 2 else LOSS))
                )
        except BaseException as exc:
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=referee_saves, args=(i,)) for i in range(3)]
    for t in threads:
        t.start()
    # The worker runs here (it installs signal handlers: the main thread) while the
    # referees save.
    passes = 0
    while any(t.is_alive() for t in threads) and passes < 500:
        run_worker()
        passes += 1
    for t in threads:
        t.join(timeout=60)
    assert not errors
    run_worker()

    state = RefreshState.objects.get(girone=girone)
    assert state.done == state.requested == 12
    expected = recomputed_vp(girone)
    assert len(expected) == 24
    assert stored_vp(girone) == expected
    # And a recomputation from scratch changes nothing.
    digest = Snapshot.objects.get(girone=girone, kind="confirmed", line="").digest
    refresh_gironi([girone.pk])
    assert Snapshot.objects.get(girone=girone, kind="confirmed", line="").digest == (
        digest
    )


@pytest.mark.skipif(connection.vendor == "sqlite", reason="a PostgreSQL server fault")
def test_a_refresh_cut_off_from_the_database_tries_again(event):
    import psycopg

    from standings.tasks import refresh_standings

    _tournament, girone, pairs, tables, referee = event
    save(tables[0], referee, sheet(*WIN))
    connection.ensure_connection()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (pid,) = cursor.fetchone()
    # The server drops the worker's connection (as a restart does).
    with psycopg.connect(
        **connection.get_connection_params(), autocommit=True
    ) as other:
        other.execute("SELECT pg_terminate_backend(%s)", [pid])

    outcome = refresh_standings.call(girone.pk)

    assert outcome["passes"] == 1
    state = RefreshState.objects.get(girone=girone)
    assert state.done == state.requested == 1 and not state.queued
    assert stored_vp(girone)[pairs[0].pk] == HIGH


def test_a_busy_girone_hands_over_to_a_new_task(event):
    from standings.refresh import refresh_pending

    _tournament, girone, _pairs, tables, referee = event
    save(tables[0], referee, sheet(*WIN))
    DBTaskResult.objects.all().delete()
    # A task that used up its rankings while results are still waiting queues its
    # successor (behind the worker's other work) and keeps the girone queued.
    assert refresh_pending(girone.pk, max_passes=0) == []
    state = RefreshState.objects.get(girone=girone)
    assert state.queued and state.done == 0
    assert DBTaskResult.objects.filter(task_path=TASK, status="READY").count() == 1
    run_worker()
    state.refresh_from_db()
    assert state.done == state.requested == 1 and not state.queued


def test_a_failed_task_lets_the_next_save_queue_at_once(event):
    from standings.refresh import release

    _tournament, girone, _pairs, tables, referee = event
    save(tables[0], referee, sheet(*WIN))
    DBTaskResult.objects.filter(task_path=TASK).update(status="FAILED")
    release(girone.pk)  # what the task does when it gives up
    save(tables[1], referee, sheet(*WIN))
    assert DBTaskResult.objects.filter(task_path=TASK, status="READY").count() == 1
    run_worker()
    state = RefreshState.objects.get(girone=girone)
    assert state.done == state.requested == 2
