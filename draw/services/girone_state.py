"""A girone as the movements see it: pairs by number, history, rests, plan, options.

Read-only: :func:`load_state` turns a girone's pairs and rounds into plain values
(:class:`GironeState`); the rest of :mod:`draw.services.pairing` computes the next
round from them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Literal

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from draw.services.words import PAIR_WORDS, TEAM_WORDS, DrawWords
from participants.models import Pair, Team
from rules.errors import PairingError, RulePackError
from rules.packs import load_pack
from rules.pairing import (
    calendar_movement,
    movement,
    movement_for_round,
    parse_plan,
)
from scoring.scores import pair_totals, team_totals
from seating.models import TeamMatch
from seating.services.tables import PlannedTable
from standings.services.ranking import girone_order
from tournament.models import Girone, Tournament
from tournament.services.errors import RoundError
from tournament.services.plans import plan_words
from tournament.services.reasons import reason_text

Scope = Literal["previous", "any"]


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
    #: Every round's tables as ``(table number, NS, EO or None)``, round by round.
    seats: list[list[tuple[int, int, int | None]]] = field(default_factory=list)
    first_step: int | None = None
    rounds_done: int = 0
    #: A team girone: the numbers above are team numbers (docs/rules.md §11); what
    #: that changes is the standings' totals a Danese ranks by (a team's matches) and
    #: the reasons' words.
    teams: bool = False
    words: DrawWords = PAIR_WORDS

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
            _(
                "The tournament's movement plan cannot be read: choose it again on"
                " the tournament's settings."
            ),
            [reason_text(exc)],
        ) from exc


def movement_of(
    tournament: Tournament, number: int, n_pairs: int, words: DrawWords = PAIR_WORDS
) -> str:
    """The movement of round ``number``; a lone ``round_robin`` covers the calendar
    (of ``n_pairs`` pairs or teams, named by ``words``)."""
    plan = plan_of(tournament)
    whole = calendar_movement(plan)
    if whole is not None:
        calendar = movement(whole).calendar_rounds(n_pairs) or len(plan)
        if number > calendar:
            message = words.round_robin_short
            raise RoundError(
                message % {"count": n_pairs, "calendar": calendar, "number": number}
            )
        return whole
    if number > len(plan):
        raise RoundError(
            ngettext(
                "The movement plan has %(rounds)s round (%(plan)s): there is no round"
                " %(number)s.",
                "The movement plan has %(rounds)s rounds (%(plan)s): there is no round"
                " %(number)s.",
                len(plan),
            )
            % {"plan": plan_words(plan), "rounds": len(plan), "number": number}
        )
    return movement_for_round(plan, number)


def _members(
    girone: Girone, model: type[Pair] | type[Team], **format: object
) -> tuple[GironeState, dict[int, int]]:
    """A girone's state with its pairs (teams) and none of its rounds yet; and each
    one's number by its pk. ``format``: a team girone's ``teams`` and ``words``."""
    members = list(model.objects.filter(girone=girone).order_by("number"))
    state = GironeState(
        tournament=girone.stage.tournament,
        girone=girone,
        active=[m.number for m in members if not m.withdrawn],
        pk_of={m.number: m.pk for m in members},
        clubs={m.number: m.club_id for m in members},
        seeds={m.number: m.seed for m in members},
        **format,  # type: ignore[arg-type]
    )
    return state, {m.pk: m.number for m in members}


def load_state(girone: Girone, *, before: int | None = None) -> GironeState:
    """Read a girone: its pairs, and the rounds before ``before`` (default: all).

    Pairs are named by their number (unique in the tournament), so that what
    rules.pairing says about them is what the director reads on the sheets.
    """
    state, number_of = _members(girone, Pair)
    rounds = girone.rounds.order_by("number").prefetch_related("tables")
    if before is not None:
        rounds = rounds.filter(number__lt=before)
    for r in rounds:
        played: list[tuple[int, int]] = []
        seats: list[tuple[int, int, int | None]] = []
        for t in sorted(r.tables.all(), key=lambda t: t.number):
            ns = number_of.get(t.pair_ns_id) or t.pair_ns.number
            ew = None
            if t.pair_ew_id is not None:
                ew = number_of.get(t.pair_ew_id) or t.pair_ew.number
            seats.append((t.number, ns, ew))
            if ew is None:
                state.rests[ns] += 1
            else:
                played.append((ns, ew))
            if r.number == 1:
                state.first_round_tables.append((ns, ew))
        if r.number == 1:
            state.first_step = r.step
        state.history.append(played)
        state.seats.append(seats)
        state.rounds_done = r.number
    return state


def load_team_state(girone: Girone, *, before: int | None = None) -> GironeState:
    """Read a team girone: its teams, and the rounds before ``before`` (default: all)."""
    state, number_of = _members(girone, Team, teams=True, words=TEAM_WORDS)
    rounds = girone.rounds.order_by("number")
    if before is not None:
        rounds = rounds.filter(number__lt=before)
    matches: dict[int, list[TeamMatch]] = {}
    found = TeamMatch.objects.filter(round__in=rounds).select_related(
        "team_a", "team_b"
    )
    for match in found.order_by("number"):
        matches.setdefault(match.round_id, []).append(match)
    for r in rounds:
        played: list[tuple[int, int]] = []
        for m in matches.get(r.pk, []):
            a = number_of.get(m.team_a_id) or m.team_a.number
            b = None
            if m.team_b_id is not None:
                assert m.team_b is not None
                b = number_of.get(m.team_b_id) or m.team_b.number
            if b is None:
                state.rests[a] += 1
            else:
                played.append((a, b))
            if r.number == 1:
                state.first_round_tables.append((a, b))
        state.history.append(played)
        state.rounds_done = r.number
    return state


def seeding_order(state: GironeState) -> list[int]:
    """Active pairs by seed (unseeded last), then pair number."""
    return sorted(
        state.active, key=lambda p: (state.seeds[p] is None, state.seeds[p] or 0, p)
    )


@dataclass(frozen=True)
class RankingRow:
    """One line of the ranking a Danese round was paired by."""

    position: int
    number: int
    vp: int
    mp_diff: int


def ranking_rows(state: GironeState) -> list[RankingRow]:
    """Active pairs in the order the standings rank them over the rounds before the
    next one (``state.rounds_done``): the standings' own chain, head-to-head and every
    tie-break included (docs/rules.md §7, §9.2), so that the pairing and the published
    ranking agree on who is 3rd. A team girone ranks its teams the same way.

    Pairs the standings do not list (no standings app installed, a pair added since)
    follow, by VP, MP difference and number."""
    before = state.rounds_done + 1
    read_totals = team_totals if state.teams else pair_totals
    totals = read_totals(state.girone.pk, before_round=before)
    order = girone_order(state.girone.pk, before_round=before)
    number_of = {pk: n for n, pk in state.pk_of.items()}

    def row(number: int) -> tuple[int, int, int]:
        t = totals.get(state.pk_of[number])
        return (t.vp, t.mp_diff, number) if t else (0, 0, number)

    listed = [number_of[pk] for pk in order if number_of.get(pk) in state.active]
    others = sorted(
        (row(n) for n in state.active if n not in listed),
        key=lambda r: (-r[0], -r[1], r[2]),
    )
    ordered = [row(n) for n in listed] + others
    return [
        RankingRow(i, number, vp, diff)
        for i, (vp, diff, number) in enumerate(ordered, start=1)
    ]


def ranking_order(state: GironeState) -> list[int]:
    """Active pair numbers in ranking order (see :func:`ranking_rows`)."""
    return [r.number for r in ranking_rows(state)]
