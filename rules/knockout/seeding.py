"""Placing the qualifiers in the tabellone: seeds, byes and girone separation.

Slots are numbered 0 .. size-1 from the top of the tabellone; round 1 pits slot 0
against slot 1, slot 2 against slot 3, and so on. Two slots *can first meet* in round
``meeting_round(a, b)``: the round of the smallest sub-bracket holding both.

Separation, precisely. For a placement, ``clash_profile`` counts for every round r the
pairs of qualifiers from the same girone that could meet in round r or earlier. The
separating placement is the best one, compared round by round from round 1 (fewest
same-girone meetings in round 1 first, then in rounds 1-2, and so on), among the
placements allowed by seeding:

* the top two seeds stay in the standard slots of seeds 1 and 2 (opposite halves);
* byes stay with seeds 1..b: a qualifier with a bye only trades slots with another
  one with a bye, and likewise for those without.

Among the placements with the fewest early meetings, the one closest to the seeding
wins: a qualifier placed p in its girone sitting in the slot of a seed whose holder was
placed q costs |p - q| (so the tiers, firsts v fourths, are kept whenever separation
allows). Remaining ties are broken by keeping better-placed pairs apart: a same-girone
meeting between places p and q weighs (P+1-p)*(P+1-q), P the lowest place that
qualified, so that 1A and 2A are split before 3A and 4A are (1A v 4B, 2B v 3A,
2A v 3B, 1B v 4A).

The search is a local search (re-seat each tier optimally, swap two equally seeded
qualifiers, then kick and repeat), followed, only when some round still has more
same-girone meetings than an even spread would give, by a repair that swaps across
tiers. It is deterministic. ``latest_first_meeting`` gives the analytic bound for one
girone alone and ``constrained_first_meeting`` the bound once byes and the top two
seeds are fixed; ``tests/rules/test_knockout_seeding.py`` checks the result against
brute force on small tabelloni and against those bounds on all sizes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import Enum
from itertools import combinations

from rules.errors import PairingError
from rules.knockout.qualifiers import Qualifier

#: Kicks without improvement after which the search stops, and the work cap
#: (assignment steps) that bounds the time on the largest tabelloni.
_PATIENCE = 30
_PATIENCE_AT_BOUND = 3
_BUDGET = 2_000_000
#: Swaps tried by the cross-tier repair at most (it runs only on uneven gironi).
_REPAIR_BUDGET = 10_000
_REPAIR_PATIENCE = 8


class Seeding(Enum):
    """How qualifiers are placed: keep gironi apart, or by overall seed only."""

    SEPARATE_GIRONI = "separate_gironi"
    OVERALL = "overall"


def bracket_size(count: int) -> int:
    """The tabellone size for ``count`` qualifiers: the next power of two.

    >>> [bracket_size(n) for n in (2, 3, 8, 9)]
    [2, 4, 8, 16]
    """
    if count < 2:
        raise PairingError(f"a tabellone needs at least 2 qualifiers, got {count}")
    return 1 << (count - 1).bit_length()


def standard_order(size: int) -> tuple[int, ...]:
    """Seed numbers slot by slot, so that seeds 1 and 2 can only meet in the final.

    >>> standard_order(16)
    (1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11)
    """
    if size < 1 or size & (size - 1):
        raise PairingError(f"tabellone size must be a power of two, got {size}")
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return tuple(order)


def meeting_round(slot_a: int, slot_b: int) -> int:
    """The round (1 = first) in which the pairs in two slots could first meet.

    >>> meeting_round(0, 1), meeting_round(0, 3), meeting_round(0, 15)
    (1, 2, 4)
    """
    if slot_a < 0 or slot_b < 0 or slot_a == slot_b:
        raise PairingError(f"need two distinct slots >= 0, got {slot_a} and {slot_b}")
    return (slot_a ^ slot_b).bit_length()


def latest_first_meeting(size: int, count: int) -> int:
    """The latest round by which ``count`` pairs of one girone must have a possible meeting.

    Split into sub-brackets of 2**k slots, k = ceil(log2 count), each sub-bracket can
    hold one of them; any more and two share a smaller sub-bracket. So the best is
    rounds - k + 1; e.g. 4 pairs in 8 slots: the semifinal (round 2).

    >>> latest_first_meeting(8, 4), latest_first_meeting(8, 2), latest_first_meeting(8, 5)
    (2, 3, 1)
    """
    rounds = bracket_size(size).bit_length() - 1
    if size != 1 << rounds:
        raise PairingError(f"tabellone size must be a power of two, got {size}")
    if not 2 <= count <= size:
        raise PairingError(f"need 2 to {size} pairs of one girone, got {count}")
    return rounds - (count - 1).bit_length() + 1


def constrained_first_meeting(qualifiers: Sequence[Qualifier], girone: str) -> int:
    """The latest round by which two qualifiers of ``girone`` must be able to meet.

    Like :func:`latest_first_meeting`, but with the slots the seeding fixes: seeds 1
    and 2 in their standard slots, byes with seeds 1..b. The other gironi are ignored,
    so this is a bound no placement can beat (the final round + 1 for a lone pair).

    >>> from rules.knockout.qualifiers import qualifiers_by_girone
    >>> qs = qualifiers_by_girone({"A": [1, 2], "B": [3]}, 1, best_next=1,
    ...                           overall=[1, 3, 2])
    >>> constrained_first_meeting(qs, "A")
    2
    """
    items = sorted(qualifiers, key=lambda q: q.seed)
    size = bracket_size(len(items))
    rounds = size.bit_length() - 1
    byes = size - len(items)
    slot_of_seed = {seed: slot for slot, seed in enumerate(standard_order(size))}
    members = [q.seed for q in items if q.girone == girone]
    if len(members) < 2:
        return rounds + 1
    fixed = [slot_of_seed[s] for s in members if s <= 2]
    bye_type = sum(1 for s in members if 2 < s <= byes)
    open_type = sum(1 for s in members if s > 2 and s > byes)
    for round_ in range(rounds, 0, -1):
        level = round_ - 1  # members must sit in distinct sub-brackets of 2**level
        taken = {slot >> level for slot in fixed}
        if len(taken) < len(fixed):
            continue
        with_bye: set[int] = set()
        with_open: set[int] = set()
        for seed in range(3, len(items) + 1):
            node = slot_of_seed[seed] >> level
            if node not in taken:
                (with_bye if seed <= byes else with_open).add(node)
        if (
            bye_type <= len(with_bye)
            and open_type <= len(with_open)
            and bye_type + open_type <= len(with_bye | with_open)
        ):
            return round_
    raise AssertionError("unreachable: round 1 is always possible")  # pragma: no cover


def place_qualifiers(
    qualifiers: Sequence[Qualifier], seeding: Seeding = Seeding.SEPARATE_GIRONI
) -> tuple[Qualifier | None, ...]:
    """The qualifier in each slot of the tabellone (None = bye), seeds 1..b get the byes.

    >>> from rules.knockout.qualifiers import qualifiers_by_girone
    >>> qs = qualifiers_by_girone({"A": [1, 2, 3, 4], "B": [5, 6, 7, 8]}, 4)
    >>> [f"{q.place}{q.girone}" for q in place_qualifiers(qs) if q]
    ['1A', '4B', '2B', '3A', '1B', '4A', '2A', '3B']
    """
    items = _check_qualifiers(qualifiers, seeding)
    size = bracket_size(len(items))
    slot_of_seed = {seed: slot for slot, seed in enumerate(standard_order(size))}
    slot_of = [slot_of_seed[q.seed] for q in items]
    if seeding is Seeding.SEPARATE_GIRONI:
        slot_of = _Separator(items, size, slot_of).run()
    slots: list[Qualifier | None] = [None] * size
    for qualifier, slot in zip(items, slot_of, strict=True):
        slots[slot] = qualifier
    return tuple(slots)


def clash_profile(slots: Sequence[Qualifier | None]) -> tuple[int, ...]:
    """Same-girone pairs of qualifiers that could meet by round 1, 2, ... (the final).

    >>> a1, a2, b1 = Qualifier(1, 1, "A", 1), Qualifier(2, 3, "A", 2), Qualifier(3, 2, "B", 1)
    >>> clash_profile([a1, None, b1, a2])
    (0, 1)
    """
    size = len(slots)
    rounds = size.bit_length() - 1
    if size < 2 or size != 1 << rounds:
        raise PairingError(f"tabellone size must be a power of two >= 2, got {size}")
    profile = []
    for round_ in range(1, rounds + 1):
        counts: dict[tuple[str, int], int] = {}
        for slot, q in enumerate(slots):
            if q is not None and q.girone is not None:
                key = (q.girone, slot >> round_)
                counts[key] = counts.get(key, 0) + 1
        profile.append(sum(n * (n - 1) // 2 for n in counts.values()))
    return tuple(profile)


def earliest_meetings(slots: Sequence[Qualifier | None]) -> dict[str, int]:
    """For each girone with two or more qualifiers, the first round two of them could meet.

    >>> a1, a2, b1 = Qualifier(1, 1, "A", 1), Qualifier(2, 3, "A", 2), Qualifier(3, 2, "B", 1)
    >>> earliest_meetings([a1, None, b1, a2])
    {'A': 2}
    """
    earliest: dict[str, int] = {}
    placed = [(s, q.girone) for s, q in enumerate(slots) if q and q.girone is not None]
    for (slot_a, girone_a), (slot_b, girone_b) in combinations(placed, 2):
        if girone_a == girone_b:
            round_ = meeting_round(slot_a, slot_b)
            earliest[girone_a] = min(earliest.get(girone_a, round_), round_)
    return dict(sorted(earliest.items()))


def _check_qualifiers(
    qualifiers: Sequence[Qualifier], seeding: Seeding
) -> list[Qualifier]:
    """Qualifiers sorted by seed, after checking seeds, pairs and girone places."""
    items = sorted(qualifiers, key=lambda q: q.seed)
    bracket_size(len(items))
    seeds = [q.seed for q in items]
    if seeds != list(range(1, len(items) + 1)):
        raise PairingError(f"seeds must be 1..{len(items)} once each, got {seeds}")
    pairs = [q.pair for q in items]
    if len(set(pairs)) != len(pairs):
        raise PairingError(f"a pair qualifies twice: {pairs}")
    if seeding is Seeding.SEPARATE_GIRONI:
        seen: set[tuple[str, int]] = set()
        for q in items:
            if q.girone is None or q.place is None or q.place < 1:
                raise PairingError(
                    f"separating gironi needs a girone and a place >= 1 for "
                    f"every qualifier, got {q!r}"
                )
            if (q.girone, q.place) in seen:
                raise PairingError(f"two qualifiers placed {q.place} in {q.girone!r}")
            seen.add((q.girone, q.place))
    return items


class _Separator:
    """Local search over swaps of equally seeded qualifiers (see the module docstring).

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
        order = _assignment(cost)
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


