"""A round's tables as the movements plan them and as they are saved (pairs).

A team round's tables (two a match) are :mod:`.team_rounds`'.
"""

from __future__ import annotations

from dataclasses import dataclass

from seating.models import Table
from tournament.models import Round


@dataclass(frozen=True)
class PlannedTable:
    """A table to save: its number, the NS pair and the EO pair (None = rest)."""

    number: int
    ns: int
    ew: int | None


def save_pair_tables(
    round_: Round, pk_of: dict[int, int], tables: list[PlannedTable]
) -> None:
    """Replace the round's tables (``pk_of``: pair number -> pair id)."""
    round_.tables.all().delete()
    Table.objects.bulk_create(
        Table(
            round=round_,
            number=t.number,
            pair_ns_id=pk_of[t.ns],
            pair_ew_id=None if t.ew is None else pk_of[t.ew],
        )
        for t in tables
    )


def pair_planned_tables(round_: Round) -> list[PlannedTable]:
    """A saved pair round's tables by number, as the movements see them."""
    return [
        PlannedTable(
            t.number, t.pair_ns.number, t.pair_ew.number if t.pair_ew else None
        )
        for t in round_.tables.select_related("pair_ns", "pair_ew")
    ]
