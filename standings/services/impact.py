"""The impact report of a correction: which competitors' VP, MP and positions changed.

A correction rewrites the corrected table's :class:`~scoring.models.PairScore` rows;
the totals of every later round are sums over those rows, so they follow at once. What
the report adds is the picture: the girone's ranking before and after, and the rounds
after the corrected one, which are **never re-paired** once published.

It lives with the standings because it ranks: :func:`impact_of` ranks the girone as
the stored standings do (:func:`standings.services.ranking.positions`: the same
reader of stored scores, chain, settings, decisions, lot seed, missed rounds and, with
several gironi, the overall merge) twice, with the table's previous version and with
the correction, each written in a savepoint that is rolled back; so the report never
disagrees with the standings, in a pair or a team tournament. It is computed once and
kept on the version (:func:`stored_impact`).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from scoring.models import ResultVersion
from scoring.scores import Position
from scoring.services.versions import write_pair_scores
from seating.models import Table
from tournament.models import Round

from .competitors import TEAMS, competitors_of
from .ranking import positions


def stored_impact(version: ResultVersion) -> dict[str, Any]:
    """The impact report of a correction, computed the first time it is asked for."""
    if version.impact is None:
        version.impact = impact_of(version)
        ResultVersion.objects.filter(pk=version.pk).update(impact=version.impact)
    return version.impact


def impact_of(version: ResultVersion) -> dict[str, Any]:
    """What the correction ``version`` changed: the girone ranked with the version it
    superseded, and with it."""
    table = Table.objects.select_related("round__girone__stage__tournament").get(
        pk=version.result.table_id
    )
    before = _ranked_with(table, version.supersedes)
    after = _ranked_with(table, version)
    return impact_report(table, before, after)


def _ranked_with(table: Table, version: ResultVersion | None) -> list[Position]:
    """The girone's ranking had ``version`` counted for the table (a savepoint rolled
    back: nothing is written)."""
    with transaction.atomic():
        point = transaction.savepoint_create()
        try:
            write_pair_scores(table, version)
            return positions(table.round.girone_id)
        finally:
            transaction.savepoint_rollback(point)


def impact_report(
    table: Table, before: list[Position], after: list[Position]
) -> dict[str, Any]:
    """A JSON-ready report of what changed between two snapshots of one girone."""
    old = {p.pair_id: p for p in before}
    new = {p.pair_id: p for p in after}
    # The positions are the competitors' (pairs, or teams): named as they are.
    competitors = competitors_of(table.round.girone.stage.tournament)
    names = competitors.names(set(old) | set(new))
    rows = []
    for pair_id in sorted(set(old) | set(new), key=lambda p: _order(new, old, p)):
        b, a = old.get(pair_id), new.get(pair_id)
        row = {
            "pair_id": pair_id,
            "pair": names.get(pair_id, str(pair_id)),
            "vp_before": b.totals.vp if b else 0,
            "vp_after": a.totals.vp if a else 0,
            "mp_diff_before": b.totals.mp_diff if b else 0,
            "mp_diff_after": a.totals.mp_diff if a else 0,
            "position_before": b.position if b else None,
            "position_after": a.position if a else None,
            "overall_before": b.overall if b else None,
            "overall_after": a.overall if a else None,
        }
        if (
            row["vp_before"] != row["vp_after"]
            or row["mp_diff_before"] != row["mp_diff_after"]
            or row["position_before"] != row["position_after"]
            or row["overall_before"] != row["overall_after"]
        ):
            rows.append(row)
    later = list(
        Round.objects.filter(
            girone_id=table.round.girone_id, number__gt=table.round.number
        )
        .exclude(status=Round.Status.DRAFT)
        .order_by("number")
        .values_list("number", flat=True)
    )
    return {
        "girone": table.round.girone.label,
        "round": table.round.number,
        "table": table.number,
        "later_rounds": later,
        "overall": any(p.overall is not None for p in (*before, *after)),
        "rows": rows,
        "teams": competitors is TEAMS,
    }


def _order(new: dict[int, Position], old: dict[int, Position], pair_id: int) -> int:
    position = new.get(pair_id) or old.get(pair_id)
    return position.position if position else 0
