"""What a replay prints: the rounds as they were seated and the stored standings.

Read from what the pages read (the tables of each round; the stored standings of kind
``confirmed``, ``standings.services.read``), with pairs by number::

    {"rounds": [{"girone": "A", "number": 1, "tables": [[1, 2]], "resting": [5]}],
     "standings": {"A": [{"position": 1, "pair": 14, "vp": 38, "mp_diff": 830,
                          "mp_scored": 5875, "played": 3, "note": ""}],
                   "overall": [{... the same, and "girone": "A"}]}}

``overall`` is there when the gironi stage has two or more gironi (the stored
overall standings); ``note`` is the tie's explanation in Italian, empty without one.
A round whose draft page lists meetings to note (a rematch, with the rounds the two
met in; two pairs of one club: docs/rules.md §9) gives them as ``meetings``, in
Italian, as the page words them.

A team tournament (docs/rules.md §11) also gives each round's ``matches`` (team
numbers, A first) and its ``resting`` teams, and ranks teams: ``"team"`` instead of
``"pair"`` in the standings rows.
"""

from __future__ import annotations

import json
from typing import Any

from draw.services.rounds import round_meetings
from seating.models import Table
from standings.models import Snapshot
from standings.services import read
from tournament.models import Round, Stage, Tournament

from .competitor import of as competitor_of

#: Columns :func:`dumps` fills before it breaks a value over lines.
WIDTH = 100


def rounds_of(tournament: Tournament) -> list[dict[str, Any]]:
    """Every published or closed round of the gironi: its tables and resting pairs."""
    found = (
        Round.objects.filter(
            girone__stage__tournament=tournament, girone__stage__kind=Stage.Kind.GROUPS
        )
        .exclude(status=Round.Status.DRAFT)
        .select_related("girone")
        .order_by("number", "girone__label")
    )
    seats: dict[int, list[tuple[int, int | None]]] = {}
    for round_id, ns, ew in (
        Table.objects.filter(round__in=found)
        .order_by("round_id", "number")
        .values_list("round_id", "pair_ns__number", "pair_ew__number")
    ):
        seats.setdefault(round_id, []).append((ns, ew))
    out = [
        {
            "girone": r.girone.label,
            "number": r.number,
            "tables": [[ns, ew] for ns, ew in seats.get(r.pk, []) if ew is not None],
            "resting": [ns for ns, ew in seats.get(r.pk, []) if ew is None],
        }
        for r in found
    ]
    for entry, r in zip(out, found, strict=True):
        noted = [m.message for m in round_meetings(r)]
        if noted:
            entry["meetings"] = noted
    matches = competitor_of(tournament).matches
    if matches is not None:  # the team matches, and the resting teams
        found_matches = matches(list(found))
        for entry, r in zip(out, found, strict=True):
            here = found_matches.get(r.pk, [])
            entry["matches"] = [[a, b] for a, b in here if b is not None]
            entry["resting"] = [a for a, b in here if b is None]
    return out


def row_of(row: Any, noun: str, number: int, *, girone: bool = False) -> dict[str, Any]:
    """A stored standings row (a pair's, a team's: its ``number`` under ``noun``)."""
    out: dict[str, Any] = {
        "position": row.position,
        noun: number,
        "vp": row.vp,
        "mp_diff": row.mp_diff,
        "mp_scored": row.mp_for,
        "played": row.played,
        "note": row.note,
    }
    if girone:
        out["girone"] = row.girone_label
    return out


def standings_of(tournament: Tournament) -> dict[str, list[dict[str, Any]]]:
    """The stored standings of the gironi (by label) and, with two or more, overall."""
    found = [
        s
        for s in read.snapshots(tournament, Snapshot.Kind.CONFIRMED)
        if s.stage.kind == Stage.Kind.GROUPS and s.line == ""
    ]
    first = min((s.stage.order for s in found), default=None)
    out: dict[str, list[dict[str, Any]]] = {}
    overall: list[dict[str, Any]] | None = None
    chosen = [s for s in found if s.stage.order == first]
    competitor = competitor_of(tournament)
    noun, number = competitor.noun, competitor.number
    for table in read.tables(chosen):
        if table.snapshot.girone_id is None:
            overall = [row_of(r, noun, number(r), girone=True) for r in table.rows]
        else:
            label = table.snapshot.girone.label
            out[label] = [row_of(r, noun, number(r)) for r in table.rows]
    if overall is not None:
        out["overall"] = overall
    return out


def result_of(tournament: Tournament) -> dict[str, Any]:
    """The replay's output for ``tournament``."""
    return {"rounds": rounds_of(tournament), "standings": standings_of(tournament)}


def dumps(value: Any, indent: int = 0, *, in_list: bool = False) -> str:
    """JSON for people: what fits in 100 columns on one line, and every row (an object
    of plain values in a list, e.g. a standings row or a pair) on one line.

    >>> print(dumps({"a": [{"x": 1}, {"x": 2}], "b": [[1, 2], [3, 4]]}))
    {"a": [{"x": 1}, {"x": 2}], "b": [[1, 2], [3, 4]]}
    >>> print(dumps({"rows": [{"note": "n" * 60, "pair": 1}, {"note": "", "pair": 2}]}))
    {
      "rows": [
        {"note": "nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn", "pair": 1},
        {"note": "", "pair": 2}
      ]
    }
    """
    flat = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, dict | list) or len(flat) + indent <= WIDTH:
        return flat
    if in_list and isinstance(value, dict) and _depth(value) <= 2:
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        items = [
            f"{pad}{json.dumps(k, ensure_ascii=False)}: {dumps(v, indent + 2)}"
            for k, v in value.items()
        ]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [f"{pad}{dumps(v, indent + 2, in_list=True)}" for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def _depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    return 0
