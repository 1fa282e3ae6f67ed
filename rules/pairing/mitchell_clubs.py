"""Keeping clubs apart in a Mitchell: counting the same-club meetings its fixed
calendar seats, and arranging the pairs' seats so that they are as few as a local
search finds (docs/rules.md §9.1). A fixed calendar cannot always avoid them: they
are made fewer, not forbidden.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def club_meetings(
    ns_seats: Sequence[int | None],
    ew_seats: Sequence[int | None],
    rounds: int,
    step: int,
    clubs: Mapping[int, int | None],
) -> int:
    """How many same-club meetings ``rounds`` Mitchell rounds on these seats hold.

    >>> club_meetings([1, 3], [2, 4], 2, 1, {1: 7, 2: 7, 3: 7, 4: None})
    2
    """
    size = len(ns_seats)
    count = 0
    for r in range(rounds):
        for t in range(size):
            a, b = ns_seats[t], ew_seats[(t - r * step) % size]
            if a is not None and b is not None:
                club = clubs.get(a)
                count += club is not None and club == clubs.get(b)
    return count


def fewest_club_lines(
    ns: Sequence[int],
    ew: Sequence[int],
    rounds: int,
    step: int,
    clubs: Mapping[int, int | None],
) -> tuple[list[int], list[int]]:
    """The two lines with their pairs rearranged so that the Mitchell's ``rounds``
    seat as few same-club meetings as a local search finds (docs/rules.md §9.1).

    Deterministic: pairs swap seats (within a line or across the lines) while a swap
    lowers the count; the first improving swap in seat order is taken. The lines keep
    their lengths (the phantom of an odd line stays where :func:`split_lines` put it).

    >>> clubs = {1: 7, 2: 7, 3: 8, 4: 8}
    >>> club_meetings([1, 3], [2, 4], 1, 1, clubs)
    2
    >>> ns, ew = fewest_club_lines([1, 3], [2, 4], 1, 1, clubs)
    >>> club_meetings(ns, ew, 1, 1, clubs)
    0
    """
    size = max(len(ns), len(ew))
    seats: list[int | None] = [*ns, *[None] * (size - len(ns))]
    seats += [*ew, *[None] * (size - len(ew))]
    _swap_while_fewer(seats, _opponents(size, rounds, step), clubs)
    ns_out = [p for p in seats[:size] if p is not None]
    ew_out = [p for p in seats[size:] if p is not None]
    return ns_out, ew_out


def _opponents(size: int, rounds: int, step: int) -> list[list[int]]:
    """For each seat (NS seats ``0..size-1``, then EO), the seats it meets in the
    ``rounds``."""

    def opponents(index: int) -> list[int]:
        if index < size:
            return [size + (index - r * step) % size for r in range(rounds)]
        j = index - size
        return [(j + r * step) % size for r in range(rounds)]

    return [opponents(i) for i in range(2 * size)]


def _swap_while_fewer(
    seats: list[int | None], met: list[list[int]], clubs: Mapping[int, int | None]
) -> None:
    """Swap two pairs' seats while a swap lowers their same-club meetings, the first
    improving swap in seat order each time."""

    def cost(index: int, pair: int | None) -> int:
        club = None if pair is None else clubs.get(pair)
        if club is None:
            return 0
        return sum(
            1
            for o in met[index]
            if (other := seats[o]) is not None and clubs.get(other) == club
        )

    real = [i for i, p in enumerate(seats) if p is not None]
    improved = True
    while improved:
        improved = False
        for x in real:
            for y in real:
                if y <= x:
                    continue
                a, b = seats[x], seats[y]
                if clubs.get(a) == clubs.get(b):  # type: ignore[arg-type]
                    continue
                before = cost(x, a) + cost(y, b)
                seats[x], seats[y] = b, a
                after = cost(x, b) + cost(y, a)
                if after < before:
                    improved = True
                else:
                    seats[x], seats[y] = a, b
