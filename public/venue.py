"""The venue screen: a projector's or a TV's page, read from across the hall.

What it shows is what the public pages show, read through the same functions: the
seating of the latest round whose tables are released in each girone (the round a
pair's page calls its current seat, :func:`public.services.current_seat`), one row per
pair in pair-number order (a player looks for their number), with the table as the
hall numbers it; and the public standings (:func:`public.pages.standings_found`:
none before a result is released) as the standings page ranks them. The page is
published as a file like the other public pages (:mod:`public.publish`), and its
script (``static/js/venue.js``) pages through the boards by itself and asks for the
file again after each pass: the screen follows the published files, no login.
"""

from __future__ import annotations

from dataclasses import dataclass

from participants.models import Pair
from seating.models import Table
from standings.models import Snapshot, local_decimal
from standings.services import read
from tournament.models import Round, Tournament

from . import services
from .competitor import of as competitor_of


@dataclass(frozen=True)
class SeatRow:
    """Where one pair plays the current round (``table`` None: it rests)."""

    pair: int
    names: str
    girone: str
    table: int | None = None
    line: str = ""  # "NS" or "EO"
    opponent: int | None = None


@dataclass(frozen=True)
class RankRow:
    position: int
    number: int
    names: str
    points: str


@dataclass(frozen=True)
class Ranking:
    """One stored public ranking (a girone's, a line's, the overall one)."""

    snapshot: Snapshot
    rows: list[RankRow]


def current_rounds(tournament: Tournament) -> list[Round]:
    """Each girone's latest round whose tables are released, in the latest stage that
    has one (gironi by label)."""
    latest: dict[int, Round] = {}
    for round_ in services.shown_rounds(tournament):
        known = latest.get(round_.girone_id)
        if known is None or _order(round_) > _order(known):
            latest[round_.girone_id] = round_
    if not latest:
        return []
    stage = max(r.girone.stage.order for r in latest.values())
    return sorted(
        (r for r in latest.values() if r.girone.stage.order == stage),
        key=lambda r: r.girone.label,
    )


def _order(round_: Round) -> tuple[int, int]:
    return (round_.girone.stage.order, round_.number)


def seating(tournament: Tournament, rounds: list[Round]) -> list[SeatRow]:
    """Every pair of these rounds' tables, by pair number (plain values: a national
    round has 1,000 pairs)."""
    if not rounds:
        return []
    by_id = {r.pk: r for r in rounds}
    tables = list(
        Table.objects.filter(round_id__in=list(by_id))
        .order_by()
        .values_list("round_id", "number", "pair_ns_id", "pair_ew_id")
    )
    ids = {pid for *_rest, ns, ew in tables for pid in (ns, ew) if pid is not None}
    pairs = {
        pk: (number, f"{last1} – {last2}")
        for pk, number, last1, last2 in Pair.objects.filter(pk__in=ids).values_list(
            "pk", "number", "player1__last_name", "player2__last_name"
        )
    }
    offsets = _hall_offsets(tournament, rounds)
    rows = []
    for round_id, number, ns_id, ew_id in tables:
        round_ = by_id[round_id]
        label = round_.girone.label
        shown = offsets.get(round_id, {}).get(round_.girone_id, 0) + number
        ns_number, ns_names = pairs[ns_id]
        if ew_id is None:
            rows.append(SeatRow(ns_number, ns_names, label))
            continue
        ew_number, ew_names = pairs[ew_id]
        rows.append(SeatRow(ns_number, ns_names, label, shown, "NS", ew_number))
        rows.append(SeatRow(ew_number, ew_names, label, shown, "EO", ns_number))
    rows.sort(key=lambda row: row.pair)
    return rows


def _hall_offsets(
    tournament: Tournament, rounds: list[Round]
) -> dict[int, dict[int, int]]:
    """Round id -> the hall's offsets of its stage and number (``hall_numbering``)."""
    if not tournament.hall_numbering:
        return {}
    from seating.services.hall import offsets

    return {r.pk: offsets(r.girone.stage_id, r.number) for r in rounds}


def rankings(tournament: Tournament, found: list[Snapshot]) -> list[Ranking]:
    """The rows of the public standings' tables (``found``: their snapshots)."""
    competitor = competitor_of(tournament)
    return [
        Ranking(
            t.snapshot,
            [RankRow(r.position, *competitor.rank(r), _points(r)) for r in t.rows],
        )
        for t in read.tables(found)
    ]


def _points(row) -> str:
    """VP (or points), or their average per round when the gironi play different
    numbers of rounds (the standings page's ranking column)."""
    return local_decimal(row.average) if row.average else str(row.vp)
