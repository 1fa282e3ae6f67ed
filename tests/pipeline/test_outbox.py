"""The outbox and the worker loop (core/pipeline.py): work recorded in the save's
transaction, claimed coalesced, taken over after a lease, tried again after a failure,
done at its time; and a sheet followed from the save to the published file."""

from __future__ import annotations

import datetime as dt
import os
import threading
from pathlib import Path

import pytest
from django.db import connection, transaction
from django.utils import timezone

from core import pipeline
from outbox import work
from outbox.models import Work
from public import published
from scoring import services as scoring
from standings.models import Row, Snapshot
from tests.scoring.conftest import build_round, build_tournament, grant
from tests.scoring.helpers import sheet

pytestmark = pytest.mark.django_db

Kind = Work.Kind


def test_saves_coalesce_into_one_claim_with_every_scope():
    work.record_rank(7, rounds=[1], pairs=[10, 11])
    work.record_rank(7, rounds=[1], pairs=[12, 13])
    work.record_rank(8)
    claim = work.claim()
    assert claim is not None and (claim.kind, claim.key) == (Kind.RANK, 7)
    assert len(claim.ids) == 2
    assert claim.scope == {"rounds": [1], "pairs": [10, 11, 12, 13]}
    # The same rows are not claimed twice while the lease holds; the other girone is.
    other = work.claim()
    assert other is not None and other.key == 8
    assert work.claim() is None


def test_work_with_a_time_waits_for_it():
    later = timezone.now() + dt.timedelta(minutes=10)
    work.record_publish(3, gironi=[4], at=later)
    assert work.claim() is None
    claim = work.claim(now=later + dt.timedelta(seconds=1))
    assert claim is not None and claim.scope == {"gironi": [4]}


def test_a_lease_that_ran_out_is_taken_over():
    """A worker that died while holding work: another takes it after the lease."""
    work.record_publish(5, pages=True)
    first = work.claim()
    assert first is not None and work.claim() is None
    later = timezone.now() + work.LEASE + dt.timedelta(seconds=1)
    again = work.claim(now=later)
    assert again is not None and again.ids == first.ids and again.attempts == 2


def test_a_failure_is_tried_again_later_then_given_up():
    work.record_rank(9)
    now = timezone.now()
    for attempt in range(1, work.MAX_ATTEMPTS + 1):
        claim = work.claim(now=now)
        assert claim is not None and claim.attempts == attempt
        work.retry(claim, "boom", now=now)
        assert work.claim(now=now) is None  # a pause first
        now += work.MAX_PAUSE + dt.timedelta(seconds=1)
    row = Work.objects.get()
    assert row.failed_at is not None and row.error == "boom"
    assert work.claim(now=now + dt.timedelta(days=1)) is None
    # Still counted as pending: a reader ranks the girone itself.
    assert work.pending(Kind.RANK, [9]) == {9}


def test_work_recorded_in_a_rolled_back_save_does_not_exist():
    with pytest.raises(RuntimeError), transaction.atomic():
        work.record_rank(1)
        raise RuntimeError
    assert not Work.objects.exists()


def test_a_failing_step_does_not_stop_the_loop(monkeypatch):
    work.record_rank(404_404)  # no such girone: ranked as nothing
    work.record_publish(1)

    def broken(claim):
        raise ValueError("disk full")

    monkeypatch.setitem(pipeline.STEPS, Kind.PUBLISH, broken)
    assert pipeline.drain() == 2
    left = Work.objects.get()
    assert left.kind == Kind.PUBLISH and "disk full" in left.error


@pytest.fixture
def table_world(settings, tmp_path, make_user):
    settings.PUBLISH_ROOT = str(tmp_path / "published")
    settings.PUBLIC_BASE_URL = "http://testserver"
    tournament, girone, pairs = build_tournament()
    referee = make_user("arbitro-pipe")
    grant(referee, tournament)
    round_, tables = build_round(
        girone, 1, [(pairs[0], pairs[1]), (pairs[2], pairs[3])]
    )
    round_.tables_public = round_.results_public = True
    round_.save()
    return tournament, girone, referee, tables, Path(settings.PUBLISH_ROOT)


