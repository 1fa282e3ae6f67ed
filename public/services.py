"""What the public site and the API may show: released tables and results only.

What is public is decided by :mod:`tournament.visibility` (a draft tournament is not
public at all; a round's tables and results only once the round is published and the
director released them); every query here goes through it. The standings come stored
(``standings`` app, kind ``public``), so nothing here aggregates results.
"""

from __future__ import annotations

import copy
import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet
from django.shortcuts import get_object_or_404
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from participants.models import Pair
from people.search import query_words
from seating.models import Table
from tournament import visibility
from tournament.models import Round, Stage, Tournament

from .search import Search, SearchTexts, search


def public_tournaments() -> QuerySet[Tournament]:
    return visibility.public_tournaments()


def tournaments_today_first(
    tournaments: list[Tournament], today: dt.date | None = None
) -> list[Tournament]:
    """Today's first, then the coming ones (soonest first), then the past (latest first)."""
    today = today or timezone.localdate()

    def key(t: Tournament) -> tuple[int, int]:
        days = (t.date - today).days
        if days == 0:
            return (0, 0)
        return (1, days) if days > 0 else (2, -days)

    return sorted(tournaments, key=lambda t: (*key(t), t.name))


def get_tournament(slug: str) -> Tournament:
    return get_object_or_404(public_tournaments(), slug=slug)


def bracket_url(tournament: Tournament) -> str | None:
    """The knockout page, when the tournament has a knockout stage."""
    if not Stage.objects.filter(
        tournament=tournament, kind=Stage.Kind.KNOCKOUT
    ).exists():
        return None
    try:
        return reverse("knockout:public", kwargs={"slug": tournament.slug})
    except NoReverseMatch:
        return f"/tabellone/{tournament.slug}/"


def shown_rounds(tournament: Tournament) -> QuerySet[Round]:
    """Rounds whose tables are released, latest first."""
    return (
        visibility.public_rounds(tournament)
        .select_related("girone__stage")
        .order_by("-number", "girone__label")
    )


@dataclass(frozen=True)
class Seat:
    """Where a pair sits in a round, and against whom."""

    round: Round
    table: Table
    line: str  # "NS" or "EO"
    opponent: Pair | None  # None: rest (riposo)
    vp: int | None = None  # only when the round's results are public
    mp_for: int | None = None
    mp_against: int | None = None

    @property
    def number(self) -> int:
        """The table's number as the players see it (the hall's, when numbered so)."""
        return getattr(self.table, "hall_number", self.table.number)


PAIR_TEXTS = SearchTexts(
    gettext_lazy("Type your pair number or a surname."),
    gettext_lazy(
        "No pair has number %(number)s in this tournament (pairs: 1–%(last)s)."
    ),
    gettext_lazy(
        'No player named "%(name)s" in this tournament. Try your pair number.'
    ),
)


def find_pairs(tournament: Tournament, query: str) -> Search:
    """A pair by number or by (part of) a player's name; a helpful message otherwise.

    Names are compared folded (``people.search``): ``dangelo``, ``D’Angelo`` and
    ``niccolo`` all find "D'Angelo Niccolò", on every database.
    """
    pairs = Pair.objects.filter(tournament=tournament).select_related(
        "player1", "player2", "club"
    )

    def by_name(query: str) -> list[Pair]:
        words = query_words(query)
        match = Q()
        for word in words:
            match &= Q(player1__search_key__contains=word) | Q(
                player2__search_key__contains=word
            )
        return list(pairs.filter(match).order_by("number")[:20]) if words else []

    return search(query, pairs, by_name, PAIR_TEXTS)


def _released_rounds(tournament_id: int) -> dict[int, Round]:
    return {
        r.pk: r
        for r in Round.objects.filter(
            visibility.tables_public_q(),
            girone__stage__tournament_id=tournament_id,
        )
        .select_related("girone__stage")
        .order_by()
    }


def pair_tables(pair: Pair) -> list[Table]:
    """The pair's tables in the rounds whose tables are released, in play order.

    Three small queries (rounds, tables, opponents) rather than one join of nine
    tables: phones ask for this page all day, and planning that join cost more than
    running it. :func:`pairs_tables` does the same for many pairs at once.
    """
    rounds = _released_rounds(pair.tournament_id)
    if not rounds:
        return []
    tables = list(
        Table.objects.filter(
            Q(pair_ns_id=pair.pk) | Q(pair_ew_id=pair.pk), round_id__in=list(rounds)
        ).order_by()
    )
    others = {t.pair_ew_id if t.pair_ns_id == pair.pk else t.pair_ns_id for t in tables}
    others.discard(None)
    opponents = Pair.objects.select_related("player1", "player2").in_bulk(others)
    hall = _hall_numbering(pair.tournament_id, bool(tables))
    return _seat_tables(pair, tables, rounds, opponents, hall)


def pairs_tables(tournament_id: int, pairs: list[Pair]) -> dict[int, list[Table]]:
    """:func:`pair_tables` of each of ``pairs`` (pair id -> tables), in four queries
    whatever their number (publishing every pair page of a girone at once)."""
    rounds = _released_rounds(tournament_id)
    ids = [p.pk for p in pairs]
    found: dict[int, list[Table]] = {pk: [] for pk in ids}
    if not rounds or not ids:
        return found
    wanted = set(ids)
    tables = Table.objects.filter(
        Q(pair_ns_id__in=ids) | Q(pair_ew_id__in=ids), round_id__in=list(rounds)
    ).order_by()
    others: set[int] = set()
    for table in tables:
        for pid in (table.pair_ns_id, table.pair_ew_id):
            if pid in wanted:
                # Each pair its own copy: the view sets the table's sides and number.
                found[pid].append(copy.copy(table))
            if pid is not None:
                others.add(pid)
    opponents = Pair.objects.select_related("player1", "player2").in_bulk(others)
    hall = _hall_numbering(tournament_id, bool(others))
    return {
        pair.pk: _seat_tables(pair, found[pair.pk], rounds, opponents, hall)
        for pair in pairs
    }


