"""Scoring services: every write of a result goes through here, in a transaction.

* :mod:`.sheets`: a typed sheet as plain values, checked and computed by :mod:`rules`;
* :mod:`.entry`: ``submit_sheet`` (idempotent, optimistically locked, versioned);
* :mod:`.confirmation`: double entry's differences and ``settle``;
* :mod:`.corrections`: the impact report of a correction;
* :mod:`.rounds`: a round's progress and ``close_round``;
* :mod:`.log`: the director's audit log;
* :mod:`.errors`: the user errors they raise (translated, keyed by form field).
"""

from .confirmation import Difference, differences, settle
from .entry import SaveResult, context_of, load_table, pack_of, submit_sheet
from .errors import (
    AlreadyConfirmedError,
    ConflictError,
    NotAllowedError,
    RoundNotReadyError,
    RoundStateError,
    ScoringError,
    SheetError,
)
from .rounds import RoundProgress, close_round, round_progress
from .sheets import Breakdown, Context, Hand, Outcome, Sheet, compute

__all__ = [
    "AlreadyConfirmedError",
    "Breakdown",
    "ConflictError",
    "Context",
    "Difference",
    "Hand",
    "NotAllowedError",
    "Outcome",
    "RoundNotReadyError",
    "RoundProgress",
    "RoundStateError",
    "SaveResult",
    "ScoringError",
    "Sheet",
    "SheetError",
    "close_round",
    "compute",
    "context_of",
    "differences",
    "load_table",
    "pack_of",
    "round_progress",
    "settle",
    "submit_sheet",
]
