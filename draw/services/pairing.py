"""From the database to rules.pairing and back: what a girone's next round looks like.

This module only reads: it gathers a girone's pairs, history, rests, ranking and
constraints (:class:`GironeState`), asks :mod:`rules.pairing` for the next round, and
checks the answer with the independent checker. Saving is
:mod:`draw.services.rounds`' job.

Each movement is an object of ``rules.pairing.REGISTRY`` that seats a round and states
its constraints (:class:`rules.pairing.Movement`); this module builds its
:class:`rules.pairing.Situation` and checks its answer with the same constraints.

Rule choices (docs/rules.md §9), with where each is set:

* Danese modificato forbids a rematch with the previous round's opponent, or with any
  earlier one: the rule pack's ``[pairing] danese_no_rematch``;
* the sources allow a rematch in the last round: ``Tournament.rematch_in_last_round``;
* "never the same opponents" (every round paired by the ranking avoids every earlier
  opponent, the last one too): ``Tournament.never_rematch``;
* the higher-ranked pair of a Danese table sits NS: ``[pairing]
  danese_higher_ranked_ns`` (packs without a pairing section: yes);
* club avoidance (first round, Danese modificato; a Mitchell seats same-club pairs as
  rarely as it can): ``Tournament.avoid_same_club``;
* Mitchell step: ``Tournament.mitchell_step`` (empty = the smallest that works);
* rest: nobody rests twice before everyone has rested once; in a Danese the
  lowest-ranked eligible pair rests.
"""

from __future__ import annotations

import secrets
from dataclasses import replace

from django.utils.translation import gettext as _

from draw.services.girone_state import (
    GironeState,
    Proposal,
    load_state,
    movement_of,
    pairing_options,
    plan_of,
    ranking_order,
    seeding_order,
)
from rules.errors import PairingError
from rules.pairing import (
    Constraints,
    Options,
    Situation,
    Violation,
    check_round,
    meetings_to_note,
    movement,
)
from seating.services.tables import PlannedTable
from tournament.models import Round, Tournament
from tournament.services.errors import RoundError
from tournament.services.movement_words import movement_label
from tournament.services.reasons import reason_text

__all__ = [
    "Constraints",
    "GironeState",
    "PlannedTable",
    "Proposal",
    "check_proposal",
    "constraints_of",
    "load_state",
    "meetings_of",
    "movement_label",
    "movement_of",
    "options_of",
    "pairing_options",
    "plan_of",
    "propose_round",
    "situation_of",
]


def options_of(tournament: Tournament) -> Options:
    """The tournament's choices the movements read (docs/rules.md §9): the pinned
    pack's rematch scope and NS rule, and the director's settings."""
    scope, higher_ns = pairing_options(tournament)
    return Options(
        no_rematch=scope,
        never_rematch=tournament.never_rematch,
        rematch_in_last_round=tournament.rematch_in_last_round,
        avoid_clubs=tournament.avoid_same_club,
        higher_ranked_ns=higher_ns,
        mitchell_step=tournament.mitchell_step,
    )


def situation_of(
    state: GironeState,
    number: int,
    name: str,
    *,
    ranking: tuple[int, ...] = (),
    seed: int | None = None,
) -> Situation:
    """The girone before round ``number`` as the movement ``name`` reads it.

    A stored plan that no longer parses (an older tournament, an archive) still lets
    its rounds be checked: each round's own movement, in a block of one."""
    try:
        plan = plan_of(state.tournament)
    except RoundError:
        plan = ()
    return Situation(
        number=number,
        pairs=tuple(seeding_order(state)),
        ranking=ranking,
        history=tuple(tuple(r) for r in state.history[: number - 1]),
        seats=tuple(tuple(r) for r in state.seats[: number - 1]),
        rested=frozenset(state.rested),
        clubs={p: state.clubs.get(p) for p in state.active},
        options=options_of(state.tournament),
        block=plan.count(name) if name in plan else 1,
        plan_rounds=len(plan),
        first_step=state.first_step,
        seed=seed,
    )


def constraints_of(state: GironeState, number: int, name: str) -> Constraints:
    """The constraints the movement ``name`` states for round ``number``: what the
    checker verifies after a generation or a swap, and what the draft page says."""
    try:
        found = movement(name)
    except PairingError:
        return Constraints()
    return found.constraints(situation_of(state, number, name))


def rematch_allowed_as_last(state: GironeState, number: int, name: str) -> bool:
    """Whether round ``number`` may repeat a meeting only because it is the last round
    (the tournament's "allow a rematch in the last round", the sources' exception to
    the Danese modificato, docs/rules.md §9.3): the draft page says so beside the
    rematches it lists."""
    try:
        found = movement(name)
    except PairingError:
        return False
    situation = situation_of(state, number, name)
    if not situation.last_round or found.constraints(situation).no_rematch:
        return False
    strict = replace(
        situation, options=replace(situation.options, rematch_in_last_round=False)
    )
    return found.constraints(strict).no_rematch is not None


