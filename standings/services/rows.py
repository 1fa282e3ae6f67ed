"""Standings rows: built from a ranking (the competitors' details, tie notes rendered
once), and written to the database (only the rows that changed), in the table of the
tournament's competitors (:mod:`.competitors`: Row for pairs, TeamRow for teams)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from django.db import connection
from django.db.models import Field

from rules.standings import Explanation, Labels, StandingRow, render_explanation

from ..models import Snapshot
from ..models.snapshots import RowFigures
from .competitors import CompetitorInfo, Competitors
from .context import Context


@dataclass(slots=True)
class RowData(RowFigures):
    """A standings row before it is stored (plain values: a 1,000-row girone is
    rebuilt on every result, and model instances would cost more than the ranking).

    ``pair_id``, ``pair_number``, ``players``: the competitor's, a team's id, number and
    name in a team tournament (stored as TeamRow's ``team``, ``team_number``, ``name``);
    a team's attendance is not known (``missed`` 0, no rounds entered or left)."""

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
    missed: int = 0  # rounds missed (counted with the pack's award)
    entered_round: int | None = None  # a late pair: the round it entered at
    withdrew_after: int | None = None  # a withdrawn pair: its last round
    note: str = ""
    note_en: str = ""
    snapshot_id: int | None = None


def build_rows(
    ctx: Context,
    ranked: list[StandingRow[int]],
    *,
    rounds: Mapping[int, int] | None = None,
    marks: Mapping[int, tuple[int | None, int | None]] | None = None,
) -> list[RowData]:
    """Unsaved rows for a ranking: pair details copied, each tie's note rendered once.

    ``rounds``: the per-round denominators when the ranking averages (the average is
    shown; a team's is over its matches, :mod:`.competitors`); ``marks``: pair id ->
    (round entered at, round withdrawn after)."""
    marks = marks or {}
    notes = _Notes(ctx)
    per_match = ctx.competitors.average_per_match
    rows: list[RowData] = []
    for index, r in enumerate(ranked):
        info = ctx.infos.get(r.team) or CompetitorInfo(0, "", "", "")
        tie, note, note_en = notes.of(r.explanation)
        t = r.totals
        average = ""
        over = t.matches if per_match else (rounds or {}).get(r.team)
        if rounds is not None and over:
            average = f"{float(Fraction(t.points, over)):.2f}"
        entered, withdrew = marks.get(r.team, (None, None))
        row = RowData(
            index=index,
            position=r.position,
            pair_id=r.team,
            pair_number=info.number,
            players=info.name,
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
            missed=t.missed,
            entered_round=entered,
            withdrew_after=withdrew,
            note=note,
            note_en=note_en,
        )
        rows.append(row)
    return rows


class _Notes:
    """Each tie's note, numbered in order of first appearance and rendered once (in
    Italian and English), from the texts this process already rendered when it can."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.labels = ctx.competitors.labels(ctx.tournament.game, ctx.match_score)
        self.known = _known_texts(ctx)
        self.numbered: dict[int, tuple[int, str, str]] = {}

    def name(self, pid: int) -> str:
        infos = self.ctx.infos
        return str(infos[pid].number) if pid in infos else str(pid)

    def of(self, explanation: Explanation[int] | None) -> tuple[int | None, str, str]:
        """(tie number, note, English note) of a row; (None, "", "") for no tie."""
        if explanation is None:
            return None, "", ""
        key = id(explanation)
        if key not in self.numbered:
            self.numbered[key] = (len(self.numbered) + 1, *self.texts(explanation))
        return self.numbered[key]

    def texts(self, explanation: Explanation[int]) -> tuple[str, str]:
        it, en = self.labels
        try:
            return self.known[explanation]
        except KeyError:
            pass
        except TypeError:  # a value that cannot be hashed: rendered every time
            return _render(explanation, it, en, self.name)
        self.known[explanation] = found = _render(explanation, it, en, self.name)
        return found


#: The notes of the ties already rendered in this process, for one tournament state
#: (``Context.key``: competitors, game, settings): after a result most ties are unchanged.
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


#: The PostgreSQL type of each ``RowData`` attribute stored (for the rows of the insert).
_PG_TYPES = {
    "snapshot_id": "bigint",
    "pair_id": "bigint",
    "players": "text",
    "club": "text",
    "girone_label": "text",
    "average": "text",
    "by_lot": "boolean",
}


#: The rows this process last wrote for a snapshot: (snapshot id, content digest) ->
#: pair id -> column values. The digest covers every column, so when the stored
#: snapshot still has that digest its rows are these and need not be read again.
_WRITTEN: dict[tuple[int, str], dict[int, list[object]]] = {}
_WRITTEN_MAX = 64


def replace_rows(
    snapshot: Snapshot,
    rows: list[RowData],
    competitors: Competitors,
    *,
    fresh: bool,
    digest: str = "",
) -> None:
    """Write only the rows that changed: the stored rows are read in one query (or
    known from this process's last write, while ``snapshot.digest`` is the one it
    wrote), those of pairs whose row differs (or left) are deleted and the new ones
    inserted, a few hundred per statement (a 1,000-row girone is rewritten on every
    result, and after a save most rows usually stay as they were). ``digest``: the
    content digest of ``rows`` (remembered with them)."""
    for row in rows:
        row.snapshot_id = snapshot.pk
    model = competitors.row_model
    attributes = [attribute for attribute, _ in competitors.columns]
    fields = [field for _, field in competitors.columns]
    new = {row.pair_id: [getattr(row, c) for c in attributes] for row in rows}
    stored: dict[int, list[object]] = {}
    if not fresh:
        known = _WRITTEN.pop((snapshot.pk, snapshot.digest), None)
        if known is None:
            found = model._default_manager.filter(snapshot=snapshot).values_list(
                *fields
            )
            known = {values[3]: list(values) for values in found.order_by()}
        stored = known
    if digest:
        if len(_WRITTEN) >= _WRITTEN_MAX:
            _WRITTEN.clear()
        _WRITTEN[(snapshot.pk, digest)] = new
    gone = [pid for pid, values in stored.items() if new.get(pid) != values]
    added = [values for pid, values in new.items() if stored.get(pid) != values]
    table = connection.ops.quote_name(model._meta.db_table)
    competitor = connection.ops.quote_name(_column(model, fields[3]))
    with connection.cursor() as cursor:
        if len(gone) > len(stored) // 2:
            cursor.execute(f"DELETE FROM {table} WHERE snapshot_id = %s", [snapshot.pk])
            added = list(new.values())
        elif gone and connection.vendor == "postgresql":
            cursor.execute(
                f"DELETE FROM {table} WHERE snapshot_id = %s"
                f" AND {competitor} = ANY(%s)",
                [snapshot.pk, gone],
            )
        else:
            for chunk in _chunks(gone, 500):
                marks = ", ".join(["%s"] * len(chunk))
                cursor.execute(
                    f"DELETE FROM {table} WHERE snapshot_id = %s"
                    f" AND {competitor} IN ({marks})",
                    [snapshot.pk, *chunk],
                )
        if added:
            _insert_rows(cursor, model, competitors.columns, added)


def _column(model, name: str) -> str:
    field = model._meta.get_field(name.removesuffix("_id"))
    assert isinstance(field, Field)  # a column of the row, not a relation's other end
    return str(field.column)


def _insert_rows(
    cursor, model, spec: tuple[tuple[str, str], ...], added: list[list[object]]
) -> None:
    """One INSERT of many rows. PostgreSQL: the rows as one JSON parameter
    (thousands of placeholders, or arrays of strings, cost the driver more than the
    database)."""
    table = connection.ops.quote_name(model._meta.db_table)
    names = [attribute for attribute, _ in spec]
    columns = ", ".join(
        connection.ops.quote_name(_column(model, field)) for _, field in spec
    )
    if connection.vendor == "postgresql":
        record = ", ".join(
            f"{connection.ops.quote_name(name)} {_PG_TYPES.get(name, 'integer')}"
            for name in names
        )
        payload = json.dumps([dict(zip(names, row, strict=True)) for row in added])
        cursor.execute(
            f"INSERT INTO {table} ({columns}) SELECT * FROM json_to_recordset(%s::json)"
            f" AS x({record})",
            [payload],
        )
        return
    one = "(" + ", ".join(["%s"] * len(spec)) + ")"
    for chunk in _chunks(added, 50):
        cursor.execute(
            f"INSERT INTO {table} ({columns}) VALUES {', '.join([one] * len(chunk))}",
            [value for values in chunk for value in values],
        )


def _chunks(items: list, size: int) -> Iterable[list]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def content_digest(
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
                    r.missed,
                    r.entered_round,
                    r.withdrew_after,
                )
            ).encode()
        )
    return h.hexdigest()
