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

The search that finds it (deterministic) is in :mod:`rules.knockout.separation`.
``latest_first_meeting`` gives the analytic bound for one girone alone and
``constrained_first_meeting`` the bound once byes and the top two seeds are fixed;
``tests/rules/test_knockout_seeding.py`` checks the result against brute force on small
tabelloni and against those bounds on all sizes.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from itertools import combinations

from rules.errors import PairingError
from rules.knockout.qualifiers import Qualifier
from rules.knockout.separation import separate_gironi


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
        slot_of = separate_gironi(items, size, slot_of)
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
