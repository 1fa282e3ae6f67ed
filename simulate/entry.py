"""``--entry players``: a round's tables entered and confirmed by the players' phones.

The run (:mod:`.__main__`) calls :func:`enter_round` for each round: it starts
``python -m simulate.players`` (:mod:`.players`, the phones in a process of their own),
gives it the round's tables with their codes (read from the database as the score
cards print them) and sheets, and records each table in the ledger as soon as the
process says it is confirmed, with the moment its confirming phone saw it: the
standings watcher (:func:`.load.watch_standings`) times the standings from there. The
process's samples join the run's metrics when it ends. Rest tables have no players'
sheet: a referee records them, as in ``--entry referees``.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from .load import Ledger, Metrics, Sent

ROOT = Path(__file__).resolve().parent.parent


def table_codes(table_ids: list[int]) -> dict[int, str]:
    """Each table's live code (what its score card prints), by table id."""
    from seating.models import TableCode

    return dict(
        TableCode.objects.filter(table_id__in=table_ids, revoked_at__isnull=True)
        .order_by()
        .values_list("table_id", "code")
    )


def order_for(
    base: str,
    tables: list[tuple[int, int, int, bool]],
    codes: dict[int, str],
    sheets: dict[int, list[tuple[int, int]]],
    *,
    window: float,
    seed: int,
) -> dict:
    """What the phones' process reads: the tables where two pairs meet."""
    return {
        "base": base,
        "window": window,
        "seed": seed,
        "tables": [
            {"table": table_id, "code": codes[table_id], "hands": sheets[table_id]}
            for _round, _number, table_id, rest in tables
            if not rest
        ],
    }


async def enter_round(
    order: dict,
    tables: list[tuple[int, int, int, bool]],
    ledger: Ledger,
    metrics: Metrics,
    *,
    timeout: float,
) -> int:
    """Run the phones' process for one round; the tables it confirmed."""
    where = {table_id: (rid, number) for rid, number, table_id, _rest in tables}
    hands = {t["table"]: t["hands"] for t in order["tables"]}
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "simulate.players",
        cwd=ROOT,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        limit=2**26,  # the last line carries every sample
    )
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(json.dumps(order).encode())
    await process.stdin.drain()
    process.stdin.close()
    confirmed = 0
    try:
        async with asyncio.timeout(timeout):
            async for raw in process.stdout:
                line = json.loads(raw)
                if "samples" in line:
                    merge(metrics, line)
                    continue
                confirmed += record(ledger, line, where, hands)
            await process.wait()
    except TimeoutError:
        metrics.errors["players_process_timeout"] += 1
        process.kill()
        await process.wait()
    if process.returncode:
        metrics.errors[f"players_process_exit_{process.returncode}"] += 1
    return confirmed


def record(ledger: Ledger, line: dict, where: dict, hands: dict) -> bool:
    """One table's line from the phones: in the ledger when a sheet was sent."""
    table_id = line["table"]
    if not line.get("key"):
        return False  # no sheet sent: the check counts the table as missing
    round_id, number = where[table_id]
    sent = Sent(
        round_id,
        number,
        [tuple(h) for h in hands[table_id]],
        line["key"],
        rest=False,
        attempts=line.get("attempts", 0),
    )
    sent.acknowledged = bool(line.get("confirmed"))
    sent.acknowledged_at = float(line.get("at") or 0.0)
    ledger.sheets[table_id] = sent
    return sent.acknowledged


def merge(metrics: Metrics, line: dict) -> None:
    """The phones' samples, statuses and errors into the run's metrics."""
    for kind, values in line["samples"].items():
        metrics.samples[kind].extend(values)
        if kind in ("player_save", "player_confirm"):
            metrics.samples["player_entry"].extend(values)
    for key, count in line["statuses"].items():
        kind, status = key.rsplit(" ", 1)
        metrics.statuses[(kind, int(status))] += count
    for name, count in line["errors"].items():
        metrics.errors[name] += count
    metrics.busy["players_cpu"] += float(line.get("cpu", 0.0))
