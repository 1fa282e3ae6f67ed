"""Inline mode, a save in a request: the answer first, the ranking right after it
(standings.middleware.RankAfterAnswer, issue 19 item 2). A reader that decides from
the standings in between ranks them itself; once the answer is closed, the stored
standings are those a full recomputation gives, whatever the order of saves,
readers and answers."""

from __future__ import annotations

import random
from itertools import count

import pytest
from django.core.signals import request_finished
from django.db import close_old_connections, transaction
from django.http import HttpResponse
from django.test import RequestFactory
from hypothesis import given, settings
from hypothesis import strategies as st

import standings.services.store as store
from standings import refresh
from standings.middleware import RankAfterAnswer
from standings.models import RefreshState, Row, Snapshot
from standings.services import read
from tests.budget import examples
from tests.standings.factories import (
    add_result,
    make_girone,
    make_pairs,
    make_round,
    make_tournament,
    seat,
)
from tests.standings.test_incremental import forget, stored

pytestmark = pytest.mark.django_db
_examples = count(1)


def a_girone(slug: str, pairs: int = 8):
    tournament = make_tournament(slug=slug)
    girone = make_girone(tournament)
    made = list(make_pairs(tournament, girone, range(1, pairs + 1)).values())
    rnd_ = make_round(girone, 1, results_public=True)
    tables = [
        seat(rnd_, i + 1, a, b)
        for i, (a, b) in enumerate(zip(made[::2], made[1::2], strict=True))
    ]
    return tournament, girone, tables


def saved(table, mp: int, vp: int) -> None:
    """A result counted as a save counts it (its girone's scores changed)."""
    with transaction.atomic():
        add_result(table, mp, 2000 - mp, vp, 20 - vp, refresh=False)
        refresh.schedule_gironi([table.round.girone_id])


def sent(response) -> None:
    """The server sent the answer: ``close()``, as the test client calls it (without
    closing the test's database connection at ``request_finished``)."""
    request_finished.disconnect(close_old_connections)
    try:
        response.close()
    finally:
        request_finished.connect(close_old_connections)


def recomputed(girone):
    mine = stored(girone)
    Snapshot.objects.filter(girone=girone).delete()
    forget()
    refresh.refresh_gironi([girone.pk])
    return mine, stored(girone)


def vp_of(tournament, pair_number: int) -> int | None:
    for snap in read.snapshots(tournament, Snapshot.Kind.CONFIRMED):
        if snap.girone_id is not None and snap.line == "":
            row = Row.objects.filter(snapshot=snap, pair_number=pair_number).first()
            return row.vp if row else None
    return None


def test_the_save_answers_before_the_ranking_and_a_director_never_reads_stale(
    monkeypatch,
):
    tournament, girone, tables = a_girone("dopo-risposta")
    saved(tables[0], 1200, 15)  # outside a request: ranked in the save, as before
    assert vp_of(tournament, 1) == 15
    ranked: list[list[int]] = []
    inner = store.refresh_gironi
    monkeypatch.setattr(
        store, "refresh_gironi", lambda ids: (ranked.append(list(ids)), inner(ids))
    )
    seen: dict[str, object] = {}

    def view(request):
        saved(tables[1], 1300, 17)  # pairs 3 and 4
        seen["ranked in the view"] = list(ranked)
        return HttpResponse("ok")

    response = RankAfterAnswer(view)(RequestFactory().post("/"))
    assert response.status_code == 200
    assert seen["ranked in the view"] == []  # the answer did not wait for it
    state = RefreshState.objects.get(girone=girone)
    assert state.requested > state.done  # counted, not ranked yet
    # The director's standings in the meantime: ranked by the reader, never stale.
    assert vp_of(tournament, 3) == 17
    sent(response)  # the server sent the answer: nothing left to rank
    state.refresh_from_db()
    assert state.requested == state.done
    mine, fresh = recomputed(girone)
    assert mine == fresh


def test_a_failed_ranking_after_the_answer_is_logged_and_the_next_save_catches_up(
    monkeypatch, caplog
):
    tournament, girone, tables = a_girone("dopo-errore")

    def broken(ids):
        raise RuntimeError("database gone")

    def view(request):
        saved(tables[0], 1100, 12)
        return HttpResponse("ok")

    response = RankAfterAnswer(view)(RequestFactory().post("/"))
    monkeypatch.setattr(store, "refresh_gironi", broken)
    sent(response)  # no exception reaches the server
    assert "not refreshed" in caplog.text
    monkeypatch.undo()
    state = RefreshState.objects.get(girone=girone)
    assert state.requested > state.done

    def view2(request):
        saved(tables[1], 900, 8)
        return HttpResponse("ok")

    sent(RankAfterAnswer(view2)(RequestFactory().post("/")))
    state.refresh_from_db()
    assert state.requested == state.done
    assert vp_of(tournament, 1) == 12 and vp_of(tournament, 3) == 8


def test_a_get_and_worker_mode_are_left_alone(settings):
    calls = []

    def view(request):
        calls.append(refresh._AFTER_ANSWER.get())
        return HttpResponse("ok")

    RankAfterAnswer(view)(RequestFactory().get("/"))
    settings.STANDINGS_REFRESH = "worker"
    RankAfterAnswer(view)(RequestFactory().post("/"))
    assert calls == [None, None]


@settings(max_examples=examples(12), deadline=None)
@given(
    steps=st.lists(
        st.tuples(
            st.sampled_from(["direct", "answered", "answered-read", "two-answered"]),
            st.integers(min_value=0, max_value=10_000),
        ),
        min_size=1,
        max_size=8,
    )
)
def test_after_every_answer_the_stored_standings_equal_a_recomputation(steps):
    """Saves outside a request, answered alone, answered with a director's read
    before the ranking, or two answers closed in reverse order: once every answer is
    closed, the stored standings equal a recomputation from nothing."""
    with transaction.atomic():
        sid = transaction.savepoint_create()
        tournament, girone, tables = a_girone(f"prop-{next(_examples)}", 12)
        for how, seed in steps:
            rnd = random.Random(seed)

            def one(rnd=rnd):
                table = rnd.choice(tables)
                vp = rnd.choice([6, 10, 10, 14])
                saved(table, rnd.choice([900, 1000, 1100]), vp)
                return HttpResponse("ok")

            if how == "direct":
                one()
            elif how == "two-answered":
                first = RankAfterAnswer(lambda r: one())(RequestFactory().post("/"))
                second = RankAfterAnswer(lambda r: one())(RequestFactory().post("/"))
                sent(second)
                sent(first)
            else:
                answer = RankAfterAnswer(lambda r: one())(RequestFactory().post("/"))
                if how == "answered-read":
                    read.snapshots(tournament, Snapshot.Kind.CONFIRMED)
                sent(answer)
            state = RefreshState.objects.filter(girone=girone).first()
            assert state is None or state.requested == state.done
            mine, fresh = recomputed(girone)
            assert mine == fresh
        transaction.savepoint_rollback(sid)
    forget()
