"""A girone's rounds: generate the next one as a draft, swap pairs, publish, unpublish.

The director's round operations: publishing a round (its tables' codes issued) and
taking it back are :mod:`draw.services.publishing`'s, releasing its tables and results
:mod:`tournament.services.publication`'s (the standings' page releases results too);
they are named here with the others.

Every function here runs in one transaction with the girone's rounds locked, and saves
a round only after the independent checker (rules.pairing.check_round) has found
nothing wrong with what the movement produced: a round is never half-generated.

A round with results (any table result entered, in whatever state) cannot be
regenerated, unpublished, swapped or deleted.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from draw.services.formats import format_of
from draw.services.girone_state import RankingRow, ranking_rows
from draw.services.pairing import (
    Constraints,
    GironeState,
    check_proposal,
    constraints_of,
    meetings_of,
    plan_of,
    propose_round,
    rematch_allowed_as_last,
)
from outbox.work import record_publish
from rules.pairing import Violation, format_plan
from scoring.services.rounds import round_has_results
from seating.services.tables import PlannedTable
from tournament.models import Girone, Round, Tournament
from tournament.services.errors import RoundError
from tournament.services.movement_words import movement_label
from tournament.services.publication import lock_girone, set_visibility

from .publishing import delete_draft, publish_all, publish_round, unpublish_round

__all__ = [
    "SwapOutcome",
    "danese_ranking",
    "danese_switch",
    "delete_draft",
    "describe",
    "generate_all",
    "generate_round",
    "has_results",
    "publish_all",
    "publish_round",
    "round_meetings",
    "round_rules",
    "round_violations",
    "set_visibility",
    "swap_pairs",
    "switch_to_danese",
    "unpublish_round",
]
from tournament.services.reasons import violation_text


def has_results(round_: Round) -> bool:
    """Whether a table of the round has a result entered (``scoring`` says)."""
    return round_has_results(round_)


@dataclass(frozen=True)
class SwapOutcome:
    """A swap that was saved, and what the checker says about the round now."""

    round: Round
    violations: list[Violation]


def _state(girone: Girone, *, before: int | None = None) -> GironeState:
    """The girone as the movements see it: its pairs, or its teams (team tournament)."""
    return format_of(girone.stage.tournament).load_state(girone, before=before)


def _saved_tables(round_: Round) -> list[PlannedTable]:
    """A saved round's tables by number: pairs, or one entry a team match."""
    return format_of(round_.girone.stage.tournament).planned_tables(round_)


def _save_tables(round_: Round, state: GironeState, tables: list[PlannedTable]) -> None:
    format_of(state.tournament).save_tables(round_, state.pk_of, tables)


def _constraints_of(round_: Round, state: GironeState) -> Constraints:
    """The rules a saved round was generated under, as its movement states them: what
    the checker verifies after a swap and what the draft page says."""
    return constraints_of(state, round_.number, round_.movement)


def _verify(
    state: GironeState, tables: list[PlannedTable], constraints: Constraints
) -> None:
    found = check_proposal(state, tables, constraints)
    if found:
        # A generator bug, never the director's fault: refuse rather than save it.
        raise RoundError(
            _("The generated round fails the independent check; nothing was saved."),
            [violation_text(v) for v in found],
        )


