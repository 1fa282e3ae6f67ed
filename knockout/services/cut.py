"""The ties at the qualifying cut, explained: the standings' own note for each, or a
plain one; a tie the standings left level (a lot not drawn, no referee's decision)
stops the confirmation (``Proposal.blocked``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from participants.models import Pair, Team
from rules.knockout.qualifiers import ties_at_cut
from standings.models import Row

from .entrants import Entrants


@dataclass(frozen=True)
class CutTieView:
    girone: str
    pairs: list[Pair | Team]
    inside: list[Pair | Team]
    resolved: bool
    note: str


def cut_ties(
    by_girone: dict[str, list[Row]],
    overall: list[Row],
    pairs: dict[int, Pair],
    entrants: Entrants,
    *,
    per_girone: int | None,
    best_next: int,
    count: int,
) -> list[CutTieView]:
    """The ties at the cut, each with the note its standings wrote (or a plain one).

    ``per_girone``: the places each girone gives (None: qualifiers by the overall
    standings, ``count`` of them); ``best_next``: the best of the next place after.
    """
    found = []
    if per_girone is not None:
        standings = {
            label: [r.entrant for r in rows] for label, rows in by_girone.items()
        }
        for label, rows in by_girone.items():
            found += [
                (label, t, rows)
                for t in ties_at_cut(_tie_rows(rows), per_girone, girone=label)
            ]
        if best_next:
            rows = [
                r for r in overall if r.entrant in _places(standings, per_girone + 1)
            ]
            found += [("", t, rows) for t in ties_at_cut(_tie_rows(rows), best_next)]
    else:
        found += [("", t, overall) for t in ties_at_cut(_tie_rows(overall), count)]
    views = []
    for label, tie, rows in found:
        note = next((r.note for r in rows if r.entrant in tie.pairs and r.note), "")
        if not note:
            note = _fallback_note(tie.pairs, rows, pairs, entrants)
        views.append(
            CutTieView(
                label,
                [pairs[p] for p in tie.pairs],
                [pairs[p] for p in tie.inside],
                tie.resolved,
                note,
            )
        )
    return views


def _fallback_note(
    tied: Sequence[int], rows: list[Row], pairs: dict[int, Pair], entrants: Entrants
) -> str:
    """A plain note when the stored standings carry none for a tie."""
    tied_rows = [r for r in rows if r.entrant in tied]
    names = ", ".join(str(pairs[r.entrant].number) for r in tied_rows)
    by_lot = any(r.by_lot for r in tied_rows)
    note = entrants.level_by_lot if by_lot else entrants.level_by_chain
    # The pairs' and the teams' texts name them %(pairs)s and %(teams)s.
    return str(note) % {"pairs": names, "teams": names, "points": tied_rows[0].vp}


def _places(standings: dict[str, list[int]], place: int) -> set[int]:
    return {pairs[place - 1] for pairs in standings.values() if len(pairs) >= place}


def _tie_rows(rows: list[Row]) -> list[tuple[int, int, list[int]]]:
    """(pair, position, tied group) from stored rows (``tie`` = the tie group's id)."""
    groups: dict[int, list[int]] = {}
    for r in rows:
        if r.tie is not None:
            groups.setdefault(r.tie, []).append(r.entrant)
    return [
        (r.entrant, r.position, groups.get(r.tie, []) if r.tie is not None else [])
        for r in rows
    ]
