"""The referee's entry page of a 500-table round (1,000 pairs, one girone).

* ``entry.page.500_tables.start.bytes``: the page's HTML as sent at the round's start
  (500 tables to type); ``entry.page.500_tables.bytes``: with half the round saved
  (250 tables confirmed, 250 still to type);
* ``entry.page.500_tables.p50`` / ``.p95`` / ``.p99``: its rendering through Django's
  test client (the server's side only: no network, no browser), 40 requests (the p99
  of 40 is the slowest but one);
* ``entry.page.card.p50``: one table's card fetched on demand (the script asks for it
  when the referee goes to a table the page sent without its sheet).

Run with ``scripts/with-postgres.sh .venv/bin/python -m bench.run entry_page``.
"""

from __future__ import annotations

import random
import time

from bench.common import report
from bench.django_setup import setup

REQUESTS = 40


def main() -> None:
    setup()
    from django.test import Client
    from django.test.utils import override_settings
    from django.urls import reverse

    from bench import bench_entry as entry

    rng = random.Random(19)
    referee, girone, pairs = entry._world()
    tables = entry._round(girone, pairs, 1, rng)
    round_ = girone.rounds.get(number=1)
    slug = girone.stage.tournament.slug
    url = reverse("scoring:entry", kwargs={"slug": slug, "round_id": round_.pk})
    client = Client()
    client.force_login(referee)
    with override_settings(DEBUG=False, ALLOWED_HOSTS=["*"]):
        report("entry.page.500_tables.start.bytes", len(client.get(url).content), "B")
    with override_settings(DEBUG=False):
        for pk in tables[::2]:
            entry._save(pk, referee, rng, f"page-{pk}")
    card = reverse(
        "scoring:table", kwargs={"slug": slug, "round_id": round_.pk, "number": 2}
    )
    with override_settings(DEBUG=False, ALLOWED_HOSTS=["*"]):
        size, times = 0, []
        for _ in range(REQUESTS):
            start = time.perf_counter()
            response = client.get(url)
            times.append((time.perf_counter() - start) * 1000)
            assert response.status_code == 200, response.status_code
            size = len(response.content)
        cards = []
        for _ in range(REQUESTS):
            start = time.perf_counter()
            response = client.get(card, {"card": "1"})
            cards.append((time.perf_counter() - start) * 1000)
            assert response.status_code == 200, response.status_code
    times.sort()
    cards.sort()
    report("entry.page.500_tables.bytes", size, "B")
    report("entry.page.500_tables.p50", times[len(times) // 2], "ms")
    report("entry.page.500_tables.p95", times[int(0.95 * (len(times) - 1))], "ms")
    report("entry.page.500_tables.p99", times[int(0.99 * (len(times) - 1))], "ms")
    report("entry.page.card.p50", cards[len(cards) // 2], "ms")


if __name__ == "__main__":
    main()
