"""The first round (primo turno): by draw (sorteggio) or by seeding order.

Terminology: draw = sorteggio; seeding order = the order the director gives (entry
order, or a federal ranking), best first; rest = riposo.

* ``method="random"``: the pairs, in the order given, are shuffled with
  ``random.Random(seed).shuffle``; then the drawn order is paired 1v2, 3v4 ... and,
  with an odd count, the last drawn pair rests. The seed is recorded by the caller, so
  that anyone can repeat the draw.
* ``method="seed"``: with an odd count the lowest-seeded pair rests; the others are
  split into a top and a bottom half and seed 1 meets seed n/2+1, 2 meets n/2+2 ...
  (docs/rules.md §9.5: "by the arbitro's choice, by order of registration, or by draw").

Both avoid ``forbidden`` meetings (typically :func:`rules.pairing.danese.club_forbidden`)
with the Danese walk (:mod:`rules.pairing.walk`): the highest free pair takes its first
preferred opponent it may meet, backing up only when the rest could not be seated. With
seeding, a pair prefers the free pairs of the bottom half, in order, then those of the
top half. The first element of a table (NS) is the pair placed higher in the order.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Literal

from rules.errors import PairingError
from rules.pairing.base import distinct_pairs
from rules.pairing.danese import Forbidden, club_forbidden, failure, forbidden_positions
from rules.pairing.movement import (
    Constraints,
    Movement,
    Seating,
    Situation,
    gettext_noop,
)
from rules.pairing.walk import priority_walk


def first_round(
    pairs: Sequence[int],
    *,
    method: Literal["random", "seed"] = "random",
    seed: int | None = None,
    forbidden: Forbidden = (),
) -> tuple[list[tuple[int, int]], int | None]:
    """Seat the first round by a seeded draw or by seeding order (top v bottom half).

    >>> first_round([1, 2, 3, 4, 5, 6], method="seed")
    ([(1, 4), (2, 5), (3, 6)], None)
    >>> first_round([1, 2, 3, 4, 5], method="seed", forbidden=[frozenset({1, 3})])
    ([(1, 4), (2, 3)], 5)
    >>> first_round([1, 2, 3, 4], seed=7) == first_round([1, 2, 3, 4], seed=7)
    True
    """
    order = distinct_pairs(pairs)
    if method == "random":
        if seed is None:
            raise PairingError(
                "a random first round needs a seed: draw one, record it with the "
                "round, and pass it here so that the draw can be repeated"
            )
        random.Random(seed).shuffle(order)
        halves = False
    elif method == "seed":
        halves = True
    else:
        raise PairingError(
            f"first-round method must be 'random' or 'seed', got {method!r}"
        )
    position = {pair: i for i, pair in enumerate(order)}
    adjacency = forbidden_positions(forbidden, position)
    rest_order = list(reversed(range(len(order))))
    result = priority_walk(len(order), adjacency, rest_order=rest_order, halves=halves)
    if result is None:
        raise failure(order, adjacency, rest_order)
    tables, resting = result
    return (
        [(order[a], order[b]) for a, b in tables],
        None if resting is None else order[resting],
    )


class DrawMovement(Movement):
    """The first round by draw (``random``) or by seeding order (``seeded``): round 1
    only; with "keep clubs apart" two pairs of one club never meet (docs/rules.md §9.5).
    """

    first = "only"

    def __init__(self, name: str, label: str, method: Literal["random", "seed"]):
        self.name, self.label, self.method = name, label, method

    def constraints(self, situation: Situation) -> Constraints:
        return Constraints(avoid_clubs=situation.options.avoid_clubs)

    def seat(self, situation: Situation) -> Seating:
        """The round's tables (see the class).

        >>> DRAW.seat(Situation(1, (1, 2, 3, 4), seed=7)).seed
        7
        """
        bans: frozenset[frozenset[int]] = frozenset()
        if situation.options.avoid_clubs:
            bans = club_forbidden({p: situation.clubs.get(p) for p in situation.pairs})
        tables, resting = first_round(
            situation.pairs, method=self.method, seed=situation.seed, forbidden=bans
        )
        seating = Seating.numbered(tables, resting)
        seed = situation.seed if self.method == "random" else None
        return Seating(seating.tables, seed=seed)


DRAW = DrawMovement("random", gettext_noop("first round by draw"), "random")
SEEDED = DrawMovement("seeded", gettext_noop("first round by seeding order"), "seed")
