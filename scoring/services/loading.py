"""What a save reads first: the table with its tournament and rules, and its result row.

Every write path (a referee's sheet, a player's, a settlement) starts here: the table
with what decides its sheet (:func:`context_of`), then, in the transaction, the table's
:class:`~scoring.models.TableResult` row locked (:func:`lock_result`).
"""

from __future__ import annotations

from participants.models import Pair
from rules.packs import RulePack, load_pack
from seating.models import Table
from tournament.models import Tournament

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
    # No ORDER BY: Pair's default ordering joins the tournament for a dict of two.
    pairs = Pair.objects.select_related("player1", "player2").order_by().in_bulk(ids)
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


def lock_result(table: Table, *, first: bool = False) -> TableResult:
    """The table's result row, locked; created (race-free) on first use.

    ``first``: the form was opened on a table never saved (lock version 0), so the
    row is most likely missing: it is created (``INSERT ... ON CONFLICT DO NOTHING``,
    nothing if it exists) before it is read, two statements where reading first would
    take three. Read without TableResult's default ordering (round, table number),
    which would join the round, girone, stage, tournament and table to order one row.
    """
    rows = TableResult.objects.select_for_update(of=("self",)).filter(table=table)
    result = None if first else rows.order_by().first()
    if result is None:
        TableResult.objects.bulk_create(
            [TableResult(table=table, round_id=table.round_id)], ignore_conflicts=True
        )
        result = rows.get()
    return result
