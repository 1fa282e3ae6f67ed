"""A save re-ranks only what its table can change (issue 19, item 2): the tied groups
its pairs are in (rules.standings.RankMemo) and the rows that differ (the rows this
process wrote are not read back). After every save, the stored standings are those a
full recomputation from nothing gives."""

import random

import pytest

import standings.services.rows as rows_module
import standings.services.store as store
from standings.models import Row, Snapshot
from standings.refresh import refresh_gironi
from tests.standings.factories import (
    add_result,
    make_girone,
    make_pairs,
    make_round,
    make_tournament,
    seat,
)

pytestmark = pytest.mark.django_db

COLUMNS = ("position", "pair_id", "vp", "mp_for", "mp_against", "tie", "by_lot")


def stored(girone):
    """Every stored row of the girone's snapshots (and its notes), by scope."""
    out = {}
    for snap in Snapshot.objects.filter(girone=girone).order_by("kind", "line"):
        got = Row.objects.filter(snapshot=snap).order_by("index")
        out[(snap.kind, snap.line)] = (
            snap.notes,
            snap.digest,
            [tuple(getattr(r, c) for c in COLUMNS) for r in got],
        )
    return out


def forget():
    """This process's memory of rankings and rows, as a new worker starts."""
    store._RANKED.clear()
    store._MEMOS.clear()
    store._COMPUTED.clear()
    rows_module._WRITTEN.clear()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_stored_standings_after_each_save_equal_a_recomputation(seed):
    rnd = random.Random(seed)
    tournament = make_tournament(slug=f"memo-{seed}")
    girone = make_girone(tournament)
    pairs = list(make_pairs(tournament, girone, range(1, 13)).values())
    tables = []
    for number in (1, 2, 3):
        rnd.shuffle(pairs)
        rnd_ = make_round(girone, number, results_public=number < 3)
        tables += [
            seat(rnd_, i + 1, a, b)
            for i, (a, b) in enumerate(zip(pairs[::2], pairs[1::2], strict=True))
        ]
    rnd.shuffle(tables)
    saves = tables + rnd.sample(tables, 6)  # every table, then corrections
    checked = 0
    for table in saves:
        vp = rnd.choice([6, 10, 10, 14])  # few values: many groups level on VP
        mp = rnd.choice([900, 1000, 1100])
        add_result(table, mp, 2000 - mp, vp, 20 - vp)  # refreshes, caches warm
        incremental = stored(girone)
        Snapshot.objects.filter(girone=girone).delete()
        forget()
        refresh_gironi([girone.pk])
        assert stored(girone) == incremental
        checked += 1
    assert checked == len(saves)


def test_rows_known_from_the_last_write_are_not_read_again():
    """The second save's refresh reads no stored row: this process wrote them."""
    tournament = make_tournament(slug="memo-rows")
    girone = make_girone(tournament)
    p = make_pairs(tournament, girone, [1, 2, 3, 4])
    rnd_ = make_round(girone, 1)
    first, second = seat(rnd_, 1, p[1], p[2]), seat(rnd_, 2, p[3], p[4])
    add_result(first, 1100, 900, 12, 8)
    reads = []
    original = Row.objects.filter

    def spy(*args, **kwargs):
        reads.append(kwargs)
        return original(*args, **kwargs)

    Row.objects.filter = spy
    try:
        add_result(second, 1000, 1000, 10, 10)
    finally:
        del Row.objects.filter
    assert reads == []
    forget()
    Row.objects.filter = spy
    try:
        refresh_gironi([girone.pk])  # nothing changed: the digest says so
        add_result(second, 1200, 800, 13, 7)
    finally:
        del Row.objects.filter
    assert reads  # a process that did not write them reads them