#: Refusals whose reason is the whole message (the plan or calendar cannot go on).
_SAID_DIRECTLY = frozenset(
    {"mitchell_no_seat", "mitchell_rounds", "mitchell_step", "calendar_late"}
)


def _refuse(name: str, state: GironeState, exc: PairingError) -> RoundError:
    message = str(state.words.no_valid_round)
    details = [reason_text(exc, teams=state.teams)]
    if exc.code in _SAID_DIRECTLY:
        # A reason about the plan or the calendar itself: it is the message.
        reason = details.pop()
        message = reason[:1].upper() + reason[1:] + "."
    if exc.code == "mitchell_no_seat":
        details.append(
            _(
                "Switch the remaining rounds to a Danese modificato (girone"
                " page): the pairs are then paired by the standings, every"
                " pair seated, no rematch."
            )
        )
    if exc.code in _SAID_DIRECTLY:
        return RoundError(message, details)
    return RoundError(
        message
        % {
            "movement": movement_label(name),
            "number": state.rounds_done + 1,
            "count": len(state.active),
            "girone": state.girone,
        },
        details,
    )


def propose_round(
    state: GironeState, *, seed: int | None = None
) -> tuple[Proposal, Constraints]:
    """The next round of the girone, computed but not saved; RoundError if impossible.

    The plan names the movement (``rules.pairing.REGISTRY``); the movement seats the
    round and states the constraints the checker then verifies."""
    number = state.rounds_done + 1
    if len(state.active) < 2:
        raise RoundError(
            state.words.too_few_active
            % {"girone": state.girone, "count": len(state.active)}
        )
    name = movement_of(
        state.tournament,
        number,
        len(state.first_round_pairs or state.active),
        state.words,
    )
    found = movement(name)
    if state.teams and not found.for_teams:
        # A Mitchell: each team holds both lines of a match, a fixed NS line means nothing.
        raise RoundError(
            _("A %(movement)s is not offered to teams: choose another plan.")
            % {"movement": movement_label(name)}
        )
    ranking: tuple[int, ...] = ()
    if found.ranked:
        _check_closed(state, number)
        ranking = tuple(ranking_order(state))
    draw = seed if seed is not None else secrets.randbits(31)
    situation = situation_of(state, number, name, ranking=ranking, seed=draw)
    try:
        seating = found.seat(situation)
    except PairingError as exc:
        raise _refuse(name, state, exc) from exc
    tables = [PlannedTable(n, ns, ew) for n, ns, ew in seating.tables]
    proposal = Proposal(number, name, tables, seed=seating.seed, step=seating.step)
    return proposal, found.constraints(situation)


def _check_closed(state: GironeState, number: int) -> None:
    """A movement paired by the standings needs the previous round closed."""
    if not state.rounds_done:
        return
    last = state.girone.rounds.get(number=state.rounds_done)
    if last.status == Round.Status.CLOSED:
        return
    raise RoundError(
        state.words.not_closed % {"number": last.number, "girone": state.girone}
    )


def check_proposal(
    state: GironeState, tables: list[PlannedTable], constraints: Constraints
) -> list[Violation]:
    """The independent checker on a round about to be saved (or just swapped)."""
    seated = [(t.ns, t.ew) for t in tables if t.ew is not None]
    resting = [t.ns for t in tables if t.ew is None]
    rested_before = [p for p, n in state.rests.items() for _ in range(n)]
    found = check_round(
        seated,
        resting or None,
        pairs=state.active,
        history=state.history,
        clubs=state.clubs,
        avoid_clubs=constraints.avoid_clubs,
        rested_before=[p for p in rested_before if p in state.active],
        no_rematch=constraints.no_rematch,
    )
    active = set(state.active)
    withdrawn_in_calendar = any(
        p not in active
        for tables in state.seats
        for _n, ns, ew in tables
        for p in (ns, ew)
        if p is not None
    )
    if withdrawn_in_calendar:
        # A fixed calendar (round robin, Mitchell) gives a rest to whoever meets a
        # withdrawn pair.
        found = [
            v for v in found if v.code not in ("extra_rest", "unfair_rest", "rest_even")
        ]
    return found


def meetings_of(state: GironeState, tables: list[PlannedTable]) -> list[Violation]:
    """Every rematch (with the rounds the two met in) and every same-club meeting of
    a round, allowed or not: what the draft page lists (docs/rules.md §9)."""
    seated = [(t.ns, t.ew) for t in tables if t.ew is not None]
    return meetings_to_note(seated, history=state.history, clubs=state.clubs)
