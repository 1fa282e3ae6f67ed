"""A round's recap: what the referee checks before closing it (docs/rules.md §5e).

Every table with its pairs and, once its result counts, the MP totals, the MP
difference and the VP, the kind of a special result with its reason, a correction, and
the unlikely values confirmed at the table. A table whose result does not count yet says
why: missing, awaiting the second entry ("in attesa": no number, the second referee
types blind) or sheets that differ. Reads only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils.formats import number_format
from django.utils.translation import gettext as _

from rules import bounds as rules_bounds
from rules.bounds import Code, Finding
from rules.packs import RulePack
from seating.models import Table, TeamMatch
from tournament.models import Round, Tournament
from tournament.words import GameWords, game_words

from . import room, services
from .formats import in_team_matches
from .models import ResultVersion, TableResult, TeamScore
from .services.bounds import hand_message

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


@dataclass(frozen=True)
class MatchRow:
    """A team match of the recap: its result once both its tables count (issue 28
    §8: the referee checks "11–9" as the teams will read it, not only each table)."""

    match: TeamMatch
    vp_a: int | None = None
    vp_b: int | None = None
    mp_a: int | None = None
    mp_b: int | None = None

    @property
    def counts(self) -> bool:
        return self.vp_a is not None


@dataclass
class Recap:
    """The whole round: its rows and what still stops it from closing."""

    round: Round
    rows: list[RecapRow]
    words: GameWords
    matches: list[MatchRow] = field(default_factory=list)

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
    def contested(self) -> int:
        """Players' entry: tables whose two lines disagreed once (issue 30)."""
        return self._count(TableStatus.CONTESTED)

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
    sources = room.open_sources(round_) if room.players_enter(tournament) else {}
    rows = []
    for table in tables:
        result = results.get(table.pk)
        status = result.status if result else TableStatus.EMPTY
        label = room.state_label(status, sources.get(table.pk, []))
        row = RecapRow(table, status, label or str(labels[status]))
        if status == TableStatus.CONFIRMED and result is not None:
            version = result.current
            row.version = version
            if version is not None and version.kind in ResultVersion.SHEET_KINDS:
                hands = [(h.ns, h.ew) for h in version.hands.all()]
                row.unlikely = stored_unlikely(
                    hands, (version.mp_ns, version.mp_ew), pack, tournament.game
                )
        rows.append(row)
    matches = _team_matches(round_) if in_team_matches(tournament) else []
    return Recap(round_, rows, game_words(tournament), matches)


def _team_matches(round_: Round) -> list[MatchRow]:
    """The round's team matches with their result where both tables count."""
    scores = {(s.match_id, s.side): s for s in TeamScore.objects.filter(round=round_)}
    rows = []
    for match in TeamMatch.objects.filter(round=round_).select_related(
        "team_a", "team_b"
    ):
        a, b = scores.get((match.pk, "a")), scores.get((match.pk, "b"))
        if a is None:
            rows.append(MatchRow(match))
            continue
        rows.append(
            MatchRow(
                match,
                vp_a=a.vp,
                vp_b=b.vp if b is not None else None,
                mp_a=a.mp_for,
                mp_b=a.mp_against if b is not None else None,
            )
        )
    return rows


def stored_unlikely(
    hands: Sequence[tuple[int, int]],
    totals: tuple[int | None, int | None],
    pack: RulePack,
    game: str,
) -> list[str]:
    """The unlikely values of a saved sheet, worded for the round's recap.

    ``hands`` are its smazzate (empty for a sheet typed as two totals, then ``totals``
    are checked as such). They were confirmed at the table; the recap shows them again
    so the referee looks twice before closing.
    """
    if game != "burraco":
        return []
    if hands:
        texts = []
        for f in rules_bounds.unlikely_hands(hands, pack):
            if f.hand is None or f.line is None:
                texts.append(_recap_table_message(f))
                continue
            where = {
                "n": f.hand,
                "line": _("NS") if f.line == "ns" else _("EO"),
                "value": number(f.value),
                "limit": number(f.limit or 0),
            }
            if f.code == Code.HAND_HIGH:
                text = (
                    _("hand %(n)s, %(line)s: %(value)s (more than %(limit)s)") % where
                )
            elif f.code == Code.HAND_LOW:
                text = (
                    _("hand %(n)s, %(line)s: %(value)s (less than %(limit)s)") % where
                )
            else:
                text = _("hand %(n)s, %(line)s: %(message)s") % {
                    **where,
                    "message": hand_message(f, game),
                }
            texts.append(text)
        return texts
    ns, ew = totals
    if ns is None or ew is None:
        return []
    return [
        _recap_table_message(f, totals=True)
        for f in rules_bounds.unlikely_totals((ns, ew), pack)
    ]


def _recap_table_message(finding: Finding, *, totals: bool = False) -> str:
    """A table's unlikely value as the recap lists it (the recap says "unlikely")."""
    if finding.code == Code.ALL_ZERO and totals:
        return _("both lines' MP are 0")
    if finding.code == Code.ALL_ZERO:
        return _("every hand is 0–0")
    return _("a difference of %(value)s MP (more than %(limit)s)") % {
        "value": number(finding.value),
        "limit": number(finding.limit or 0),
    }


def number(value: int) -> str:
    return number_format(value, force_grouping=True)
