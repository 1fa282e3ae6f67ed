"""Keeping gironi apart in the tabellone: the search behind the separating placement.

What the separating placement is (fewest same-girone meetings round by round, then
closest to the seeding, then better-placed pairs kept apart, within the slots seeding
fixes) is stated in :mod:`rules.knockout.seeding`. This module finds it.

The search is a local search (re-seat each tier optimally, swap two equally seeded
qualifiers, then kick and repeat), followed, only when some round still has more
same-girone meetings than an even spread would give, by a repair that swaps across
tiers. It is deterministic.
"""

from __future__ import annotations

import random

from rules.knockout.assignment import min_cost_assignment
from rules.knockout.qualifiers import Qualifier

#: Kicks without improvement after which the search stops, and the work cap
#: (assignment steps) that bounds the time on the largest tabelloni.
_PATIENCE = 30
_PATIENCE_AT_BOUND = 3
_BUDGET = 2_000_000
#: Swaps tried by the cross-tier repair at most (it runs only on uneven gironi).
_REPAIR_BUDGET = 10_000
_REPAIR_PATIENCE = 8


def separate_gironi(items: list[Qualifier], size: int, slot_of: list[int]) -> list[int]:
    """The slot of each qualifier once the gironi are kept apart.

    ``items`` are the qualifiers sorted by seed and ``slot_of`` their slots by seed
    (:func:`~rules.knockout.seeding.standard_order`); ``slot_of`` is changed in place
    and returned. Seeds 1 and 2 keep their slots; the others only trade slots within
    their tier (same place in the girone, bye or not).

    >>> from rules.knockout.qualifiers import qualifiers_by_girone
    >>> qs = qualifiers_by_girone({"A": [1, 2, 3, 4], "B": [5, 6, 7, 8]}, 4)
    >>> [f"{q.place}{q.girone}" for q in qs]
    ['1A', '1B', '2B', '2A', '3A', '3B', '4B', '4A']
    >>> separate_gironi(list(qs), 8, [0, 4, 6, 2, 3, 7, 5, 1])
    [0, 4, 2, 6, 3, 7, 1, 5]
    """
    return _Separator(items, size, slot_of).run()


