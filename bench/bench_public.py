"""The public standings page of a 1,000-pair tournament under load, while results change.

Set-up: one girone of 1,000 pairs, 6 rounds of random results (6,000 pair scores),
stored standings refreshed once (``standings.refresh.1000x6``: the recompute that result
entry runs in its transaction, database reads and writes included).

Then the page ``/t/<slug>/classifica/`` is served by gunicorn (``DEBUG=0``, 3 sync
workers, persistent database connections) on loopback and loaded by ``wrk`` (2 threads,
32 connections, 15 s, gzip accepted as phones do) while a writer process keeps saving
results the way result entry does: one table every 2 s (a busy hall: 500 tables
entered over 20 minutes is one every 2.4 s), a new confirmed version, its
pair scores rewritten and ``refresh_gironi`` in the same transaction; so the standings
version keeps changing and each worker re-renders the tables after each
change. Figures: ``public.standings.rps`` and ``public.standings.p99`` with the
production settings (the view itself, the standings' tables kept per version: in a
deployment nginx sends the published file instead, see ``publish_figures``); and the
tables rendered on every request (``PUBLIC_PAGE_CACHE = False``,
:mod:`bench.public_nocache_settings`) as ``public.standings.nocache.*``.

Run: ``scripts/with-postgres.sh .venv/bin/python -m bench.run public`` (needs ``wrk``:
``apt-get install wrk``; listed in ``scripts/system-packages.sh test``).
"""

from __future__ import annotations

import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench import serving
from bench.common import best_of, report
from bench.django_setup import setup

SLUG = "bench-public-1000"
PAIRS = 1000
ROUNDS = 6
WRK_SECONDS = 15
WRITER_PAUSE = 2.0
ROOT = Path(__file__).resolve().parent.parent


