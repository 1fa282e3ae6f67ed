"""From the database to rules.pairing and back: what a girone's next round looks like.

This module only reads: it gathers a girone's pairs, history, rests, ranking and
constraints (:class:`GironeState`), asks :mod:`rules.pairing` for the next round, and
checks the answer with the independent checker. Saving is
:mod:`tournament.services.rounds`' job.

Rule choices (fibur-rules §2b, §8.5), with where each is set:

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
from collections import Counter
from dataclasses import dataclass, field
from typing import Literal

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules.errors import PairingError, RulePackError
from rules.packs import load_pack
from rules.pairing import (
    Violation,
    check_round,
    club_forbidden,
    danese,
    first_round,
    mitchell,
    mitchell_period,
    movement_for_round,
    parse_plan,
    rematch_forbidden,
    round_robin,
    split_lines,
)
from tournament.models import Girone, Pair, Round, Tournament

from .errors import RoundError

Scope = Literal["previous", "any"]

MOVEMENT_LABELS = {
    "random": gettext_lazy("first round by draw"),
    "seeded": gettext_lazy("first round by seeding order"),
    "mitchell": gettext_lazy("Mitchell"),
    "danese": gettext_lazy("Danese"),
    "danese_modificato": gettext_lazy("Danese modificato"),
    "round_robin": gettext_lazy("all'italiana (round robin)"),
}


def movement_label(name: str) -> str:
    return str(MOVEMENT_LABELS.get(name, name))


@dataclass(frozen=True)
class PlannedTable:
    """A table to save: its number, the NS pair and the EO pair (None = rest)."""

    number: int
    ns: int
    ew: int | None


@dataclass
class GironeState:
    """Everything the movements need about a girone, as plain values (pair ids)."""

    tournament: Tournament
    girone: Girone
    active: list[int]  # numbers of the pairs still playing, in order
    pk_of: dict[int, int]  # pair number -> Pair.pk
    clubs: dict[int, int | None]  # pair number -> club id
    seeds: dict[int, int | None]  # pair number -> seed
    history: list[list[tuple[int, int]]] = field(default_factory=list)
    rests: Counter[int] = field(default_factory=Counter)
    first_round_tables: list[tuple[int, int | None]] = field(default_factory=list)
    first_step: int | None = None
    rounds_done: int = 0

    @property
    def first_round_pairs(self) -> list[int]:
        """Every pair seated or resting in round 1 (a calendar's pairs)."""
        return [p for t in self.first_round_tables for p in t if p is not None]

    @property
    def rested(self) -> set[int]:
        """Pairs that may not rest now: they rested more than the least-rested pair."""
        if not self.active:
            return set()
        fewest = min(self.rests[p] for p in self.active)
        return {p for p in self.active if self.rests[p] > fewest}


@dataclass(frozen=True)
class Proposal:
    """A generated round, ready to save, with the constraints it was checked under."""

    number: int
    movement: str
    tables: list[PlannedTable]
    seed: int | None = None
    step: int | None = None


@dataclass(frozen=True)
class Constraints:
    """What the checker verifies for a round."""

    no_rematch: Scope | None = None
    avoid_clubs: bool = False


def pairing_options(tournament: Tournament) -> tuple[Scope, bool]:
    """(rematch scope, higher-ranked pair NS) from the tournament's pinned pack."""
    try:
        pack = load_pack(tournament.rule_pack, tournament.rule_pack_version)
    except RulePackError:
        return "previous", True
    if pack.pairing is None:
        return "previous", True
    return pack.pairing.danese_no_rematch, pack.pairing.danese_higher_ranked_ns


def plan_of(tournament: Tournament) -> tuple[str, ...]:
    try:
        return parse_plan(tournament.movement_plan)
    except PairingError as exc:
        raise RoundError(
            _("The movement plan “%(plan)s” is not valid.")
            % {"plan": tournament.movement_plan},
            [str(exc)],
        ) from exc


def movement_of(tournament: Tournament, number: int, n_pairs: int) -> str:
    """The movement of round ``number``; a lone ``round_robin`` covers the calendar."""
    plan = plan_of(tournament)
    if set(plan) == {"round_robin"}:
        calendar = n_pairs - 1 + n_pairs % 2
        if number > calendar:
            raise RoundError(
                _(
                    "The round robin of %(count)s pairs has %(calendar)s rounds: "
                    "there is no round %(number)s."
                )
                % {"count": n_pairs, "calendar": calendar, "number": number}
            )
        return "round_robin"
    if number > len(plan):
        raise RoundError(
            _(
                "The plan “%(plan)s” has %(rounds)s rounds: there is no round %(number)s."
            )
            % {
                "plan": tournament.movement_plan,
                "rounds": len(plan),
                "number": number,
            }
        )
    return movement_for_round(plan, number)


def load_state(girone: Girone, *, before: int | None = None) -> GironeState:
    """Read a girone: its pairs, and the rounds before ``before`` (default: all).

    Pairs are named by their number (unique in the tournament), so that what
    rules.pairing says about them is what the director reads on the sheets.
    """
    tournament = girone.stage.tournament
    pairs = list(Pair.objects.filter(girone=girone).order_by("number"))
    number_of = {p.pk: p.number for p in pairs}
    state = GironeState(
        tournament=tournament,
        girone=girone,
        active=[p.number for p in pairs if not p.withdrawn],
        pk_of={p.number: p.pk for p in pairs},
        clubs={p.number: p.club_id for p in pairs},
        seeds={p.number: p.seed for p in pairs},
    )
    rounds = girone.rounds.order_by("number").prefetch_related("tables")
    if before is not None:
        rounds = rounds.filter(number__lt=before)
    for r in rounds:
        played: list[tuple[int, int]] = []
        for t in sorted(r.tables.all(), key=lambda t: t.number):
            ns = number_of.get(t.pair_ns_id) or t.pair_ns.number
            ew = None
            if t.pair_ew_id is not None:
                ew = number_of.get(t.pair_ew_id) or t.pair_ew.number
            if ew is None:
                state.rests[ns] += 1
            else:
                played.append((ns, ew))
            if r.number == 1:
                state.first_round_tables.append((ns, ew))
        if r.number == 1:
            state.first_step = r.step
        state.history.append(played)
        state.rounds_done = r.number
    return state


def seeding_order(state: GironeState) -> list[int]:
    """Active pairs by seed (unseeded last), then pair number."""
    return sorted(
        state.active, key=lambda p: (state.seeds[p] is None, state.seeds[p] or 0, p)
    )


def ranking_order(state: GironeState) -> list[int]:
    """Active pairs by total VP, then MP difference, then pair number."""
    from scoring.totals import pair_totals

    totals = pair_totals(state.girone.pk)

    def key(number: int) -> tuple[int, int, int]:
        t = totals.get(state.pk_of[number])
        return (-(t.vp if t else 0), -(t.mp_diff if t else 0), number)

    return sorted(state.active, key=key)


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
    return RoundError(
        _(
            "%(movement)s: no valid round %(number)s exists for the %(count)s pairs of %(girone)s."
        )
        % {
            "movement": movement_label(movement),
            "number": state.rounds_done + 1,
            "count": len(state.active),
            "girone": state.girone,
        },
        [str(exc)],
    )


def propose_round(
    state: GironeState, *, seed: int | None = None
) -> tuple[Proposal, Constraints]:
    """The next round of the girone, computed but not saved; RoundError if impossible."""
    number = state.rounds_done + 1
    if len(state.active) < 2:
        raise RoundError(
            _("%(girone)s has %(count)s active pairs: at least 2 are needed.")
            % {"girone": state.girone, "count": len(state.active)}
        )
    movement = movement_of(
        state.tournament, number, len(state.first_round_pairs or state.active)
    )
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
    else:
        ns = [t[0] for t in state.first_round_tables if t[1] is not None]
        ew = [t[1] for t in state.first_round_tables if t[1] is not None]
        ew += [t[0] for t in state.first_round_tables if t[1] is None]
        step = state.first_step or 1
        gone = [p for p in (*ns, *ew) if p not in state.active]
        if gone:
            raise RoundError(
                _(
                    "Pairs %(pairs)s withdrew during the Mitchell: its calendar cannot "
                    "go on. Change the plan to a Danese for the remaining rounds."
                )
                % {"pairs": ", ".join(map(str, gone))}
            )
        late = [p for p in state.active if p not in (*ns, *ew)]
        if late:
            raise RoundError(
                _("Pairs %(pairs)s joined after round 1: a Mitchell cannot seat them.")
                % {"pairs": ", ".join(map(str, late))}
            )
    try:
        calendar = mitchell(ns, ew, block, step)
    except PairingError as exc:
        raise _refuse("mitchell", state, exc) from exc
    r = calendar[number - 1]
    seat = {p: i + 1 for i, p in enumerate(ns)}
    planned = [PlannedTable(seat[a], a, b) for a, b in r.tables]
    if r.resting is not None:
        planned.append(PlannedTable(seat.get(r.resting, len(ns) + 1), r.resting, None))
    planned.sort(key=lambda t: t.number)
    return Proposal(number, "mitchell", planned, step=step)


def _round_robin(state: GironeState, number: int) -> Proposal:
    pairs = sorted(state.first_round_pairs or state.active)
    late = [p for p in state.active if p not in pairs]
    if late:
        raise RoundError(
            _("Pairs %(pairs)s joined after round 1: the calendar cannot seat them.")
            % {"pairs": ", ".join(map(str, late))}
        )
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
    planned = [PlannedTable(i, a, b) for i, (a, b) in enumerate(tables, start=1)]
    planned += [
        PlannedTable(len(tables) + i, p, None)
        for i, p in enumerate(p for p in resting if p in state.active)
    ]
    # Renumber rests after the tables, starting at the next table number.
    planned = [PlannedTable(i, t.ns, t.ew) for i, t in enumerate(planned, start=1)]
    return Proposal(number, "round_robin", planned)


def _danese(
    state: GironeState, movement: str, number: int
) -> tuple[Proposal, Constraints]:
    if state.rounds_done:
        last = state.girone.rounds.get(number=state.rounds_done)
        if last.status != Round.Status.CLOSED:
            raise RoundError(
                _(
                    "Round %(number)s of %(girone)s is not closed yet: a Danese needs "
                    "its results to rank the pairs."
                )
                % {"number": last.number, "girone": state.girone}
            )
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
    withdrawn_in_calendar = any(p not in state.active for p in state.first_round_pairs)
    if withdrawn_in_calendar:
        # A fixed calendar gives a rest to whoever meets a withdrawn pair.
        found = [
            v for v in found if v.code not in ("extra_rest", "unfair_rest", "rest_even")
        ]
    return found


def new_seed() -> int:
    return secrets.randbits(31)
