"""The director's provisional standings: confirmed results plus those only entered.

Not stored: one director looks at it, and it changes with every sheet. A table awaiting
its second entry counts with its latest entered sheet; a disputed table does not count
(its two sheets differ) and is reported.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournament.models import Girone, Pair

from .context import tournament_context
from .inputs import Score, confirmed_scores
from .rows import RowData, build_rows
from .store import _rank_girone


@dataclass(frozen=True)
class Provisional:
    girone: Girone
    rows: list[RowData]
    entered: int  # tables counted from an entered, unconfirmed sheet
    disputed: int  # tables left out: their sheets differ


def provisional_standings(girone: Girone) -> Provisional:
    from scoring.models import ResultVersion, TableResult

    ctx = tournament_context(girone.stage.tournament)
    scores = confirmed_scores([girone.pk])
    pending = TableResult.objects.filter(
        round__girone=girone,
        status__in=[TableResult.Status.ENTERED, TableResult.Status.DISPUTED],
    ).select_related("table", "round")
    entered = disputed = 0
    for result in pending:
        if result.status == TableResult.Status.DISPUTED:
            disputed += 1
            continue
        version = (
            result.versions.filter(status=ResultVersion.Status.ENTERED)
            .order_by("-number")
            .first()
        )
        if version is None:
            continue
        entered += 1
        scores.extend(_scores_of(result.table, result.round.number, girone.pk, version))
    roster = set(
        Pair.objects.filter(girone=girone, withdrawn=False).values_list("id", flat=True)
    ) | {s.pair_id for s in scores}
    ranked = _rank_girone(scores, roster, ctx)
    return Provisional(girone, build_rows(ctx, ranked), entered, disputed)


def _scores_of(table, round_number: int, girone_id: int, version) -> list[Score]:
    from scoring.services.versions import pair_lines  # the same lines scoring stores

    common = {
        "girone_id": girone_id,
        "round_number": round_number,
        "table_id": table.pk,
    }
    return [Score(**line, **common) for line in pair_lines(table, version)]
