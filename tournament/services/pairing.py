"""From the database to rules.pairing and back: what a girone's next round looks like.

This module only reads: it gathers a girone's pairs, history, rests, ranking and
constraints (:class:`GironeState`), asks :mod:`rules.pairing` for the next round, and
checks the answer with the independent checker. Saving is
:mod:`tournament.services.rounds`' job.

Rule choices (docs/rules.md §9), with where each is set:

* Danese modificato forbids a rematch with the previous round's opponent, or with any
  earlier one: the rule pack's ``[pairing] danese_no_rematch``;
* the sources allow a rematch in the last round: ``Tournament.rematch_in_last_round``;
* the higher-ranked pair of a Danese table sits NS: ``[pairing]
  danese_higher_ranked_ns`` (packs without a pairing section: yes);
* club avoidance (first round, Danese modificato): ``Tournament.avoid_same_club``;
* Mitchell step: ``Tournament.mitchell_step`` (empty = the smallest that works);
* rest: nobody rests twice before everyone has rested once; in a Danese the
  lowest-ranked eligible pair rests.
"""

from __future__ import annotations

import secrets
from typing import Literal

from django.utils.translation import gettext as _

from rules.errors import PairingError
from rules.pairing import (
    Violation,
    check_round,
    club_forbidden,
    danese,
    first_round,
    mitchell,
    mitchell_period,
    mitchell_seats,
    rematch_forbidden,
    round_robin,
    split_lines,
)
from tournament.models import Round

from .errors import RoundError
from .girone_state import (
    Constraints,
    GironeState,
    PlannedTable,
    Proposal,
    load_state,
    movement_label,
    movement_of,
    pairing_options,
    plan_of,
    ranking_order,
    seeding_order,
)
from .reasons import reason_text

__all__ = [
    "Constraints",
    "GironeState",
    "PlannedTable",
    "Proposal",
    "check_proposal",
    "load_state",
    "movement_label",
    "movement_of",
    "pairing_options",
    "plan_of",
    "propose_round",
]


def _numbered(tables: list[tuple[int, int]], resting: int | None) -> list[PlannedTable]:
    planned = [PlannedTable(i, ns, ew) for i, (ns, ew) in enumerate(tables, start=1)]
    if resting is not None:
        planned.append(PlannedTable(len(tables) + 1, resting, None))
    return planned


def _club_bans(state: GironeState) -> frozenset[frozenset[int]]:
    if not state.tournament.avoid_same_club:
        return frozenset()
    return club_forbidden({p: state.clubs[p] for p in state.active})


def _refuse(movement: str, state: GironeState, exc: PairingError) -> RoundError:
    if state.teams:
        message = _(
            "%(movement)s: no valid round %(number)s exists for the %(count)s teams of %(girone)s."
        )
    else:
        message = _(
            "%(movement)s: no valid round %(number)s exists for the %(count)s pairs of %(girone)s."
        )
    return RoundError(
        message
        % {
            "movement": movement_label(movement),
            "number": state.rounds_done + 1,
            "count": len(state.active),
            "girone": state.girone,
        },
        [reason_text(exc, teams=state.teams)],
    )


def propose_round(
    state: GironeState, *, seed: int | None = None
) -> tuple[Proposal, Constraints]:
    """The next round of the girone, computed but not saved; RoundError if impossible."""
    number = state.rounds_done + 1
    if len(state.active) < 2:
        if state.teams:
            message = _("%(girone)s has %(count)s active teams: at least 2 are needed.")
        else:
            message = _("%(girone)s has %(count)s active pairs: at least 2 are needed.")
        raise RoundError(message % {"girone": state.girone, "count": len(state.active)})
    movement = movement_of(
        state.tournament, number, len(state.first_round_pairs or state.active)
    )
    if movement == "mitchell" and state.teams:
        # Each team holds both lines of a match: a fixed NS line means nothing.
        raise RoundError(_("A Mitchell is not offered to teams: choose another plan."))
    if movement in ("random", "seeded"):
        return _first(state, movement, seed)
    if movement == "mitchell":
        return _mitchell(state, number), Constraints(no_rematch="any")
    if movement == "round_robin":
        return _round_robin(state, number), Constraints(no_rematch="any")
    return _danese(state, movement, number)


