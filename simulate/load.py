"""The load: referees typing sheets through the entry endpoints, and the watcher of
the phones' standings (the phones themselves: :mod:`.phones`, a process of their own)."""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field

import httpx

from .world import PASSWORD

LOCK = re.compile(r'name="t(\d+)-lock_version" value="(\d+)"')
KEY = re.compile(r'name="t(\d+)-idempotency_key" value="([^"]+)"')


def forms_on(html: str) -> dict[int, tuple[str, str]]:
    """(lock version, idempotency key) of each table's sheet on an entry page or card."""
    locks = dict(LOCK.findall(html))
    return {int(n): (locks[n], key) for n, key in KEY.findall(html) if n in locks}


def save_form(
    number: int, lock: str, key: str, hands: list[tuple[int, int]], rest: bool
) -> dict[str, str]:
    """The fields of a table's sheet as the entry page posts them."""
    n = number
    data = {f"t{n}-lock_version": lock, f"t{n}-idempotency_key": key}
    if rest:
        return data | {f"t{n}-kind": "rest", f"t{n}-reason": "riposo"}
    data |= {f"t{n}-kind": "", f"t{n}-reason": ""}
    for h, (ns, ew) in enumerate(hands, start=1):
        data |= {f"t{n}-h{h}_ns": str(ns), f"t{n}-h{h}_ew": str(ew)}
    return data


def close_form(csrf: str) -> dict[str, str]:
    """The recap's form that closes a round: the confirmation ticked, as the director
    does after checking the recap (without it the round stays open)."""
    return {"csrfmiddlewaretoken": csrf, "confirm": "1"}


@dataclass
class Metrics:
    samples: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: Counter = field(default_factory=Counter)
    statuses: Counter = field(default_factory=Counter)
    busy: dict[str, float] = field(default_factory=Counter)  # seconds of each phase

    def add(self, kind: str, seconds: float, status: int) -> None:
        self.samples[kind].append(seconds)
        self.statuses[(kind, status)] += 1


@dataclass
class Sent:
    round_id: int
    number: int
    hands: list[tuple[int, int]]
    key: str
    rest: bool
    attempts: int = 0
    acknowledged: bool = False
    acknowledged_at: float = 0.0  # time.monotonic() when the referee saw it saved


@dataclass
class Ledger:
    """What the referees sent, and what the server confirmed to them."""

    sheets: dict[int, Sent] = field(default_factory=dict)  # by table id


class Referee:
    def __init__(self, base: str, username: str, slug: str, metrics: Metrics):
        self.username, self.slug, self.metrics = username, slug, metrics
        self.client = httpx.AsyncClient(
            base_url=base, timeout=httpx.Timeout(60, connect=10)
        )

    async def login(self) -> None:
        for _attempt in range(20):
            try:
                await self.client.get("/login/")
                response = await self.client.post(
                    "/login/",
                    data={
                        "username": self.username,
                        "password": PASSWORD,
                        "csrfmiddlewaretoken": self.client.cookies["csrftoken"],
                    },
                )
                if response.status_code == 302:
                    return
            except httpx.TransportError:
                pass
            await asyncio.sleep(0.5)
        raise RuntimeError(f"{self.username} cannot log in")

    async def open_round(self, round_id: int) -> dict[int, tuple[str, str]]:
        """The entry page: (lock version, idempotency key) of each table's form."""
        url = f"/arbitro/{self.slug}/turno/{round_id}/"
        return await self._forms(url, "entry_page", lambda forms: forms)

    async def card(self, round_id: int, number: int) -> tuple[str, str]:
        """A table's card with its sheet, as the entry page's script fetches it when
        the referee goes to a table whose sheet the page left out (``?card=1``)."""
        url = f"/arbitro/{self.slug}/turno/{round_id}/tavolo/{number}/?card=1"
        return await self._forms(url, "entry_card", lambda forms: forms.get(number))

    async def _forms(self, url: str, kind: str, pick):
        """GET ``url`` until it answers 200 with what ``pick`` finds in its forms
        (timed as ``kind``; each failure counted, then a second's pause)."""
        while True:
            started = time.monotonic()
            try:
                response = await self.client.get(url)
            except httpx.TransportError as exc:
                self.metrics.errors[f"{kind}_{type(exc).__name__}"] += 1
                await asyncio.sleep(1)
                continue
            self.metrics.add(kind, time.monotonic() - started, response.status_code)
            if response.status_code == 200:
                found = pick(forms_on(response.text))
                if found is not None:
                    return found
            self.metrics.errors[f"{kind}_{response.status_code}"] += 1
            await asyncio.sleep(1)

    async def save(self, table_id: int, sent: Sent, lock: str, stop_at: float) -> None:
        n = sent.number
        data = save_form(n, lock, sent.key, sent.hands, sent.rest)
        url = f"/arbitro/{self.slug}/turno/{sent.round_id}/tavolo/{n}/salva/"
        while True:
            sent.attempts += 1
            started = time.monotonic()
            code = "transport"
            try:
                response = await self.client.post(
                    url,
                    data=data,
                    headers={
                        "Accept": "application/json",
                        "X-CSRFToken": self.client.cookies.get("csrftoken", ""),
                    },
                )
                elapsed = time.monotonic() - started
                self.metrics.add("save", elapsed, response.status_code)
                body = {}
                if "json" in response.headers.get("Content-Type", ""):
                    body = response.json()
                if response.status_code == 200 and body.get("ok"):
                    sent.acknowledged_at = time.monotonic()
                    sent.acknowledged = True
                    return
                code = f"{response.status_code}_{body.get('code', 'html')}"
                if response.status_code < 500:
                    # Refused for a reason a retry cannot change: stop and report.
                    self.metrics.errors[f"save_refused_{code}"] += 1
                    return
            except httpx.TransportError as exc:
                code = type(exc).__name__
            self.metrics.errors[f"save_retry_{code}"] += 1
            if time.monotonic() > stop_at:
                return
            await asyncio.sleep(min(2.0, 0.2 * 2**sent.attempts))

    async def close_round(self, round_id: int) -> int:
        response = await self.client.post(
            f"/arbitro/{self.slug}/turno/{round_id}/chiudi/",
            data=close_form(self.client.cookies.get("csrftoken", "")),
        )
        return response.status_code

    async def aclose(self) -> None:
        await self.client.aclose()


