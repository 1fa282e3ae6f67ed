"""From the gironi to the qualifiers: the proposal, the confirmation.

The gironi must be closed first (:mod:`.gironi`). The standings are the stored ones (:mod:`standings`): the confirmed snapshot of each
girone, and the stage's overall snapshot (the stable merge of the gironi's, by VP per
round only when the plan gives the gironi different numbers of rounds; docs/rules.md
§8) for the best-placed across gironi. Ties at the cut are shown with the note the
standings chain wrote for them (:mod:`.cut`); a tie the chain left level (a lot not
drawn, no referee's decision) stops the confirmation. The qualifiers are the
tournament's competitors, pairs or teams (:mod:`.entrants`), read and written the same
way.
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
)
from standings.models import Row, Snapshot
from standings.refresh import ensure_fresh
from standings.services.competitors import competitors_of
from tournament.models import Girone, Stage, Tournament

from ..models import Bracket, Entry
from .cut import CutTieView, cut_ties
from .entrants import entrants_of
from .errors import KnockoutError
from .gironi import gironi_problems, gironi_stage, selected_gironi
from .packs import default_best_of


@dataclass(frozen=True)
class ProposedEntry:
    seed: int
    pair: Pair | Team  # a team in a team tournament
    girone: str
    place: int | None
    note: str = ""


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


def _snapshots(
    stage: Stage, labels: Sequence[str] = ()
) -> tuple[dict[str, list[Row]], list[Row]]:
    """Confirmed standings rows per girone label, and the overall rows (Row, or
    TeamRow in a team tournament; ``entrant`` set on each: its pair or team id).

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
    model = competitors_of(stage.tournament).row_model
    entrant = entrants_of(stage.tournament).row_field
    rows = model._default_manager.filter(snapshot__in=snaps).select_related(
        "snapshot__girone"
    )
    for row in rows.order_by("snapshot_id", "index"):
        row.entrant = getattr(row, entrant)
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
    qualifiers = _choose(
        qualify, standings, overall_ids, per_girone, best_next, count, tiers_by_overall
    )
    rows_by_pair = {r.entrant: r for rows in by_girone.values() for r in rows}
    rows_by_pair.update(
        {r.entrant: r for r in overall if r.entrant not in rows_by_pair}
    )
    pairs = entrants_of(tournament).model._default_manager.in_bulk(
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
    proposal.cut_ties = cut_ties(
        by_girone,
        overall,
        pairs,
        entrants_of(tournament),
        per_girone=per_girone if qualify == Bracket.Qualify.PER_GIRONE else None,
        best_next=best_next,
        count=count,
    )
    return proposal


def _choose(
    qualify: str,
    standings: dict[str, list[int]],
    overall: list[int],
    per_girone: int,
    best_next: int,
    count: int,
    tiers_by_overall: bool,
) -> list[Qualifier]:
    """The qualifiers by the chosen rule (rules.knockout.qualifiers), in seed order."""
    try:
        if qualify == Bracket.Qualify.PER_GIRONE:
            return qualifiers_by_girone(
                standings,
                per_girone,
                best_next=best_next,
                overall=overall,
                tiers_by_overall=tiers_by_overall,
            )
        else:
            return qualifiers_by_overall(overall, count, gironi=standings)
    except RulesError as exc:
        raise KnockoutError(
            _("The qualifiers cannot be chosen: %(reason)s") % {"reason": exc}
        ) from exc


def _check_confirmable(tournament: Tournament, proposal: Proposal) -> None:
    """No girone feeds two tabelloni; no tie at the cut is still level."""
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


def _match_lengths(
    tournament: Tournament, best_of: int | None, final_best_of: int | None
) -> tuple[int, int]:
    """The matches' and the final's best of (the pack's by default); Briscola's odd."""
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
    return best_of, final_best_of


def _knockout_stage(tournament: Tournament) -> Stage:
    """The tabellone's stage, after the tournament's others."""
    order = (
        Stage.objects.filter(tournament=tournament).aggregate(m=Max("order"))["m"] or 0
    )
    return Stage.objects.create(
        tournament=tournament,
        order=order + 1,
        kind=Stage.Kind.KNOCKOUT,
        name=_("Tabellone"),
    )


def _write_entries(bracket: Bracket, entries: list[ProposedEntry], side: str) -> None:
    """The confirmed qualifiers, as the bracket's entries (in the ``side`` column:
    pairs, or teams)."""
    Entry.objects.bulk_create(
        Entry(
            bracket=bracket,
            **{side: e.pair},
            seed=e.seed,
            girone_label=e.girone,
            place=e.place,
            note=e.note,
        )
        for e in entries
    )


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
    _check_confirmable(tournament, proposal)
    best_of, final_best_of = _match_lengths(tournament, best_of, final_best_of)
    labels = set(proposal.labels)
    bracket = Bracket.objects.create(
        tournament=tournament,
        stage=_knockout_stage(tournament),
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
    _write_entries(bracket, proposal.entries, entrants_of(tournament).entry_field)
    record_publish(tournament.pk, pages=True)
    return bracket