def _assignment(cost: list[list[int]]) -> list[int]:
    """Minimum-cost assignment (Hungarian method): row k gets column result[k]."""
    n = len(cost)
    inf = sum(max(row) for row in cost) + 1
    u, v = [0] * (n + 1), [0] * (n + 1)
    match, way = [0] * (n + 1), [0] * (n + 1)
    for row in range(1, n + 1):
        match[0], col0 = row, 0
        minv, used = [inf] * (n + 1), [False] * (n + 1)
        while True:
            used[col0] = True
            r0, delta, col1 = match[col0], inf, 0
            for col in range(1, n + 1):
                if not used[col]:
                    cur = cost[r0 - 1][col - 1] - u[r0] - v[col]
                    if cur < minv[col]:
                        minv[col], way[col] = cur, col0
                    if minv[col] < delta:
                        delta, col1 = minv[col], col
            for col in range(n + 1):
                if used[col]:
                    u[match[col]] += delta
                    v[col] -= delta
                else:
                    minv[col] -= delta
            col0 = col1
            if match[col0] == 0:
                break
        while col0:
            col1 = way[col0]
            match[col0] = col0 and match[col1]
            col0 = col1
    result = [0] * n
    for col in range(1, n + 1):
        result[match[col] - 1] = col - 1
    return result
