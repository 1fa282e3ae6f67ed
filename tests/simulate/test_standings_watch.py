"""The standings' delay as the phones see it (``event.standings_delay``): from the
referee seeing a sheet saved to the first standings answer that shows it."""

from __future__ import annotations

import asyncio
import threading
import time

import httpx

from simulate.load import Ledger, Metrics, Sent, Watched, watch_standings


def standings(played: int) -> list[dict]:
    return [{"rows": [{"pair_number": 5, "matches_played": played, "rests": 0}]}]


def run(answers, *, stop_after: float, grace: float = 0.5):
    """Watch a fake API whose answer is ``answers(calls)``; one sheet of pair 5 in
    round 1, acknowledged as the watch starts."""
    calls = []

    def handler(request: httpx.Request) -> httpx.Response:
        calls.append(request)
        return httpx.Response(200, json=answers(len(calls)))

    ledger, metrics = Ledger(), Metrics()
    sent = Sent(round_id=1, number=1, hands=[], key="k", rest=False)
    sent.acknowledged, sent.acknowledged_at = True, time.monotonic()
    ledger.sheets[10] = sent

    async def main():
        stop = asyncio.Event()
        task = asyncio.create_task(
            watch_standings(
                "http://front",
                "gara",
                ledger,
                {10: Watched(pair=5, round_number=1)},
                metrics,
                stop,
                every=0.05,
                grace=grace,
                transport=httpx.MockTransport(handler),
            )
        )
        await asyncio.sleep(stop_after)
        stop.set()
        await task

    # In a thread of its own: a browser test earlier in the run (Playwright's sync
    # API) may have left an event loop running in this one.
    worker = threading.Thread(target=asyncio.run, args=(main(),))
    worker.start()
    worker.join()
    return metrics, calls


def test_the_delay_is_when_the_pair_shows_the_round():
    metrics, calls = run(lambda n: standings(1 if n >= 6 else 0), stop_after=1.0)
    assert calls[0].url.path == "/api/v1/tournaments/gara/standings"
    [delay] = metrics.samples["standings_delay"]
    assert 0.2 <= delay < 1.0  # about 5 polls of 0.05 s
    assert metrics.errors["standings_unseen_at_stop"] == 0


def test_after_the_stop_it_waits_for_the_last_sheets_then_counts_the_unseen():
    # Shows after the stop: still measured (the slowest would otherwise be left out).
    metrics, _ = run(lambda n: standings(1 if n >= 8 else 0), stop_after=0.1)
    assert len(metrics.samples["standings_delay"]) == 1
    # Never shows: counted as unseen once the grace is over.
    metrics, _ = run(lambda n: standings(0), stop_after=0.1, grace=0.3)
    assert metrics.samples["standings_delay"] == []
    assert metrics.errors["standings_unseen_at_stop"] == 1
