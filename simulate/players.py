"""``python -m simulate.players``: one round's players' phones, in a process of their own.

``make simulate SIMULATE_ARGS="--entry players"`` (issue 30, item 7): at the end of each
round the pairs' phones enter and confirm their tables through the players' pages
(``/tavolo/``: ``public.table_views``), as tables finish, in a burst. This process
sends that load, so that its figures are the server's and not those of the process that
also runs the 2,000 reading phones.

It reads one JSON object on stdin::

    {"base": "http://127.0.0.1:8765", "window": 300, "seed": 1, "reading": [3, 12],
     "one_at_a_time": false,
     "tables": [{"table": 17, "code": "ABCDE23456", "hands": [[120, -35], ...]}, ...]}

Each table finishes at a moment drawn in ``window`` seconds (most of them in its first
half: :func:`finish_times`). Then the NS line's phone opens the table's code (the QR's
address), says its line, types the sheet and sends it; a few seconds later the EO line's
phone opens the same code, says its line and confirms the sheet. Every answer is timed
(``player_page``: a page or a redirect; ``player_save``, ``player_confirm``: the
entry's answers). A transport error or a 5xx is tried again (the sheet with its
idempotency key: never counted twice; a confirmation after looking at the table again).

It writes one JSON line per table as soon as its fate is known (``{"table": 17, "key":
..., "confirmed": true, "at": <time.monotonic()>, "attempts": 1}``; Linux's monotonic
clock is the machine's, so the caller compares it with its own), then a last line with
the samples, the statuses, the errors and its CPU seconds (``{"samples": ...,
"statuses": ..., "errors": ..., "cpu": ...}``).
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import resource
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field

import httpx

KEY = re.compile(r'name="idempotency_key" value="([^"]+)"')
LOCK = re.compile(r'name="lock_version" value="(\d+)"')
VERSION = re.compile(r'name="version" value="(\d+)"')
STATUS = re.compile(r'id="table-sheet" data-status="(\w+)"')
CONFIRM_BOX = 'data-testid="confirm-box"'
#: Seconds the EO line takes to look at the sheet the NS line sent.
READING = (3.0, 12.0)


@dataclass
class Figures:
    samples: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    statuses: Counter = field(default_factory=Counter)
    errors: Counter = field(default_factory=Counter)

    def add(self, kind: str, seconds: float, status: int) -> None:
        self.samples[kind].append(seconds)
        self.statuses[f"{kind} {status}"] += 1


def finish_times(count: int, window: float, rng: random.Random) -> list[float]:
    """When each table finishes, in seconds from the round's end whistle: a burst, most
    tables early in the window and a tail of slow ones (a triangular law, mode at a
    fifth of the window).

    >>> times = finish_times(500, 300, random.Random(1))
    >>> 0 <= min(times) and max(times) <= 300
    True
    >>> sum(t < 150 for t in times) > 300
    True
    """
    return sorted(rng.triangular(0, window, window / 5) for _ in range(count))


def sheet_fields(hands: list[list[int]], key: str, lock: str) -> dict[str, str]:
    """The players' sheet as its form posts it (``scoring.quick`` without a prefix)."""
    data = {"lock_version": lock, "idempotency_key": key, "kind": "", "confirm": ""}
    for n, (ns, ew) in enumerate(hands, start=1):
        data |= {f"h{n}_ns": str(ns), f"h{n}_ew": str(ew)}
    return data


class Phone:
    """One line's phone at one table: its own cookies (the table in its session).
    ``gate``: at most so many requests at once, all phones together (None: no limit;
    the tests' one-thread server on SQLite takes one at a time)."""

    gate: asyncio.Semaphore | None = None

    def __init__(self, base: str, figures: Figures, stop_at: float):
        self.figures, self.stop_at = figures, stop_at
        self.client = httpx.AsyncClient(
            base_url=base, timeout=httpx.Timeout(30, connect=10)
        )
        self.attempts = 0

    async def aclose(self) -> None:
        await self.client.aclose()

    def _csrf(self) -> dict[str, str]:
        return {"X-CSRFToken": self.client.cookies.get("csrftoken", "")}

    async def _send(self, kind: str, method: str, url: str, **kw) -> httpx.Response:
        """One request, again after a transport error or a 5xx (a worker killed, the
        database restarting) until the phone's time is up."""
        pause = 0.2
        while True:
            self.attempts += 1
            started = time.monotonic()
            try:
                if self.gate is None:
                    response = await self.client.request(method, url, **kw)
                else:
                    async with self.gate:
                        started = time.monotonic()
                        response = await self.client.request(method, url, **kw)
            except httpx.TransportError as exc:
                self.figures.errors[f"{kind}_{type(exc).__name__}"] += 1
            else:
                self.figures.add(kind, time.monotonic() - started, response.status_code)
                if response.status_code < 500:
                    return response
                self.figures.errors[f"{kind}_{response.status_code}"] += 1
            if time.monotonic() > self.stop_at:
                raise TimeoutError(kind)
            await asyncio.sleep(pause)
            pause = min(2.0, pause * 2)

    async def open(self, code: str, line: str) -> str:
        """Open the table's code (the QR's address), say the line: the sheet's page."""
        await self._send("player_page", "GET", f"/tavolo/{code}/")
        await self._send("player_page", "GET", "/tavolo/foglio/")  # the CSRF cookie
        await self._send(
            "player_page",
            "POST",
            "/tavolo/foglio/linea/",
            data={"line": line},
            headers=self._csrf(),
        )
        return await self.sheet()

    async def sheet(self) -> str:
        return (await self._send("player_page", "GET", "/tavolo/foglio/")).text

    async def post(self, kind: str, url: str, data: dict[str, str]) -> dict:
        response = await self._send(
            kind,
            "POST",
            url,
            data=data,
            headers={"Accept": "application/json", **self._csrf()},
        )
        body: dict = {}
        if "json" in response.headers.get("Content-Type", ""):
            body = response.json()
        if not body.get("ok"):
            self.figures.errors[f"{kind}_refused_{response.status_code}"] += 1
        return body


