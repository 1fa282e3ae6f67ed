"""``python -m simulate.phones BASE SLUG PAIRS COUNT SECONDS``: the phones, in a
process of their own.

``COUNT`` phones each refresh a public page (or an API answer) every 15-30 s through
nginx, honouring ETags, until ``SECONDS`` pass or SIGTERM; the current round's id
comes on standard input, one line each time a round starts (the phones then also ask
for its tables). When they stop they print one JSON object: the latencies of each kind
of request, the answers' statuses and the errors (:func:`merge` adds them to the run's
:class:`simulate.load.Metrics`).

Issue 25, item 6: in the referees' process the phones' 2,000 asyncio tasks and the
referees shared one event loop, and on a busy machine each timed the other's waits;
here the phones are timed by their own loop, outside the app's processes (nginx and
gunicorn) and the referees'.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import signal
import sys
import threading
import time

import httpx

from .load import Metrics


async def phones(
    base: str,
    count: int,
    slug: str,
    pairs: int,
    metrics: Metrics,
    stop: asyncio.Event,
    state: dict,
    *,
    interval: tuple[float, float] = (15.0, 30.0),
    connections: int = 64,
) -> None:
    """``count`` phones, each refreshing a public page every 15-30 s until ``stop``."""
    limits = httpx.Limits(
        max_connections=connections, max_keepalive_connections=connections
    )
    async with httpx.AsyncClient(
        base_url=base, limits=limits, timeout=httpx.Timeout(30, pool=60)
    ) as client:
        # httpx's pool scans every waiting request on each step: with 2,000 waiting it
        # would eat the event loop. The phones queue here instead, a free connection
        # each; the latency measured is the server's, from send to answer.
        gate = asyncio.Semaphore(connections)

        async def phone(i: int) -> None:
            rng = random.Random(i)
            pair = rng.randint(1, pairs)
            etags: dict[str, str] = {}
            try:
                await asyncio.wait_for(stop.wait(), rng.uniform(0, interval[1]))
                return
            except TimeoutError:
                pass
            while not stop.is_set():
                kind, url = _pick(rng.random(), slug, pair, state.get("round_id"))
                headers = {"If-None-Match": etags[url]} if url in etags else {}
                try:
                    async with gate:
                        if stop.is_set():
                            return
                        started = time.monotonic()
                        response = await client.get(url, headers=headers)
                        elapsed = time.monotonic() - started
                    metrics.add("public", elapsed, response.status_code)
                    metrics.add(kind, elapsed, response.status_code)
                    if response.headers.get("ETag"):
                        etags[url] = response.headers["ETag"]
                    if response.status_code >= 500:
                        metrics.errors[f"public_{response.status_code}"] += 1
                except httpx.TransportError as exc:
                    metrics.errors[f"public_{type(exc).__name__}"] += 1
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), rng.uniform(*interval))

        await asyncio.gather(*(phone(i) for i in range(count)))


def _pick(roll: float, slug: str, pair: int, round_id: int | None) -> tuple[str, str]:
    """What a phone asks for: (kind, URL)."""
    if roll < 0.2:
        return "public_tournament", f"/t/{slug}/"
    if roll < 0.5:
        return "public_standings", f"/t/{slug}/classifica/"
    if roll < 0.8:
        return "public_pair", f"/t/{slug}/coppia/{pair}/"
    if roll < 0.9:
        return "public_where", f"/t/{slug}/dove-gioco/?q={pair}"
    if round_id and roll < 0.95:
        return "api_tables", f"/api/v1/tournaments/{slug}/rounds/{round_id}/tables"
    return "api_standings", f"/api/v1/tournaments/{slug}/standings"


def dump(metrics: Metrics) -> str:
    return json.dumps(
        {
            "samples": metrics.samples,
            "statuses": [[k, s, n] for (k, s), n in metrics.statuses.items()],
            "errors": metrics.errors,
        }
    )


def merge(metrics: Metrics, text: str) -> None:
    """Add what the phones' process printed (:func:`dump`) to ``metrics``."""
    found = json.loads(text or "{}")
    for kind, values in found.get("samples", {}).items():
        metrics.samples[kind].extend(values)
    for kind, status, n in found.get("statuses", []):
        metrics.statuses[(kind, status)] += n
    metrics.errors.update(found.get("errors", {}))


def main() -> None:
    base, slug = sys.argv[1], sys.argv[2]
    pairs, count, seconds = int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
    metrics = Metrics()
    state: dict = {}

    async def run() -> None:
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        loop.add_signal_handler(signal.SIGTERM, stop.set)
        loop.call_later(seconds, stop.set)

        def rounds() -> None:  # the current round, from the run (standard input)
            for line in sys.stdin:
                if line.strip().isdigit():
                    loop.call_soon_threadsafe(state.__setitem__, "round_id", int(line))

        threading.Thread(target=rounds, daemon=True).start()
        await phones(base, count, slug, pairs, metrics, stop, state)

    asyncio.run(run())
    print(dump(metrics), flush=True)


if __name__ == "__main__":
    main()
