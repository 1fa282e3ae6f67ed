"""The director's provisional standings: confirmed results plus those only entered.

Not stored: one director looks at it, and it changes with every sheet. A table awaiting
its second entry counts with its latest entered sheet; a disputed table does not count
(its two sheets differ) and is reported. The scores are read by :mod:`scoring.scores`
and ranked by :mod:`.ranking`, as the stored standings are.
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
    entered: int  # tables counted from an entered, unconfirmed sheet
    disputed: int  # tables left out: their sheets differ


def provisional_standings(girone: Girone) -> Provisional:
    ctx = tournament_context(girone.stage.tournament)
    found = entered_scores(girone.pk)
    data = girone_input(girone.pk, found.scores)
    ranked = rank_girone(data, ctx)
    rows = build_rows(ctx, ranked, marks=marks([data]))
    return Provisional(girone, rows, found.entered, found.disputed)
