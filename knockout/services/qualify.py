"""From the gironi to the qualifiers: closed gironi, the proposal, the confirmation.

The standings are the stored ones (:mod:`standings`): the confirmed snapshot of each
girone, and the stage's overall snapshot (the stable merge of the gironi's, by VP per
round only when the plan gives the gironi different numbers of rounds; docs/rules.md
§8) for the best-placed across gironi. Ties at the cut are shown with the note the
standings chain wrote for them; a tie the chain left level (a lot not drawn, no
referee's decision) stops the confirmation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from outbox.work import record_publish
from participants.models import Pair, Team
from rules.errors import RulesError
from rules.knockout.qualifiers import (
    Qualifier,
    qualifiers_by_girone,
    qualifiers_by_overall,
    ties_at_cut,
)
from standings.models import Row, Snapshot, TeamRow
from standings.refresh import ensure_fresh
from tournament import visibility
from tournament.models import Girone, Round, Stage, Tournament

from ..models import Bracket, Entry
from .errors import KnockoutError
from .packs import default_best_of


@dataclass(frozen=True)
class ProposedEntry:
    seed: int
    pair: Pair | Team  # a team in a team tournament
    girone: str
    place: int | None
    note: str = ""


@dataclass(frozen=True)
class CutTieView:
    girone: str
    pairs: list[Pair | Team]
    inside: list[Pair | Team]
    resolved: bool
    note: str


@dataclass
class Proposal:
    """What the director is asked to confirm."""

    stage: Stage
    qualify: str
    per_girone: int
    best_next: int
    count: int
    labels: list[str] = field(default_factory=list)
    all_labels: list[str] = field(default_factory=list)
    entries: list[ProposedEntry] = field(default_factory=list)
    cut_ties: list[CutTieView] = field(default_factory=list)

    @property
    def blocked(self) -> bool:
        return any(not t.resolved for t in self.cut_ties)


def gironi_stage(tournament: Tournament) -> Stage | None:
    """The tournament's first gironi stage."""
    return (
        Stage.objects.filter(tournament=tournament, kind=Stage.Kind.GROUPS)
        .order_by("order")
        .first()
    )


def selected_gironi(stage: Stage, labels: Sequence[str] = ()) -> list[Girone]:
    """The stage's gironi with these labels (all of them when none is given)."""
    gironi = list(Girone.objects.filter(stage=stage).order_by("label"))
    if not labels:
        return gironi
    known = {g.label for g in gironi}
    unknown = [label for label in labels if label not in known]
    if unknown:
        raise KnockoutError(
            _("No girone %(labels)s in this tournament.")
            % {"labels": ", ".join(unknown)}
        )
    return [g for g in gironi if g.label in labels]


def gironi_problems(tournament: Tournament, labels: Sequence[str] = ()) -> list[str]:
    """Why a tabellone cannot be drawn yet (empty: every girone is closed)."""
    stage = gironi_stage(tournament)
    if stage is None:
        return [_("The tournament has no gironi stage.")]
    try:
        gironi = selected_gironi(stage, labels)
    except KnockoutError as exc:
        return [str(exc)]
    if not gironi:
        return [_("The gironi stage has no gironi.")]
    problems = []
    open_rounds: dict[int, list[int]] = {}
    has_rounds: set[int] = set()
    not_final: list[Round] = []
    for round_ in Round.objects.filter(girone__in=gironi).select_related("girone"):
        has_rounds.add(round_.girone_id)
        phase = visibility.round_phase(round_)
        if phase in (visibility.Phase.DRAFT, visibility.Phase.PLAYING):
            open_rounds.setdefault(round_.girone_id, []).append(round_.number)
        elif phase != visibility.Phase.FINAL:
            not_final.append(round_)
    for girone in gironi:
        if girone.pk not in has_rounds:
            problems.append(
                _("Girone %(label)s has no rounds yet.") % {"label": girone.label}
            )
        elif girone.pk in open_rounds:
            still = sorted(open_rounds[girone.pk])
            problems.append(
                ngettext(
                    "Girone %(label)s is not closed: round %(rounds)s is still open.",
                    "Girone %(label)s is not closed: rounds %(rounds)s are still open.",
                    len(still),
                )
                % {"label": girone.label, "rounds": ", ".join(map(str, still))}
            )
    # The qualifiers are taken from final results only (tournament.visibility): a
    # round held or still in its correction period could change them.
    if not problems and not_final:
        problems += visibility.conclusion_problems(tournament, rounds=not_final)
    return problems


