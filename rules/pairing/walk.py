"""The referee's walk down an ordered list of pairs, made exact by a feasibility check.

This is the engine behind :func:`rules.pairing.danese.danese` and
:func:`rules.pairing.first_round.first_round`. It works on *positions* 0..n-1 in an
order fixed by the caller (the ranking, the seeding, the draw), never on pair ids.

Terminology: *allowed graph* = one node per pair, one edge per two pairs that may meet
(every two pairs except the forbidden ones); *perfect matching* = a set of tables that
seats every pair of the graph; *rester* = the pair that rests (riposo).

The walk, as a referee does it by hand:

1. with an odd count, the first position of ``rest_order`` rests (the caller lists the
   pairs allowed to rest, lowest-ranked first);
2. the highest free position takes the first opponent in its preference order that it
   may meet (the next free positions; with ``halves`` the free positions of the bottom
   half first), and so on down the list;
3. a choice is taken only if the pairs still free can all be seated afterwards; if not,
   the walk tries the next opponent, and a rester only if no table plan works with it.

Because every choice is checked exactly, the walk never backtracks further: the first
choice that passes the check is the one a full backtracking search would keep, so the
result is the lexicographic optimum (rester first, then each table in turn).

The check is cheap where it cannot fail. If m pairs remain and each is forbidden
against at most f of the others, every pair may meet at least m - 1 - f of them, and
when m >= 2(f + 1) that is at least m / 2: by Dirac's theorem the allowed graph has a
Hamiltonian cycle, hence (m even) a perfect matching. Rematches and clubs forbid few
opponents per pair, so only the tail of the walk (m < 2(f + 1)) needs the exact check:
a perfect matching kept from the previous step, repaired in O(1) when it can be, else a
maximum cardinality matching (Edmonds' blossom algorithm, via rustworkx) of the pairs
left.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Sequence, Set
from itertools import chain, combinations

import rustworkx as rx

PositionTable = tuple[int, int]
"""A table as two positions, the better-placed one first."""


def maximum_matching(nodes: Sequence[int], forbidden: Sequence[Set[int]]) -> set[int]:
    """Return the nodes seated by one maximum set of allowed tables among ``nodes``.

    ``forbidden[v]`` holds the positions that position ``v`` may not meet.

    >>> len(maximum_matching([0, 1, 2, 3], [{1, 2, 3}, {0}, {0}, {0}]))
    2
    """
    mate = _matching(nodes, forbidden)
    return set(mate)


def _matching(nodes: Sequence[int], forbidden: Sequence[Set[int]]) -> dict[int, int]:
    """Mate of each seated node in a maximum cardinality matching of the allowed graph."""
    graph: rx.PyGraph[int, None] = rx.PyGraph(multigraph=False)
    graph.add_nodes_from(list(nodes))
    edges = [
        (i, j)
        for (i, u), (j, v) in combinations(enumerate(nodes), 2)
        if v not in forbidden[u]
    ]
    graph.add_edges_from_no_data(edges)
    mate: dict[int, int] = {}
    for i, j in rx.max_weight_matching(graph, max_cardinality=True):
        mate[nodes[i]] = nodes[j]
        mate[nodes[j]] = nodes[i]
    return mate


class _Field:
    """The pairs still free, with what the feasibility check needs to stay cheap."""

    def __init__(self, n: int, forbidden: Sequence[Set[int]]) -> None:
        self.forbidden = forbidden
        self.free = list(range(n))
        self.alive = [True] * n
        # fcount[v]: forbidden opponents of v that are still free.
        self.fcount = [len(f) for f in forbidden]
        self.maxf = max(self.fcount, default=0)
        self.bucket = [0] * (self.maxf + 1)
        for c in self.fcount:
            self.bucket[c] += 1
        # A perfect matching of the free pairs, when one is known (tail only).
        self.mate: dict[int, int] | None = None

    def remove(self, v: int) -> None:
        self.alive[v] = False
        self.free.remove(v)
        self.bucket[self.fcount[v]] -= 1
        for u in self.forbidden[v]:
            if self.alive[u]:
                c = self.fcount[u]
                self.bucket[c] -= 1
                self.bucket[c - 1] += 1
                self.fcount[u] = c - 1
        while self.maxf > 0 and self.bucket[self.maxf] == 0:
            self.maxf -= 1

    def dirac(self, size: int) -> bool:
        """True if ``size`` free pairs (a subset of these) surely have a perfect matching."""
        return size == 0 or size >= 2 * (self.maxf + 1)

    def perfect(self, nodes: Sequence[int]) -> dict[int, int] | None:
        mate = _matching(nodes, self.forbidden)
        return mate if len(mate) == len(nodes) else None

    def _repairable(self, a: int, b: int) -> bool:
        """True if the known perfect matching, minus a and b, can be closed in O(1)."""
        mate = self.mate
        if mate is None:
            return False
        return mate[a] == b or mate[b] not in self.forbidden[mate[a]]

    def try_pair(self, a: int, b: int) -> tuple[bool, dict[int, int] | None]:
        """Can the others all be seated if ``a`` meets ``b``? Also a matching of them."""
        if self._repairable(a, b) or self.dirac(len(self.free) - 2):
            return True, None
        if self.mate is None:
            # The free pairs can all be seated (the walk only gets here through a
            # successful check), so this finds a perfect matching.
            self.mate = self.perfect(self.free)
            if self.mate is None:
                raise AssertionError("the walk reached an unpairable field")
            if self._repairable(a, b):
                return True, None
        rest = [v for v in self.free if v != a and v != b]
        mate = self.perfect(rest)
        return mate is not None, mate

    def take(self, a: int, b: int, mate: dict[int, int] | None) -> None:
        if mate is not None:
            self.mate = mate
        elif self.mate is not None:
            known = self.mate
            a2, b2 = known.pop(a), known.pop(b)
            if a2 != b:
                if b2 in self.forbidden[a2]:
                    self.mate = None
                else:
                    known[a2], known[b2] = b2, a2
        self.remove(a)
        self.remove(b)


def priority_walk(
    n: int,
    forbidden: Sequence[Set[int]],
    *,
    rest_order: Iterable[int] = (),
    halves: bool = False,
) -> tuple[list[PositionTable], int | None] | None:
    """Walk down positions 0..n-1 as a referee does; None if no pairing exists.

    ``forbidden[v]``: positions v may not meet (symmetric). ``rest_order``: with an odd
    ``n``, the positions allowed to rest, best candidate first. ``halves``: prefer
    opponents from the bottom half (seeding: 1 v n/2+1) before the top half.

    >>> priority_walk(4, [set(), set(), set(), set()])
    ([(0, 1), (2, 3)], None)
    >>> priority_walk(4, [{1}, {0}, set(), set()])
    ([(0, 2), (1, 3)], None)
    >>> priority_walk(5, [set()] * 5, rest_order=[4, 3], halves=True)
    ([(0, 2), (1, 3)], 4)
    >>> priority_walk(2, [{1}, {0}]) is None
    True
    """
    field = _Field(n, forbidden)
    resting: int | None = None
    if n % 2 == 1:
        resting = _rest(field, n, rest_order)
        if resting is None:
            return None
    elif not field.dirac(n):
        field.mate = field.perfect(field.free)
        if field.mate is None:
            return None
    return _walk(field, forbidden, halves), resting


def _rest(field: _Field, n: int, rest_order: Iterable[int]) -> int | None:
    """The first candidate of ``rest_order`` whose rest leaves the others a pairing,
    taken out of ``field``; None if no candidate does."""
    for candidate in rest_order:
        if field.dirac(n - 1):
            resting = candidate
            break
        mate = field.perfect([v for v in field.free if v != candidate])
        if mate is not None:
            resting, field.mate = candidate, mate
            break
    else:
        return None
    field.remove(resting)
    return resting


def _walk(
    field: _Field, forbidden: Sequence[Set[int]], halves: bool
) -> list[PositionTable]:
    """Seat the free positions top down, each against the first opponent that
    leaves the rest a pairing (from the bottom half first, with ``halves``)."""
    free = field.free
    # Seeding: positions from ``half`` on form the bottom half of the pairs that play.
    half = free[len(free) // 2] if halves and free else None
    tables: list[PositionTable] = []
    while free:
        a = free[0]
        if half is None:
            order: Iterable[int] = range(1, len(free))
        else:
            start = max(1, bisect_left(free, half))
            order = chain(range(start, len(free)), range(1, start))
        for index in order:
            b = free[index]
            if b in forbidden[a]:
                continue
            ok, mate = field.try_pair(a, b)
            if ok:
                break
        else:
            raise AssertionError(f"the walk found no opponent for position {a}")
        field.take(a, b, mate)
        tables.append((a, b))
    return tables
