"""After the load: nothing lost, nothing twice, nothing half written, standings right."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from pathlib import Path


def drain(world, timeout: float = 90) -> tuple[float, int]:
    """Wait for the worker to do every ranking and publishing due (the saves'; not
    the publishing recorded for the end of a correction period, minutes ahead):
    (seconds waited, pieces of work still waiting at the timeout)."""
    import time

    from django.db import connections
    from django.utils import timezone

    from outbox.models import Work

    started = time.monotonic()
    while True:
        behind = Work.objects.filter(
            kind__in=[Work.Kind.RANK, Work.Kind.PUBLISH],
            failed_at__isnull=True,
            not_before__lte=timezone.now(),
        ).count()
        if not behind or time.monotonic() - started > timeout:
            return time.monotonic() - started, behind
        connections.close_all()
        time.sleep(0.5)


#: The worker's log lines (core/pipeline.py, INFO).
RANKED = re.compile(r"girone \d+ ranked, ([\d.]+) s after its oldest save")
PUBLISHED = re.compile(r"tournament \d+ published, ([\d.]+) s after its oldest change")


def refresh_figures(log: Path) -> dict[str, list[float]]:
    """What the worker did, from its log: the delay of each ranking (from the oldest
    save it covered) and of each publishing, and the steps that failed."""
    text = log.read_text(errors="replace") if log.exists() else ""
    return {
        "lags": [float(x) for x in RANKED.findall(text)],
        "published": [float(x) for x in PUBLISHED.findall(text)],
        "failed": [float(text.count(" failed (attempt "))],
    }


def verify(world, ledger) -> dict[str, int]:
    from scoring.models import HandScore, PairScore, ResultVersion, TableResult
    from standings.models import Row, Snapshot
    from standings.refresh import refresh_gironi

    found: dict[str, int] = Counter()
    versions = defaultdict(list)
    for row in (
        ResultVersion.objects.filter(result__round__girone_id__in=world.girone_ids)
        .order_by()
        .values("id", "result__table_id", "status", "idempotency_key", "kind")
    ):
        versions[row["result__table_id"]].append(row)
    hands = defaultdict(list)
    for version_id, number, ns, ew in (
        HandScore.objects.filter(version__result__round__girone_id__in=world.girone_ids)
        .order_by()
        .values_list("version_id", "number", "ns", "ew")
    ):
        hands[version_id].append((number, ns, ew))

    for table_id, sent in ledger.sheets.items():
        kept = [v for v in versions.get(table_id, []) if v["status"] != "rejected"]
        found["sheets_sent"] += 1
        found["sheets_acknowledged"] += sent.acknowledged
        found["attempts"] += sent.attempts
        if len(kept) > 1:
            found["duplicated"] += 1
        if not kept:
            if sent.acknowledged:
                found["lost"] += 1
            continue
        version = kept[0]
        if version["idempotency_key"] != sent.key:
            found["foreign_version"] += 1
        if not sent.rest:
            typed = [(n, ns, ew) for n, (ns, ew) in enumerate(sent.hands, start=1)]
            if sorted(hands[version["id"]]) != typed:
                found["wrong_content"] += 1
        if not sent.acknowledged:
            found["saved_but_answer_lost"] += 1
    found["tables_without_a_sent_sheet"] = len(set(versions) - set(ledger.sheets))

    # Half-written sheets: a normal version without all its smazzate; a confirmed table
    # whose pair scores are missing or belong to another version.
    for table_versions in versions.values():
        for v in table_versions:
            if v["kind"] == "normal" and len(hands[v["id"]]) != 3:
                found["half_written"] += 1
    confirmed = dict(
        TableResult.objects.filter(
            round__girone_id__in=world.girone_ids, status="confirmed"
        )
        .order_by()
        .values_list("table_id", "current_id")
    )
    scores = defaultdict(list)
    for table_id, version_id in (
        PairScore.objects.filter(girone_id__in=world.girone_ids)
        .order_by()
        .values_list("table_id", "version_id")
    ):
        scores[table_id].append(version_id)
    for table_id, current in confirmed.items():
        if not scores[table_id] or set(scores[table_id]) != {current}:
            found["half_written"] += 1
    found["tables_confirmed"] = len(confirmed)

    # Stored standings against a recomputation from the versions that count.
    totals: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for (
        pair_ns,
        pair_ew,
        vp_ns,
        vp_ew,
        mp_ns,
        mp_ew,
        kind,
    ) in (
        ResultVersion.objects.filter(pk__in=confirmed.values())
        .order_by()
        .values_list(
            "result__table__pair_ns_id",
            "result__table__pair_ew_id",
            "vp_ns",
            "vp_ew",
            "mp_ns",
            "mp_ew",
            "kind",
        )
    ):
        for pair, vp, mp_for, mp_against in (
            (pair_ns, vp_ns, mp_ns, mp_ew),
            (pair_ew, vp_ew, mp_ew, mp_ns),
        ):
            if pair is None:
                continue
            t = totals[pair]
            t[0] += vp or 0
            t[1] += mp_for or 0
            t[2] += mp_against or 0
            t[3] += kind != "rest"
    stored = {
        pair: [vp, mp_for, mp_against, played]
        for pair, vp, mp_for, mp_against, played in Row.objects.filter(
            snapshot__girone_id__in=world.girone_ids,
            snapshot__kind="confirmed",
            snapshot__line="",
        )
        .order_by()
        .values_list("pair_id", "vp", "mp_for", "mp_against", "played")
    }
    for pair in set(totals) | {p for p, v in stored.items() if any(v)}:
        if stored.get(pair, [0, 0, 0, 0]) != totals.get(pair, [0, 0, 0, 0]):
            if not found["standings_rows_wrong"]:
                print(
                    f"# standings: pair id {pair} stored [vp, mp for, mp against, "
                    f"played] {stored.get(pair)}, recomputed {totals.get(pair)}",
                    flush=True,
                )
            found["standings_rows_wrong"] += 1
    before = dict(
        Snapshot.objects.filter(girone_id__in=world.girone_ids)
        .order_by()
        .values_list("pk", "digest")
    )
    refresh_gironi(world.girone_ids)
    after = dict(
        Snapshot.objects.filter(girone_id__in=world.girone_ids)
        .order_by()
        .values_list("pk", "digest")
    )
    found["standings_snapshots_changed_by_recompute"] = sum(
        1 for pk, digest in after.items() if before.get(pk) != digest
    )
    return dict(found)
