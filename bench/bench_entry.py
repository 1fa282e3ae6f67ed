"""Referee score entry in a 1,000-pair Burraco tournament (one girone, 500 tables a round).

Every save goes through the real write path, ``scoring.services.submit_sheet``: the
rules check and compute the sheet, the result row is locked, a version is written with
its three smazzate, the pairs' scores are rewritten and the girone's ranking is
recorded in the outbox, all in one transaction (single entry: confirmed at once); the
worker's loop (``core.pipeline``) ranks and publishes afterwards.

* ``entry.round.500_tables``: round 1, its 500 sheets saved one after the other, then
  the worker's work done (:func:`core.pipeline.drain`);
* ``entry.save_sheet.p95`` (``.p50`` too): round 2, each of its first ``SAMPLE``
  sheets saved and timed until the save commits (what the referee waits for);
  ``entry.save_sheet.cpu.p95`` (informative): their CPU time in this process;
* ``entry.worker_rank.<n>_saves``: the worker's one ranking (and publishing, when
  ``PUBLISH_ROOT`` is set) of those ``n`` saves afterwards: one claim per girone.

The loops run with ``DEBUG`` off (no query log), as a production server does.

Run on PostgreSQL with ``scripts/with-postgres.sh .venv/bin/python -m bench.run entry``.
"""

from __future__ import annotations

import datetime
import random
import time

from bench.common import report
from bench.django_setup import setup

PAIRS = 1000
HANDS = 3
SAMPLE = 100  # sheets of round 2 timed one by one (p95 of 100 is the 95th)


def _world():
    from django.contrib.auth import get_user_model

    from participants.models import Pair
    from people.models import Player
    from tournament.models import Girone, Stage, Tournament, TournamentRole

    user_model = get_user_model()
    referee, _ = user_model.objects.get_or_create(username="bench-arbitro")
    slug = f"bench-entry-{int(time.time() * 1000)}"
    tournament = Tournament.objects.create(
        name="Bench entry",
        slug=slug,
        date=datetime.date(2026, 6, 1),
        game="burraco",
        rule_pack="fibur-2026",
        rule_pack_version=1,
        hands_per_round=HANDS,
        status=Tournament.Status.RUNNING,
    )
    TournamentRole.objects.create(tournament=tournament, user=referee, role="referee")
    stage = Stage.objects.create(tournament=tournament, order=1, kind="groups")
    girone = Girone.objects.create(stage=stage, label="A")
    players = Player.objects.bulk_create(
        Player(first_name=f"N{i}", last_name=f"{slug}-{i}") for i in range(2 * PAIRS)
    )
    pairs = Pair.objects.bulk_create(
        Pair(
            tournament=tournament,
            number=i + 1,
            player1=players[2 * i],
            player2=players[2 * i + 1],
            girone=girone,
        )
        for i in range(PAIRS)
    )
    return referee, girone, pairs


def _round(girone, pairs, number: int, rng: random.Random):
    from seating.models import Table
    from tournament.models import Round

    round_ = Round.objects.create(
        girone=girone,
        number=number,
        hands=HANDS,
        movement="danese",
        status=Round.Status.PUBLISHED,
    )
    order = list(pairs)
    rng.shuffle(order)
    Table.objects.bulk_create(
        Table(round=round_, number=i + 1, pair_ns=a, pair_ew=b)
        for i, (a, b) in enumerate(zip(order[::2], order[1::2], strict=True))
    )
    return list(
        Table.objects.filter(round=round_)
        .order_by("number")
        .values_list("pk", flat=True)
    )


def _sheet(rng: random.Random):
    from scoring.services import Hand, Sheet

    hands = []
    for _ in range(HANDS):
        win, lose = 5 * rng.randint(60, 240), 5 * rng.randint(-40, 80)
        hands.append(Hand(win, lose) if rng.random() < 0.5 else Hand(lose, win))
    return Sheet(hands=tuple(hands))


def _save(table_id: int, referee, rng: random.Random, token: str) -> None:
    from scoring import services

    services.submit_sheet(
        table=services.load_table(table_id),
        sheet=_sheet(rng),
        by=referee,
        expected_lock_version=0,
        token=token,
        confirm=True,  # random sheets: now and then an unlikely one, as if confirmed
    )


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[int(0.95 * (len(ordered) - 1))]


def main() -> None:
    setup()
    from django.db import connection
    from django.test.utils import override_settings

    from core import pipeline

    rng = random.Random(2026)
    referee, girone, pairs = _world()
    round1 = _round(girone, pairs, 1, rng)
    round2 = _round(girone, pairs, 2, rng)[:SAMPLE]
    with override_settings(DEBUG=False):
        start = time.perf_counter()
        for pk in round1:
            _save(pk, referee, rng, f"r1-{pk}")
        pipeline.drain()
        report("entry.round.500_tables", time.perf_counter() - start, "s")

        answered, cpu = [], []
        for pk in round2:
            start, used = time.perf_counter(), time.process_time()
            _save(pk, referee, rng, f"r2-{pk}")
            cpu.append((time.process_time() - used) * 1000)
            answered.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        claims = pipeline.drain()
        ranked = time.perf_counter() - start
    report("entry.save_sheet.p95", _p95(answered), "ms")
    report("entry.save_sheet.p50", sorted(answered)[len(answered) // 2], "ms")
    report("entry.save_sheet.cpu.p95", _p95(cpu), "ms")
    report(f"entry.worker_rank.{len(round2)}_saves", ranked * 1000, "ms")
    assert claims <= 2, claims  # one ranking, one publishing: coalesced
    if connection.vendor != "postgresql":
        print("(not PostgreSQL: figures are indicative only)")


if __name__ == "__main__":
    main()
