"""The API's stored public standings, of pairs (``/standings``) and of teams
(``/team-standings``): one builder, each row in its competitor's own fields.

Each endpoint answers its own competitor's standings and an empty list for the other's
event (:mod:`public.competitor` says which an event ranks).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from standings.models import Snapshot
from standings.services import read
from tournament.models import Tournament

from .competitor import of as competitor_of


def standings_data(
    t: Tournament, lang: str, noun: str, own: Callable[[Any], dict[str, Any]]
) -> list[dict[str, Any]]:
    """The public standings of ``t`` when it ranks ``noun`` ("pair", "team"), each row
    with ``own(row)``: the competitor's number and names under its own keys."""
    competitor = competitor_of(t)
    if competitor.noun != noun:  # the other competitor's endpoint: nothing here
        return []
    english = lang == "en"
    out = []
    for table in competitor.standings_tables(read.snapshots(t, Snapshot.Kind.PUBLIC)):
        s = table.snapshot
        out.append(
            {
                "girone": s.girone.label if s.girone is not None else None,
                "stage": s.stage.order,
                "line": s.line
                or None,  # a team ranking has no lines: not in its schema
                "version": s.version,
                "rounds": s.rounds,
                "chain": s.chain,
                "rows": [
                    {
                        "rank": r.position,
                        **own(r),
                        "club": r.club,
                        "girone": r.girone_label,
                        "vp": r.vp,
                        "mp_difference": r.mp_diff,
                        "mp_scored": r.mp_for,
                        "matches_played": r.played,
                        "rests": r.byes,
                        "vp_per_match": r.average or None,
                        "tie_break_note": (r.note_en if english else r.note) or None,
                    }
                    for r in table.rows
                ],
            }
        )
    return out
