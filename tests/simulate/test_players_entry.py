"""``make simulate SIMULATE_ARGS="--entry players"``, at the scale of four tables: the
players' phones (``python -m simulate.players``, a process of its own, against a real
server) open each table's code, the NS line sends the sheet and the EO line confirms
it; the run's ledger gets every table as it is confirmed, and the final check finds
nothing lost, twice or half written, and the standings right.

Before: ``make simulate`` knew referees only (issue 30, item 7).
"""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor

import pytest

from core import pipeline
from seating.services.table_codes import issue_codes
from simulate import check, entry
from simulate.load import Ledger, Metrics
from simulate.world import World, sheet_for
from tests.scoring.conftest import build_round, build_tournament
from tournament.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)

TABLES = 4


def test_the_players_phones_enter_and_confirm_every_table(live_server):
    tournament, girone, pairs = build_tournament(pairs=2 * TABLES + 1, slug="sim-gioc")
    Tournament.objects.filter(pk=tournament.pk).update(
        entry_by=Tournament.EntryBy.PLAYERS
    )
    seating = [(pairs[2 * i], pairs[2 * i + 1]) for i in range(TABLES)]
    round_, made = build_round(girone, 1, [*seating, (pairs[-1], None)])
    issue_codes(round_)
    tables = [(round_.pk, t.number, t.pk, t.pair_ew_id is None) for t in made]
    ids = [t.pk for t in made if t.pair_ew_id is not None]
    codes = entry.table_codes(ids)
    assert sorted(codes) == sorted(ids)  # a rest table has no code
    rng = random.Random(30)
    sheets = {table_id: sheet_for(rng) for table_id in ids}
    order = entry.order_for(
        live_server.url, tables, codes, sheets, window=1.0, seed=7
    ) | {
        "reading": [0, 0.1],
        "grace": 60,
        "one_at_a_time": True,  # the live server's SQLite: one writer at a time
    }
    assert len(order["tables"]) == TABLES
    ledger, metrics = Ledger(), Metrics()

    # A thread of its own: a browser test before this one in the same worker may leave
    # Playwright's event loop running in this thread (asyncio.run() would refuse).
    with ThreadPoolExecutor(1) as pool:
        confirmed = pool.submit(
            asyncio.run, entry.enter_round(order, tables, ledger, metrics, timeout=120)
        ).result()

    assert confirmed == TABLES, dict(metrics.errors)
    assert sorted(ledger.sheets) == sorted(ids)
    assert all(s.acknowledged and s.acknowledged_at > 0 for s in ledger.sheets.values())
    assert len(metrics.samples["player_save"]) == TABLES
    assert len(metrics.samples["player_confirm"]) == TABLES
    assert len(metrics.samples["player_entry"]) == 2 * TABLES
    assert metrics.statuses[("player_save", 200)] == TABLES
    assert not metrics.errors
    pipeline.drain()
    world = World(tournament.slug, (girone.pk,), (), len(pairs))
    found = check.verify(world, ledger)
    assert found["tables_confirmed"] == TABLES
    problems = {k: found.get(k, 0) for k in check_problems()}
    assert not any(problems.values()), problems


def check_problems() -> tuple[str, ...]:
    from simulate.figures import PROBLEMS

    return PROBLEMS