@transaction.atomic
def generate_round(girone: Girone, *, seed: int | None = None) -> Round:
    """Generate the girone's next round as a draft, or regenerate its draft round.

    ``seed`` fixes the draw of a random first round (a new one is drawn otherwise);
    the seed used is recorded on the round.
    """
    lock_girone(girone)
    last = girone.rounds.order_by("-number").first()
    # A draft last round is replaced; otherwise the next round is added (a Mitchell
    # or a calendar may be prepared while the last round is played; a Danese waits
    # for the last round to close, see draw.services.pairing).
    replacing = last is not None and last.status == Round.Status.DRAFT
    if replacing:
        assert last is not None
        if round_has_results(last):
            raise RoundError(
                _("Round %(number)s has results: it cannot be regenerated.")
                % {"number": last.number}
            )
        state = _state(girone, before=last.number)
    else:
        state = _state(girone)
    proposal, constraints = propose_round(state, seed=seed)
    _verify(state, proposal.tables, constraints)
    # A girone keeps the hands of its previous round (e.g. a women's girone playing
    # single games in a tournament of best-of-three matches), and whether it plays to
    # points (docs/rules.md §4.4).
    previous = girone.rounds.exclude(pk=last.pk if replacing and last else None)
    before = previous.order_by("-number").first()
    hands = before.hands if before else state.tournament.hands_per_round
    target = before.target_points if before else state.tournament.target_points
    if replacing:
        assert last is not None
        round_ = last
        hands = round_.hands
        round_.movement = proposal.movement
        round_.seed = proposal.seed
        round_.step = proposal.step
        round_.save(update_fields=["movement", "seed", "step"])
    else:
        round_ = Round.objects.create(
            girone=girone,
            number=proposal.number,
            hands=hands,
            target_points=target,
            movement=proposal.movement,
            seed=proposal.seed,
            step=proposal.step,
        )
    _save_tables(round_, state, proposal.tables)
    return round_


def describe(round_: Round) -> str:
    """The movement in words, with its seed or step when it has one."""
    text = movement_label(round_.movement)
    if round_.seed is not None:
        text += " · " + _("draw seed %(seed)s") % {"seed": round_.seed}
    if round_.step is not None:
        text += " · " + _("EO step: %(step)s") % {"step": round_.step}
    return text


def danese_ranking(round_: Round) -> list[RankingRow]:
    """The ranking a Danese round is paired by (empty for other movements)."""
    if not round_.movement.startswith("danese"):
        return []
    return ranking_rows(_state(round_.girone, before=round_.number))


def round_violations(round_: Round) -> list[Violation]:
    """What the independent checker says about a saved round, in words.

    A published round is checked against the pairs (teams) it seated: one that
    withdrew, or joined late, afterwards does not make it wrong. A draft is checked
    against those playing now too (one left out is a problem to see before publishing).
    """
    state = _state(round_.girone, before=round_.number)
    tables = _saved_tables(round_)
    seated = {p for t in tables for p in (t.ns, t.ew) if p is not None}
    if round_.status == Round.Status.DRAFT:
        seated |= set(state.active)
    state.active = sorted(seated)
    found = check_proposal(state, tables, _constraints_of(round_, state))
    return _worded(found, state)


def round_rules(round_: Round) -> list[str]:
    """What the round's movement forbids, in words (its constraints, as the checker
    verifies them): the draft page says it above the meetings it lists."""
    state = _state(round_.girone, before=round_.number)
    c = _constraints_of(round_, state)
    said: list[str] = []
    if c.no_rematch == "previous":
        said.append(_("no rematch with the previous round's opponent"))
    elif c.no_rematch == "any":
        said.append(_("no rematch with any earlier opponent"))
    elif rematch_allowed_as_last(state, round_.number, round_.movement):
        said.append(
            _(
                "a rematch is allowed: this is the last round (the tournament allows"
                " it, as the sources do)"
            )
        )
    if c.avoid_clubs:
        said.append(str(state.words.club_rule))
    elif c.fewest_clubs:
        said.append(
            _(
                "pairs of the same club meet as rarely as the Mitchell allows (not"
                " forbidden: the calendar is fixed)"
            )
        )
    return said


def round_meetings(round_: Round) -> list[Violation]:
    """Every rematch (with the rounds the two met in) and every same-club meeting of a
    round, whatever its movement allows: the draft page lists them all."""
    state = _state(round_.girone, before=round_.number)
    found = meetings_of(state, _saved_tables(round_))
    return _worded(found, state)


def _worded(found: list[Violation], state: GironeState) -> list[Violation]:
    return [
        Violation(v.code, v.pairs, violation_text(v, teams=state.teams), v.rounds)
        for v in found
    ]


