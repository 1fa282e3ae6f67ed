"""Per-pair totals that the movements need before the full standings exist.

``pair_totals`` is the seam between the director's workflow (Danese orders pairs by total
VP, then MP difference) and result entry. Until results exist it returns an empty mapping,
which means every pair has 0 VP and 0 MP.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PairTotals:
    vp: int = 0
    mp_for: int = 0
    mp_against: int = 0
    played: int = 0

    @property
    def mp_diff(self) -> int:
        return self.mp_for - self.mp_against


def pair_totals(
    girone_id: int, *, before_round: int | None = None
) -> dict[int, PairTotals]:
    """Totals per pair id over the confirmed results of a girone (rounds < before_round)."""
    return {}
