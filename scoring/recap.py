"""A round's recap: what the referee checks before closing it (docs/rules.md §5e).

Every table with its pairs and, once its result counts, the MP totals, the MP
difference and the VP, the kind of a special result with its reason, a correction, and
the unlikely values confirmed at the table. A table whose result does not count yet says
why: missing, awaiting the second entry ("in attesa": no number, the second referee
types blind) or sheets that differ. Reads only.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from seating.models import Table
from tournament.models import Round, Tournament
from tournament.words import GameWords, game_words

from . import services
from .models import ResultVersion, TableResult
from .services.bounds import stored_unlikely

TableStatus = TableResult.Status


@dataclass
class RecapRow:
    """One table of the recap."""

    table: Table
    status: str
    status_label: str
    version: ResultVersion | None = None  # the version that counts (confirmed only)
    unlikely: list[str] = field(default_factory=list)

    @property
    def counts(self) -> bool:
        return self.version is not None

    @property
    def rest(self) -> bool:
        return self.table.pair_ew_id is None

    @property
    def diff(self) -> int | None:
        v = self.version
        if v is None or v.mp_ns is None or v.mp_ew is None:
            return None
        return v.mp_ns - v.mp_ew

    @property
    def special(self) -> bool:
        return self.version is not None and self.version.kind != "normal"

    @property
    def corrected(self) -> bool:
        return (
            self.version is not None
            and self.version.purpose == ResultVersion.Purpose.CORRECTION
        )

    @property
    def totals_only(self) -> bool:
        """A sheet typed as the two lines' totals (no smazzata stored)."""
        v = self.version
        return (
            v is not None
            and v.kind == "normal"
            and v.game == "burraco"
            and not list(v.hands.all())
        )


@dataclass
class Recap:
    """The whole round: its rows and what still stops it from closing."""

    round: Round
    rows: list[RecapRow]
    words: GameWords

    def _count(self, status: str) -> int:
        return sum(1 for r in self.rows if r.status == status)

    @property
    def missing(self) -> int:
        return self._count(TableStatus.EMPTY)

    @property
    def waiting(self) -> int:
        return self._count(TableStatus.ENTERED)

    @property
    def disputed(self) -> int:
        return self._count(TableStatus.DISPUTED)

    @property
    def confirmed(self) -> int:
        return self._count(TableStatus.CONFIRMED)

    @property
    def specials(self) -> int:
        return sum(1 for r in self.rows if r.special)

    @property
    def unlikely(self) -> int:
        return sum(1 for r in self.rows if r.unlikely)

    @property
    def complete(self) -> bool:
        return bool(self.rows) and self.confirmed == len(self.rows)


def round_recap(tournament: Tournament, round_: Round) -> Recap:
    """The recap of ``round_`` (a few queries, whatever the number of tables)."""
    pack = services.pack_of(tournament)
    tables = list(
        Table.objects.filter(round=round_)
        .select_related(
            "pair_ns__player1",
            "pair_ns__player2",
            "pair_ew__player1",
            "pair_ew__player2",
        )
        .order_by("number")
    )
    results = {
        r.table_id: r
        for r in TableResult.objects.filter(round=round_)
        .select_related("current")
        .prefetch_related("current__hands", "current__games")
    }
    labels = dict(TableStatus.choices)
    rows = []
    for table in tables:
        result = results.get(table.pk)
        status = result.status if result else TableStatus.EMPTY
        row = RecapRow(table, status, str(labels[status]))
        if status == TableStatus.CONFIRMED and result is not None:
            version = result.current
            row.version = version
            if version is not None and version.kind in ResultVersion.SHEET_KINDS:
                hands = [(h.ns, h.ew) for h in version.hands.all()]
                row.unlikely = stored_unlikely(
                    hands, (version.mp_ns, version.mp_ew), pack, tournament.game
                )
        rows.append(row)
    return Recap(round_, rows, game_words(tournament))
