"""Stored standings: one snapshot per scope, rewritten when a result changes.

A :class:`Snapshot` is the ranking of one girone (or of a whole stage, or of one
Mitchell line) over one set of results, with a version number that goes up each time
its content changes. Its :class:`Row` rows are denormalised (pair number, players,
club) so that a reader renders them with one query and never aggregates.

Two kinds are kept: ``confirmed`` (every confirmed result: the director's official
standings) and ``public`` (confirmed results of the rounds whose results the director
released: what the public site and the API show). :class:`StandingsConfig` holds the
per-tournament settings the rule pack does not: the recorded lot seed, Mitchell lines
ranked apart, and the referee's decisions on ties.

Terminology: classifica = standings; girone = group; linea NS/EO = line; sorteggio =
lot; classifica avulsa = head-to-head table.
"""

from .config import StandingsConfig, _new_lot_seed, decisions_problem
from .seasons import DEFAULT_SEASON_SCALE, Season, _default_scale
from .snapshots import Row, Snapshot, TeamRow, attendance_note, local_decimal

# The migrations name the defaults by their first home (standings.models).
__all__ = [
    "DEFAULT_SEASON_SCALE",
    "Row",
    "Season",
    "Snapshot",
    "StandingsConfig",
    "TeamRow",
    "_default_scale",
    "_new_lot_seed",
    "attendance_note",
    "decisions_problem",
    "local_decimal",
]
