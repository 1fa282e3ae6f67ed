"""Recompute and store the standings of gironi, in the caller's transaction.

:func:`refresh_gironi` is what result entry calls (through ``standings.refresh``) in the
transaction that changes what counts. For each girone it ranks the confirmed results
(kind ``confirmed``) and those of the rounds whose results are public (kind
``public``); then, for each stage with more than one girone, the overall standings.
A snapshot whose content did not change keeps its version, so caches and ETags keyed by
the version stay valid.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from django.db import connection, transaction

from rules.standings import (
    HEAD_TO_HEAD,
    LABELS,
    Explanation,
    Labels,
    StandingRow,
    rank,
    rank_across,
    render_explanation,
)
from tournament.models import Girone, Pair, Round, Stage, Tournament

from ..models import Row, Snapshot, StandingsConfig
from .config import Settings, standings_settings
from .inputs import Score, confirmed_scores, matches_of

Kind = Snapshot.Kind


@dataclass(frozen=True)
class PairInfo:
    number: int
    players: str
    club: str
    girone_label: str


@dataclass(slots=True)
class RowData:
    """A standings row before it is stored (plain values: a 1,000-row girone is
    rebuilt on every result, and model instances would cost more than the ranking)."""

    index: int
    position: int
    pair_id: int
    pair_number: int
    players: str
    club: str
    girone_label: str
    vp: int
    mp_for: int
    mp_against: int
    played: int
    byes: int
    average: str
    tie: int | None
    by_lot: bool
    note: str = ""
    note_en: str = ""
    snapshot_id: int | None = None

    @property
    def mp_diff(self) -> int:
        return self.mp_for - self.mp_against

    @property
    def signed_diff(self) -> str:
        diff = self.mp_diff
        return f"+{diff}" if diff > 0 else str(diff)


@dataclass(frozen=True)
class Context:
    """What a tournament's refresh needs once: settings, lot seed, decisions, pairs."""

    tournament: Tournament
    settings: Settings
    config: StandingsConfig
    pairs: dict[int, PairInfo]

    @cached_property
    def key(self) -> tuple[object, ...]:
        """Everything besides the results that a stored ranking depends on."""
        config = self.config
        return (
            self.tournament.game,
            self.settings,
            config.lot_seed,
            config.lines_apart,
            repr(config.decisions),
            tuple(sorted(self.pairs.items())),
        )

    def decisions_for(self, team_ids: set[int]) -> list[list[int]]:
        """The referee's orders (pair numbers in the config) that apply to these teams."""
        by_number = {info.number: pid for pid, info in self.pairs.items()}
        out: list[list[int]] = []
        seen: set[int] = set()
        for order in self.config.decisions or []:
            if not isinstance(order, list):
                continue
            ids = [by_number[n] for n in order if n in by_number]
            if len(ids) == len(order) and set(ids) <= team_ids and seen.isdisjoint(ids):
                out.append(ids)
                seen.update(ids)
        return out


def tournament_context(tournament: Tournament) -> Context:
    config, _ = StandingsConfig.objects.get_or_create(tournament=tournament)
    found = Pair.objects.filter(tournament=tournament).values_list(
        "pk",
        "number",
        "player1__last_name",
        "player1__first_name",
        "player2__last_name",
        "player2__first_name",
        "club__name",
        "girone__label",
    )
    pairs = {
        pk: PairInfo(number, f"{l1} {f1} – {l2} {f2}"[:130], club or "", label or "")
        for pk, number, l1, f1, l2, f2, club, label in found
    }
    return Context(tournament, standings_settings(tournament), config, pairs)


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


def labels_for(game: str) -> tuple[Labels, Labels]:
    """The words of the notes. Briscola: the stored score is card points (result entry
    keeps the partite's card points in the MP columns), so the notes say so."""
    if game == "briscola":
        return Labels("Coppie", "punti", "punti carta", "punto"), Labels(
            "Pairs", "points", "card points", "point"
        )
    return LABELS["burraco"]["it"], LABELS["burraco"]["en"]


