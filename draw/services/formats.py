"""The one place the draw picks a format's behaviour (issue 29).

A team event's rounds are generated, checked, swapped and shown as a pair event's: the
same movements (:mod:`draw.services.pairing`) on the competitors' numbers, the same
checker, the same round page. What truly differs is how a girone is read (a team's
rounds are its matches), how a round's seats are saved (a team match takes two tables
and its line-ups, :mod:`seating.services.team_rounds`), how the round page shows them,
and the words. :func:`format_of` picks them from the event's competitor
(:func:`participants.competitors.competitors_of`, the one place that asks whether an
event is of teams); the callers read the answer's data and never branch.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from draw.services.girone_state import GironeState, load_state, load_team_state
from draw.services.words import PAIR_WORDS, TEAM_WORDS, DrawWords
from participants.competitors import PAIRS, TEAMS, Competitors, competitors_of
from seating.services.tables import PlannedTable, pair_planned_tables, save_pair_tables
from seating.services.team_rounds import save_team_round, team_planned_tables
from tournament.models import Round, Tournament

__all__ = ["DrawFormat", "format_of"]


@dataclass(frozen=True)
class DrawFormat:
    """How the draw reads, saves and shows one format's rounds."""

    #: ``load_state(girone, before=None)``: the girone as the movements see it.
    load_state: Callable[..., GironeState]
    #: A saved round's seats by table (a team match: one entry, team numbers).
    planned_tables: Callable[[Round], list[PlannedTable]]
    #: ``save_tables(round, pk_of, tables)``: seat a round as planned.
    save_tables: Callable[[Round, dict[int, int], list[PlannedTable]], None]
    #: The round page's part that shows who sits where.
    seats_template: str
    words: DrawWords


#: Each field of :class:`DrawFormat` side by side: (a pair event's, a team event's).
_FIELDS: dict[str, tuple[Any, Any]] = {
    "load_state": (load_state, load_team_state),
    "planned_tables": (pair_planned_tables, team_planned_tables),
    "save_tables": (save_pair_tables, save_team_round),
    "seats_template": (
        "tournament/includes/_round_tables.html",
        "tournament/includes/_round_matches.html",
    ),
    "words": (PAIR_WORDS, TEAM_WORDS),
}

_FORMATS: dict[Competitors, DrawFormat] = {
    kind: DrawFormat(**{name: values[side] for name, values in _FIELDS.items()})
    for side, kind in enumerate((PAIRS, TEAMS))
}


def format_of(tournament: Tournament) -> DrawFormat:
    """The draw's behaviour for the tournament's competitor (its pairs or its teams)."""
    return _FORMATS[competitors_of(tournament)]
