"""What a sheet form looks like for a table, and a stored version in the form's terms.

Read by the referee's pages (the entry page's quick sheets, the table page's detailed
sheet) and by the players' table pages: the rows a sheet offers (:func:`form_shape`),
the round's VP table and bounds for the page's script (:func:`vp_data`), a version as
the form's initial values (:func:`initial_from`, to correct it) and in one line
(:func:`summary`).
"""

from __future__ import annotations

from typing import Any

from rules.bounds import hand_bounds, total_bounds
from rules.to_points import MAX_HANDS as MAX_TARGET_HANDS
from rules.vp import vp_table
from tournament.models import Round, Table, Tournament
from tournament.words import GameWords

from . import services
from .models import ResultVersion

Kind = ResultVersion.Kind


#: Rows beyond the best-of of a Briscola match, for 60-60 partite the pack replays:
#: hidden until a 60-60 is typed (the page's script shows one per 60-60; without
#: the script, the sheet comes back with them after a save that needs them).
BRISCOLA_SPARE_ROWS = 2


def form_shape(
    tournament: Tournament, round_: Round, table: Table, *, detailed: bool
) -> dict[str, Any]:
    """The keyword arguments of the SheetForm for this table."""
    rows = round_.hands
    if tournament.game == Tournament.Game.BRISCOLA and _replays(tournament):
        rows += BRISCOLA_SPARE_ROWS
    if round_.target_points:
        # A turn to points (docs/rules.md §4.4): as many smazzate as were played,
        # the table's count shown first, one more as each is typed.
        rows = MAX_TARGET_HANDS
    return {
        "rows": rows,
        "shown": round_.hands,
        "game": tournament.game,
        "detailed": detailed,
        "rest": table.pair_ew_id is None,
        # Totals-only entry (docs/rules.md §5f): the quick sheet asks for the two
        # totals; the table page offers them beside the per-smazzata sheet.
        "totals": tournament.totals_only,
        "target": round_.target_points,
    }


def _replays(tournament: Tournament) -> bool:
    """Whether the tournament's pack replays a 60-60 partita (docs/rules.md §10.2)."""
    pack = services.pack_of(tournament)
    return pack.briscola is not None and pack.briscola.tie_60 == "replay"


def vp_data(tournament: Tournament, round_: Round) -> dict[str, Any]:
    """The round's VP table for the page's script (live VP before saving), and the
    bounds of one smazzata or partita (a value outside them is marked as it is typed;
    the server decides, docs/rules.md §5)."""
    pack = services.pack_of(tournament)
    limits = hand_bounds(pack)
    bounds = {"min": limits.lowest, "max": limits.highest}
    if tournament.game != Tournament.Game.BURRACO:
        return {"game": tournament.game, "bands": [], "total": 0, **bounds}
    table = vp_table(round_.hands, pack)
    most = MAX_TARGET_HANDS if round_.target_points else round_.hands
    totals = total_bounds(pack, most)
    return {
        "game": tournament.game,
        "total": table.total,
        "bands": [[b.max_diff, b.winner_vp] for b in table.bands],
        "total_min": totals.lowest,
        "total_max": totals.highest,
        **bounds,
    }


def summary(version: ResultVersion | None, words: GameWords | None = None) -> str:
    """``MP 620–310 · VP 14–6``, ``Partite 2–1 · Punti 1–0`` (a rest: one line only)."""
    if version is None:
        return ""
    score, points = (words.score, words.points) if words else ("MP", "VP")
    if version.mp_ew is None and version.vp_ew is None:
        return f"{score} {version.mp_ns} · {points} {version.vp_ns}"
    return (
        f"{score} {version.mp_ns}–{version.mp_ew}"
        f" · {points} {version.vp_ns}–{version.vp_ew}"
    )


def initial_from(version: ResultVersion) -> dict[str, Any]:
    """A stored version as the detailed form's initial values (to correct it)."""
    data: dict[str, Any] = {
        "kind": version.kind,
        "line": version.line,
        "set_mp_ns": version.set_mp_ns,
        "set_mp_ew": version.set_mp_ew,
        "set_vp_ns": version.set_vp_ns,
        "set_vp_ew": version.set_vp_ew,
    }
    rows = version.games.all() if version.game == "briscola" else version.hands.all()
    if (
        version.game == "burraco"
        and version.kind in ResultVersion.SHEET_KINDS
        and not list(rows)
    ):
        # Typed as the two totals (§5f): corrected as such, or smazzata by smazzata.
        data["tot_ns"], data["tot_ew"] = version.mp_ns, version.mp_ew
        if version.kind == Kind.LATE_ARRIVAL:
            data["tot_ns"], data["tot_ew"] = None, None
    for row in rows:
        data[f"h{row.number}_ns"] = row.ns
        data[f"h{row.number}_ew"] = row.ew
        for line in ("ns", "ew"):
            breakdown = getattr(row, f"{line}_breakdown", None)
            if breakdown:
                parts = services.Breakdown.from_json(breakdown)
                for part in services.sheets.BREAKDOWN_PARTS:
                    data[f"h{row.number}_{line}_{part}"] = getattr(parts, part)
    return data