async def enter_round(
    referees: list[Referee],
    tables: list[tuple[int, int, int, bool]],
    ledger: Ledger,
    rng: random.Random,
    stop_at: float,
    sheet_for,
    pace: tuple[float, float] | None = None,
) -> None:
    """Each referee opens the round's page, then types its share of the tables: at
    full speed (``pace`` None, a sheet as soon as the last one is saved) or a sheet
    every ``pace`` seconds (drawn for each sheet, from the start of the last one)."""
    shares: dict[int, list[tuple[int, int, int, bool]]] = defaultdict(list)
    for i, table in enumerate(tables):
        shares[i % len(referees)].append(table)

    async def work(referee: Referee, share) -> None:
        if not share:
            return
        forms = await referee.open_round(share[0][0])
        due = time.monotonic()
        for round_id, number, table_id, rest in share:
            if pace is not None:
                due += rng.uniform(*pace)  # typing the sheet at the table
                await asyncio.sleep(max(0.0, min(due, stop_at) - time.monotonic()))
            if time.monotonic() > stop_at:
                return
            if number in forms:
                lock, key = forms[number]
            else:  # the page sends the first missing tables' sheets only
                lock, key = await referee.card(round_id, number)
            sent = Sent(round_id, number, [] if rest else sheet_for(rng), key, rest)
            ledger.sheets[table_id] = sent
            await referee.save(table_id, sent, lock, stop_at)

    await asyncio.gather(*(work(r, shares[i]) for i, r in enumerate(referees)))


@dataclass
class Watched:
    """What the standings watcher needs of a table: the pair to look at (the NS pair)
    and the round its result counts for (the pair's matches and rests reach it)."""

    pair: int
    round_number: int


async def watch_standings(
    base: str,
    slug: str,
    ledger: Ledger,
    watched: dict[int, Watched],
    metrics: Metrics,
    stop: asyncio.Event,
    *,
    every: float = 0.25,
    grace: float = 20.0,
    transport: httpx.AsyncBaseTransport | None = None,
) -> None:
    """The standings' delay as a phone sees it: poll the published standings (the
    API answer the phones read) every ``every`` s, and for each sheet the referee saw
    saved, record the seconds from that answer to the first standings showing it
    (its pair's matches played and rests reach the round). Samples ``standings_delay``.
    After ``stop`` it goes on for at most ``grace`` s, until the last sheets show (else
    the slowest, the last saved, would be left out); sheets still unseen then count in
    ``errors["standings_unseen_at_stop"]``.
    """
    url = f"/api/v1/tournaments/{slug}/standings"
    seen: set[int] = set()
    etag = ""
    stopped_at: float | None = None

    def waiting() -> bool:
        return any(
            sent.acknowledged and table_id in watched and table_id not in seen
            for table_id, sent in ledger.sheets.items()
        )

    async with httpx.AsyncClient(
        base_url=base, timeout=httpx.Timeout(30), transport=transport
    ) as client:
        while True:
            if stop.is_set():
                stopped_at = stopped_at or time.monotonic()
                if not waiting() or time.monotonic() > stopped_at + grace:
                    break
            started = time.monotonic()
            try:
                response = await client.get(
                    url, headers={"If-None-Match": etag} if etag else {}
                )
            except httpx.TransportError as exc:
                metrics.errors[f"standings_watch_{type(exc).__name__}"] += 1
                response = None
            now = time.monotonic()
            if response is not None:
                metrics.add("standings_watch", now - started, response.status_code)
            if response is not None and response.status_code == 200:
                etag = response.headers.get("ETag", "")
                counted: dict[int, int] = {}
                for table in response.json():
                    for row in table.get("rows", []):
                        counted[row["pair_number"]] = max(
                            counted.get(row["pair_number"], 0),
                            (row.get("matches_played") or 0) + (row.get("rests") or 0),
                        )
                for table_id, sent in list(ledger.sheets.items()):
                    where = watched.get(table_id)
                    if table_id in seen or where is None or not sent.acknowledged:
                        continue
                    if counted.get(where.pair, 0) >= where.round_number:
                        seen.add(table_id)
                        metrics.samples["standings_delay"].append(
                            max(0.0, now - sent.acknowledged_at)
                        )
            pause = max(0.0, every - (now - started))
            if stop.is_set():
                await asyncio.sleep(pause)
            else:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), pause)
    metrics.errors["standings_unseen_at_stop"] += sum(
        1
        for table_id, sent in ledger.sheets.items()
        if sent.acknowledged and table_id in watched and table_id not in seen
    )
