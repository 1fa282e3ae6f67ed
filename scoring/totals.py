"""Per-pair totals that the movements need before the full standings exist.

``pair_totals`` is the seam between the director's workflow (Danese orders pairs by total
VP, then MP difference) and result entry. It sums the :class:`~scoring.models.PairScore`
rows, which hold what the version that counts of each confirmed table gives each pair
(rest awards and the other special results included). A pair with no confirmed result
is absent from the mapping, which means 0 VP and 0 MP.

``girone_positions`` ranks a girone by VP, then MP difference, then pair number: a
stand-in for the standings engine, used by the impact report of a correction.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q, Sum


@dataclass(frozen=True)
class PairTotals:
    vp: int = 0
    mp_for: int = 0
    mp_against: int = 0
    played: int = 0

    @property
    def mp_diff(self) -> int:
        return self.mp_for - self.mp_against


@dataclass(frozen=True)
class Position:
    """One row of a girone's provisional ranking."""

    position: int
    pair_id: int
    pair_number: int
    totals: PairTotals


def pair_totals(
    girone_id: int, *, before_round: int | None = None
) -> dict[int, PairTotals]:
    """Totals per pair id over the confirmed results of a girone (rounds < before_round)."""
    from .models import PairScore

    rows = PairScore.objects.filter(girone_id=girone_id)
    if before_round is not None:
        rows = rows.filter(round_number__lt=before_round)
    aggregated = (
        rows.values("pair_id")
        .annotate(
            vp=Sum("vp"),
            mp_for=Sum("mp_for"),
            mp_against=Sum("mp_against"),
            played=Count("id", filter=Q(played=True)),
        )
        .order_by()
    )
    return {
        row["pair_id"]: PairTotals(
            vp=row["vp"],
            mp_for=row["mp_for"],
            mp_against=row["mp_against"],
            played=row["played"],
        )
        for row in aggregated
    }


def girone_positions(girone_id: int) -> list[Position]:
    """Every pair of the girone ranked by VP, MP difference, then pair number."""
    from tournament.models import Pair, Table

    totals = pair_totals(girone_id)
    seated = Table.objects.filter(round__girone_id=girone_id)
    pair_ids = (
        set(totals)
        | set(Pair.objects.filter(girone_id=girone_id).values_list("id", flat=True))
        | set(seated.values_list("pair_ns_id", flat=True))
        | {p for p in seated.values_list("pair_ew_id", flat=True) if p is not None}
    )
    numbers = dict(Pair.objects.filter(id__in=pair_ids).values_list("id", "number"))
    empty = PairTotals()
    ordered = sorted(
        pair_ids,
        key=lambda p: (
            -totals.get(p, empty).vp,
            -totals.get(p, empty).mp_diff,
            numbers[p],
        ),
    )
    return [
        Position(i, p, numbers[p], totals.get(p, empty))
        for i, p in enumerate(ordered, start=1)
    ]