def _first(
    state: GironeState, movement: str, seed: int | None
) -> tuple[Proposal, Constraints]:
    bans = _club_bans(state)
    order = seeding_order(state)
    draw = None
    if movement == "random":
        draw = seed if seed is not None else secrets.randbits(31)
        method: Literal["random", "seed"] = "random"
    else:
        method = "seed"
    try:
        tables, resting = first_round(order, method=method, seed=draw, forbidden=bans)
    except PairingError as exc:
        raise _refuse(movement, state, exc) from exc
    proposal = Proposal(1, movement, _numbered(tables, resting), seed=draw)
    return proposal, Constraints(avoid_clubs=bool(bans))


def _mitchell(state: GironeState, number: int) -> Proposal:
    plan = plan_of(state.tournament)
    block = plan.count("mitchell")
    if number == 1:
        ns, ew = split_lines(seeding_order(state))
        tables = max(len(ns), len(ew))
        step = state.tournament.mitchell_step
        if block > tables:
            raise RoundError(
                _(
                    "A Mitchell on %(tables)s tables has at most %(tables)s rounds "
                    "without repeat meetings; the plan asks for %(rounds)s."
                )
                % {"tables": tables, "rounds": block}
            )
        if step is not None and mitchell_period(tables, step) < block:
            raise RoundError(
                _(
                    "Moving %(step)s tables a round on %(tables)s tables, EO pairs "
                    "return to their first table after %(period)s rounds; the plan "
                    "asks for %(rounds)s. Choose another step or leave it empty."
                )
                % {
                    "step": step,
                    "tables": tables,
                    "period": mitchell_period(tables, step),
                    "rounds": block,
                }
            )
        if step is None:
            step = next(
                k for k in range(1, tables + 1) if mitchell_period(tables, k) >= block
            )
        try:
            calendar = mitchell(ns, ew, block, step)
        except PairingError as exc:
            raise _refuse("mitchell", state, exc) from exc
        r = calendar[0]
        seat = {p: i + 1 for i, p in enumerate(ns)}
        planned = [PlannedTable(seat[a], a, b) for a, b in r.tables]
        if r.resting is not None:
            planned.append(
                PlannedTable(seat.get(r.resting, len(ns) + 1), r.resting, None)
            )
        planned.sort(key=lambda t: t.number)
        return Proposal(number, "mitchell", planned, step=step)
    step = state.first_step or 1
    ns_seats, ew_seats = mitchell_lines(state, step)
    seats = mitchell_seats(ns_seats, ew_seats, number - 1, step)
    planned = [PlannedTable(t, a, b) for t, a, b in seats]
    return Proposal(number, "mitchell", planned, step=step)


def mitchell_lines(
    state: GironeState, step: int
) -> tuple[list[int | None], list[int | None]]:
    """The seats of the Mitchell's two lines for the girone's next round.

    Round 1 gives each pair its seat (docs/rules.md §9.1); a pair that withdrew leaves
    its seat empty, so whoever would meet it rests (a riposo, with the pack's award); a
    late pair takes an empty seat (one a pair left, or the phantom of an odd line) and
    keeps it: the seats it took are read back from the rounds it played. A late pair
    that finds no empty seat is refused, with the way out: switch the rest of the plan
    to a Danese (:func:`tournament.services.rounds.switch_to_danese`).
    """
    first = state.first_round_tables
    ns = [a for a, b in first if b is not None]
    ew = [b for _a, b in first if b is not None] + [a for a, b in first if b is None]
    size = max(len(ns), len(ew))
    ns_seats: list[int | None] = [*ns, *[None] * (size - len(ns))]
    ew_seats: list[int | None] = [*ew, *[None] * (size - len(ew))]
    known = {p for p in (*ns, *ew)}
    # Late pairs seated in the Mitchell's later rounds: the seat each one took.
    for index, tables in enumerate(state.seats[1:], start=1):
        for number, a, b in tables:
            t = number - 1
            if not 0 <= t < size:
                continue
            # A late pair resting in its first round sat NS (see _free_seat).
            if a not in known:
                ns_seats[t] = a
                known.add(a)
            if b is not None and b not in known:
                ew_seats[(t - index * step) % size] = b
                known.add(b)
    active = set(state.active)
    ns_seats = [p if p in active else None for p in ns_seats]
    ew_seats = [p if p in active else None for p in ew_seats]
    late = sorted(p for p in state.active if p not in known)
    index = state.rounds_done  # the next round, counting from 0
    for pair in late:
        spot = _free_seat(ns_seats, ew_seats, index, step)
        if spot is None:
            raise RoundError(
                _(
                    "Pairs %(pairs)s joined after round 1 and the Mitchell has no free"
                    " seat for them (a seat is freed by a withdrawal, or is the rest of"
                    " an odd line)."
                )
                % {"pairs": ", ".join(map(str, late))},
                [
                    _(
                        "Switch the remaining rounds to a Danese modificato (girone"
                        " page): the pairs are then paired by the standings, every"
                        " pair seated, no rematch."
                    )
                ],
            )
        line, seat = spot
        (ns_seats if line == "ns" else ew_seats)[seat] = pair
    return ns_seats, ew_seats


