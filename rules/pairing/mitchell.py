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
from rules.pairing.mitchell_clubs import club_meetings as club_meetings
from rules.pairing.mitchell_clubs import fewest_club_lines
from rules.pairing.movement import (
    Constraints,
    Movement,
    Seating,
    Situation,
    gettext_noop,
)


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
    tables = _tables(ns_line, ew_line, rounds)
    step = _step(tables, rounds, step)
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


def smallest_step(tables: int, rounds: int) -> int:
    """The smallest step that moves EO ``rounds`` rounds without a repeat: 1, which
    allows up to ``tables`` rounds, the most any step allows.

    >>> smallest_step(10, 6), smallest_step(9, 9)
    (1, 1)
    """
    return next(k for k in range(1, tables + 1) if mitchell_period(tables, k) >= rounds)


def _tables(ns_line: list[int], ew_line: list[int], rounds: int) -> int:
    """The tables of a Mitchell on these lines, after checking that the lines and the
    number of rounds make one."""
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
    return tables


def _step(tables: int, rounds: int, step: int | None) -> int:
    """The step given, checked against the rounds, or the smallest that serves."""
    if step is None:
        return smallest_step(tables, rounds)
    period = mitchell_period(tables, step)
    if rounds > period:
        raise PairingError(
            f"{rounds} rounds with {tables} tables moving {step} tables a round: EO "
            f"pairs would be back at their first table in round {period + 1} "
            f"(gcd({step}, {tables}) = {gcd(step, tables)}, at most {period} rounds)"
        )
    return step


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


def mitchell_lines(
    situation: Situation, step: int
) -> tuple[list[int | None], list[int | None]]:
    """The seats of the Mitchell's two lines for the girone's next round.

    Round 1 gives each pair its seat (docs/rules.md §9.1); a pair that withdrew leaves
    its seat empty, so whoever would meet it rests (a riposo, with the pack's award); a
    late pair takes an empty seat (one a pair left, or the phantom of an odd line) and
    keeps it: the seats it took are read back from the rounds it played. A late pair
    that finds no empty seat is refused (code ``mitchell_no_seat``), with the way out:
    switch the rest of the plan to a Danese modificato.

    >>> s = Situation(2, (1, 2, 3, 4), seats=(((1, 1, 2), (2, 3, 4)),))
    >>> mitchell_lines(s, 1)
    ([1, 3], [2, 4])
    """
    first = [(a, b) for _n, a, b in situation.seats[0]]
    ns = [a for a, b in first if b is not None]
    ew = [b for _a, b in first if b is not None] + [a for a, b in first if b is None]
    size = max(len(ns), len(ew))
    ns_seats: list[int | None] = [*ns, *[None] * (size - len(ns))]
    ew_seats: list[int | None] = [*ew, *[None] * (size - len(ew))]
    known = {p for p in (*ns, *ew)}
    # Late pairs seated in the Mitchell's later rounds: the seat each one took.
    for index, tables in enumerate(situation.seats[1:], start=1):
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
    active = set(situation.pairs)
    ns_seats = [p if p in active else None for p in ns_seats]
    ew_seats = [p if p in active else None for p in ew_seats]
    late = sorted(p for p in situation.pairs if p not in known)
    index = len(situation.seats)  # the next round, counting from 0
    for pair in late:
        spot = _free_seat(ns_seats, ew_seats, index, step)
        if spot is None:
            raise PairingError(
                f"pairs {late} joined after round 1 and the Mitchell has no free seat",
                code="mitchell_no_seat",
                params={"pairs": late},
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


class MitchellMovement(Movement):
    """Mitchell: NS stays, EO moves ``step`` tables a round, one block from round 1
    (docs/rules.md §9.1). No pair meets another twice within the block. With "keep
    clubs apart" the pairs' seats are arranged so that same-club meetings are as few as
    a local search finds (:func:`fewest_club_lines`); they are not forbidden (a fixed
    calendar cannot always avoid them), and the draft page lists those left."""

    name = "mitchell"
    label = gettext_noop("Mitchell")
    opening_block = True
    for_teams = False  # each team holds both lines of a match (docs/rules.md §11)

    def constraints(self, situation: Situation) -> Constraints:
        return Constraints(no_rematch="any", fewest_clubs=situation.options.avoid_clubs)

    def seat(self, situation: Situation) -> Seating:
        """The round's tables (see the class).

        >>> MITCHELL.seat(Situation(1, (1, 2, 3, 4, 5), block=2)).tables
        ((1, 1, 2), (2, 3, 4), (3, 5, None))
        """
        if situation.number > 1:
            moved = situation.first_step or 1
            ns_line, ew_line = mitchell_lines(situation, moved)
            later = mitchell_seats(ns_line, ew_line, situation.number - 1, moved)
            return Seating(tuple(later), step=moved)
        ns, ew = split_lines(situation.pairs)
        tables = max(len(ns), len(ew))
        block = situation.block
        if block > tables:
            raise PairingError(
                f"a Mitchell on {tables} tables has at most {tables} rounds without "
                f"repeat meetings; the plan asks for {block}",
                code="mitchell_rounds",
                params={"tables": tables, "rounds": block},
            )
        chosen = situation.options.mitchell_step
        if chosen is not None and mitchell_period(tables, chosen) < block:
            raise PairingError(
                f"moving {chosen} tables a round on {tables} tables, EO pairs return to"
                f" their first table after {mitchell_period(tables, chosen)} rounds; "
                f"the plan asks for {block}",
                code="mitchell_step",
                params={
                    "step": chosen,
                    "tables": tables,
                    "period": mitchell_period(tables, chosen),
                    "rounds": block,
                },
            )
        step = chosen or smallest_step(tables, block)
        if situation.options.avoid_clubs:
            ns, ew = fewest_club_lines(ns, ew, block, step, situation.clubs)
        ns_seats: list[int | None] = [*ns, *[None] * (tables - len(ns))]
        ew_seats: list[int | None] = [*ew, *[None] * (tables - len(ew))]
        seats = mitchell_seats(ns_seats, ew_seats, 0, step)
        return Seating(tuple(seats), step=step)


MITCHELL = MitchellMovement()