async def play_table(
    base: str,
    table: dict,
    at: float,
    rng: random.Random,
    figures: Figures,
    stop_at: float,
    reading: tuple[float, float] = READING,
) -> dict:
    """The two phones of one table, from its finish to its confirmation."""
    out = {"table": table["table"], "key": "", "confirmed": False, "at": 0.0}
    await asyncio.sleep(max(0.0, at - time.monotonic()))
    ns = Phone(base, figures, stop_at)
    ew = Phone(base, figures, stop_at)
    try:
        page = await ns.open(table["code"], "ns")
        key, lock = KEY.search(page), LOCK.search(page)
        if key is None or lock is None:
            figures.errors["player_no_sheet_form"] += 1
            return out
        out["key"] = key.group(1)
        data = sheet_fields(table["hands"], key.group(1), lock.group(1))
        saved = await ns.post("player_save", "/tavolo/foglio/salva/", data)
        if not saved.get("ok"):
            return out
        out["entered"] = True
        await asyncio.sleep(rng.uniform(*reading))
        page = await ew.open(table["code"], "ew")
        for _attempt in range(5):
            found = STATUS.search(page)
            if found and found.group(1) == "confirmed":  # an answer lost on the way
                out |= {"confirmed": True, "at": time.monotonic()}
                break
            box = page.find(CONFIRM_BOX)
            version, lock = VERSION.search(page, box), LOCK.search(page, box)
            if box < 0 or version is None or lock is None:
                figures.errors["player_no_confirm_box"] += 1
                break
            answer = await ew.post(
                "player_confirm",
                "/tavolo/foglio/conferma/",
                {"version": version.group(1), "lock_version": lock.group(1)},
            )
            if answer.get("ok"):
                out |= {"confirmed": True, "at": time.monotonic()}
                break
            page = await ew.sheet()
    except TimeoutError as exc:
        figures.errors[f"player_gave_up_{exc}"] += 1
    finally:
        out["attempts"] = ns.attempts + ew.attempts
        await ns.aclose()
        await ew.aclose()
    return out


async def run(order: dict, emit) -> Figures:
    """Every table of ``order`` (see the module); ``emit`` gets each table's line."""
    rng = random.Random(order.get("seed", 0))
    window = float(order.get("window", 300))
    low, high = order.get("reading", READING)
    if order.get("one_at_a_time"):
        Phone.gate = asyncio.Semaphore(1)
    started = time.monotonic()
    stop_at = started + window + float(order.get("grace", 120))
    figures = Figures()
    tables = list(order["tables"])
    rng.shuffle(tables)  # which table finishes first is chance
    times = finish_times(len(tables), window, rng)

    async def one(table: dict, at: float) -> None:
        done = await play_table(
            order["base"],
            table,
            started + at,
            random.Random(rng.random()),
            figures,
            stop_at,
            (float(low), float(high)),
        )
        emit(done)

    await asyncio.gather(*(one(t, at) for t, at in zip(tables, times, strict=True)))
    return figures


def main() -> None:
    order = json.loads(sys.stdin.read())

    def emit(line: dict) -> None:
        print(json.dumps(line), flush=True)

    figures = asyncio.run(run(order, emit))
    usage = resource.getrusage(resource.RUSAGE_SELF)
    emit(
        {
            "samples": figures.samples,
            "statuses": dict(figures.statuses),
            "errors": dict(figures.errors),
            "cpu": usage.ru_utime + usage.ru_stime,
        }
    )


if __name__ == "__main__":
    main()
