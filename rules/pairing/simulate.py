"""A seeded random-tournament generator, to test movements round after round.

It plays whole tournaments: a random number of pairs (odd and even), random clubs, a
random plan (:mod:`rules.pairing.plan`), random results (VP per table summing to 20,
the resting pair gets ``rest_vp``), and seats each round with the real movements. The
Danese ranks by total VP, ties in entry order. Everything follows from ``seed``.

When a Danese modificato or a first round with club avoidance has no valid pairing
(small fields late in a tournament), it relaxes the constraints as a referee would and
records what it dropped: club avoidance first, then ``any`` rematches to ``previous``,
then every rematch. Each round records the constraints actually applied, so that the
independent checker (:mod:`rules.pairing.checker`) can verify it.

Terminology: entry order = ordine di iscrizione; rest = riposo; VP = punti vittoria.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from rules.errors import PairingError
from rules.pairing.danese import club_forbidden, danese, rematch_forbidden
from rules.pairing.first_round import first_round
from rules.pairing.mitchell import mitchell, mitchell_period, split_lines
from rules.pairing.plan import parse_plan, validate_plan
from rules.pairing.round_robin import round_robin

Scope = Literal["previous", "any"]


@dataclass(frozen=True)
class SimulatedRound:
    """One generated round, with the constraints it was generated under."""

    number: int
    movement: str
    tables: tuple[tuple[int, int], ...]
    resting: int | None
    vp: tuple[tuple[int, int], ...]
    forbidden: frozenset[frozenset[int]] = frozenset()
    no_rematch: Scope | None = None
    avoid_clubs: bool = False
    relaxed: tuple[str, ...] = ()


@dataclass(frozen=True)
class SimulatedTournament:
    """A whole generated tournament: pairs in entry order, clubs, plan, rounds."""

    seed: int
    pairs: tuple[int, ...]
    clubs: Mapping[int, int | None]
    plan: tuple[str, ...]
    rounds: tuple[SimulatedRound, ...] = field(default=())


def random_plan(rng: random.Random, n_pairs: int) -> tuple[str, ...]:
    """Draw a plausible plan for ``n_pairs`` pairs.

    >>> random_plan(random.Random(3), 10)
    ('random', 'danese', 'danese')
    """
    tables = (n_pairs + 1) // 2
    kind = rng.randrange(4 if n_pairs <= 12 else 3)
    later = rng.choice(("danese", "danese_modificato"))
    extra = rng.randint(0, 5)
    if kind == 0:
        mitchells = rng.randint(1, min(3, tables))
        text = f"{mitchells}xmitchell" + (f"+{extra}x{later}" if extra else "")
        return parse_plan(text)
    if kind == 3:
        return parse_plan(f"{n_pairs - 1 + n_pairs % 2}xround_robin")
    first = "random" if kind == 1 else "seeded"
    return parse_plan(f"{first}+{max(extra, 1)}x{later}")


def simulate_tournament(
    seed: int,
    *,
    n_pairs: int | None = None,
    plan: Sequence[str] | None = None,
    rest_vp: int = 14,
    min_pairs: int = 4,
    max_pairs: int = 120,
) -> SimulatedTournament:
    """Play one random tournament from ``seed`` and return every round.

    >>> t = simulate_tournament(1, n_pairs=7, plan=("mitchell", "mitchell", "danese"))
    >>> [r.movement for r in t.rounds], [len(r.tables) for r in t.rounds]
    (['mitchell', 'mitchell', 'danese'], [3, 3, 3])
    >>> all(a + b == 20 for r in t.rounds for a, b in r.vp)
    True
    """
    rng = random.Random(seed)
    n = n_pairs if n_pairs is not None else rng.randint(min_pairs, max_pairs)
    if n < 2:
        raise PairingError(f"a tournament needs at least 2 pairs, got {n}")
    pairs, clubs = _field(rng, n)
    rounds_plan = validate_plan(plan) if plan is not None else random_plan(rng, n)
    if rounds_plan.count("round_robin") > n - 1 + n % 2:
        raise PairingError(
            f"{len(rounds_plan)} round-robin rounds for {n} pairs: the calendar has "
            f"{n - 1 + n % 2}"
        )
    scope: Scope = rng.choice(("previous", "any"))
    last_round_exception = rng.random() < 0.5
    avoid = rng.random() < 0.5
    club_bans = club_forbidden(clubs) if avoid else frozenset()
    so_far = _SoFar(pairs)
    played: list[SimulatedRound] = []
    # Movements that seat several rounds at once (Mitchell, round robin).
    scheduled: list[SimulatedRound] = []
    for number, movement in enumerate(rounds_plan, start=1):
        if movement in ("round_robin", "mitchell"):
            if not scheduled:
                scheduled = _block(movement, pairs, rounds_plan, rng)
            base = scheduled.pop(0)
        elif movement in ("random", "seeded"):
            base = _first(pairs, movement, club_bans, avoid, rng)
        else:
            last = number == len(rounds_plan) and last_round_exception
            base = so_far.danese(movement, None if last else scope, club_bans, avoid)
        vp = tuple(_result(rng) for _ in base.tables)
        so_far.add(base, vp, rest_vp)
        played.append(replace(base, number=number, movement=movement, vp=vp))
    return SimulatedTournament(seed, pairs, clubs, rounds_plan, tuple(played))


def _field(rng: random.Random, n: int) -> tuple[tuple[int, ...], dict[int, int | None]]:
    """``n`` pairs with random numbers, in entry order, and their clubs (some none)."""
    pairs = tuple(rng.sample(range(1, 10 * n + 1), n))
    club_count = rng.randint(1, max(1, n // 3))
    clubs: dict[int, int | None] = {
        p: (rng.randrange(club_count) + 1 if rng.random() < 0.85 else None)
        for p in pairs
    }
    return pairs, clubs


def _block(
    movement: str, pairs: Sequence[int], rounds_plan: Sequence[str], rng: random.Random
) -> list[SimulatedRound]:
    """Every round of a movement seated at once: the round robin's calendar, or the
    Mitchell's block with random lines and a random step that serves."""
    if movement == "round_robin":
        return [
            SimulatedRound(0, movement, r.tables, r.resting, (), no_rematch="any")
            for r in round_robin(pairs)
        ]
    block = rounds_plan.count("mitchell")
    ns, ew = split_lines(pairs, mode=rng.choice(("alternate", "halves")))
    tables = max(len(ns), len(ew))
    steps = [k for k in range(1, tables + 1) if mitchell_period(tables, k) >= block]
    return [
        SimulatedRound(0, movement, r.tables, r.resting, (), no_rematch="any")
        for r in mitchell(ns, ew, block, rng.choice(steps))
    ]


