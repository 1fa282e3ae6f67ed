"""Team standings (docs/rules.md §11): the same chain, avulsa and explanations as pairs.

A team girone's results are its :class:`~scoring.models.TeamScore` rows (one per team
and complete match; a rest is a match against nobody). They are ranked by
:func:`rules.standings.rank` with the tournament's chain, lot seed and the referee's
decisions (orders of team numbers), exactly as a pair girone, and stored in the girone's
:class:`~standings.models.Snapshot` as :class:`~standings.models.TeamRow` rows (kinds
``confirmed`` and ``public``); a stage with several gironi gets overall standings by
:func:`rules.standings.rank_across`. :func:`refresh_team_girone` and
:func:`refresh_team_stage` are called by :mod:`.store` for team tournaments.

:mod:`.team_rows` writes a ranking as the snapshot's rows. :mod:`.butler` is the second view: what each pair brought its team.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from rules.standings import (
    MatchTuple,
    StandingRow,
    rank,
    rank_overall,
)
from scoring.scores import PairTotals, Position
from tournament.models import Girone, Round, Stage, Team, Tournament
from tournament.visibility import results_public_q

from ..models import Snapshot, TeamRow
from .context import Context
from .ranking import chain_with_decision, overall_chain, per_round
from .team_rows import TeamInfo, ranked_rows, store

Kind = Snapshot.Kind


class TeamResult(NamedTuple):
    """What one team match (or rest) gave one team: a TeamScore row."""

    team_id: int
    opponent_id: int | None
    girone_id: int
    round_number: int
    match_id: int
    side: str
    vp: int
    mp_for: int
    mp_against: int
    played: bool
    #: The part of ``vp`` and ``mp_for`` that is a penalty outside the match (§6.5).
    penalty_vp: int = 0
    penalty_mp: int = 0


_FIELDS = TeamResult._fields


def team_infos(tournament: Tournament) -> dict[int, TeamInfo]:
    found = Team.objects.filter(tournament=tournament).values_list(
        "pk", "number", "name", "club__name", "girone__label"
    )
    return {
        pk: TeamInfo(number, name, club or "", label or "")
        for pk, number, name, club, label in found
    }


def _lot_names(infos: dict[int, TeamInfo]) -> dict[int, int]:
    """Team id -> team number: the lot is drawn on the numbers, as for pairs
    (``Context.lot_names``), so that the same seed draws the same wherever the event
    is entered (an archive's copy, with new ids, drew another order before)."""
    return {pk: info.number for pk, info in infos.items()}


def team_results(girone_ids: Iterable[int]) -> list[TeamResult]:
    from scoring.models import TeamScore

    rows = TeamScore.objects.filter(girone_id__in=list(girone_ids)).values_list(
        *_FIELDS
    )
    return list(map(TeamResult._make, rows.order_by()))


def team_matches(results: Iterable[TeamResult]) -> list[MatchTuple[int]]:
    """One match per team match whose teams met; a match against None otherwise."""
    sides: dict[int, dict[str, TeamResult]] = {}
    out: list[MatchTuple[int]] = []
    for r in results:
        if r.played and r.opponent_id is not None:
            sides.setdefault(r.match_id, {})[r.side] = r
        else:
            out.append(_alone(r))
    for pair in sides.values():
        a, b = pair.get("a"), pair.get("b")
        if a is not None and b is not None:
            # As played: the penalties are taken from the totals (team_penalties).
            out.append(
                (
                    a.team_id,
                    b.team_id,
                    a.mp_for + a.penalty_mp,
                    b.mp_for + b.penalty_mp,
                    a.vp + a.penalty_vp,
                    b.vp + b.penalty_vp,
                )
            )
        else:
            for one in pair.values():
                out.append(_alone(one))
    return out


def _alone(r: TeamResult) -> MatchTuple[int]:
    return (
        r.team_id,
        None,
        r.mp_for + r.penalty_mp,
        r.mp_against,
        r.vp + r.penalty_vp,
        0,
    )


def team_penalties(results: Iterable[TeamResult]) -> dict[int, tuple[int, int]]:
    """Team id -> (VP, MP) its lines lost outside the matches (docs/rules.md §6.5)."""
    out: dict[int, tuple[int, int]] = {}
    for r in results:
        if r.penalty_vp or r.penalty_mp:
            vp, mp = out.get(r.team_id, (0, 0))
            out[r.team_id] = (vp + r.penalty_vp, mp + r.penalty_mp)
    return out


def _decisions(
    ctx: Context, infos: dict[int, TeamInfo], ids: set[int]
) -> list[list[int]]:
    """The referee's orders (team numbers in the config) that apply to these teams."""
    by_number = {info.number: pk for pk, info in infos.items()}
    out: list[list[int]] = []
    seen: set[int] = set()
    for order in ctx.config.decisions or []:
        if not isinstance(order, list):
            continue
        found = [by_number[n] for n in order if n in by_number]
        if len(found) == len(order) and set(found) <= ids and seen.isdisjoint(found):
            out.append(found)
            seen.update(found)
    return out


def _public_rounds(girone_ids: Sequence[int]) -> set[tuple[int, int]]:
    """As ``store.public_rounds`` (the one rule, tournament.visibility)."""
    released = results_public_q(with_tournament=False)
    return set(
        Round.objects.filter(released, girone_id__in=girone_ids).values_list(
            "girone_id", "number"
        )
    )


def _rounds(counted: list[TeamResult]) -> list[int]:
    return sorted({r.round_number for r in counted})


def _by_kind(
    results: list[TeamResult], released: set[tuple[int, int]]
) -> dict[str, list[TeamResult]]:
    public = [r for r in results if (r.girone_id, r.round_number) in released]
    return {Kind.CONFIRMED: results, Kind.PUBLIC: public}


def _roster(girone_id: int, results: list[TeamResult]) -> set[int]:
    """The girone's active teams, and any team with a result in it."""
    active = Team.objects.filter(girone_id=girone_id, withdrawn=False)
    return set(active.values_list("pk", flat=True)) | {
        r.team_id for r in results if r.girone_id == girone_id
    }


def _rank_girone(
    ctx: Context, infos: dict[int, TeamInfo], roster: set[int], counted
) -> list[StandingRow[int]]:
    """One team girone ranked as a pair girone is: the pack's chain, the avulsa, the
    referee's decisions (team numbers), the recorded lot."""
    decisions = _decisions(ctx, infos, roster)
    return rank(
        team_matches(counted),
        chain_with_decision(ctx.settings.chain, decisions),
        reapply_head_to_head=ctx.settings.reapply_head_to_head,
        unmet=ctx.settings.unmet,
        lot_seed=ctx.config.lot_seed,
        lot_names=_lot_names(infos),
        decisions=decisions or None,
        teams=sorted(roster),
        penalties=team_penalties(counted),
    )


def refresh_team_girone(girone: Girone, ctx: Context) -> None:
    """Rank and store a team girone's standings (confirmed and public)."""
    infos = team_infos(ctx.tournament)
    results = team_results([girone.pk])
    roster = _roster(girone.pk, results)
    for kind, counted in _by_kind(results, _public_rounds([girone.pk])).items():
        ranked = _rank_girone(ctx, infos, roster, counted)
        rows = ranked_rows(ranked, infos, False)
        store(ctx, girone.stage, girone, kind, rows, _rounds(counted))


def refresh_team_stage(stage: Stage, ctx: Context) -> None:
    """The overall team standings of a stage with several gironi: the stable merge of
    the girone standings (as pairs, docs/rules.md §8), by VP per round when the plan
    gives the gironi different numbers of rounds."""
    gironi = list(Girone.objects.filter(stage=stage).values_list("id", flat=True))
    if len(gironi) < 2:
        Snapshot.objects.filter(stage=stage, girone__isnull=True).delete()
        return
    infos = team_infos(ctx.tournament)
    results = team_results(gironi)
    rosters = {g: _roster(g, results) for g in gironi}
    averaged = per_round(stage)
    for kind, counted in _by_kind(results, _public_rounds(gironi)).items():
        tables = [
            _rank_girone(
                ctx, infos, rosters[g], [r for r in counted if r.girone_id == g]
            )
            for g in gironi
        ]
        chosen = {row.team for table in tables for row in table}
        ranked: list[StandingRow[int]] = []
        if chosen:
            rounds = None
            if averaged:  # each team's rounds: those counted in its girone
                rounds = {
                    team: len({r.round_number for r in counted if r.girone_id == g})
                    for g in gironi
                    for team in rosters[g]
                }
            decisions = _decisions(ctx, infos, chosen)
            ranked = rank_overall(
                tables,
                chain_with_decision(overall_chain(ctx, per_match=averaged), decisions),
                rounds=rounds,
                lot_seed=ctx.config.lot_seed,
                lot_names=_lot_names(infos),
                decisions=decisions or None,
            )
        rows = ranked_rows(ranked, infos, averaged)
        store(ctx, stage, None, kind, rows, _rounds(counted))


# --- reading ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TeamTable:
    """One stored team ranking ready to show: its snapshot and its rows in order."""

    snapshot: Snapshot
    rows: list[TeamRow]


def team_tables(found: list[Snapshot]) -> list[TeamTable]:
    """The team rows of these snapshots, notes set (again if a refresh moved them)."""
    for _attempt in range(5):
        rows: dict[int, list[TeamRow]] = {s.pk: [] for s in found}
        notes = {s.pk: s.notes for s in found}
        consistent = True
        for row in TeamRow.objects.filter(snapshot__in=found).order_by(
            "snapshot_id", "index"
        ):
            if row.tie:
                if row.tie > len(notes[row.snapshot_id]):
                    consistent = False
                    break
                row.note, row.note_en = notes[row.snapshot_id][row.tie - 1]
            rows[row.snapshot_id].append(row)
        versions = dict(
            Snapshot.objects.filter(pk__in=rows).values_list("pk", "version")
        )
        if consistent and all(versions.get(s.pk) == s.version for s in found):
            break
        fresh = {
            s.pk: s
            for s in Snapshot.objects.filter(pk__in=rows).select_related(
                "girone", "stage"
            )
        }
        found = [fresh[s.pk] for s in found if s.pk in fresh]
    return [TeamTable(s, rows.get(s.pk, [])) for s in found]


def team_order(girone_id: int, ctx: Context, *, before_round: int) -> list[int]:
    """The girone's team ids as its standings rank them over the rounds before
    ``before_round`` (the Danese's order, ``ranking.girone_order``)."""
    infos = team_infos(ctx.tournament)
    results = [r for r in team_results([girone_id]) if r.round_number < before_round]
    rows = _rank_girone(ctx, infos, _roster(girone_id, results), results)
    return [row.team for row in rows]


def team_positions(girone_id: int, ctx: Context) -> list[Position]:
    """A team girone's confirmed ranking as its stored standings have it (and each
    team's overall position when the stage has several gironi): the impact report of a
    correction in a team tournament (``standings.services.ranking.positions``)."""
    girone = Girone.objects.select_related("stage").get(pk=girone_id)
    gironi = list(
        Girone.objects.filter(stage=girone.stage).values_list("id", flat=True)
    )
    infos = team_infos(ctx.tournament)
    results = team_results(gironi)
    rosters = {g: _roster(g, results) for g in gironi}
    tables = {
        g: _rank_girone(
            ctx, infos, rosters[g], [r for r in results if r.girone_id == g]
        )
        for g in gironi
    }
    overall: dict[int, int] = {}
    if len(gironi) > 1:
        chosen = {row.team for table in tables.values() for row in table}
        decisions = _decisions(ctx, infos, chosen)
        merged = rank_overall(
            [tables[g] for g in gironi],
            chain_with_decision(overall_chain(ctx), decisions),
            lot_seed=ctx.config.lot_seed,
            lot_names=_lot_names(infos),
            decisions=decisions or None,
        )
        overall = {row.team: row.position for row in merged}
    return [
        Position(
            row.position,
            row.team,
            infos[row.team].number if row.team in infos else 0,
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