def _seat_tables(pair, tables, rounds, opponents, hall) -> list[Table]:
    for table in tables:
        table.round = rounds[table.round_id]
        for side in ("pair_ns", "pair_ew"):
            pid = getattr(table, f"{side}_id")
            if pid is not None:
                setattr(table, side, pair if pid == pair.pk else opponents[pid])
    tables.sort(key=lambda t: (t.round.girone.stage.order, t.round.number))
    if hall is not None:
        hall(tables)
    return tables


def _hall_numbering(tournament_id: int, any_table: bool):
    """A function giving each table its hall number when the tournament numbers
    tables so (None otherwise); the hall's offsets are computed once per round."""
    if (
        not any_table
        or not Tournament.objects.filter(pk=tournament_id, hall_numbering=True).exists()
    ):
        return None
    from seating.services.hall import offsets

    before: dict[tuple[int, int], dict[int, int]] = {}

    def number(tables: list[Table]) -> None:
        for table in tables:
            key = (table.round.girone.stage_id, table.round.number)
            if key not in before:
                before[key] = offsets(*key)
            hall_number = before[key].get(table.round.girone_id, 0) + table.number
            table.hall_number = hall_number  # type: ignore[attr-defined]

    return number


def current_seat(pair: Pair, tables: list[Table] | None = None) -> Seat | None:
    """The pair's table in the latest round whose tables are released."""
    tables = pair_tables(pair) if tables is None else tables
    return _seat(pair, tables[-1]) if tables else None


def released_scores(pair_ids: list[int]) -> dict[int, dict[int, Any]]:
    """Pair id -> round id -> its PairScore, in the rounds whose results are public."""
    from scoring.models import PairScore

    found: dict[int, dict[int, Any]] = {pk: {} for pk in pair_ids}
    for score in PairScore.objects.filter(
        visibility.results_public_q("round__"), pair_id__in=pair_ids
    ).order_by():
        found[score.pair_id][score.round_id] = score
    return found


def history(
    pair: Pair,
    tables: list[Table] | None = None,
    scores: dict[int, Any] | None = None,
) -> list[Seat]:
    """The pair's released rounds, first to last, with results where released
    (``scores``: :func:`released_scores` of the pair, when loaded already)."""
    tables = pair_tables(pair) if tables is None else tables
    if scores is None:
        scores = released_scores([pair.pk])[pair.pk]
    seats = []
    for table in tables:
        score = scores.get(table.round_id)
        seat = _seat(pair, table)
        if score is not None:
            seat = Seat(
                seat.round,
                seat.table,
                seat.line,
                seat.opponent,
                score.vp,
                score.mp_for,
                score.mp_against,
            )
        seats.append(seat)
    return seats


def _seat(pair: Pair, table: Table) -> Seat:
    if table.pair_ns_id == pair.pk:
        return Seat(table.round, table, "NS", table.pair_ew)
    return Seat(table.round, table, "EO", table.pair_ns)


@dataclass(frozen=True)
class MyRow:
    """A pair's row in one stored ranking, and how many pairs that ranking has."""

    row: object  # standings.models.Row
    title: str
    out_of: int


def pair_rows(found: list, number: int) -> list[MyRow]:
    """The pair's row in each of these public snapshots (girone first, then overall)."""
    from django.db.models import Count

    from standings.models import Row

    sizes = dict(
        Row.objects.filter(snapshot__in=found)
        .values("snapshot")
        .annotate(n=Count("pk"))
        .values_list("snapshot", "n")
    )
    rows = {
        r.snapshot_id: r
        for r in Row.objects.filter(snapshot__in=found, pair_number=number)
    }
    mine = []
    for snapshot in found:
        row = rows.get(snapshot.pk)
        if row is None:
            continue
        title = str(snapshot.girone) if snapshot.girone_id else _("Overall standings")
        if snapshot.line:
            title += " · " + snapshot.get_line_display()
        mine.append(MyRow(row, title, sizes[snapshot.pk]))
    return mine


@dataclass(frozen=True)
class Provisional:
    """A closed round whose results are still provisional (docs/rules.md §5e)."""

    girone: str
    number: int
    until: dt.datetime

    @property
    def deadline(self) -> str:
        """The end of the correction period, ISO 8601 (the page's script counts down)."""
        return self.until.isoformat()


def provisional_rounds(
    tournament: Tournament, now: dt.datetime | None = None
) -> list[Provisional]:
    """The closed rounds with public results still in their correction period.

    Plain values: a page shows them with the deadline, and its script counts the time
    left in the browser (the page stays cacheable: the list changes only when a round
    closes or a deadline passes, see :func:`provisional_key`).
    """
    now = now or timezone.now()
    rows = (
        Round.objects.filter(
            visibility.results_public_q(),
            girone__stage__tournament=tournament,
            status=Round.Status.CLOSED,
            provisional_until__gt=now,
        )
        .order_by("girone__label", "number")
        .values_list("girone__label", "number", "provisional_until")
    )
    return [
        Provisional(label, number, until)
        for label, number, until in rows
        if until is not None  # the filter above: always set
    ]


def provisional_key(rounds: list[Provisional]) -> str:
    """A short tag of the provisional rounds, for cache keys and ETags."""
    if not rounds:
        return "f"
    return "p" + "-".join(
        f"{p.girone}{p.number}.{int(p.until.timestamp())}" for p in rounds
    )