def build() -> int:
    """The 1,000-pair tournament with 6 rounds of confirmed results; its girone id."""
    from django.contrib.auth import get_user_model
    from django.db import transaction
    from django.utils import timezone

    from participants.models import Pair
    from people.models import Player
    from scoring.models import PairScore, ResultVersion, TableResult
    from seating.models import Table
    from tournament.models import Girone, Round, Stage, Tournament

    existing = Girone.objects.filter(stage__tournament__slug=SLUG).first()
    if existing is not None:
        return existing.pk
    rnd = random.Random(2026)
    user, _ = get_user_model().objects.get_or_create(username="bench-referee")
    with transaction.atomic():
        t = Tournament.objects.create(
            name="Bench 1000",
            slug=SLUG,
            date=timezone.localdate(),
            game="burraco",
            rule_pack="fibur-2026",
            rule_pack_version=1,
            status="running",
        )
        stage = Stage.objects.create(tournament=t, order=1, kind="groups")
        girone = Girone.objects.create(stage=stage, label="A")
        players = Player.objects.bulk_create(
            Player(first_name=f"Nome{i}", last_name=f"Cognome{i}")
            for i in range(2 * PAIRS)
        )
        pairs = Pair.objects.bulk_create(
            Pair(
                tournament=t,
                number=n + 1,
                player1=players[2 * n],
                player2=players[2 * n + 1],
                girone=girone,
            )
            for n in range(PAIRS)
        )
        for number in range(1, ROUNDS + 1):
            r = Round.objects.create(
                girone=girone,
                number=number,
                hands=3,
                movement="danese",
                status="published",
                tables_public=True,
                results_public=True,
            )
            order = pairs[:]
            rnd.shuffle(order)
            tables = Table.objects.bulk_create(
                Table(
                    round=r,
                    number=i + 1,
                    pair_ns=order[2 * i],
                    pair_ew=order[2 * i + 1],
                )
                for i in range(PAIRS // 2)
            )
            results = TableResult.objects.bulk_create(
                TableResult(table=tb, round=r) for tb in tables
            )
            versions = ResultVersion.objects.bulk_create(
                _version(res, rnd, user, 1) for res in results
            )
            for res, v in zip(results, versions, strict=True):
                res.status, res.current = "confirmed", v
            TableResult.objects.bulk_update(results, ["status", "current"])
            PairScore.objects.bulk_create(
                s
                for tb, v in zip(tables, versions, strict=True)
                for s in _pair_scores(tb, r, girone.pk, v)
            )
    return girone.pk


def _version(result, rnd: random.Random, user, number: int):
    from django.utils import timezone

    from scoring.models import ResultVersion

    mp_ns, mp_ew = 5 * rnd.randint(100, 300), 5 * rnd.randint(100, 300)
    gap = abs(mp_ns - mp_ew)
    win = min(20, 10 + gap // 150)
    vp_ns, vp_ew = (win, 20 - win) if mp_ns >= mp_ew else (20 - win, win)
    now = timezone.now()
    return ResultVersion(
        result=result,
        number=number,
        game="burraco",
        purpose="entry" if number == 1 else "correction",
        reason="" if number == 1 else "bench",
        status="confirmed",
        hands_table=3,
        hands_played=3,
        mp_ns=mp_ns,
        mp_ew=mp_ew,
        vp_ns=vp_ns,
        vp_ew=vp_ew,
        idempotency_key=f"bench-{result.pk}-{number}",
        expected_lock_version=0,
        entered_by=user,
        confirmed_by=user,
        confirmed_at=now,
    )


def _pair_scores(table, rnd_obj, girone_id: int, v):
    from scoring.models import PairScore

    common = {
        "round": rnd_obj,
        "girone_id": girone_id,
        "round_number": rnd_obj.number,
        "table": table,
        "version": v,
        "played": True,
    }
    return [
        PairScore(
            pair_id=table.pair_ns_id,
            opponent_id=table.pair_ew_id,
            line="ns",
            vp=v.vp_ns,
            mp_for=v.mp_ns,
            mp_against=v.mp_ew,
            **common,
        ),
        PairScore(
            pair_id=table.pair_ew_id,
            opponent_id=table.pair_ns_id,
            line="ew",
            vp=v.vp_ew,
            mp_for=v.mp_ew,
            mp_against=v.mp_ns,
            **common,
        ),
    ]


def save_one_result(rnd: random.Random) -> None:
    """What result entry does for a correction: new version, pair scores, standings."""
    from django.db import transaction
    from django.db.models import Max

    from scoring.models import PairScore, TableResult
    from standings.refresh import refresh_gironi

    with transaction.atomic():
        result = (
            TableResult.objects.select_for_update()
            .select_related("table", "round")
            .filter(round__girone__stage__tournament__slug=SLUG, round__number=ROUNDS)
            .order_by("pk")[rnd.randrange(PAIRS // 2)]
        )
        number = (result.versions.aggregate(m=Max("number"))["m"] or 0) + 1
        v = _version(result, rnd, result.versions.first().entered_by, number)
        v.save()
        result.versions.exclude(pk=v.pk).update(status="superseded")
        result.current = v
        result.lock_version += 1
        result.save()
        PairScore.objects.filter(table=result.table).delete()
        PairScore.objects.bulk_create(
            _pair_scores(result.table, result.round, result.round.girone_id, v)
        )
        refresh_gironi([result.round.girone_id])


def writer() -> None:
    """Keep saving results until stopped; print how many were saved."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()  # the database is migrated already: no migrate here
    print("ready", flush=True)
    rnd = random.Random(os.getpid())
    saved = 0

    def stop(*_):
        print(f"saved {saved}", flush=True)
        sys.exit(0)

    signal.signal(signal.SIGTERM, stop)
    while True:
        save_one_result(rnd)
        saved += 1
        time.sleep(WRITER_PAUSE)


def _measure(settings_module: str, *, write: bool = True) -> tuple[float, float, int]:
    port = serving.free_port()
    server = serving.serve(settings_module, port, f"/t/{SLUG}/classifica/")
    if not write:
        try:
            url = f"http://127.0.0.1:{port}/t/{SLUG}/classifica/"
            serving.warm(url)
            rps, p99 = serving.wrk(url, WRK_SECONDS)
        finally:
            server.terminate()
            server.wait(timeout=30)
        return rps, p99, 0
    writer_proc = subprocess.Popen(
        [sys.executable, "-c", "from bench.bench_public import writer; writer()"],
        cwd=ROOT,
        env={**os.environ},
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert writer_proc.stdout is not None
        writer_proc.stdout.readline()  # "ready": saving from now on
        url = f"http://127.0.0.1:{port}/t/{SLUG}/classifica/"
        serving.warm(url)
        rps, p99 = serving.wrk(url, WRK_SECONDS)
    finally:
        writer_proc.send_signal(signal.SIGTERM)
        saved_out, _ = writer_proc.communicate(timeout=30)
        server.terminate()
        server.wait(timeout=30)
    match = re.search(r"saved (\d+)", saved_out or "")
    return rps, p99, int(match.group(1)) if match else 0


def main() -> None:
    if shutil.which("wrk") is None:
        raise RuntimeError("wrk is missing: apt-get install wrk")
    setup()
    from standings.refresh import refresh_gironi

    serving.collectstatic()
    girone_id = build()
    refresh_gironi([girone_id])
    rnd = random.Random(1)
    seconds = best_of(5, lambda: save_one_result(rnd))
    report(f"standings.refresh.{PAIRS}x{ROUNDS}", seconds * 1000, "ms")
    publish_figures()
    print(f"# load average before the runs: {os.getloadavg()[0]:.1f} (2 cores)")
    rps, p99, saved = _measure("config.settings")
    print(f"# cached: {saved} results saved during the run")
    report("public.standings.rps", rps, "req/s")
    report("public.standings.p99", p99, "ms")
    rps, p99, saved = _measure("bench.public_nocache_settings")
    print(f"# without the cache: {saved} results saved during the run")
    report("public.standings.nocache.rps", rps, "req/s")
    report("public.standings.nocache.p99", p99, "ms")
    rps, p99, _ = _measure("config.settings", write=False)
    print("# cached, nobody saving results (for comparison)")
    report("public.standings.idle.rps", rps, "req/s")
    report("public.standings.idle.p99", p99, "ms")


def publish_figures() -> None:
    """``public.publish.1000_pairs.full``: seconds to publish every page and API answer
    of the 1,000-pair tournament (both languages, into an empty folder);
    ``public.publish.after_save``: what one save's republishing costs (the task that
    follows a save: the tournament's pages, the two pairs of the table, its round).

    Measured on 24 November 2026, machine idle (2 cores): before the batch (every pair
    page through its view) 49 s and 419 ms; after 16.9 s and 287 ms."""
    from django.conf import settings
    from django.db import transaction

    from outbox.models import Work
    from public import publish
    from public.entries import Scope
    from seating.models import Table
    from tournament.models import Tournament

    tournament = Tournament.objects.get(slug=SLUG)
    folder = tempfile.mkdtemp(prefix="torneo-published-")
    settings.PUBLISH_ROOT = folder
    try:
        started = time.perf_counter()
        result = publish.publish_tournament(tournament)
        full = time.perf_counter() - started
        files = sum(1 for _ in Path(folder).rglob("index.*"))
        print(f"# published {result.written} files (+ .gz: {files}) into {folder}")
        report(f"public.publish.{PAIRS}_pairs.full", full, "s")
        rnd = random.Random(3)
        tables = list(
            Table.objects.filter(
                round__girone__stage__tournament=tournament, round__number=ROUNDS
            ).values_list("pk", "round_id", "pair_ns_id", "pair_ew_id")[:50]
        )

        def one_save() -> None:
            _pk, round_id, ns, ew = tables[rnd.randrange(len(tables))]
            with transaction.atomic():
                save_one_result(rnd)  # its scope is the table's, below
            Work.objects.all().delete()
            # What the worker publishes after ranking a save (core.pipeline.rank).
            scope = Scope(standings=True, pairs={ns, ew}, rounds={round_id})
            started = time.perf_counter()
            publish.publish_changes(tournament.pk, scope)
            costs.append(time.perf_counter() - started)

        costs: list[float] = []
        for _ in range(5):
            one_save()
        report("public.publish.after_save", min(costs), "s")
    finally:
        settings.PUBLISH_ROOT = ""
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
