"""The CSV import of pairs at scale: 10,000 lines previewed, then imported.

Half the players have a membership number, every pair a club (50 clubs, known to the
site); the file is read, every line checked against the tournament and each other
(``preview_import``), then checked again and saved in one transaction
(``import_pairs``). Both must take seconds (the checks are linear).

Usage: ``python -m bench.run import`` (``BENCH_IMPORT_ROWS`` changes the size).
"""

from __future__ import annotations

import os
import time

from bench.common import report, timer
from bench.django_setup import setup


def csv_text(rows: int) -> str:
    lines = ["Cognome 1;Nome 1;Tessera 1;Cognome 2;Nome 2;Tessera 2;Circolo"]
    for n in range(rows):
        card1 = f"IM{n:06d}a" if n % 2 else ""
        card2 = f"IM{n:06d}b" if n % 2 else ""
        lines.append(
            f"Rossi{n};Anna;{card1};Bianchi{n};Luca;{card2};Circolo import {n % 50}"
        )
    return "\n".join(lines) + "\n"


def main() -> None:
    setup()
    import datetime as dt

    from participants.services import registration
    from people.models import Club
    from tournament.models import Tournament

    rows = int(os.environ.get("BENCH_IMPORT_ROWS", "10000"))
    for n in range(50):
        Club.objects.get_or_create(name=f"Circolo import {n}")
    slug = f"bench-import-{Tournament.objects.count() + 1}"
    tournament = Tournament.objects.create(
        name="Bench import",
        slug=slug,
        date=dt.date(2026, 5, 9),
        game="burraco",
        rule_pack="fibur-2026",
        rule_pack_version=1,
    )
    text = csv_text(rows)
    with timer() as t:
        preview = registration.preview_import(tournament, text)
    assert preview.ok, preview.errors[:3]
    report(f"import.preview_{rows}", t(), "s")
    cpu = time.process_time()
    with timer() as t:
        pairs = registration.import_pairs(tournament, text)
    assert len(pairs) == rows
    report(f"import.save_{rows}", t(), "s")
    report(f"import.save_{rows}_cpu", time.process_time() - cpu, "s")
