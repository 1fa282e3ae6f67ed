"""Scoring services: every write of a result goes through here, in a transaction.

* :mod:`.sheets`: a typed sheet as plain values, checked and computed by :mod:`rules`;
* :mod:`.bounds`: impossible values refused, unlikely ones confirmed (docs/rules.md §5);
* :mod:`.loading`: the table with its rules, its result row locked;
* :mod:`.entry`: ``submit_sheet`` (idempotent, optimistically locked, versioned);
* :mod:`.referee`: which event of the lifecycle (``scoring.lifecycle``) a referee's
  sheet is, and what each writes;
* :mod:`.players`: the players' entry at the table;
* :mod:`.confirmation`: double entry's differences and ``settle``;
* :mod:`.corrections`: the impact report of a correction;
* :mod:`.rounds`: a round's progress and ``close_round``;
* :mod:`.log`: the director's audit log;
* :mod:`.errors`: the user errors they raise (translated, keyed by form field).
"""

from .bounds import (
    BoundsError,
    ImpossibleError,
    Problem,
    UnlikelyError,
    check_match,
    check_sheet,
    check_totals,
)
from .confirmation import Difference, differences, settle
from .entry import SaveResult, submit_sheet
from .errors import (
    AlreadyConfirmedError,
    ConflictError,
    NotAllowedError,
    RoundNotReadyError,
    RoundStateError,
    ScoringError,
    SheetError,
)
from .loading import context_of, load_table, pack_of
from .players import player_confirm, player_submit
from .rounds import (
    RoundProgress,
    close_round,
    correction_minutes,
    in_correction_period,
    round_progress,
)
from .sheets import Breakdown, Context, Hand, Outcome, Sheet, compute

__all__ = [
    "AlreadyConfirmedError",
    "BoundsError",
    "Breakdown",
    "ConflictError",
    "Context",
    "Difference",
    "Hand",
    "ImpossibleError",
    "NotAllowedError",
    "Outcome",
    "Problem",
    "RoundNotReadyError",
    "RoundProgress",
    "RoundStateError",
    "SaveResult",
    "ScoringError",
    "Sheet",
    "SheetError",
    "UnlikelyError",
    "check_match",
    "check_sheet",
    "check_totals",
    "close_round",
    "compute",
    "context_of",
    "correction_minutes",
    "differences",
    "in_correction_period",
    "load_table",
    "pack_of",
    "player_confirm",
    "player_submit",
    "round_progress",
    "settle",
    "submit_sheet",
]
