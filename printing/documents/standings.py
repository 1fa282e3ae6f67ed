"""Standings (classifica) overall and per girone, with the tie-break explanations.

Printed from the stored snapshots of the standings app (kind ``confirmed``: every
confirmed result, the director's official standings), never recomputed; the stored
render is keyed by the snapshots' versions. Each tie's explanation (rendered once by
rules.standings and stored on its rows) is printed under the tie's last row and kept
with it. A long table is laid out in sections of about :data:`ROWS_PER_SECTION` rows
(never inside a tie), each starting on a new page with the header.
"""

from __future__ import annotations

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from standings.models import Snapshot
from standings.services.read import snapshots, tables, version_tag
from tournament.models import Tournament
from tournament.words import game_words

from ..competitor import Competitor
from ..competitor import of as competitor_of
from .base import Document, DocumentError, get_girone, title_block

ROWS_PER_SECTION = 250


def _line_label(line: str) -> str:
    return {"ns": _("NS line"), "ew": _("EO line")}.get(line, "")


def _rows(table, english: bool, competitor: Competitor) -> list[dict]:
    out = []
    rows = table.rows
    for i, row in enumerate(rows):
        last_of_tie = row.tie is not None and (
            i + 1 == len(rows) or rows[i + 1].tie != row.tie
        )
        number, names = competitor.rank(row)
        out.append(
            {
                "position": row.position,
                "number": number,
                "players": names,
                # "entrata al turno 2", "ritirata dopo il turno 3" (docs/rules.md §8).
                "attendance": competitor.attendance(row),
                "club": row.club,
                "girone": row.girone_label,
                "played": row.played,
                "byes": row.byes,
                "vp": row.vp,
                "mp_for": row.mp_for,
                "mp_against": row.mp_against,
                "diff": row.mp_for - row.mp_against,
                "average": row.average_display,
                "tie": row.tie,
                "by_lot": row.by_lot,
                "note": (row.note_en if english and row.note_en else row.note)
                if last_of_tie
                else "",
            }
        )
    return out


def _split(rows: list[dict], size: int) -> list[list[dict]]:
    """Chunks of about ``size`` rows, never cutting a tie group."""
    chunks, current = [], []
    for row in rows:
        current.append(row)
        if len(current) >= size and (row["tie"] is None or row["note"]):
            chunks.append(current)
            current = []
    if current or not chunks:
        chunks.append(current)
    return chunks


def _heading(snapshot: Snapshot) -> str:
    """A table's heading: its girone (or stage), and its Mitchell line if it has one."""
    return " · ".join(
        part
        for part in (
            str(snapshot.girone) if snapshot.girone_id else str(snapshot.stage),
            _line_label(snapshot.line),
        )
        if part
    )


def build_standings(tournament: Tournament, *, girone_id: object = None) -> Document:
    found = snapshots(tournament, Snapshot.Kind.CONFIRMED)
    if girone_id is not None:
        girone = get_girone(tournament, girone_id)
        found = [s for s in found if s.girone_id == girone.pk]
        scope_label = str(girone)
        scope = f"girone:{girone.pk}"
        filename = f"classifica-girone-{girone.label}.pdf"
        what = _("Standings")
    else:
        found = [s for s in found if s.girone_id is None] or found
        scope_label = ""
        scope = ""
        filename = "classifica-generale.pdf"
        what = _("Overall standings")
    if not found:
        raise DocumentError(
            _("No standings yet for “%(what)s”: no result is confirmed.")
            % {"what": scope_label or tournament.name}
        )
    english = (get_language() or "it").startswith("en")
    sections: list[dict] = []
    size = 0
    overall = girone_id is None
    competitor = competitor_of(tournament)
    for table in tables(found):
        snapshot = table.snapshot
        heading = _heading(snapshot)
        rows = _rows(table, english, competitor)
        size += len(rows)
        chunks = _split(rows, ROWS_PER_SECTION)
        for n, chunk in enumerate(chunks):
            sections.append(
                {
                    "heading": heading,
                    "continued": n > 0,
                    "rows": chunk,
                    "show_girone": overall and snapshot.girone_id is None,
                    "show_average": any(r["average"] for r in rows),
                    "rounds": snapshot.rounds,
                    "settings_note": snapshot.settings_note if n == 0 else "",
                }
            )
    return Document(
        kind="standings",
        scope=scope,
        template="printing/pdf/standings.html",
        title=title_block(tournament, what, scope=scope_label),
        filename=filename,
        version="s" + version_tag(found),
        size=size,
        sections=sections,
        context={"words": game_words(tournament), "competitor": competitor},
    )