class _SoFar:
    """What the rounds played so far leave: VP totals, rests, the tables."""

    def __init__(self, pairs: tuple[int, ...]) -> None:
        self.pairs = pairs
        self.entry = {p: i for i, p in enumerate(pairs)}
        self.vp_total = dict.fromkeys(pairs, 0)
        self.rests: Counter[int] = Counter()
        self.history: list[tuple[tuple[int, int], ...]] = []

    def danese(
        self,
        movement: str,
        scope: Scope | None,
        club_bans: frozenset[frozenset[int]],
        avoid: bool,
    ) -> SimulatedRound:
        """A Danese (or modificato) round on the ranking by total VP, ties in entry
        order; those who rested more than the fewest rest no more."""
        pairs = self.pairs
        ranking = sorted(pairs, key=lambda p: (-self.vp_total[p], self.entry[p]))
        fewest = min(self.rests[p] for p in pairs)
        rested = {p for p in pairs if self.rests[p] > fewest}
        if movement == "danese":
            tables, resting = danese(ranking, rested=rested)
            return SimulatedRound(0, movement, tuple(tables), resting, ())
        return _modified(ranking, self.history, scope, club_bans, avoid, rested)

    def add(
        self, played: SimulatedRound, vp: tuple[tuple[int, int], ...], rest_vp: int
    ) -> None:
        """Count a round's VP (the resting pair's ``rest_vp``) and its rest."""
        for (a, b), (vp_a, vp_b) in zip(played.tables, vp, strict=True):
            self.vp_total[a] += vp_a
            self.vp_total[b] += vp_b
        if played.resting is not None:
            self.vp_total[played.resting] += rest_vp
            self.rests[played.resting] += 1
        self.history.append(played.tables)


def _result(rng: random.Random) -> tuple[int, int]:
    vp_a = rng.randint(0, 20)
    return vp_a, 20 - vp_a


def _first(
    pairs: Sequence[int],
    movement: str,
    club_bans: frozenset[frozenset[int]],
    avoid: bool,
    rng: random.Random,
) -> SimulatedRound:
    method: Literal["random", "seed"] = "random" if movement == "random" else "seed"
    draw = rng.getrandbits(32)
    try:
        tables, resting = first_round(
            pairs, method=method, seed=draw, forbidden=club_bans
        )
        return SimulatedRound(
            0, movement, tuple(tables), resting, (), club_bans, None, avoid
        )
    except PairingError:
        tables, resting = first_round(pairs, method=method, seed=draw)
        return SimulatedRound(
            0, movement, tuple(tables), resting, (), relaxed=("clubs",)
        )


def _modified(
    ranking: Sequence[int],
    history: Sequence[tuple[tuple[int, int], ...]],
    scope: Scope | None,
    club_bans: frozenset[frozenset[int]],
    avoid: bool,
    rested: set[int],
) -> SimulatedRound:
    """Danese modificato, relaxing constraints one by one when no pairing exists."""
    attempts: list[tuple[Scope | None, bool, tuple[str, ...]]] = [(scope, avoid, ())]
    if avoid:
        attempts.append((scope, False, ("clubs",)))
    if scope == "any":
        attempts.append(("previous", False, (*attempts[-1][2], "any")))
    if scope is not None:
        attempts.append((None, False, (*attempts[-1][2], "rematch")))
    for attempt_scope, attempt_avoid, relaxed in attempts:
        bans = (
            rematch_forbidden(history, attempt_scope) if attempt_scope else frozenset()
        )
        if attempt_avoid:
            bans = bans | club_bans
        try:
            tables, resting = danese(ranking, bans, rested=rested)
        except PairingError:
            continue
        return SimulatedRound(
            0,
            "danese_modificato",
            tuple(tables),
            resting,
            (),
            bans,
            attempt_scope,
            attempt_avoid,
            relaxed,
        )
    raise AssertionError("Danese puro always has a pairing")