def _free_seat(
    ns_seats: list[int | None], ew_seats: list[int | None], index: int, step: int
) -> tuple[str, int] | None:
    """An empty seat for a late pair: one facing a pair first (so it plays at once),
    then an NS seat, then an EO seat; None when every seat is taken.

    So a late pair that rests in its first round sits NS (an EO seat is taken only
    when every NS seat is, and then it faces a pair): the seat is read back from the
    table number alone (:func:`mitchell_lines`)."""
    size = len(ns_seats)

    def facing(line: str, seat: int) -> int | None:
        if line == "ns":
            return ew_seats[(seat - index * step) % size]
        return ns_seats[(seat + index * step) % size]

    empty = [("ns", i) for i, p in enumerate(ns_seats) if p is None]
    empty += [("ew", j) for j, p in enumerate(ew_seats) if p is None]
    if not empty:
        return None
    playing = [spot for spot in empty if facing(*spot) is not None]
    return (playing or empty)[0]


def _round_robin(state: GironeState, number: int) -> Proposal:
    pairs = sorted(state.first_round_pairs or state.active)
    late = [p for p in state.active if p not in pairs]
    if late:
        if state.teams:
            message = _(
                "Teams %(pairs)s joined after round 1: the calendar cannot seat them."
            )
        else:
            message = _(
                "Pairs %(pairs)s joined after round 1: the calendar cannot seat them."
            )
        raise RoundError(message % {"pairs": ", ".join(map(str, late))})
    r = round_robin(pairs)[number - 1]
    tables: list[tuple[int, int]] = []
    resting = [r.resting] if r.resting is not None else []
    for a, b in r.tables:
        # Against a pair that withdrew, the other pair rests (and gets the rest award).
        if a not in state.active:
            resting.append(b)
        elif b not in state.active:
            resting.append(a)
        else:
            tables.append((a, b))
    # Tables first, then the resting pairs, numbered on from the last table.
    seated: list[tuple[int, int | None]] = [*tables]
    seated += [(p, None) for p in resting if p in state.active]
    planned = [PlannedTable(i, a, b) for i, (a, b) in enumerate(seated, start=1)]
    return Proposal(number, "round_robin", planned)


def _danese(
    state: GironeState, movement: str, number: int
) -> tuple[Proposal, Constraints]:
    if state.rounds_done:
        last = state.girone.rounds.get(number=state.rounds_done)
        if last.status != Round.Status.CLOSED:
            if state.teams:
                message = _(
                    "Round %(number)s of %(girone)s is not closed yet: a Danese needs "
                    "its results to rank the teams."
                )
            else:
                message = _(
                    "Round %(number)s of %(girone)s is not closed yet: a Danese needs "
                    "its results to rank the pairs."
                )
            raise RoundError(message % {"number": last.number, "girone": state.girone})
    scope, higher_ns = pairing_options(state.tournament)
    ranking = ranking_order(state)
    constraints = Constraints()
    bans: frozenset[frozenset[int]] = frozenset()
    if movement == "danese_modificato":
        last_round = number == len(plan_of(state.tournament))
        if not (last_round and state.tournament.rematch_in_last_round):
            bans = rematch_forbidden(state.history, scope)
            constraints = Constraints(no_rematch=scope)
        clubs = _club_bans(state)
        bans = bans | clubs
        constraints = Constraints(constraints.no_rematch, bool(clubs))
    try:
        tables, resting = danese(ranking, bans, rested=state.rested)
    except PairingError as exc:
        raise _refuse(movement, state, exc) from exc
    if not higher_ns:
        tables = [(b, a) for a, b in tables]
    return Proposal(number, movement, _numbered(tables, resting)), constraints


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
