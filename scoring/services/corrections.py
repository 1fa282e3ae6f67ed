"""The impact report of a correction: which pairs' VP, MP and positions changed.

A correction rewrites the corrected table's :class:`~scoring.models.PairScore` rows;
the totals of every later round are sums over those rows, so they follow at once. What
the report adds is the picture: the girone's ranking before and after, and the rounds
after the corrected one, which are **never re-paired** once published.

The ranking is the stored standings' own (:func:`scoring.hooks.girone_positions`: the
same reader of stored scores, chain, settings, decisions, lot seed, missed rounds and,
with several gironi, the overall merge), so the report never disagrees with them.
"""

from __future__ import annotations

from typing import Any

from tournament.models import Pair, Round, Table, Team

from ..hooks import girone_positions
from ..scores import Position


def positions_snapshot(girone_id: int) -> list[Position]:
    """The girone's ranking now (call before and after the change)."""
    return girone_positions(girone_id)


def impact_report(
    table: Table, before: list[Position], after: list[Position]
) -> dict[str, Any]:
    """A JSON-ready report of what changed between two snapshots of one girone."""
    old = {p.pair_id: p for p in before}
    new = {p.pair_id: p for p in after}
    teams = table.round.girone.stage.tournament.is_teams
    if teams:  # the positions are the teams' (standings.services.teams.team_positions)
        names = {
            team.pk: str(team)
            for team in Team.objects.filter(pk__in=set(old) | set(new))
        }
    else:
        names = {
            pair.pk: f"{pair.number}. {pair.names}"
            for pair in Pair.objects.filter(pk__in=set(old) | set(new)).select_related(
                "player1", "player2"
            )
        }
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
        "teams": teams,
    }


def _order(new: dict[int, Position], old: dict[int, Position], pair_id: int) -> int:
    position = new.get(pair_id) or old.get(pair_id)
    return position.position if position else 0