class _Separator:
    """Local search over swaps of equally seeded qualifiers (see :mod:`rules.knockout.seeding`).

    The objective is one integer: round r's clash count weighs BASE**(2R+1-r), the
    distance from the seeding BASE**R and round r's place-weighted clash sum
    BASE**(R-r), so comparing integers compares the (clashes by round 1..R, distance
    from the seeding, weighted clashes by round 1..R) tuples in order.
    """

    def __init__(self, items: list[Qualifier], size: int, slot_of: list[int]) -> None:
        self.size = size
        self.rounds = size.bit_length() - 1
        self.slot_of = slot_of
        labels = sorted({q.girone or "" for q in items})
        self.girone = [labels.index(q.girone or "") for q in items]
        lowest = max(q.place or 1 for q in items)
        self.strength = [lowest + 1 - (q.place or 1) for q in items]
        self.n_gironi = len(labels)
        byes = size - len(items)
        self.n = len(items)
        self.seed = [q.seed for q in items]
        self.byes = byes
        self.place = [q.place or 1 for q in items]
        self.slot_place = [0] * size
        for i, slot in enumerate(slot_of):
            self.slot_place[slot] = self.place[i]
        classes: dict[tuple[int, ...], list[int]] = {}
        for i, q in enumerate(items):
            key = (0, q.seed) if q.seed <= 2 else (q.place or 1, int(q.seed <= byes))
            classes.setdefault(key, []).append(i)
        self.classes = [m for m in classes.values() if len(m) > 1]
        self.work = 0
        self.tried = 0
        base = 1 << max(8, 2 * (len(items) * lowest).bit_length() + 2)
        r_all = range(self.rounds + 1)
        self.w_clash = [base ** (2 * self.rounds + 1 - r) if r else 0 for r in r_all]
        self.w_disp: int = base**self.rounds
        self.w_weighted = [base ** (self.rounds - r) if r else 0 for r in r_all]
        self.count: list[list[int]] = []
        self.total: list[list[int]] = []
        self.value = self._rebuild()
        counts: dict[int, int] = {}
        for g in self.girone:
            counts[g] = counts.get(g, 0) + 1
        # Lower bound on the clash part: each girone spread as evenly as it can be.
        self.bound = 0
        self.round_bound = [0] * (self.rounds + 1)
        for r in range(1, self.rounds + 1):
            nodes = size >> r
            clashes = 0
            for n in counts.values():
                low, high = divmod(n, nodes)
                clashes += high * (low + 1) * low // 2
                clashes += (nodes - high) * low * (low - 1) // 2
            self.round_bound[r] = clashes
            self.bound += clashes * self.w_clash[r] // self.w_clash[self.rounds]

    def run(self) -> list[int]:
        """Re-seat whole classes optimally until stable, then kick and repeat."""
        if self.classes:
            self._search()
        if self._clashes(self.value) > self.bound:
            self._repair()
        return self.slot_of

    def _search(self) -> None:
        """Local search inside the tiers, leaving the best placement in ``slot_of``."""
        self._settle()
        best, best_value = list(self.slot_of), self.value
        rng = random.Random(len(self.slot_of) * 7919 + self.n_gironi)
        idle, patience = 0, _PATIENCE
        if self._clashes(best_value) == self.bound:
            patience = _PATIENCE_AT_BOUND
        while idle < patience and self.work < _BUDGET:
            for _ in range(2):
                members = rng.choice(self.classes)
                a, b = rng.sample(members, 2)
                self._swap(a, b)
            self._settle()
            idle = 0 if self.value < best_value else idle + 1
            if self.value <= best_value:
                best, best_value = list(self.slot_of), self.value
                if self._clashes(best_value) == self.bound:
                    patience = _PATIENCE_AT_BOUND
            else:
                self.slot_of[:] = best
                self.value = self._rebuild()
        self.slot_of[:] = best
        self.value = self._rebuild()

    def _repair(self) -> None:
        """Swap across tiers (byes with byes) while it removes early meetings.

        A greedy descent over single swaps, then kicks (a random swap of a qualifier
        in an early meeting) and descent again, keeping the best placement seen.
        """
        groups: dict[bool, list[int]] = {}
        for i in range(self.n):
            if self.seed[i] > 2:
                groups.setdefault(self.seed[i] <= self.byes, []).append(i)
        rng = random.Random(self.n * 104729 + self.n_gironi)
        self.tried = 0
        self._descend(groups)
        best, best_value = list(self.slot_of), self.value
        idle = 0
        while (
            idle < _REPAIR_PATIENCE
            and self.tried < _REPAIR_BUDGET
            and self._clashes(best_value) > self.bound
        ):
            hot = self._hot() or [i for members in groups.values() for i in members]
            for _ in range(2):
                a = rng.choice(hot)
                partners = [
                    b for b in groups.get(self.seed[a] <= self.byes, []) if b != a
                ]
                if partners:
                    self._swap(a, rng.choice(partners))
            self._descend(groups)
            if self.value < best_value:
                best, best_value, idle = list(self.slot_of), self.value, 0
            else:
                idle += 1
                self.slot_of[:] = best
                self.value = self._rebuild()
        self.slot_of[:] = best
        self.value = self._rebuild()

    def _descend(self, groups: dict[bool, list[int]]) -> None:
        """Apply the best single cross-tier swap while one lowers the objective."""
        for _ in range(4 * self.n):
            best_delta, best_pair = 0, (0, 0)
            for a in self._hot():
                for b in groups[self.seed[a] <= self.byes]:
                    if b == a:
                        continue
                    before = self.value
                    self._swap(a, b)
                    delta = self.value - before
                    self._swap(a, b)
                    self.tried += 1
                    if delta < best_delta:
                        best_delta, best_pair = delta, (a, b)
            if not best_delta or self.tried >= _REPAIR_BUDGET:
                return
            self._swap(*best_pair)
            if self.classes:
                self._settle()

    def _hot(self) -> list[int]:
        """Movable qualifiers in a same-girone meeting of the first round over the bound."""
        for r in range(1, self.rounds + 1):
            if sum(n * (n - 1) // 2 for n in self.count[r]) <= self.round_bound[r]:
                continue
            hot = [
                i
                for i, slot in enumerate(self.slot_of)
                if self.seed[i] > 2
                and self.count[r][self.girone[i] * (self.size >> r) + (slot >> r)] > 1
            ]
            if hot:
                return hot
        return []

    def _clashes(self, value: int) -> int:
        """The clash part of an objective value (the weighted part cut off)."""
        return value // self.w_clash[self.rounds]

    def _rebuild(self) -> int:
        """Recompute the per-round counts and the objective from ``slot_of``."""
        size, n_gironi = self.size, self.n_gironi
        self.count = [[] for _ in range(self.rounds + 1)]
        self.total = [[] for _ in range(self.rounds + 1)]
        value = 0
        for r in range(1, self.rounds + 1):
            count = [0] * (n_gironi * (size >> r))
            total = [0] * len(count)
            squares = [0] * len(count)
            for i, slot in enumerate(self.slot_of):
                key = self.girone[i] * (size >> r) + (slot >> r)
                count[key] += 1
                total[key] += self.strength[i]
                squares[key] += self.strength[i] ** 2
            clashes = sum(n * (n - 1) // 2 for n in count)
            weighted = sum(
                (t * t - s) // 2 for t, s in zip(total, squares, strict=True)
            )
            value += clashes * self.w_clash[r] + weighted * self.w_weighted[r]
            self.count[r], self.total[r] = count, total
        for i, slot in enumerate(self.slot_of):
            value += self.w_disp * abs(self.place[i] - self.slot_place[slot])
        return value

    def _settle(self) -> None:
        """Give each class its best seating given the others, until none improves."""
        stable = 0
        while stable < len(self.classes):
            for members in self.classes:
                if self._reseat(members):
                    stable = 0
                else:
                    stable += 1
                if stable >= len(self.classes):
                    break

    def _reseat(self, members: list[int]) -> bool:
        """Seat one class optimally (an assignment problem); True if it got better."""
        slots = [self.slot_of[i] for i in members]
        for i in members:
            self._move(i, self.slot_of[i], -1)
        cost = [[self._marginal(i, slot) for slot in slots] for i in members]
        self.work += len(members) ** 3
        current = sum(cost[k][k] for k in range(len(members)))
        order = min_cost_assignment(cost)
        best = sum(cost[k][order[k]] for k in range(len(members)))
        improved = best < current
        if not improved:
            order = list(range(len(members)))
        for k, i in enumerate(members):
            self.slot_of[i] = slots[order[k]]
            self._move(i, self.slot_of[i], 1)
        self.value += best - current if improved else 0
        return improved

    def _marginal(self, i: int, slot: int) -> int:
        """Objective added by putting ``i`` into ``slot`` next to those placed so far."""
        cost, girone, strength = 0, self.girone[i], self.strength[i]
        cost += self.w_disp * abs(self.place[i] - self.slot_place[slot])
        for r in range(self.rounds, 0, -1):
            key = girone * (self.size >> r) + (slot >> r)
            count = self.count[r][key]
            if not count:
                break  # the smaller sub-brackets inside are empty too
            cost += count * self.w_clash[r]
            cost += strength * self.total[r][key] * self.w_weighted[r]
        return cost

    def _move(self, i: int, slot: int, sign: int) -> None:
        for r in range(1, self.rounds + 1):
            key = self.girone[i] * (self.size >> r) + (slot >> r)
            self.count[r][key] += sign
            self.total[r][key] += sign * self.strength[i]

    def _swap(self, a: int, b: int) -> None:
        slot_a, slot_b = self.slot_of[a], self.slot_of[b]
        self._move(a, slot_a, -1)
        self._move(b, slot_b, -1)
        self.value -= self._marginal(a, slot_a) + self._marginal(b, slot_b)
        self.value += self._marginal(a, slot_b) + self._marginal(b, slot_a)
        self._move(a, slot_b, 1)
        self._move(b, slot_a, 1)
        self.slot_of[a], self.slot_of[b] = slot_b, slot_a
