"""Tournament archives at scale: export and import of about 50,000 rows.

A national event of 1,000 pairs (2,000 players with membership numbers, 20 clubs) and
12 rounds of confirmed results with their hands and pair scores: 51,000 rows. Prints
the export time, the import time (into a new slug, every row validated, the scores and
standings rebuilt from the results) and the time to refuse the same archive with one
bad value in its last source row.

Usage: ``python -m bench.run archive`` (``BENCH_ARCHIVE_ROUNDS`` changes the size).
"""

from __future__ import annotations

import os
import random
import time

from bench.bench_public import _pair_scores, _version
from bench.common import report, timer
from bench.django_setup import setup

SLUG = "bench-archive"
PAIRS = 1000


def build(rounds: int) -> None:
    from django.contrib.auth import get_user_model
    from django.db import transaction
    from django.utils import timezone

    from participants.models import Pair
    from people.models import Club, Player
    from scoring.models import HandScore, PairScore, ResultVersion, TableResult
    from seating.models import Table
    from tournament.models import Girone, Round, Stage, Tournament, TournamentRole

    if Tournament.objects.filter(slug=SLUG).exists():
        return
    rnd = random.Random(2026)
    user, _ = get_user_model().objects.get_or_create(username="bench-archive-arb")
    with transaction.atomic():
        t = Tournament.objects.create(
            name="Bench archivio",
            slug=SLUG,
            date=timezone.localdate(),
            game="burraco",
            rule_pack="fibur-2026",
            rule_pack_version=1,
            status="finished",
        )
        TournamentRole.objects.create(tournament=t, user=user, role="referee")
        stage = Stage.objects.create(tournament=t, order=1, kind="groups")
        girone = Girone.objects.create(stage=stage, label="A")
        clubs = Club.objects.bulk_create(
            Club(name=f"Circolo bench {i}") for i in range(20)
        )
        players = Player.objects.bulk_create(
            Player(
                first_name=f"Nome{i}",
                last_name=f"Cognome{i}",
                membership_number=f"BA{i:06d}",
                club=clubs[i % 20],
            )
            for i in range(2 * PAIRS)
        )
        pairs = Pair.objects.bulk_create(
            Pair(
                tournament=t,
                number=n + 1,
                player1=players[2 * n],
                player2=players[2 * n + 1],
                club=clubs[(2 * n) % 20],
                girone=girone,
            )
            for n in range(PAIRS)
        )
        for number in range(1, rounds + 1):
            r = Round.objects.create(
                girone=girone,
                number=number,
                hands=3,
                movement="danese",
                status="closed",
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
            HandScore.objects.bulk_create(
                HandScore(
                    version=v, number=h, ns=5 * (v.mp_ns // 15), ew=5 * (v.mp_ew // 15)
                )
                for v in versions
                for h in (1, 2, 3)
            )
            for res, v in zip(results, versions, strict=True):
                res.status, res.current = "confirmed", v
            TableResult.objects.bulk_update(results, ["status", "current"])
            PairScore.objects.bulk_create(
                s
                for tb, v in zip(tables, versions, strict=True)
                for s in _pair_scores(tb, r, girone.pk, v)
            )


def main() -> None:
    setup()
    from core import archive
    from tournament.models import Tournament

    rounds = int(os.environ.get("BENCH_ARCHIVE_ROUNDS", "12"))
    build(rounds)
    tournament = Tournament.objects.get(slug=SLUG)
    with timer() as t:
        data = archive.export_tournament(tournament)
    rows = sum(len(s["rows"]) for s in data["models"])
    report("archive.rows", rows, "rows")
    report("archive.export", t(), "s")
    cpu = time.process_time()
    with timer() as t:
        archive.import_tournament(data, slug=f"{SLUG}-copia")
    report("archive.import", t(), "s")
    # This process's CPU (the whole of it on SQLite): the figure a shared machine's
    # load does not inflate.
    report("archive.import_cpu", time.process_time() - cpu, "s")
    # A source row (the pair scores are rebuilt, never read: core/archive_rebuild.py).
    last = next(s for s in data["models"] if s["model"] == "scoring.handscore")
    last["rows"][-1]["ns"] = "bogus"
    with timer() as t:
        try:
            archive.import_tournament(data, slug=f"{SLUG}-rotto")
        except archive.ArchiveError as exc:
            print(f"# refused: {str(exc)[:200]}")
    report("archive.refuse_last_row", t(), "s")
