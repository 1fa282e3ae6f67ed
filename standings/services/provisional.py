"""The director's provisional standings: the confirmed results, and what still waits.

Not stored: one director looks at it, and it changes with every sheet. A table awaiting
its second entry is counted but its first sheet is left out: a director may type that
second entry, and nothing of a pending first entry is shown to anyone who may still
type the second (blind double entry, issue 14 §5). A disputed table does not count (its
two sheets differ) and is reported. The scores are read by :mod:`scoring.scores` and
ranked by :mod:`.ranking`, as the stored standings are.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.scores import entered_scores
from tournament.models import Girone

from .context import tournament_context
from .ranking import girone_input, marks, rank_girone
from .rows import RowData, build_rows


@dataclass(frozen=True)
class Provisional:
    girone: Girone
    rows: list[RowData]
    entered: int  # tables left out: awaiting their second entry (blind)
    disputed: int  # tables left out: their sheets differ


def provisional_standings(girone: Girone) -> Provisional:
    ctx = tournament_context(girone.stage.tournament)
    found = entered_scores(girone.pk)
    data = girone_input(ctx, girone.pk, found.scores)
    ranked = rank_girone(data, ctx)
    rows = build_rows(ctx, ranked, marks=marks([data]))
    return Provisional(girone, rows, found.entered, found.disputed)
