"""The stored standings of a tournament as CSV (``manage.py export_standings_csv``, and
the "CSV" button of the director's standings page).

Written by :mod:`tournament.csvsafe`: a name that looks like a formula stays text.
"""

from __future__ import annotations

import io

from tournament import csvsafe
from tournament.models import Tournament

#: Columns of the standings CSV, in order: (header, snapshot or row attribute).
CSV_COLUMNS = (
    ("stage", "stage"),
    ("girone", "girone_label"),
    ("line", "line"),
    ("position", "position"),
    ("pair", "pair_number"),
    ("players", "players"),
    ("club", "club"),
    ("vp", "vp"),
    ("mp_for", "mp_for"),
    ("mp_against", "mp_against"),
    ("played", "played"),
    ("rests", "byes"),
    ("vp_per_match", "average"),
    ("tie_note", "note"),
    # Late and withdrawn pairs (docs/rules.md §8): the round it entered at, the last
    # round it played before withdrawing, the rounds it missed.
    ("entered_at_round", "entered_round"),
    ("withdrew_after_round", "withdrew_after"),
    ("rounds_missed", "missed"),
    ("pair_girone", "pair_girone"),
)


def standings_csv(tournament: Tournament, kind: str = "confirmed") -> str:
    """The stored standings of ``tournament`` as CSV: one line per pair (per team in a
    team tournament, under the same columns) and scope.

    ``kind`` is ``confirmed`` (every confirmed result) or ``public`` (the released
    rounds). Values are as stored, so the file matches the pages exactly: ``girone`` is
    the table's girone (empty for the overall standings), ``tie_note`` the tie's
    explanation in the active language, as the pages show it; ``pair_girone`` the
    pair's girone.
    """
    from django.utils import translation

    from standings.models import Snapshot
    from standings.refresh import ensure_fresh_tournament
    from standings.services.read import tables

    if kind == "confirmed":
        ensure_fresh_tournament(tournament)
    snapshots = sorted(
        Snapshot.objects.filter(tournament=tournament, kind=kind).select_related(
            "stage", "girone", "tournament"
        ),
        key=lambda s: (
            s.stage.order,
            s.girone.label if s.girone is not None else "",
            s.line,
        ),
    )
    english = (translation.get_language() or "").startswith("en")
    out = io.StringIO()
    writer = csvsafe.writer(out)
    writer.writerow([header for header, _ in CSV_COLUMNS])
    for table in tables(snapshots):
        snapshot = table.snapshot
        for row in table.rows:
            values = {
                "stage": str(snapshot.stage),
                "line": snapshot.line,
                "girone_label": snapshot.girone.label
                if snapshot.girone is not None
                else "",
                "note": row.note_en if english else row.note,
                "pair_girone": row.girone_label
                or (snapshot.girone.label if snapshot.girone is not None else ""),
            }
            writer.writerow(
                [
                    values[attr] if attr in values else _cell(getattr(row, attr))
                    for _, attr in CSV_COLUMNS
                ]
            )
    return out.getvalue()


def _cell(value: object) -> object:
    """A CSV cell: nothing for a missing value (not "None")."""
    return "" if value is None else value