@transaction.atomic
def swap_pairs(round_: Round, first: int, second: int) -> SwapOutcome:
    """Swap two pairs (by number) of a draft round; the checker's findings come back.

    A swap that breaks the movement's rule (a rematch, a club clash, an unfair rest) is
    saved all the same - the director decides - and reported as violations.
    """
    lock_girone(round_.girone)
    round_ = Round.objects.get(pk=round_.pk)
    if round_.status != Round.Status.DRAFT:
        raise RoundError(
            _("Round %(number)s is not a draft: unpublish it before changing it.")
            % {"number": round_.number}
        )
    words = format_of(round_.girone.stage.tournament).words
    if first == second:
        raise RoundError(str(words.same_two))
    state = _state(round_.girone, before=round_.number)
    tables = _saved_tables(round_)
    seated = {p for t in tables for p in (t.ns, t.ew) if p is not None}
    for number in (first, second):
        if number not in seated:
            raise RoundError(
                words.not_in_round
                % {"number": number, "round": round_.number, "girone": round_.girone}
            )
    other = {first: second, second: first}
    swapped = [
        PlannedTable(
            t.number,
            other.get(t.ns, t.ns),
            None if t.ew is None else other.get(t.ew, t.ew),
        )
        for t in tables
    ]
    _save_tables(round_, state, swapped)
    round_.notes = (
        round_.notes
        + ("\n" if round_.notes else "")
        + words.swapped_note % {"a": first, "b": second}
    )
    round_.save(update_fields=["notes"])
    if round_.status != Round.Status.DRAFT:
        record_publish(state.tournament.pk, gironi=[round_.girone_id], pages=True)
    violations = check_proposal(state, swapped, _constraints_of(round_, state))
    return SwapOutcome(round_, _worded(violations, state))


@transaction.atomic
def generate_all(gironi: list[Girone]) -> list[Round]:
    """The next round of every girone, or of none: one refusal stops them all."""
    return [generate_round(girone) for girone in gironi]


def danese_switch(tournament: Tournament, girone: Girone) -> tuple[int, int] | None:
    """The rounds (first, last) a switch from Mitchell to Danese would change for this
    girone's next round, or None when its next round is not a Mitchell one (or the
    plan is not valid: the girone page says so)."""
    try:
        plan = plan_of(tournament)
    except RoundError:
        return None
    done = girone.rounds.count()
    if done == 0 or done >= len(plan) or plan[done] != "mitchell":
        return None
    return done + 1, len(plan)


@transaction.atomic
def switch_to_danese(tournament: Tournament, *, from_round: int) -> Tournament:
    """Change the plan's Mitchell rounds from ``from_round`` on to Danese modificato.

    The way on when a Mitchell cannot seat a late pair (docs/rules.md §9): those
    rounds are paired by the standings instead, every active pair seated, no two pairs
    meeting again; the rounds already made stay as they are. Refused while any girone
    already has round ``from_round`` (delete its draft first).
    """
    tournament = Tournament.objects.select_for_update(of=("self",)).get(
        pk=tournament.pk
    )
    plan = list(plan_of(tournament))
    if not 2 <= from_round <= len(plan) or plan[from_round - 1] != "mitchell":
        raise RoundError(
            _("Round %(number)s of the plan is not a Mitchell round.")
            % {"number": from_round}
        )
    made = (
        Round.objects.filter(
            girone__stage__tournament=tournament, number__gte=from_round
        )
        .select_related("girone")
        .order_by("girone__label", "number")
        .first()
    )
    if made is not None:
        raise RoundError(
            _(
                "Round %(number)s of %(girone)s already exists: delete its draft"
                " first, then switch."
            )
            % {"number": made.number, "girone": made.girone}
        )
    rest = [
        "danese_modificato" if m == "mitchell" else m for m in plan[from_round - 1 :]
    ]
    tournament.movement_plan = format_plan([*plan[: from_round - 1], *rest])
    tournament.save(update_fields=["movement_plan"])
    return tournament