def _snapshots(
    stage: Stage, labels: Sequence[str] = ()
) -> tuple[dict[str, list[Row]], list[Row]]:
    """Confirmed standings rows per girone label, and the overall rows.

    With a subset of the gironi, the overall rows are the stage's overall standings
    restricted to their pairs: the merge compares the gironi's pairs by per-pair
    criteria (no head-to-head), so restricted to some gironi it is their own merge.
    """
    ensure_fresh(stage.gironi.values_list("id", flat=True))
    snaps = Snapshot.objects.filter(
        stage=stage, kind=Snapshot.Kind.CONFIRMED, line=Snapshot.Line.ALL
    ).select_related("girone")
    by_girone: dict[str, list[Row]] = {}
    overall: list[Row] = []
    if stage.tournament.is_teams:  # the qualifiers are teams (docs/rules.md §11)
        rows = TeamRow.objects.filter(snapshot__in=snaps).select_related(
            "snapshot__girone"
        )
    else:
        rows = Row.objects.filter(snapshot__in=snaps).select_related(
            "pair", "snapshot__girone"
        )
    for row in rows.order_by("snapshot_id", "index"):
        row.entrant = row.team_id if isinstance(row, TeamRow) else row.pair_id
        if row.snapshot.girone_id is None:
            overall.append(row)
        else:
            by_girone.setdefault(row.snapshot.girone.label, []).append(row)
    labels = [g.label for g in selected_gironi(stage, labels)]
    missing = [label for label in labels if label not in by_girone]
    if missing:
        raise KnockoutError(
            ngettext(
                "No stored standings for girone %(labels)s.",
                "No stored standings for gironi %(labels)s.",
                len(missing),
            )
            % {"labels": ", ".join(missing)}
        )
    ordered = {label: by_girone[label] for label in labels}
    chosen = {r.entrant for rows in ordered.values() for r in rows}
    overall = [r for r in overall if r.entrant in chosen]
    if not overall and len(ordered) == 1:
        overall = next(iter(ordered.values()))
    return ordered, overall


