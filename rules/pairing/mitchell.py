"""Mitchell: NS pairs stay at their table, EO pairs move k tables each round.

Terminology: line = linea; NS = Nord/Sud (coppie fisse), EO = Est/Ovest (coppie
mobili); step = how many tables the EO line moves each round ("di uno o più tavoli a
discrezione dell'arbitro", docs/rules.md §9.1); rest = riposo.

With T tables, NS pair i sits at table i and EO pair j, in round r (counting from 0),
at table (j + r*k) mod T. NS pair i meets EO pair j again after d rounds exactly when
d*k is a multiple of T, so there is no repeat meeting while rounds <= T / gcd(k, T);
with k = 1 that is T rounds, the most any step allows.

With an odd number of pairs one line is short by one: a phantom completes it and
whoever meets the phantom rests that round. Every pair rests at most once, since
rounds <= T. :func:`split_lines` gives the extra pair to the EO line, so the phantom
is the NS pair of the last table, which stays empty of NS: each round the EO pair that
reaches it rests, and the other tables keep their numbers.

Tables are listed in table order, the NS pair first; the table whose pair rests is
left out. NS pair ``ns[i]`` plays at table i + 1 throughout.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import gcd
from typing import Literal

from rules.errors import PairingError
from rules.pairing.base import Round, Table, distinct_pairs


def split_lines(
    pairs: Sequence[int], *, mode: Literal["alternate", "halves"] = "alternate"
) -> tuple[list[int], list[int]]:
    """Split an ordered list of pairs into the NS and EO lines (EO gets an odd one).

    ``"alternate"``: 1st NS, 2nd EO, 3rd NS ... so the first round seats 1v2, 3v4;
    ``"halves"``: the first half NS, the second half EO.

    >>> split_lines([1, 2, 3, 4, 5])
    ([1, 3], [2, 4, 5])
    >>> split_lines([1, 2, 3, 4, 5], mode="halves")
    ([1, 2], [3, 4, 5])
    """
    order = distinct_pairs(pairs)
    half = len(order) // 2
    if mode == "alternate":
        ns = order[0 : 2 * half : 2]
        ew = order[1 : 2 * half : 2] + order[2 * half :]
        return ns, ew
    if mode == "halves":
        return order[:half], order[half:]
    raise PairingError(f"line split mode must be 'alternate' or 'halves', got {mode!r}")


def mitchell_period(tables: int, step: int) -> int:
    """How many rounds EO can move by ``step`` among ``tables`` tables without a repeat.

    >>> mitchell_period(10, 1), mitchell_period(10, 4), mitchell_period(9, 3)
    (10, 5, 3)
    """
    if tables < 1 or step < 1:
        raise PairingError(
            f"a Mitchell needs at least one table and a step of at least one table, "
            f"got {tables} tables and step {step}"
        )
    return tables // gcd(step, tables)


def mitchell(
    ns: Sequence[int], ew: Sequence[int], rounds: int, step: int | None = None
) -> list[Round]:
    """Return ``rounds`` Mitchell rounds: NS stays, EO moves ``step`` tables a round.

    >>> for r in mitchell([1, 3], [2, 4, 5], rounds=3):
    ...     print(r.tables, r.resting)
    ((1, 2), (3, 4)) 5
    ((1, 5), (3, 2)) 4
    ((1, 4), (3, 5)) 2
    """
    ns_line = distinct_pairs(ns, "the NS line")
    ew_line = distinct_pairs(ew, "the EO line")
    both = set(ns_line) & set(ew_line)
    if both:
        raise PairingError(f"pairs {sorted(both)} are in both the NS and the EO line")
    if abs(len(ns_line) - len(ew_line)) > 1:
        raise PairingError(
            f"the NS line has {len(ns_line)} pairs and the EO line {len(ew_line)}: "
            "they may differ by one at most"
        )
    tables = max(len(ns_line), len(ew_line))
    if tables == 0:
        raise PairingError("a Mitchell needs at least one pair")
    if rounds < 1:
        raise PairingError(f"a Mitchell needs at least one round, got {rounds}")
    if rounds > tables:
        raise PairingError(
            f"{rounds} rounds with {tables} tables: an EO pair would meet the same NS "
            f"pair twice; a Mitchell on {tables} tables has at most {tables} rounds"
        )
    if step is None:
        # k = 1 always allows every round up to T; the smallest valid step.
        step = next(
            k for k in range(1, tables + 1) if mitchell_period(tables, k) >= rounds
        )
    period = mitchell_period(tables, step)
    if rounds > period:
        raise PairingError(
            f"{rounds} rounds with {tables} tables moving {step} tables a round: EO "
            f"pairs would be back at their first table in round {period + 1} "
            f"(gcd({step}, {tables}) = {gcd(step, tables)}, at most {period} rounds)"
        )
    ns_seats: list[int | None] = [*ns_line, *[None] * (tables - len(ns_line))]
    ew_seats: list[int | None] = [*ew_line, *[None] * (tables - len(ew_line))]
    calendar: list[Round] = []
    for r in range(rounds):
        seated: list[Table] = []
        resting: int | None = None
        for t in range(tables):
            home = ns_seats[t]
            # EO pair j sits at table (j + r*step) mod T.
            away = ew_seats[(t - r * step) % tables]
            if home is None:
                resting = away
            elif away is None:
                resting = home
            else:
                seated.append((home, away))
        calendar.append(Round(tuple(seated), resting))
    return calendar


Seat = tuple[int, int, int | None]
"""A table of a Mitchell round with holes: ``(table number, pair, opponent or None)``;
the NS pair first when both sit, else the one pair there, who rests."""


def mitchell_seats(
    ns_seats: Sequence[int | None],
    ew_seats: Sequence[int | None],
    index: int,
    step: int,
) -> list[Seat]:
    """Round ``index`` (from 0) of a Mitchell whose lines may have empty seats.

    A seat is empty (None) where a pair withdrew, or where the shorter line has no pair
    (the phantom): the pair facing an empty seat rests at that table (riposo), and a
    table with both seats empty is not set. NS seat i is table i + 1; EO seat j sits at
    table ``(j + index*step) mod T`` + 1, as in :func:`mitchell`, so a pair that takes
    an empty seat (a late pair) follows the seat's calendar.

    >>> mitchell_seats([1, 3, None], [2, 4, 6], 1, 1)
    [(1, 1, 6), (2, 3, 2), (3, 4, None)]
    >>> mitchell_seats([1, None, 5], [2, 4, None], 0, 1)
    [(1, 1, 2), (2, 4, None), (3, 5, None)]
    """
    tables = len(ns_seats)
    if len(ew_seats) != tables or tables == 0:
        raise PairingError(
            f"the two lines need as many seats as tables, got {len(ns_seats)} NS seats"
            f" and {len(ew_seats)} EO seats"
        )
    seated = [p for p in (*ns_seats, *ew_seats) if p is not None]
    distinct_pairs(seated, "the seats")
    out: list[Seat] = []
    for t in range(tables):
        home = ns_seats[t]
        away = ew_seats[(t - index * step) % tables]
        if home is not None:
            out.append((t + 1, home, away))
        elif away is not None:
            out.append((t + 1, away, None))
    return out
