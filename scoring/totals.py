"""Per-pair totals that the movements need before the full standings exist.

``pair_totals`` is the seam between the director's workflow (Danese orders pairs by total
VP, then MP difference) and result entry; it lives with the other readers of stored
scores in :mod:`scoring.scores`, and is named here for the callers that know it here.
"""

from __future__ import annotations

from .scores import PairTotals, Position, pair_totals, team_totals

__all__ = ["PairTotals", "Position", "pair_totals", "team_totals"]
