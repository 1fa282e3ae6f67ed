"""What the pages and the API read: stored snapshots, never a recomputation.

A snapshot's rows are its tournament's competitors' (:mod:`.competitors`): Row for
pairs, TeamRow for teams; :func:`tables` reads either."""

from __future__ import annotations

import contextlib
import contextvars
import hashlib
from dataclasses import dataclass
from typing import Any

from tournament.models import Tournament

from ..models import Snapshot
from ..refresh import ensure_fresh_tournament
from .competitors import competitors_of


@dataclass(frozen=True)
class Table:
    """One stored ranking ready to show: its snapshot and its rows in order (a team
    tournament's are TeamRow rows)."""

    snapshot: Snapshot
    rows: list[Any]  # Row, or TeamRow in a team tournament

    @property
    def title_key(self) -> tuple[str, str]:
        s = self.snapshot
        return (s.girone.label if s.girone is not None else "", s.line)


def snapshots(tournament: Tournament, kind: str) -> list[Snapshot]:
    """The tournament's snapshots of ``kind``: per girone (lines after), then overall.

    The confirmed standings (director, prints) first rank any result saved but not yet
    ranked (worker mode); the public ones are read as they are.
    """
    if kind == Snapshot.Kind.CONFIRMED:
        ensure_fresh_tournament(tournament)
    found = list(
        Snapshot.objects.filter(tournament=tournament, kind=kind).select_related(
            "girone", "stage", "tournament"
        )
    )
    found.sort(
        key=lambda s: (
            s.stage.order,
            s.girone_id is None,
            s.girone.label if s.girone is not None else "",
            s.line,
        )
    )
    return found


def version_tag(found: list[Snapshot]) -> str:
    """One short tag for a set of snapshots: changes when any of them changes."""
    raw = ",".join(s.etag for s in found)
    return hashlib.blake2s(raw.encode(), digest_size=8).hexdigest()


#: Within :func:`reusing_tables`: the tables read so far, by snapshots and versions.
_reused: contextvars.ContextVar[dict[tuple, list[Table]] | None] = (
    contextvars.ContextVar("standings_tables_reused", default=None)
)


@contextlib.contextmanager
def reusing_tables():
    """Within this block, :func:`tables` of the same snapshots at the same versions is
    read once: the publisher renders the standings page in both languages and the
    API's answer from the same rows (a 1,000-row girone: 3,000 rows read once, not
    three times)."""
    token = _reused.set({})
    try:
        yield
    finally:
        _reused.reset(token)


def tables(found: list[Snapshot]) -> list[Table]:
    """The rows of these snapshots (see :func:`read_tables`), read once per
    :func:`reusing_tables` block."""
    memo = _reused.get()
    if memo is None:
        return read_tables(found)
    key = tuple((s.pk, s.version) for s in found)
    if key not in memo:
        memo[key] = read_tables(found)
    return memo[key]


def read_tables(found: list[Snapshot]) -> list[Table]:
    """The rows of these snapshots (one query; again if a refresh committed meanwhile).

    The snapshots and their rows are read by two statements: a refresh that commits
    between them would pair old notes with new rows. The versions are checked after the
    rows are read and, if one moved, both are read again.
    """
    if not found:
        return []
    model = competitors_of(found[0].tournament).row_model
    for _attempt in range(5):
        rows: dict[int, list[Any]] = {s.pk: [] for s in found}
        notes = {s.pk: s.notes for s in found}
        consistent = True
        row: Any
        for row in model._default_manager.filter(snapshot__in=found).order_by(
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
                "girone", "stage", "tournament"
            )
        }
        found = [fresh[s.pk] for s in found if s.pk in fresh]
    return [Table(s, rows.get(s.pk, [])) for s in found]
