"""The MP→VP tables of a pack: ``[vp]`` for a pair's turn, ``[team.tables]`` for a team's.

Both are lists of bands per smazzate count, checked the same way: open-ended last,
bounds in steps of 5 that increase, winner VP that increase from an even split.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, cast

from rules.errors import RulePackError
from rules.packs.sections import TeamSection, VpBand, VpSection, VpTableSpec
from rules.packs.table import Table


def read_vp(t: Table) -> VpSection:
    total = t.int_("total", minimum=2)
    hands_1_uses = t.int_("hands_1_uses", minimum=2)
    raw_tables = t.table("tables")
    tables = []
    for key in sorted(raw_tables.keys(), key=lambda k: (len(k), k)):
        if not key.isdigit() or int(key) < 1:
            raise RulePackError(
                f"{t.origin}: [vp.tables] keys are smazzate counts, got {key!r}"
            )
        where = f"vp.tables.{key}"
        rows = raw_tables.list_(key)
        bands = tuple(_band(row, where, t.origin) for row in rows)
        _check_bands(bands, total, where, t.origin)
        tables.append(VpTableSpec(int(key), bands))
    raw_tables.done()
    if not tables:
        raise RulePackError(f"{t.origin}: [vp.tables] holds no table")
    if hands_1_uses not in {table.hands for table in tables}:
        raise RulePackError(
            f"{t.origin}: [vp] hands_1_uses = {hands_1_uses} names no table in"
            " [vp.tables]"
        )
    target_points = t.int_("target_points", minimum=0, step=5)
    target_uses = t.int_("target_uses", minimum=0)
    if target_points and target_uses not in {table.hands for table in tables}:
        raise RulePackError(
            f"{t.origin}: [vp] target_uses = {target_uses} names no table in"
            " [vp.tables]"
        )
    t.done()
    return VpSection(tuple(tables), hands_1_uses, total, target_points, target_uses)


def _band(row: object, where: str, origin: str) -> VpBand:
    if not isinstance(row, dict):
        raise RulePackError(
            f"{origin}: each band in [{where}] must be a table like"
            f" {{max_diff = 40, winner_vp = 10}}, got {row!r}"
        )
    band = Table(cast(dict[str, object], row), where, origin)
    max_diff = band.int_("max_diff", minimum=0) if "max_diff" in band else None
    winner_vp = band.int_("winner_vp", minimum=0)
    band.done()
    return VpBand(max_diff, winner_vp)


def _check_bands(
    bands: tuple[VpBand, ...], total: int, where: str, origin: str
) -> None:
    if not bands or bands[-1].max_diff is not None:
        raise RulePackError(f"{origin}: the last band of [{where}] must be open-ended")
    if bands[0].winner_vp * 2 != total:
        raise RulePackError(
            f"{origin}: the first band of [{where}] must split {total} VP evenly,"
            f" got winner_vp = {bands[0].winner_vp}"
        )
    previous: VpBand | None = None
    for band in bands:
        if band.max_diff is None and band is not bands[-1]:
            raise RulePackError(
                f"{origin}: only the last band of [{where}] may be open"
            )
        if band.max_diff is not None and band.max_diff % 5:
            raise RulePackError(
                f"{origin}: band bounds are multiples of 5, got max_diff ="
                f" {band.max_diff} in [{where}]"
            )
        if band.winner_vp > total:
            raise RulePackError(
                f"{origin}: winner_vp = {band.winner_vp} exceeds total = {total}"
                f" in [{where}]"
            )
        if previous is not None:
            assert previous.max_diff is not None  # only the last band is open
            if band.max_diff is not None and band.max_diff <= previous.max_diff:
                raise RulePackError(
                    f"{origin}: band bounds must increase, got {band.max_diff} after"
                    f" {previous.max_diff} in [{where}]"
                )
            if band.winner_vp <= previous.winner_vp:
                raise RulePackError(
                    f"{origin}: winner_vp must increase band by band, got"
                    f" {band.winner_vp} after {previous.winner_vp} in [{where}]"
                )
        previous = band


def read_team(t: Table, vp: object) -> TeamSection:
    combination = t.choice("mp_combination", ("sum_of_differences", "sum_of_vp"))
    total = t.int_("total", minimum=2)
    raw_tables = t.table("tables")
    tables = []
    for key in sorted(raw_tables.keys(), key=lambda k: (len(k), k)):
        if not key.isdigit() or int(key) < 1:
            raise RulePackError(
                f"{t.origin}: [team.tables] keys are smazzate counts, got {key!r}"
            )
        where = f"team.tables.{key}"
        bands = tuple(_band(row, where, t.origin) for row in raw_tables.list_(key))
        _check_bands(bands, total, where, t.origin)
        tables.append(VpTableSpec(int(key), bands))
    raw_tables.done()
    # Every turn length the pair tables allow has its team table (a team tournament
    # under this pack can then play any of them).
    pair_tables = vp.get("tables", {}) if isinstance(vp, Mapping) else {}
    missing = sorted(set(pair_tables) - {str(table.hands) for table in tables})
    if missing:
        raise RulePackError(
            f"{t.origin}: [team.tables] has no table for {', '.join(missing)}"
            " smazzate, which [vp.tables] has"
        )
    rest_vp = t.int_("rest_vp", minimum=0)
    for table in tables:
        if rest_vp not in {band.winner_vp for band in table.bands}:
            raise RulePackError(
                f"{t.origin}: [team] rest_vp = {rest_vp} is the winner VP of no band"
                f" of [team.tables.{table.hands}]"
            )
    roster_min = t.int_("roster_min", minimum=4)
    roster_max = t.int_("roster_max", minimum=roster_min)
    t.done()
    return TeamSection(
        mp_combination=cast(Literal["sum_of_differences", "sum_of_vp"], combination),
        total=total,
        tables=tuple(tables),
        rest_vp=rest_vp,
        roster_min=roster_min,
        roster_max=roster_max,
    )