def propose_qualifiers(
    tournament: Tournament,
    *,
    qualify: str = Bracket.Qualify.PER_GIRONE,
    per_girone: int = 0,
    best_next: int = 0,
    count: int = 0,
    tiers_by_overall: bool = False,
    gironi: Sequence[str] = (),
) -> Proposal:
    """The qualifiers the stored standings give, with the ties at the cut explained.

    Per girone, the seeds go tier by tier (all firsts, then all seconds ...); inside a
    tier the gironi rotate (A B, B A ...) unless ``tiers_by_overall`` orders them by
    the overall standings.
    """
    problems = gironi_problems(tournament, gironi)
    if problems:
        raise KnockoutError(" ".join(problems))
    stage = gironi_stage(tournament)
    assert stage is not None
    by_girone, overall = _snapshots(stage, gironi)
    standings = {label: [r.entrant for r in rows] for label, rows in by_girone.items()}
    overall_ids = [r.entrant for r in overall]
    try:
        if qualify == Bracket.Qualify.PER_GIRONE:
            qualifiers = qualifiers_by_girone(
                standings,
                per_girone,
                best_next=best_next,
                overall=overall_ids,
                tiers_by_overall=tiers_by_overall,
            )
        else:
            qualifiers = qualifiers_by_overall(overall_ids, count, gironi=standings)
    except RulesError as exc:
        raise KnockoutError(
            _("The qualifiers cannot be chosen: %(reason)s") % {"reason": exc}
        ) from exc
    rows_by_pair = {r.entrant: r for rows in by_girone.values() for r in rows}
    rows_by_pair.update(
        {r.entrant: r for r in overall if r.entrant not in rows_by_pair}
    )
    pairs = (Team if tournament.is_teams else Pair).objects.in_bulk(
        {q.pair for q in qualifiers} | set(overall_ids) | set(rows_by_pair)
    )
    proposal = Proposal(
        stage,
        qualify,
        per_girone,
        best_next,
        len(qualifiers),
        labels=list(by_girone),
        all_labels=list(
            Girone.objects.filter(stage=stage).values_list("label", flat=True)
        ),
        entries=[_entry(q, pairs, rows_by_pair) for q in qualifiers],
    )
    cut_ties = []
    if qualify == Bracket.Qualify.PER_GIRONE:
        for label, rows in by_girone.items():
            cut_ties += [
                (label, t, rows)
                for t in ties_at_cut(_tie_rows(rows), per_girone, girone=label)
            ]
        if best_next:
            rows = [
                r for r in overall if r.entrant in _places(standings, per_girone + 1)
            ]
            cut_ties += [("", t, rows) for t in ties_at_cut(_tie_rows(rows), best_next)]
    else:
        cut_ties += [("", t, overall) for t in ties_at_cut(_tie_rows(overall), count)]
    for label, tie, rows in cut_ties:
        note = next((r.note for r in rows if r.entrant in tie.pairs and r.note), "")
        if not note:
            note = _fallback_note(tie.pairs, rows, pairs)
        proposal.cut_ties.append(
            CutTieView(
                label,
                [pairs[p] for p in tie.pairs],
                [pairs[p] for p in tie.inside],
                tie.resolved,
                note,
            )
        )
    return proposal


def _fallback_note(tied: Sequence[int], rows: list[Row], pairs: dict[int, Pair]) -> str:
    """A plain note when the stored standings carry none for a tie."""
    tied_rows = [r for r in rows if r.entrant in tied]
    names = ", ".join(str(pairs[r.entrant].number) for r in tied_rows)
    if tied_rows and isinstance(tied_rows[0], TeamRow):
        if any(r.by_lot for r in tied_rows):
            return _(
                "Teams %(teams)s are level on points (%(points)s): the tie-break "
                "chain of the standings ended with the lot."
            ) % {"teams": names, "points": tied_rows[0].vp}
        return _(
            "Teams %(teams)s are level on points (%(points)s): placed by the "
            "tie-break chain of the standings (direct match, classifica avulsa, "
            "differences)."
        ) % {"teams": names, "points": tied_rows[0].vp}
    if any(r.by_lot for r in tied_rows):
        return _(
            "Pairs %(pairs)s are level on points (%(points)s): the tie-break chain of "
            "the standings ended with the lot."
        ) % {"pairs": names, "points": tied_rows[0].vp}
    return _(
        "Pairs %(pairs)s are level on points (%(points)s): placed by the tie-break "
        "chain of the standings (direct match, classifica avulsa, differences)."
    ) % {"pairs": names, "points": tied_rows[0].vp}


def _places(standings: dict[str, list[int]], place: int) -> set[int]:
    return {pairs[place - 1] for pairs in standings.values() if len(pairs) >= place}


def _tie_rows(rows: list[Row]) -> list[tuple[int, int, list[int]]]:
    """(pair, position, tied group) from stored rows (``tie`` = the tie group's id)."""
    groups: dict[int, list[int]] = {}
    for r in rows:
        if r.tie is not None:
            groups.setdefault(r.tie, []).append(r.entrant)
    return [
        (r.entrant, r.position, groups.get(r.tie, []) if r.tie is not None else [])
        for r in rows
    ]


