"""The prize list (elenco premi): the final ranking down to the last prize.

Printed from the stored overall standings of the last groups stage (kind ``confirmed``).
Prizes are :class:`~printing.models.PrizeSlot` rows; without any, the first
``PRINTING_DEFAULT_PRIZE_SLOTS`` (default 3) positions get a plain prize. A prize goes
to the row at its place in the stored order (the tie-break chain has already ordered
ties, by lot last); a pair still level with another (tie not broken) is marked ex aequo,
and the tie's explanation is printed under it.
"""

from __future__ import annotations

from collections import Counter

from django.conf import settings
from django.utils.translation import gettext as _

from knockout.models import Bracket
from knockout.services.read import bracket_places
from standings.models import Snapshot
from standings.services.read import snapshots, tables
from tournament.models import Tournament
from tournament.words import game_words

from ..models import PrizeSlot
from .base import Document, DocumentError, fingerprint, title_block


def prize_slots(tournament: Tournament) -> list[tuple[int, str]]:
    slots = [
        (s.position, s.prize) for s in PrizeSlot.objects.filter(tournament=tournament)
    ]
    if slots:
        return slots
    count = int(getattr(settings, "PRINTING_DEFAULT_PRIZE_SLOTS", 3))
    return [(n, _("Prize no. %(n)s") % {"n": n}) for n in range(1, count + 1)]


def after_the_tabellone(tournament: Tournament, rows) -> list[tuple[object, int, bool]]:
    """The standings' rows as the prizes go: ``(row, position, ex aequo)``.

    Without a tabellone, the standings' order. After a played tabellone (one, of pairs)
    its placings come first (:func:`knockout.services.read.bracket_places`: the winner,
    the finalist, then each earlier round's pairs, level), then the other pairs in the
    standings' order (docs/rules.md §9.5).
    """
    brackets = list(Bracket.objects.filter(tournament=tournament))
    groups = bracket_places(brackets[0]) if len(brackets) == 1 else []
    if not groups:
        positions = [r.position for r in rows]
        return [(r, r.position, positions.count(r.position) > 1) for r in rows]
    by_pair = {r.pair_id: r for r in rows}
    ordered: list[tuple[object, int, bool]] = []
    for group in groups:
        position = len(ordered) + 1
        for pair_id in group:
            if pair_id in by_pair:
                ordered.append((by_pair.pop(pair_id), position, len(group) > 1))
    rest = [r for r in rows if r.pair_id in by_pair]
    counts = Counter(r.position for r in rest)
    shown: dict[int, int] = {}  # the standings' position -> the prize list's
    for row in rest:
        position = shown.setdefault(row.position, len(ordered) + 1)
        ordered.append((row, position, counts[row.position] > 1))
    return ordered


def build_prize_list(tournament: Tournament) -> Document:
    found = [
        s
        for s in snapshots(tournament, Snapshot.Kind.CONFIRMED)
        if s.girone_id is None and s.line == ""
    ]
    if not found:
        found = [
            s for s in snapshots(tournament, Snapshot.Kind.CONFIRMED) if s.line == ""
        ][:1]
    if not found:
        raise DocumentError(
            _("No standings yet for “%(what)s”: no result is confirmed.")
            % {"what": tournament.name}
        )
    table = tables(found[-1:])[0]
    slots = dict(prize_slots(tournament))
    last = max(slots)
    ordered = after_the_tabellone(tournament, table.rows)
    rows = []
    for place, (row, position, shared) in enumerate(ordered[:last], start=1):
        rows.append(
            {
                "place": place,
                "position": position,
                "ex_aequo": shared,
                "number": row.pair_number,
                "players": row.players,
                "attendance": row.attendance,
                "club": row.club,
                "vp": row.vp,
                "diff": row.mp_for - row.mp_against,
                "prize": slots.get(place, ""),
                "tie": row.tie,
                "note": row.note,
            }
        )
    notes = {r["tie"]: r["note"] for r in rows if r["tie"] and r["note"]}
    return Document(
        kind="prizes",
        scope="",
        template="printing/pdf/prizes.html",
        title=title_block(tournament, _("Prize list")),
        filename="premi.pdf",
        version=fingerprint([table.snapshot.etag], sorted(slots.items())),
        size=len(rows),
        sections=[
            {
                "rows": rows,
                "notes": sorted(notes.items()),
                "ex_aequo": any(r["ex_aequo"] for r in rows),
            }
        ],
        context={"words": game_words(tournament)},
    )