def build_rows(
    ctx: Context, ranked: list[StandingRow[int]], *, per_match: bool = False
) -> list[RowData]:
    """Unsaved rows for a ranking: pair details copied, each tie's note rendered once."""
    it, en = labels_for(ctx.tournament.game)

    def name(pid: int) -> str:
        return str(ctx.pairs[pid].number) if pid in ctx.pairs else str(pid)

    known = _known_texts(ctx)

    def texts(explanation: Explanation[int]) -> tuple[str, str]:
        try:
            return known[explanation]
        except KeyError:
            pass
        except TypeError:  # a value that cannot be hashed: rendered every time
            return _render(explanation, it, en, name)
        known[explanation] = found = _render(explanation, it, en, name)
        return found

    notes: dict[int, tuple[int, str, str]] = {}
    rows: list[RowData] = []
    for index, r in enumerate(ranked):
        info = ctx.pairs.get(r.team) or PairInfo(0, "", "", "")
        tie: int | None = None
        note = note_en = ""
        if r.explanation is not None:
            key = id(r.explanation)
            if key not in notes:
                notes[key] = (len(notes) + 1, *texts(r.explanation))
            tie, note, note_en = notes[key]
        t = r.totals
        average = ""
        if per_match and t.matches:
            average = f"{float(Fraction(t.points, t.matches)):.2f}"
        row = RowData(
            index=index,
            position=r.position,
            pair_id=r.team,
            pair_number=info.number,
            players=info.players,
            club=info.club,
            girone_label=info.girone_label,
            vp=t.points,
            mp_for=t.score_for,
            mp_against=t.score_against,
            played=t.played,
            byes=t.byes,
            average=average,
            tie=tie,
            by_lot=r.by_lot,
            note=note,
            note_en=note_en,
        )
        rows.append(row)
    return rows


#: The notes of the ties already rendered in this process, for one tournament state
#: (``Context.key``: pairs, game, settings): after a result most ties are unchanged.
_TEXTS: list[object] = [None, {}]
_TEXTS_MAX = 20_000


def _known_texts(ctx: Context) -> dict[Explanation[int], tuple[str, str]]:
    if _TEXTS[0] != ctx.key or len(_TEXTS[1]) > _TEXTS_MAX:  # type: ignore[arg-type]
        _TEXTS[:] = [ctx.key, {}]
    return _TEXTS[1]  # type: ignore[return-value]


def _render(
    explanation: Explanation[int],
    it: Labels,
    en: Labels,
    name: Callable[[int], str],
) -> tuple[str, str]:
    return (
        render_explanation(explanation, lang="it", labels=it, name=name),
        render_explanation(explanation, lang="en", labels=en, name=name),
    )


def notes_of(rows: list[RowData]) -> list[list[str]]:
    """The [Italian, English] note of each tie, in tie order (tie n is item n - 1)."""
    notes: list[list[str]] = []
    for row in rows:
        if row.tie is not None and row.tie > len(notes):
            notes.append([row.note, row.note_en])
    return notes


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
    digest = _digest(rows, rounds, chain, ctx.settings.note, notes)
    fresh = snapshot is None
    if snapshot is None:
        snapshot = Snapshot.objects.create(tournament=ctx.tournament, **lookup)
    elif snapshot.digest == digest:
        return snapshot
    _replace_rows(snapshot, rows, fresh=fresh)
    snapshot.version += 1
    snapshot.digest = digest
    snapshot.rounds = rounds
    snapshot.notes = notes
    snapshot.chain = chain
    snapshot.settings_note = ctx.settings.note
    snapshot.save()
    return snapshot


_ROW_COLUMNS = (
    "snapshot_id",
    "index",
    "position",
    "pair_id",
    "pair_number",
    "players",
    "club",
    "girone_label",
    "vp",
    "mp_for",
    "mp_against",
    "played",
    "byes",
    "average",
    "tie",
    "by_lot",
)
#: The PostgreSQL type of each of those columns (for the rows of the insert).
_PG_TYPES = (
    "bigint",
    "integer",
    "integer",
    "bigint",
    "integer",
    "text",
    "text",
    "text",
    "integer",
    "integer",
    "integer",
    "integer",
    "integer",
    "text",
    "integer",
    "boolean",
)


