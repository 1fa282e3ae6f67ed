"""Referee score entry in a 1,000-pair Burraco tournament (one girone, 500 tables a round).

Every save goes through the real write path, ``scoring.services.submit_sheet``: the
rules check and compute the sheet, the result row is locked, a version is written with
its three smazzate, the pairs' scores are rewritten and ``standings.refresh`` recomputes
the girone's stored standings, all in one transaction (single entry: confirmed at once).

* ``entry.round.500_tables``: round 1, its 500 sheets saved one after the other
  (outside a request: each ranked in its own transaction);
* ``entry.save_sheet.p95``: round 2, each of its first ``SAMPLE`` sheets saved as a
  referee's request saves it in inline mode (``standings.refresh.answer_first``, what
  ``RankAfterAnswer`` does around a view) and timed until its answer, 95th percentile
  (``.p50`` too); ``entry.save_sheet.after_answer.p95``: the ranking of the girone
  (1,000 pairs, a round already in them) that follows each answer in the same
  process, before it takes the next request;
* ``entry.save_sheet.in_transaction.p95``: the same saves ranked in the save's
  transaction, as outside a request (the inline save before issue 19);
  ``entry.save_sheet.scoring_only.p95`` (informative): those without the time spent
  inside ``standings.refresh``, to show which part costs what;
* ``entry.save_sheet.cpu.p95`` (informative): the answered saves' CPU time in this
  process (Python: scoring; PostgreSQL's own work not counted). On a machine shared
  with other work the wall-clock figures swing by 2-3×, this one much less;
* ``entry.save_sheet.worker_mode.p95``: round 3, with ``STANDINGS_REFRESH = "worker"``:
  the save only queues the refresh; ``entry.worker_refresh.<n>_saves``: the worker's one
  ranking of those ``n`` saves afterwards.

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

    from tournament.models import (
        Girone,
        Pair,
        Player,
        Stage,
        Tournament,
        TournamentRole,
    )

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
    from tournament.models import Round, Table

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


class _RefreshClock:
    """Wraps the standings refresh that a save triggers (through
    ``scoring.hooks.scores_changed``), adding up its time."""

    def __init__(self) -> None:
        import standings.refresh as refresh

        self.inner, self.spent = refresh.schedule_gironi, 0.0
        refresh.schedule_gironi = self

    def __call__(self, girone_ids) -> None:
        start = time.perf_counter()
        try:
            self.inner(girone_ids)
        finally:
            self.spent += time.perf_counter() - start


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[int(0.95 * (len(ordered) - 1))]


def main() -> None:
    setup()
    from django.db import connection
    from django.test.utils import override_settings

    from standings.refresh import answer_first, rank_after_answer

    rng = random.Random(2026)
    referee, girone, pairs = _world()
    round1 = _round(girone, pairs, 1, rng)
    round2 = _round(girone, pairs, 2, rng)[: 2 * SAMPLE]
    round3 = _round(girone, pairs, 3, rng)[:SAMPLE]
    clock = _RefreshClock()
    with override_settings(DEBUG=False):
        start = time.perf_counter()
        for pk in round1:
            _save(pk, referee, rng, f"r1-{pk}")
        report("entry.round.500_tables", time.perf_counter() - start, "s")

        answered, after, cpu = [], [], []
        for pk in round2[:SAMPLE]:
            start, used = time.perf_counter(), time.process_time()
            with answer_first() as pending:
                _save(pk, referee, rng, f"r2-{pk}")
            answer = time.perf_counter()
            cpu.append((time.process_time() - used) * 1000)
            answered.append((answer - start) * 1000)
            rank_after_answer(pending)
            after.append((time.perf_counter() - answer) * 1000)

        inline, own = [], []
        for pk in round2[SAMPLE:]:
            clock.spent = 0.0
            start = time.perf_counter()
            _save(pk, referee, rng, f"r2-{pk}")
            elapsed = time.perf_counter() - start
            inline.append(elapsed * 1000)
            own.append((elapsed - clock.spent) * 1000)
    report("entry.save_sheet.p95", _p95(answered), "ms")
    report("entry.save_sheet.p50", sorted(answered)[len(answered) // 2], "ms")
    report("entry.save_sheet.after_answer.p95", _p95(after), "ms")
    report("entry.save_sheet.in_transaction.p95", _p95(inline), "ms")
    report("entry.save_sheet.scoring_only.p95", _p95(own), "ms")
    report("entry.save_sheet.cpu.p95", _p95(cpu), "ms")

    # Worker mode (DJANGO_STANDINGS_REFRESH=worker): the save queues the refresh; the
    # worker then ranks all the saves of that moment at once.
    from standings.refresh import refresh_pending

    worker = {"STANDINGS_REFRESH": "worker", "STANDINGS_REFRESH_DELAY": 0}
    with override_settings(DEBUG=False, **worker):
        queued = []
        for pk in round3:
            start = time.perf_counter()
            _save(pk, referee, rng, f"r3-{pk}")
            queued.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        passes = refresh_pending(girone.pk)
        ranked = time.perf_counter() - start
    report("entry.save_sheet.worker_mode.p95", _p95(queued), "ms")
    report(f"entry.worker_refresh.{len(round3)}_saves", ranked * 1000, "ms")
    assert len(passes) == 1, passes
    if connection.vendor != "postgresql":
        print("(not PostgreSQL: figures are indicative only)")


if __name__ == "__main__":
    main()
