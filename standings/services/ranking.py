"""Ranking scores the one way every reader does: stored, provisional, impact report.

:func:`rank_girone` ranks a girone's scores (:mod:`scoring.scores`) by the rule pack's
chain and settings, with the referee's decisions, the recorded lot seed and the rounds
each pair missed (docs/rules.md §8, :mod:`seating.services.attendance`). The scores are
the competitors' (:mod:`.competitors`): a team tournament's teams are ranked by the same
steps (docs/rules.md §11), with no attendance (a team match has no seats to miss);
:func:`rank_stage` merges the girone rankings into the overall standings (a stable
merge, :func:`rules.standings.rank_overall`), by total VP, or by VP per round when the
plan gives the gironi different numbers of rounds. :func:`positions` is the ranking
the impact report of a correction compares (:mod:`.impact`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from rules.standings import (
    HEAD_TO_HEAD,
    RankMemo,
    StandingRow,
    rank,
    rank_across,
    rank_overall,
)
from scoring.scores import (
    PairTotals,
    Position,
    Score,
    matches_of,
    penalties_of,
    seats_of,
)
from seating.services.attendance import (
    Attendance,
    attendance_from,
    girone_attendance,
    scheduled_rounds,
)
from tournament.models import Girone, Stage

from .context import Context, tournament_context


@dataclass(frozen=True)
class GironeInput:
    """What one girone's ranking reads: its scores, its competitors, who sat where
    (``attendance`` None: not known, a team tournament's; nobody missed a round)."""

    girone_id: int
    scores: tuple[Score, ...]
    roster: frozenset[int]
    attendance: Mapping[int, Attendance] | None

    @property
    def rounds(self) -> list[int]:
        """The rounds counted: those with at least one result among the scores."""
        return sorted({s.round_number for s in self.scores})

    def missed(self) -> dict[int, int]:
        """Rounds counted that each pair of the roster sat nowhere in."""
        if self.attendance is None:
            return {}
        rounds = self.rounds
        out: dict[int, int] = {}
        for pid in self.roster:
            att = self.attendance.get(pid)
            count = len(att.missed(rounds)) if att is not None else len(rounds)
            if count:
                out[pid] = count
        return out

    def key(self) -> tuple[object, ...]:
        """Everything of the girone its ranking depends on (besides the context)."""
        return (
            self.scores,
            self.roster,
            tuple(sorted((self.attendance or {}).items())),
        )


def active_competitors(ctx: Context, girone_id: int) -> frozenset[int]:
    """The girone's pairs (or teams) that have not withdrawn."""
    return frozenset(
        ctx.competitors.model._default_manager.filter(
            girone_id=girone_id, withdrawn=False
        )
        .order_by()
        .values_list("id", flat=True)
    )


def girone_input(
    ctx: Context,
    girone_id: int,
    scores: Iterable[Score],
    attendance: Mapping[int, Attendance] | None = None,
    active: frozenset[int] | None = None,
) -> GironeInput:
    """The roster: the girone's competitors not withdrawn (``active``, read if not
    given), and any with a score. Who sat where is read if not given, when the
    competitors have seats (pairs)."""
    counted = tuple(scores)
    if attendance is None and ctx.competitors.seats:
        attendance = girone_attendance(girone_id)
    if active is None:
        active = active_competitors(ctx, girone_id)
    roster = active | {s.pair_id for s in counted}
    return GironeInput(girone_id, counted, frozenset(roster), attendance)


def marks(inputs: Iterable[GironeInput]) -> dict[int, tuple[int | None, int | None]]:
    """Pair id -> (round it entered at, round it withdrew after), as far as the
    rounds counted go (a withdrawal after them is not shown yet)."""
    out: dict[int, tuple[int | None, int | None]] = {}
    for data in inputs:
        if data.attendance is None:
            continue
        last = max(data.rounds, default=0)
        for pid in data.roster:
            att: Attendance | None = data.attendance.get(pid)
            if att is None:
                continue
            entered, left = att.entered_at, att.withdrew_after
            entered = entered if entered is not None and entered <= last else None
            left = left if left is not None and left <= last else None
            if entered is not None or left is not None:
                out[pid] = (entered, left)
    return out


def chain_with_decision(chain: Sequence[str], decisions: list[list[int]]) -> list[str]:
    out = list(chain)
    if decisions and "decision" not in out:
        out.insert(out.index("lot") if "lot" in out else len(out), "decision")
    return out


def overall_chain(ctx: Context, *, per_match: bool = False) -> tuple[str, ...]:
    """The pack's chain without head-to-head criteria (the teams did not all meet)."""
    chain = [c for c in ctx.settings.chain if c not in HEAD_TO_HEAD]
    if per_match:
        swap = {
            "points": "points_per_match",
            "diff": "diff_per_match",
            "scored": "scored_per_match",
        }
        chain = [swap.get(c, c) for c in chain]
    return tuple(chain)


def rank_girone(
    data: GironeInput, ctx: Context, memo: RankMemo | None = None
) -> list[StandingRow[int]]:
    """The girone's standings: the pack's chain, settings, decisions, lot, missed.

    ``memo``: the tied groups of this girone's previous ranking (same result, less
    work when a save changed one table)."""
    decisions = ctx.decisions_for(set(data.roster))
    settings = ctx.settings
    return rank(
        matches_of(data.scores),
        chain_with_decision(settings.chain, decisions),
        reapply_head_to_head=settings.reapply_head_to_head,
        unmet=settings.unmet,
        lot_seed=ctx.config.lot_seed,
        lot_names=ctx.lot_names,
        decisions=decisions or None,
        teams=sorted(data.roster),
        missed=data.missed(),
        missed_points=settings.missed_points,
        missed_score=settings.missed_score,
        memo=memo,
        penalties=penalties_of(data.scores),
    )


def per_round(stage: Stage) -> bool:
    """Whether the plan gives the stage's gironi different numbers of rounds (then
    the overall standings compare VP per round; docs/rules.md §8)."""
    counts = {scheduled_rounds(g) for g in stage.gironi.select_related("stage")}
    counts.discard(None)
    return len(counts) > 1


def stage_rounds(inputs: Sequence[GironeInput]) -> dict[int, int]:
    """Each competitor's per-round denominator: the rounds counted in its girone."""
    out: dict[int, int] = {}
    for data in inputs:
        count = len(data.rounds)
        out.update({pid: count for pid in data.roster})
    return out


def rank_stage(
    tables: Sequence[Sequence[StandingRow[int]]],
    ctx: Context,
    *,
    rounds: Mapping[int, int] | None = None,
) -> list[StandingRow[int]]:
    """The overall standings: the stable merge of the girone standings ``tables``;
    with ``rounds`` (per-round mode) the chain compares averages over them."""
    chosen = {row.team for table in tables for row in table}
    if not chosen:
        return []
    decisions = ctx.decisions_for(chosen)
    chain = overall_chain(ctx, per_match=rounds is not None)
    return rank_overall(
        tables,
        chain_with_decision(chain, decisions),
        rounds=rounds,
        lot_seed=ctx.config.lot_seed,
        lot_names=ctx.lot_names,
        decisions=decisions or None,
    )


def rank_line(scores: list[Score], chosen: set[int], ctx: Context):
    """The pairs of one Mitchell line ranked apart (overall criteria: not all met)."""
    if not chosen:
        return []
    decisions = ctx.decisions_for(chosen)
    return rank_across(
        [matches_of(scores)],
        chain_with_decision(overall_chain(ctx), decisions),
        select=sorted(chosen),
        lot_seed=ctx.config.lot_seed,
        lot_names=ctx.lot_names,
        decisions=decisions or None,
        penalties=penalties_of(scores),
    )


def attendance_of(
    ctx: Context, girone_id: int, scores: list[Score], before_round: int | None = None
) -> Mapping[int, Attendance] | None:
    """Who sat where in the girone (``scores``: its confirmed ones, at least), as far
    as ``before_round``; None for competitors without seats (teams)."""
    if not ctx.competitors.seats:
        return None
    seats = seats_of(girone_id, scores)
    if before_round is not None:
        seats = [seat for seat in seats if seat[0] < before_round]
    return attendance_from(girone_id, seats)


def girone_order(girone_id: int, *, before_round: int) -> list[int]:
    """The girone's pair (or team) ids in the order its standings rank them over the
    rounds before ``before_round``: the order a Danese pairs by (docs/rules.md §9.2),
    so that the pairing and the published ranking never disagree on who is 3rd."""
    girone = Girone.objects.select_related("stage__tournament").get(pk=girone_id)
    ctx = tournament_context(girone.stage.tournament)
    scores = [
        s for s in ctx.competitors.scores([girone_id]) if s.round_number < before_round
    ]
    attendance = attendance_of(ctx, girone_id, scores, before_round)
    data = girone_input(ctx, girone_id, scores, attendance)
    return [row.team for row in rank_girone(data, ctx)]


def positions(girone_id: int) -> list[Position]:
    """The girone's confirmed ranking as the stored standings have it (and each
    competitor's overall position when the stage has several gironi): the impact
    report's."""
    girone = Girone.objects.select_related("stage__tournament").get(pk=girone_id)
    ctx = tournament_context(girone.stage.tournament)
    ids = list(Girone.objects.filter(stage=girone.stage).values_list("id", flat=True))
    scores = ctx.competitors.scores(ids)
    inputs = {
        gid: girone_input(
            ctx,
            gid,
            [s for s in scores if s.girone_id == gid],
            attendance_of(ctx, gid, scores),
        )
        for gid in ids
    }
    tables = {gid: rank_girone(data, ctx) for gid, data in inputs.items()}
    overall: dict[int, int] = {}
    if len(ids) > 1:
        rounds = (
            stage_rounds(list(inputs.values())) if per_round(girone.stage) else None
        )
        merged = rank_stage([tables[g] for g in ids], ctx, rounds=rounds)
        overall = {row.team: row.position for row in merged}
    return [
        Position(
            row.position,
            row.team,
            ctx.infos[row.team].number if row.team in ctx.infos else 0,
            PairTotals(
                row.totals.points,
                row.totals.score_for,
                row.totals.score_against,
                row.totals.played,
            ),
            overall.get(row.team),
        )
        for row in tables[girone_id]
    ]