def _replace_rows(snapshot: Snapshot, rows: list[RowData], *, fresh: bool) -> None:
    """Write only the rows that changed: the stored rows are read in one query, those
    of pairs whose row differs (or left) are deleted and the new ones inserted, a few
    hundred per statement (a 1,000-row girone is rewritten on every result, and after
    a save most rows usually stay as they were)."""
    for row in rows:
        row.snapshot_id = snapshot.pk
    new = {row.pair_id: [getattr(row, c) for c in _ROW_COLUMNS] for row in rows}
    stored: dict[int, list[object]] = {}
    if not fresh:
        found = Row.objects.filter(snapshot=snapshot).values_list(*_ROW_COLUMNS)
        stored = {values[3]: list(values) for values in found.order_by()}
    gone = [pid for pid, values in stored.items() if new.get(pid) != values]
    added = [values for pid, values in new.items() if stored.get(pid) != values]
    table = connection.ops.quote_name(Row._meta.db_table)
    with connection.cursor() as cursor:
        if len(gone) > len(stored) // 2:
            cursor.execute(f"DELETE FROM {table} WHERE snapshot_id = %s", [snapshot.pk])
            added = list(new.values())
        elif gone and connection.vendor == "postgresql":
            cursor.execute(
                f"DELETE FROM {table} WHERE snapshot_id = %s AND pair_id = ANY(%s)",
                [snapshot.pk, gone],
            )
        else:
            for chunk in _chunks(gone, 500):
                marks = ", ".join(["%s"] * len(chunk))
                cursor.execute(
                    f"DELETE FROM {table} WHERE snapshot_id = %s AND pair_id IN ({marks})",
                    [snapshot.pk, *chunk],
                )
        if added:
            _insert_rows(cursor, table, added)


def _insert_rows(cursor, table: str, added: list[list[object]]) -> None:
    """One INSERT of many rows. PostgreSQL: the rows as one JSON parameter
    (thousands of placeholders, or arrays of strings, cost the driver more than the
    database)."""
    columns = ", ".join(
        connection.ops.quote_name(Row._meta.get_field(c.removesuffix("_id")).column)
        for c in _ROW_COLUMNS
    )
    if connection.vendor == "postgresql":
        record = ", ".join(
            f"{connection.ops.quote_name(name)} {kind}"
            for name, kind in zip(_ROW_COLUMNS, _PG_TYPES, strict=True)
        )
        payload = json.dumps(
            [dict(zip(_ROW_COLUMNS, row, strict=True)) for row in added]
        )
        cursor.execute(
            f"INSERT INTO {table} ({columns}) SELECT * FROM json_to_recordset(%s::json)"
            f" AS x({record})",
            [payload],
        )
        return
    one = "(" + ", ".join(["%s"] * len(_ROW_COLUMNS)) + ")"
    for chunk in _chunks(added, 50):
        cursor.execute(
            f"INSERT INTO {table} ({columns}) VALUES {', '.join([one] * len(chunk))}",
            [value for values in chunk for value in values],
        )


def _chunks(items: list, size: int) -> Iterable[list]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def _digest(
    rows: list[RowData],
    rounds: list[int],
    chain: list[str],
    note: str,
    notes: list[list[str]],
) -> str:
    h = hashlib.sha256(repr((rounds, chain, note, notes)).encode())
    for r in rows:
        h.update(
            repr(
                (
                    r.position,
                    r.pair_id,
                    r.pair_number,
                    r.players,
                    r.club,
                    r.girone_label,
                    r.vp,
                    r.mp_for,
                    r.mp_against,
                    r.played,
                    r.byes,
                    r.average,
                    r.tie,
                    r.by_lot,
                )
            ).encode()
        )
    return h.hexdigest()
