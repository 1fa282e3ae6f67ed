"""Recompute and store the standings of gironi, in the caller's transaction.

:func:`refresh_gironi` is what the worker's ranking step calls (``standings.refresh.rank``,
after a save recorded it in the outbox). For each girone it ranks the confirmed results
(kind ``confirmed``) and those of the rounds whose results are public (kind
``public``), with the rounds each pair missed (docs/rules.md §8); then, for each stage
with more than one girone, the overall standings (the stable merge of the gironi's).
A team tournament's teams are ranked and stored by the same steps (docs/rules.md §11):
what differs is the context's :mod:`.competitors` (their scores, rows, no seats).
The ranking itself is :mod:`.ranking`'s, shared with the provisional view and the
impact report of a correction.
A snapshot whose content did not change keeps its version, so caches and ETags keyed by
the version stay valid.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from django.db import transaction

from rules.standings import RankMemo, StandingRow
from scoring.scores import Score
from tournament.models import Girone, Round, Stage, Tournament
from tournament.visibility import results_public_q

from ..models import Snapshot
from .context import Context, tournament_context
from .ranking import (
    GironeInput,
    active_competitors,
    attendance_of,
    girone_input,
    marks,
    per_round,
    rank_girone,
    rank_line,
    rank_stage,
    stage_rounds,
)
from .rows import RowData, build_rows, content_digest, notes_of, replace_rows

Kind = Snapshot.Kind


def refresh_gironi(girone_ids: Iterable[int]) -> dict[int, int]:
    """Recompute the stored standings of these gironi and of their stages; each
    girone's tournament id (a girone that does not exist is left out)."""
    ids = sorted({int(g) for g in girone_ids})
    if not ids:
        return {}
    with transaction.atomic():
        # One refresh at a time per stage: the girone's scores and the stage's overall
        # standings are read after the lock, so two saves in the same stage can never
        # each write a ranking that misses the other's result (a lost update).
        stage_ids = Girone.objects.filter(id__in=ids).values_list("stage_id")
        list(
            Stage.objects.select_for_update(of=("self",))
            .filter(pk__in=stage_ids)
            .order_by("pk")
            .values_list("pk", flat=True)
        )
        gironi = list(
            Girone.objects.filter(id__in=ids)
            .select_related("stage__tournament")
            .order_by("pk")
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
    return {g.pk: g.stage.tournament_id for g in gironi}


def refresh_tournament(tournament: Tournament) -> None:
    """Recompute every girone of a tournament (after a settings change, or on demand)."""
    refresh_gironi(
        Girone.objects.filter(stage__tournament=tournament).values_list("id", flat=True)
    )


def public_rounds(girone_ids: Sequence[int]) -> set[tuple[int, int]]:
    """(girone id, round number) of the rounds whose results are released.

    The tournament's own status is checked when the public snapshot is read.
    """
    released = results_public_q(with_tournament=False)
    return set(
        Round.objects.filter(released, girone_id__in=girone_ids)
        .order_by()
        .values_list("girone_id", "number")
    )


def refresh_girone(girone: Girone, ctx: Context) -> None:
    scores = ctx.competitors.scores([girone.pk])
    released = public_rounds([girone.pk])
    attendance = attendance_of(ctx, girone.pk, scores)
    active = active_competitors(ctx, girone.pk)
    built: dict[object, list[RowData]] = {}
    # Lines: pairs' NS and EO (docs/rules.md §9.1); a team match has none.
    lines_apart = ctx.config.lines_apart and ctx.competitors.seats
    if not lines_apart:  # no standings of a line (of either kind)
        Snapshot.objects.filter(girone=girone).exclude(line="").delete()
    for kind, counted in _by_kind(scores, released).items():
        data = girone_input(ctx, girone.pk, counted, attendance, active)
        inputs = (data.key(), ctx.key)

        def girone_rows(
            data: GironeInput = data, key: object = inputs
        ) -> list[RowData]:
            # Every round released: the public rows are the confirmed ones.
            if key not in built:
                built[key] = build_rows(ctx, _ranked(data, ctx), marks=marks([data]))
            return built[key]

        _store_if_changed(
            ctx, girone.stage, girone, "", kind, counted, inputs, girone_rows
        )
        if not lines_apart:
            continue
        for line in ("ns", "ew"):

            def line_rows(data: GironeInput = data, line: str = line) -> list[RowData]:
                chosen = _line_of(list(data.scores), line)
                ranked = rank_line(list(data.scores), chosen, ctx)
                return build_rows(ctx, ranked, marks=marks([data]))

            _store_if_changed(
                ctx, girone.stage, girone, line, kind, counted, inputs, line_rows
            )


def refresh_stage(stage: Stage, ctx: Context) -> None:
    """The overall standings of a stage with several gironi: the stable merge of the
    girone standings, by VP per round when the plan gives the gironi different
    numbers of rounds (docs/rules.md §8)."""
    gironi = list(
        Girone.objects.filter(stage=stage)
        .order_by("label")
        .values_list("id", flat=True)
    )
    if len(gironi) < 2:
        Snapshot.objects.filter(stage=stage, girone__isnull=True).delete()
        return
    scores = ctx.competitors.scores(gironi)
    released = public_rounds(gironi)
    attendance = {g: attendance_of(ctx, g, scores) for g in gironi}
    active = {g: active_competitors(ctx, g) for g in gironi}
    averaged = per_round(stage)

    for kind, counted in _by_kind(scores, released).items():
        inputs_of = [
            girone_input(
                ctx,
                g,
                [s for s in counted if s.girone_id == g],
                attendance[g],
                active[g],
            )
            for g in gironi
        ]
        inputs = (tuple(d.key() for d in inputs_of), averaged, ctx.key)

        def stage_rows(data: list[GironeInput] = inputs_of) -> list[RowData]:
            tables = [_ranked(d, ctx) for d in data]
            rounds = stage_rounds(data) if averaged else None
            ranked = rank_stage(tables, ctx, rounds=rounds)
            return build_rows(ctx, ranked, rounds=rounds, marks=marks(data))

        _store_if_changed(ctx, stage, None, "", kind, counted, inputs, stage_rows)


#: The latest rankings of each girone in this process (its confirmed and its public
#: results), with the inputs they were computed from: the public standings re-use the
#: confirmed ranking when every round is released, and a stage's overall standings
#: re-use the rankings of the gironi that did not change (a save changes one girone).
_RANKED: dict[int, list[tuple[object, list[StandingRow[int]]]]] = {}
_RANKED_MAX = 64
#: Each girone's tied groups as last resolved (rules.standings.RankMemo): after a save
#: only the groups holding the saved table's pairs are resolved again.
_MEMOS: dict[int, RankMemo] = {}


def _ranked(data: GironeInput, ctx: Context) -> list[StandingRow[int]]:
    inputs = (data.key(), ctx.key)
    known = _RANKED.get(data.girone_id, [])
    for seen, ranked in known:
        if seen == inputs:
            return ranked
    if len(_MEMOS) >= _RANKED_MAX and data.girone_id not in _MEMOS:
        _MEMOS.clear()
    memo = _MEMOS.setdefault(data.girone_id, RankMemo())
    ranked = rank_girone(data, ctx, memo)
    if len(_RANKED) >= _RANKED_MAX and data.girone_id not in _RANKED:
        _RANKED.clear()
    _RANKED[data.girone_id] = [*known[-1:], (inputs, ranked)]
    return ranked


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
    lookup: dict[str, object] = {
        "stage": stage,
        "girone": girone,
        "line": line,
        "kind": kind,
    }
    snapshot = (
        Snapshot.objects.select_for_update(of=("self",))
        .filter(**lookup)
        .order_by("pk")
        .first()
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
    replace_rows(snapshot, rows, ctx.competitors, fresh=fresh, digest=digest)
    snapshot.version += 1
    snapshot.digest = digest
    snapshot.rounds = rounds
    snapshot.notes = notes
    snapshot.chain = chain
    snapshot.settings_note = ctx.settings.note
    snapshot.save()
    return snapshot
