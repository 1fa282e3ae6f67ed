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
from dataclasses import dataclass, field
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
    pairs = tuple(rng.sample(range(1, 10 * n + 1), n))
    club_count = rng.randint(1, max(1, n // 3))
    clubs: dict[int, int | None] = {
        p: (rng.randrange(club_count) + 1 if rng.random() < 0.85 else None)
        for p in pairs
    }
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

    entry = {p: i for i, p in enumerate(pairs)}
    vp_total = dict.fromkeys(pairs, 0)
    rests: Counter[int] = Counter()
    history: list[tuple[tuple[int, int], ...]] = []
    played: list[SimulatedRound] = []
    # Movements that seat several rounds at once (Mitchell, round robin).
    scheduled: list[SimulatedRound] = []

    for number, movement in enumerate(rounds_plan, start=1):
        if movement == "round_robin" and not scheduled:
            scheduled = [
                SimulatedRound(0, movement, r.tables, r.resting, (), no_rematch="any")
                for r in round_robin(pairs)
            ]
        elif movement == "mitchell" and not scheduled:
            block = rounds_plan.count("mitchell")
            ns, ew = split_lines(pairs, mode=rng.choice(("alternate", "halves")))
            tables = max(len(ns), len(ew))
            steps = [
                k for k in range(1, tables + 1) if mitchell_period(tables, k) >= block
            ]
            scheduled = [
                SimulatedRound(0, movement, r.tables, r.resting, (), no_rematch="any")
                for r in mitchell(ns, ew, block, rng.choice(steps))
            ]
        if movement in ("round_robin", "mitchell"):
            base = scheduled.pop(0)
        elif movement in ("random", "seeded"):
            base = _first(pairs, movement, club_bans, avoid, rng)
        else:
            ranking = sorted(pairs, key=lambda p: (-vp_total[p], entry[p]))
            fewest = min(rests[p] for p in pairs)
            rested = {p for p in pairs if rests[p] > fewest}
            if movement == "danese":
                tables_, resting = danese(ranking, rested=rested)
                base = SimulatedRound(0, movement, tuple(tables_), resting, ())
            else:
                last = number == len(rounds_plan) and last_round_exception
                base = _modified(
                    ranking, history, None if last else scope, club_bans, avoid, rested
                )
        vp = tuple(_result(rng) for _ in base.tables)
        for (a, b), (vp_a, vp_b) in zip(base.tables, vp, strict=True):
            vp_total[a] += vp_a
            vp_total[b] += vp_b
        if base.resting is not None:
            vp_total[base.resting] += rest_vp
            rests[base.resting] += 1
        history.append(base.tables)
        played.append(
            SimulatedRound(
                number,
                movement,
                base.tables,
                base.resting,
                vp,
                base.forbidden,
                base.no_rematch,
                base.avoid_clubs,
                base.relaxed,
            )
        )
    return SimulatedTournament(seed, pairs, clubs, rounds_plan, tuple(played))


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
