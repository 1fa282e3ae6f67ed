"""A team ranking stored as its snapshot's rows (docs/rules.md §11).

:func:`ranked_rows` turns a ranking into rows (the team's number, name, club and
girone, its totals, the tie-break explained in Italian and English);
:func:`store` writes them in the scope's :class:`~standings.models.Snapshot`, its
version going up only when the content changed (a digest of it).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from fractions import Fraction

from rules.standings import Explanation, Labels, StandingRow, render_explanation
from tournament.models import Girone, Stage

from ..models import Snapshot, TeamRow
from .context import Context

LABELS_IT = Labels("Squadre", "VP", "MP")


LABELS_EN = Labels("Teams", "VP", "MP")


@dataclass(frozen=True)
class TeamInfo:
    number: int
    name: str
    club: str
    girone_label: str


@dataclass
class RankedTeam:
    index: int
    position: int
    team_id: int
    team_number: int
    name: str
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


def ranked_rows(
    ranked: list[StandingRow[int]], infos: dict[int, TeamInfo], per_match: bool
) -> list[RankedTeam]:
    def name(pk: int) -> str:
        return str(infos[pk].number) if pk in infos else str(pk)

    notes: dict[int, tuple[int, str, str]] = {}
    rows = []
    for index, r in enumerate(ranked):
        info = infos.get(r.team) or TeamInfo(0, "", "", "")
        tie: int | None = None
        note = note_en = ""
        if r.explanation is not None:
            key = id(r.explanation)
            if key not in notes:
                notes[key] = (len(notes) + 1, *_render(r.explanation, name))
            tie, note, note_en = notes[key]
        t = r.totals
        average = ""
        if per_match and t.matches:
            average = f"{float(Fraction(t.points, t.matches)):.2f}"
        rows.append(
            RankedTeam(
                index,
                r.position,
                r.team,
                info.number,
                info.name,
                info.club,
                info.girone_label,
                t.points,
                t.score_for,
                t.score_against,
                t.played,
                t.byes,
                average,
                tie,
                r.by_lot,
                note,
                note_en,
            )
        )
    return rows


def _render(explanation: Explanation[int], name) -> tuple[str, str]:
    return (
        render_explanation(explanation, lang="it", labels=LABELS_IT, name=name),
        render_explanation(explanation, lang="en", labels=LABELS_EN, name=name),
    )


def _digest(rows: list[RankedTeam], rounds: list[int], chain: list[str], notes) -> str:
    h = hashlib.sha256(repr((rounds, chain, notes)).encode())
    for r in rows:
        h.update(
            repr(
                (
                    r.position,
                    r.team_id,
                    r.team_number,
                    r.name,
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


def store(
    ctx: Context,
    stage: Stage,
    girone: Girone | None,
    kind: str,
    rows: list[RankedTeam],
    rounds: list[int],
) -> None:
    """Write ``rows`` in the snapshot of this scope and kind (the rounds counted)."""
    lookup = {"stage": stage, "girone": girone, "line": "", "kind": kind}
    snapshot = (
        Snapshot.objects.select_for_update(of=("self",))
        .filter(**lookup)
        .order_by("pk")
        .first()
    )
    chain = list(ctx.settings.chain)
    notes: list[list[str]] = []
    for row in rows:
        if row.tie is not None and row.tie > len(notes):
            notes.append([row.note, row.note_en])
    digest = _digest(rows, rounds, chain, notes)
    if snapshot is None:
        snapshot = Snapshot.objects.create(tournament=ctx.tournament, **lookup)
    elif snapshot.digest == digest:
        return
    TeamRow.objects.filter(snapshot=snapshot).delete()
    TeamRow.objects.bulk_create(
        TeamRow(
            snapshot=snapshot,
            index=r.index,
            position=r.position,
            team_id=r.team_id,
            team_number=r.team_number,
            name=r.name[:120],
            club=r.club,
            girone_label=r.girone_label,
            vp=r.vp,
            mp_for=r.mp_for,
            mp_against=r.mp_against,
            played=r.played,
            byes=r.byes,
            average=r.average,
            tie=r.tie,
            by_lot=r.by_lot,
        )
        for r in rows
    )
    snapshot.version += 1
    snapshot.digest = digest
    snapshot.rounds = rounds
    snapshot.notes = notes
    snapshot.chain = chain
    snapshot.settings_note = ctx.settings.note
    snapshot.save()
