"""Per-pair totals that the movements need before the full standings exist.

``pair_totals`` is the seam between the director's workflow (Danese orders pairs by total
VP, then MP difference) and result entry. It sums the :class:`~scoring.models.PairScore`
rows, which hold what the version that counts of each confirmed table gives each pair
(rest awards and the other special results included). A pair with no confirmed result
is absent from the mapping, which means 0 VP and 0 MP.

``girone_positions`` ranks a girone with the standings engine (``rules.standings``) and
the rule pack's tie-break chain: the positions of a correction's impact report.
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
    """Every pair of the girone ranked by the rule pack's chain (``rules.standings``).

    The matches are the confirmed results (PairScore rows); a rest is a match against
    nobody. Ties the chain cannot break (the lot is not drawn here) share a position.
    """
    from rules.packs import load_pack
    from rules.standings import rank
    from tournament.models import Girone, Pair, Table

    from .models import PairScore

    tournament = Girone.objects.select_related("stage__tournament").get(pk=girone_id)
    tournament = tournament.stage.tournament
    standings = load_pack(tournament.rule_pack, tournament.rule_pack_version).standings
    totals = pair_totals(girone_id)
    seated = Table.objects.filter(round__girone_id=girone_id)
    pair_ids = (
        set(totals)
        | set(Pair.objects.filter(girone_id=girone_id).values_list("id", flat=True))
        | set(seated.values_list("pair_ns_id", flat=True))
        | {p for p in seated.values_list("pair_ew_id", flat=True) if p is not None}
    )
    by_table: dict[int, dict[str, tuple[int, int, int]]] = {}
    for table_id, line, pair_id, mp_for, vp in PairScore.objects.filter(
        girone_id=girone_id
    ).values_list("table_id", "line", "pair_id", "mp_for", "vp"):
        by_table.setdefault(table_id, {})[line] = (pair_id, mp_for, vp)
    matches = []
    for lines in by_table.values():
        ns, ew = lines.get("ns"), lines.get("ew")
        if ns and ew:
            matches.append((ns[0], ew[0], ns[1], ew[1], ns[2], ew[2]))
        elif ns:
            matches.append((ns[0], None, ns[1], 0, ns[2], 0))
    chain = [c for c in standings.chain if c != "lot"]
    rows = rank(
        matches,
        chain,
        reapply_head_to_head=standings.reapply_head_to_head,
        unmet=standings.unmet_ties,
        teams=pair_ids,
    )
    numbers = dict(Pair.objects.filter(id__in=pair_ids).values_list("id", "number"))
    empty = PairTotals()
    return [
        Position(row.position, row.team, numbers[row.team], totals.get(row.team, empty))
        for row in rows
    ]