def _save(table, referee, token):
    scoring.submit_sheet(
        table=scoring.load_table(table.pk),
        sheet=sheet((450, 100), (120, 300), (200, 200)),
        by=referee,
        expected_lock_version=0,
        token=token,
    )


def test_a_sheet_from_the_save_to_the_published_file(table_world):
    """save -> outbox -> rank -> publish -> file, each a claim of the worker."""
    tournament, girone, referee, tables, root = table_world
    _save(tables[0], referee, "a")
    _save(tables[1], referee, "b")
    # The saves recorded one ranking each (nothing ranked, nothing published yet).
    assert list(Work.objects.values_list("kind", "key")) == [
        (Kind.RANK, girone.pk),
        (Kind.RANK, girone.pk),
    ]
    assert not Snapshot.objects.filter(girone=girone).exists()
    assert pipeline.run_once()  # one ranking for both sheets
    assert (
        Row.objects.filter(snapshot__girone=girone, snapshot__kind="public").count()
        == 4
    )
    assert list(Work.objects.values_list("kind", "key")) == [
        (Kind.PUBLISH, tournament.pk)
    ]
    assert pipeline.run_once()  # one publishing
    assert not Work.objects.exists()
    standings = published.file_for(root, "it", f"/t/{tournament.slug}/classifica/")
    assert standings.exists() and b"Cognome" in standings.read_bytes()
    for pair in (1, 2, 3, 4):
        assert published.file_for(
            root, "it", f"/t/{tournament.slug}/coppia/{pair}/"
        ).exists()


def test_a_reader_that_decides_ranks_what_the_worker_has_not(table_world):
    from standings.services.read import snapshots

    tournament, girone, referee, tables, _root = table_world
    _save(tables[0], referee, "a")
    found = snapshots(tournament, Snapshot.Kind.CONFIRMED)  # the director's view
    assert [s.girone_id for s in found] == [girone.pk] and found[0].rounds == [1]


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "").startswith("postgres"),
    reason="SKIP LOCKED needs PostgreSQL (SQLite serialises the claims)",
)
def test_two_workers_never_claim_the_same_rows():
    """Two claims at the same moment, each in its own connection: SKIP LOCKED gives
    each other rows, never the same."""
    for key in range(1, 41):
        work.record_rank(key)
    taken: list[tuple[int, ...]] = []
    start = threading.Barrier(2)

    def worker() -> None:
        try:
            start.wait()
            while (claim := work.claim()) is not None:
                taken.append(claim.ids)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    ids = [i for claimed in taken for i in claimed]
    assert sorted(ids) == sorted(Work.objects.values_list("pk", flat=True))
    assert len(ids) == len(set(ids)) == 40


def test_a_girone_s_pages_go_in_steps_and_a_ranking_does_not_wait(
    table_world, monkeypatch
):
    """A round published moves every pair page of its girone: they are written a few
    at a time, and a sheet's ranking recorded meanwhile comes before the rest."""
    tournament, girone, referee, tables, root = table_world
    monkeypatch.setattr(pipeline, "PAIRS_PER_STEP", 2)
    work.record_publish(tournament.pk, gironi=[girone.pk], pages=True)
    _save(tables[0], referee, "a")  # its ranking, recorded after the publishing
    assert pipeline.run_once()  # the publishing: two pair pages of four
    kinds = list(Work.objects.order_by("pk").values_list("kind", "scope"))
    assert kinds[0][0] == Kind.RANK
    assert kinds[1] == (Kind.PUBLISH, {"pairs": sorted(kinds[1][1]["pairs"])})
    assert len(kinds[1][1]["pairs"]) == 2
    assert pipeline.run_once()  # the ranking, before the other pair pages
    assert Work.objects.filter(kind=Kind.RANK).count() == 0
    pipeline.drain()
    for pair in (1, 2, 3, 4):
        path = f"/t/{tournament.slug}/coppia/{pair}/"
        assert published.file_for(root, "it", path).exists()