def _entry(q: Qualifier, pairs: dict[int, Pair], rows: dict[int, Row]) -> ProposedEntry:
    row = rows.get(q.pair)
    return ProposedEntry(
        q.seed, pairs[q.pair], q.girone or "", q.place, row.note if row else ""
    )


@transaction.atomic
def confirm_qualifiers(
    tournament: Tournament,
    *,
    by,
    qualify: str = Bracket.Qualify.PER_GIRONE,
    per_girone: int = 0,
    best_next: int = 0,
    count: int = 0,
    tiers_by_overall: bool = False,
    gironi: Sequence[str] = (),
    name: str = "",
    seeding: str = Bracket.Seeding.SEPARATE_GIRONI,
    third_place: bool = False,
    best_of: int | None = None,
    final_best_of: int | None = None,
    waiting_minutes: int = 10,
) -> Bracket:
    """The director confirms the proposed qualifiers: the bracket exists, not drawn yet."""
    # NO KEY UPDATE: serialises confirmations without blocking the rows that merely
    # point at the tournament (a standings refresh inserting a snapshot meanwhile).
    Tournament.objects.select_for_update(no_key=True, of=("self",)).get(
        pk=tournament.pk
    )
    proposal = propose_qualifiers(
        tournament,
        qualify=qualify,
        per_girone=per_girone,
        best_next=best_next,
        count=count,
        tiers_by_overall=tiers_by_overall,
        gironi=gironi,
    )
    labels = set(proposal.labels)
    for other in Bracket.objects.filter(tournament=tournament):
        shared = set(other.gironi or proposal.all_labels) & labels
        if shared:
            raise KnockoutError(
                ngettext(
                    "Girone %(labels)s already feeds the tabellone %(name)s.",
                    "Gironi %(labels)s already feed the tabellone %(name)s.",
                    len(shared),
                )
                % {"labels": ", ".join(sorted(shared)), "name": other.name or other.pk}
            )
    if proposal.blocked:
        raise KnockoutError(
            _(
                "A tie at the qualifying cut is still level (%(pairs)s): draw the lot "
                "or record the referee's decision in the standings first."
            )
            % {
                "pairs": "; ".join(
                    ", ".join(str(p.number) for p in t.pairs)
                    for t in proposal.cut_ties
                    if not t.resolved
                )
            }
        )
    default, default_final = default_best_of(tournament)
    best_of = best_of or default
    final_best_of = final_best_of or default_final
    if tournament.game == Tournament.Game.BRISCOLA and (
        best_of % 2 == 0 or final_best_of % 2 == 0
    ):
        raise KnockoutError(
            _("A Briscola match is best of an odd number of partite, got %(n)s.")
            % {"n": best_of if best_of % 2 == 0 else final_best_of}
        )
    order = (
        Stage.objects.filter(tournament=tournament).aggregate(m=Max("order"))["m"] or 0
    )
    stage = Stage.objects.create(
        tournament=tournament,
        order=order + 1,
        kind=Stage.Kind.KNOCKOUT,
        name=_("Tabellone"),
    )
    bracket = Bracket.objects.create(
        tournament=tournament,
        stage=stage,
        source=proposal.stage,
        name=name,
        gironi=[] if labels == set(proposal.all_labels) else sorted(labels),
        qualify=qualify,
        per_girone=per_girone,
        best_next=best_next,
        count=proposal.count,
        seeding=seeding,
        third_place=third_place,
        best_of=best_of,
        final_best_of=final_best_of,
        waiting_minutes=waiting_minutes,
        confirmed_by=by,
        confirmed_at=timezone.now(),
    )
    side = "team" if tournament.is_teams else "pair"
    Entry.objects.bulk_create(
        Entry(
            bracket=bracket,
            **{side: e.pair},
            seed=e.seed,
            girone_label=e.girone,
            place=e.place,
            note=e.note,
        )
        for e in proposal.entries
    )
    record_publish(tournament.pk, pages=True)
    return bracket
