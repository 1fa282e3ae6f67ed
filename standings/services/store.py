"""Recompute and store the standings of gironi, in the caller's transaction.

:func:`refresh_gironi` is what result entry calls (through ``standings.refresh``) in the
transaction that changes what counts. For each girone it ranks the confirmed results
(kind ``confirmed``) and those of the rounds whose results are public (kind
``public``); then, for each stage with more than one girone, the overall standings.
A snapshot whose content did not change keeps its version, so caches and ETags keyed by
the version stay valid.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from django.db import transaction

from rules.standings import HEAD_TO_HEAD, StandingRow, rank, rank_across
from tournament.models import Girone, Pair, Round, Stage, Tournament

from ..models import Snapshot
from .context import Context, tournament_context
from .inputs import Score, confirmed_scores, matches_of
from .rows import RowData, build_rows, content_digest, notes_of, replace_rows

Kind = Snapshot.Kind


def refresh_gironi(girone_ids: Iterable[int]) -> None:
    """Recompute the stored standings of these gironi and of their stages."""
    ids = sorted({int(g) for g in girone_ids})
    if not ids:
        return
    with transaction.atomic():
        # One refresh at a time per stage: the girone's scores and the stage's overall
        # standings are read after the lock, so two saves in the same stage can never
        # each write a ranking that misses the other's result (a lost update).
        stage_ids = Girone.objects.filter(id__in=ids).values_list("stage_id")
        list(
            Stage.objects.select_for_update()
            .filter(pk__in=stage_ids)
            .order_by("pk")
            .values_list("pk", flat=True)
        )
        gironi = list(
            Girone.objects.filter(id__in=ids).select_related("stage__tournament")
        )
        contexts: dict[int, Context] = {}
        stages: dict[int, Stage] = {}
        for girone in gironi:
            tournament = girone.stage.tournament
            if tournament.pk not in contexts:
                contexts[tournament.pk] = tournament_context(tournament)
            refresh_girone(girone, contexts[tournament.pk])
            stages[girone.stage_id] = girone.stage
        for stage in stages.values():
            refresh_stage(stage, contexts[stage.tournament_id])


def refresh_tournament(tournament: Tournament) -> None:
    """Recompute every girone of a tournament (after a settings change, or on demand)."""
    refresh_gironi(
        Girone.objects.filter(stage__tournament=tournament).values_list("id", flat=True)
    )


def public_rounds(girone_ids: Sequence[int]) -> set[tuple[int, int]]:
    """(girone id, round number) of the rounds whose results are released."""
    return set(
        Round.objects.filter(girone_id__in=girone_ids, results_public=True).values_list(
            "girone_id", "number"
        )
    )


def refresh_girone(girone: Girone, ctx: Context) -> None:
    scores = confirmed_scores([girone.pk])
    released = public_rounds([girone.pk])
    roster = {
        pid
        for pid, withdrawn in Pair.objects.filter(girone=girone).values_list(
            "id", "withdrawn"
        )
        if not withdrawn
    }
    roster |= {s.pair_id for s in scores}
    built: dict[int, list[RowData]] = {}
    members = frozenset(roster)

    def girone_rows(counted: list[Score]) -> list[RowData]:
        # Every round released: the public standings are the confirmed ones.
        if len(counted) not in built:
            ranked = _rank_girone(counted, roster, ctx)
            built[len(counted)] = build_rows(ctx, ranked)
        return built[len(counted)]

    def line_rows(counted: list[Score], line: str) -> list[RowData]:
        chosen = _line_of(counted, line)
        ranked = _rank_selected([counted], chosen, _overall_chain(ctx), ctx)
        return build_rows(ctx, ranked)

    for kind, counted in _by_kind(scores, released).items():
        inputs = (tuple(counted), members, ctx.key)
        _store_if_changed(
            ctx, girone.stage, girone, "", kind, counted, inputs,
            lambda c=counted: girone_rows(c),
        )  # fmt: skip
        if not ctx.config.lines_apart:
            Snapshot.objects.filter(girone=girone, kind=kind).exclude(line="").delete()
        else:
            for line in ("ns", "ew"):
                _store_if_changed(
                    ctx, girone.stage, girone, line, kind, counted, inputs,
                    lambda c=counted, ln=line: line_rows(c, ln),
                )  # fmt: skip


def refresh_stage(stage: Stage, ctx: Context) -> None:
    """The overall standings of a stage with several gironi (VP per match if sizes differ)."""
    gironi = list(Girone.objects.filter(stage=stage).values_list("id", flat=True))
    if len(gironi) < 2:
        Snapshot.objects.filter(stage=stage, girone__isnull=True).delete()
        return
    scores = confirmed_scores(gironi)
    released = public_rounds(gironi)
    sizes = {
        g: n
        for g, n in (
            (g, len({s.pair_id for s in scores if s.girone_id == g})) for g in gironi
        )
        if n
    }
    per_match = len(set(sizes.values())) > 1
    chain = _overall_chain(ctx, per_match=per_match)

    def stage_rows(counted: list[Score]) -> list[RowData]:
        groups = [[s for s in counted if s.girone_id == g] for g in gironi]
        chosen = {s.pair_id for s in counted}
        ranked = _rank_selected(groups, chosen, chain, ctx)
        return build_rows(ctx, ranked, per_match=per_match)

    for kind, counted in _by_kind(scores, released).items():
        inputs = (tuple(counted), tuple(gironi), per_match, ctx.key)
        _store_if_changed(
            ctx, stage, None, "", kind, counted, inputs,
            lambda c=counted: stage_rows(c),
        )  # fmt: skip


def _by_kind(
    scores: list[Score], released: set[tuple[int, int]]
) -> dict[str, list[Score]]:
    public = [s for s in scores if (s.girone_id, s.round_number) in released]
    return {Kind.CONFIRMED: scores, Kind.PUBLIC: public}


def _line_of(scores: list[Score], line: str) -> set[int]:
    """Pairs whose latest round was on ``line`` (Mitchell pairs keep their line)."""
    latest: dict[int, tuple[int, str]] = {}
    for s in scores:
        if s.pair_id not in latest or latest[s.pair_id][0] < s.round_number:
            latest[s.pair_id] = (s.round_number, s.line)
    return {pid for pid, (_, ln) in latest.items() if ln == line}


def _chain_with_decision(chain: Sequence[str], decisions: list[list[int]]) -> list[str]:
    out = list(chain)
    if decisions and "decision" not in out:
        out.insert(out.index("lot") if "lot" in out else len(out), "decision")
    return out


def _overall_chain(ctx: Context, *, per_match: bool = False) -> tuple[str, ...]:
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


def _rank_girone(
    scores: list[Score], roster: set[int], ctx: Context
) -> list[StandingRow[int]]:
    decisions = ctx.decisions_for(roster)
    chain = _chain_with_decision(ctx.settings.chain, decisions)
    return rank(
        matches_of(scores),
        chain,
        reapply_head_to_head=ctx.settings.reapply_head_to_head,
        unmet=ctx.settings.unmet,
        lot_seed=ctx.config.lot_seed,
        decisions=decisions or None,
        teams=sorted(roster),
    )


def _rank_selected(
    groups: list[list[Score]],
    chosen: set[int],
    chain: Sequence[str],
    ctx: Context,
) -> list[StandingRow[int]]:
    if not chosen:
        return []
    decisions = ctx.decisions_for(chosen)
    return rank_across(
        [matches_of(g) for g in groups],
        _chain_with_decision(chain, decisions),
        select=sorted(chosen),
        lot_seed=ctx.config.lot_seed,
        decisions=decisions or None,
    )


#: What each stored snapshot was last computed from, in this process: scope ->
#: (inputs, digest of the content they give). The content is a function of the inputs,
#: so when the inputs are the same and the stored digest is the one they gave, the
#: snapshot is already right and nothing is ranked (e.g. the public standings while
#: the results of a round not yet released are entered). A rolled-back write leaves an
#: entry that is still true; a snapshot changed by another process has another digest.
_COMPUTED: dict[tuple[int, int | None, str, str], tuple[object, str]] = {}
_COMPUTED_MAX = 64


def _store_if_changed(
    ctx: Context,
    stage: Stage,
    girone: Girone | None,
    line: str,
    kind: str,
    counted: list[Score],
    inputs: object,
    rows: Callable[[], list[RowData]],
) -> None:
    """Rank and store one snapshot, unless its inputs are those it was computed from."""
    lookup = {"stage": stage, "girone": girone, "line": line, "kind": kind}
    snapshot = (
        Snapshot.objects.select_for_update().filter(**lookup).order_by("pk").first()
    )
    scope = (stage.pk, girone.pk if girone is not None else None, line, kind)
    known = _COMPUTED.get(scope)
    if (
        snapshot is not None
        and known is not None
        and known[1] == snapshot.digest
        and known[0] == inputs
    ):
        return
    snapshot = _store(ctx, lookup, snapshot, rows(), counted)
    if len(_COMPUTED) >= _COMPUTED_MAX and scope not in _COMPUTED:
        _COMPUTED.clear()
    _COMPUTED[scope] = (inputs, snapshot.digest)


def _store(
    ctx: Context,
    lookup: dict[str, object],
    snapshot: Snapshot | None,
    rows: list[RowData],
    counted: list[Score],
) -> Snapshot:
    rounds = sorted({s.round_number for s in counted})
    chain = list(ctx.settings.chain)
    notes = notes_of(rows)
    digest = content_digest(rows, rounds, chain, ctx.settings.note, notes)
    fresh = snapshot is None
    if snapshot is None:
        snapshot = Snapshot.objects.create(tournament=ctx.tournament, **lookup)
    elif snapshot.digest == digest:
        return snapshot
    replace_rows(snapshot, rows, fresh=fresh)
    snapshot.version += 1
    snapshot.digest = digest
    snapshot.rounds = rounds
    snapshot.notes = notes
    snapshot.chain = chain
    snapshot.settings_note = ctx.settings.note
    snapshot.save()
    return snapshot
