"""What a save reads first: the table with its tournament and rules, and its result row.

Every write path (a referee's sheet, a player's, a settlement) starts here: the table
with what decides its sheet (:func:`context_of`), then, in the transaction, the table's
:class:`~scoring.models.TableResult` row locked (:func:`lock_result`).
"""

from __future__ import annotations

from rules.packs import RulePack, load_pack
from tournament.models import Pair, Table, Tournament

from ..models import TableResult
from .sheets import Context


def load_table(table_id: int) -> Table:
    """The table with its round, girone, stage, tournament and pairs.

    Two queries: the nine-table join of one cost PostgreSQL more to plan than to
    run, on every save.
    """
    table = Table.objects.select_related("round__girone__stage__tournament").get(
        pk=table_id
    )
    ids = [pk for pk in (table.pair_ns_id, table.pair_ew_id) if pk is not None]
    pairs = Pair.objects.select_related("player1", "player2").in_bulk(ids)
    for side in ("pair_ns", "pair_ew"):
        pk = getattr(table, f"{side}_id")
        if pk is not None:
            setattr(table, side, pairs[pk])
    return table


def tournament_of(table: Table) -> Tournament:
    return table.round.girone.stage.tournament


def pack_of(tournament: Tournament) -> RulePack:
    return load_pack(tournament.rule_pack, tournament.rule_pack_version)


def context_of(table: Table) -> Context:
    tournament = tournament_of(table)
    return Context(
        game=tournament.game,
        pack=pack_of(tournament),
        round_hands=table.round.hands,
        is_rest=table.pair_ew_id is None,
        target_points=table.round.target_points,
    )


def lock_result(table: Table) -> TableResult:
    """The table's result row, locked; created (race-free) on first use."""
    result = (
        TableResult.objects.select_for_update(of=("self",)).filter(table=table).first()
    )
    if result is None:
        TableResult.objects.bulk_create(
            [TableResult(table=table, round_id=table.round_id)], ignore_conflicts=True
        )
        result = TableResult.objects.select_for_update(of=("self",)).get(table=table)
    return result
