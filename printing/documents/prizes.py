"""The prize list (elenco premi): the final ranking down to the last prize.

Printed from the stored overall standings of the last groups stage (kind ``confirmed``).
Prizes are :class:`~printing.models.PrizeSlot` rows; without any, the first
``PRINTING_DEFAULT_PRIZE_SLOTS`` (default 3) positions get a plain prize. A prize goes
to the row at its place in the stored order (the tie-break chain has already ordered
ties, by lot last); a pair still level with another (tie not broken) is marked ex aequo,
and the tie's explanation is printed under it.
"""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _

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
    positions = [r.position for r in table.rows]
    rows = []
    for place, row in enumerate(table.rows[:last], start=1):
        shared = positions.count(row.position) > 1
        rows.append(
            {
                "place": place,
                "position": row.position,
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
