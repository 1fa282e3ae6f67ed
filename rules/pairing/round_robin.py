"""All'italiana: the Berger round robin of a girone (circle method).

Terminology: round robin = torneo all'italiana; group = girone; rest = riposo;
NS/EO = the two lines (Nord/Sud, Est/Ovest), the first pair of a table sits NS.

Method (Berger tables, the circle method): with an even number N of pairs, the last
pair stays still and the other N-1 sit on a circle that turns one place per round. In
round r (counting from 0) the pair at circle position i (the circle holds pairs
``r, r+1, ..., r+N-2`` modulo N-1) meets the pair at position N-1-i, and the still pair
meets position 0. With an odd N a phantom takes the still place, and whoever meets it
rests: N rounds, each pair rests exactly once.

Seats alternate so that NS and EO are as balanced as the method allows: with an even N
each pair plays N-1 matches (an odd number) and sits NS either (N-1)//2 or (N-1)//2 + 1
times; with an odd N each pair sits NS exactly (N-1)/2 times. Nobody sits on the same
line more than twice in a row.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.errors import PairingError
from rules.pairing.base import Round, Table, distinct_pairs
from rules.pairing.movement import (
    Constraints,
    Movement,
    Seating,
    Situation,
    gettext_noop,
)


def round_robin(pairs: Sequence[int]) -> list[Round]:
    """Return the whole Berger calendar of a girone: every pair meets every other once.

    >>> for r in round_robin([1, 2, 3, 4]):
    ...     print(r.tables, r.resting)
    ((1, 4), (2, 3)) None
    ((4, 2), (3, 1)) None
    ((3, 4), (1, 2)) None
    >>> [r.resting for r in round_robin([1, 2, 3])]
    [1, 2, 3]
    """
    players = distinct_pairs(pairs)
    if len(players) < 2:
        raise PairingError(
            f"a round robin needs at least 2 pairs, got {len(players)}: {players}"
        )
    odd = len(players) % 2 == 1
    # The still seat: the last pair, or a phantom (None) when the count is odd.
    seats: list[int | None] = [*players, None] if odd else list(players)
    n = len(seats)
    circle_size = n - 1
    still = seats[-1]
    calendar: list[Round] = []
    for r in range(circle_size):
        circle = [seats[(r + i) % circle_size] for i in range(circle_size)]
        matches: list[tuple[int | None, int | None]] = []
        # The still pair's side alternates round by round.
        first = circle[0]
        matches.append((first, still) if r % 2 == 0 else (still, first))
        for i in range(1, n // 2):
            a, b = circle[i], circle[circle_size - i]
            matches.append((a, b) if i % 2 == 1 else (b, a))
        tables: list[Table] = []
        resting: int | None = None
        for ns, ew in matches:
            if ns is None:
                resting = ew
            elif ew is None:
                resting = ns
            else:
                tables.append((ns, ew))
        calendar.append(Round(tuple(tables), resting))
    return calendar


class RoundRobinMovement(Movement):
    """All'italiana: the whole Berger calendar of the pairs of round 1, one round at a
    time (docs/rules.md §9.4). A pair that withdrew leaves its opponent a rest; a pair
    that joined after round 1 has no place in the calendar."""

    whole_plan = True

    name = "round_robin"
    label = gettext_noop("all'italiana (round robin)")

    def calendar_rounds(self, pairs: int) -> int:
        """Rounds of the calendar: N - 1 for an even N, N for an odd one.

        >>> ROUND_ROBIN.calendar_rounds(8), ROUND_ROBIN.calendar_rounds(9)
        (7, 9)
        """
        return pairs - 1 + pairs % 2

    def constraints(self, situation: Situation) -> Constraints:
        return Constraints(no_rematch="any")

    def seat(self, situation: Situation) -> Seating:
        """The round's tables (see the class).

        >>> ROUND_ROBIN.seat(Situation(1, (1, 2, 3, 4))).tables
        ((1, 1, 4), (2, 2, 3))
        >>> s = Situation(2, (1, 2, 4), seats=(((1, 1, 4), (2, 2, 3)),))
        >>> ROUND_ROBIN.seat(s).tables
        ((1, 4, 2), (2, 1, None))
        """
        calendar = sorted(situation.first_round_pairs or situation.pairs)
        active = set(situation.pairs)
        late = [p for p in situation.pairs if p not in calendar]
        if late:
            raise PairingError(
                f"pairs {late} joined after round 1: the calendar cannot seat them",
                code="calendar_late",
                params={"pairs": late},
            )
        r = round_robin(calendar)[situation.number - 1]
        tables: list[Table] = []
        resting = [r.resting] if r.resting is not None else []
        for a, b in r.tables:
            # Against a pair that withdrew, the other pair rests (the rest award).
            if a not in active:
                resting.append(b)
            elif b not in active:
                resting.append(a)
            else:
                tables.append((a, b))
        return Seating.numbered(tables, [p for p in resting if p in active])


ROUND_ROBIN = RoundRobinMovement()
