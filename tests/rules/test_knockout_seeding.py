"""Seeding the tabellone: every qualifier once, byes to the top seeds, gironi apart."""

from collections import Counter
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import PairingError
from rules.knockout.qualifiers import (
    Qualifier,
    qualifiers_by_girone,
    qualifiers_by_overall,
)
from rules.knockout.seeding import (
    Seeding,
    bracket_size,
    clash_profile,
    constrained_first_meeting,
    earliest_meetings,
    latest_first_meeting,
    place_qualifiers,
    standard_order,
)
from tests.budget import examples


def label(slot):
    return f"{slot.place}{slot.girone}" if slot else "-"


def gironi(count, pairs_each):
    """Gironi A, B, ... of pair ids 100*g + 1 .. in standings order."""
    return {
        chr(65 + g): [100 * g + i for i in range(1, pairs_each + 1)]
        for g in range(count)
    }


def overall_of(standings):
    """An overall order across gironi: by place, then girone (deterministic)."""
    pairs = [p for ps in standings.values() for p in ps]
    return sorted(pairs, key=lambda p: (p % 100, -p))


def spread(n_gironi, count):
    """``count`` qualifiers from ``n_gironi`` gironi: the first k of each plus best next."""
    per, extra = divmod(count, n_gironi)
    standings = gironi(n_gironi, per + 1)
    if per == 0:
        return qualifiers_by_overall(
            overall_of(standings)[:count] + overall_of(standings)[count:],
            count,
            gironi=standings,
        )
    return qualifiers_by_girone(
        standings, per, best_next=extra, overall=overall_of(standings) if extra else ()
    )


def check_tabellone(qualifiers, slots):
    """The invariants every tabellone keeps; returns the byes count."""
    size = bracket_size(len(qualifiers))
    assert len(slots) == size
    placed = [q for q in slots if q is not None]
    assert sorted(q.pair for q in placed) == sorted(q.pair for q in qualifiers)
    byes = size - len(qualifiers)
    with_bye = {
        (slots[s] or slots[s + 1]).seed
        for s in range(0, size, 2)
        if slots[s] is None or slots[s + 1] is None
    }
    assert with_bye == set(range(1, byes + 1))
    seed_slot = {q.seed: s for s, q in enumerate(slots) if q}
    if size >= 2:
        assert seed_slot[1] < size // 2 <= seed_slot[2]
    return byes


def test_seed_001_two_gironi_of_four():
    """1A v 4B, 2B v 3A, 2A v 3B, 1B v 4A: the pattern of two gironi."""
    qs = qualifiers_by_girone(gironi(2, 9), 4)
    slots = place_qualifiers(qs)
    assert [label(s) for s in slots] == ["1A", "4B", "2B", "3A", "1B", "4A", "2A", "3B"]
    assert earliest_meetings(slots) == {"A": 2, "B": 2}


def test_two_gironi_of_two_cross():
    slots = place_qualifiers(qualifiers_by_girone(gironi(2, 5), 2))
    assert [label(s) for s in slots] == ["1A", "2B", "1B", "2A"]


def test_four_gironi_winners_and_runners_up_apart_until_the_semifinal():
    slots = place_qualifiers(qualifiers_by_girone(gironi(4, 5), 2))
    pairs = [(label(slots[i]), label(slots[i + 1])) for i in range(0, 8, 2)]
    assert all(a[0] == "1" and b[0] == "2" for a, b in pairs)  # winners v runners-up
    assert earliest_meetings(slots) == {"A": 3, "B": 3, "C": 3, "D": 3}


def test_overall_seeding_is_the_standard_order():
    standings = gironi(2, 4)
    qs = qualifiers_by_overall(overall_of(standings), 6, gironi=standings)
    slots = place_qualifiers(qs, Seeding.OVERALL)
    assert [s.seed if s else None for s in slots] == [1, None, 4, 5, 2, None, 3, 6]


def test_standard_order_known_answer():
    assert standard_order(8) == (1, 8, 4, 5, 2, 7, 3, 6)


@pytest.mark.parametrize(
    ("size", "count", "expected"), [(8, 4, 2), (8, 2, 3), (64, 8, 4), (2, 2, 1)]
)
def test_latest_first_meeting(size, count, expected):
    assert latest_first_meeting(size, count) == expected


def test_a_best_second_from_the_top_seed_girone_avoids_it():
    """Seven winners and one runner-up: 2A does not open against 1A (seed 1)."""
    standings = gironi(7, 3)
    overall = overall_of(standings)
    qs = qualifiers_by_girone(standings, 1, best_next=1, overall=overall)
    assert qs[0].girone == qs[-1].girone  # seed 1 and the best second share a girone
    slots = place_qualifiers(qs)
    girone = qs[0].girone
    assert earliest_meetings(slots)[girone] == 3


def test_byes_only_to_top_seeds_even_when_it_forces_a_meeting():
    """Eight winners plus a best second: only seeds 8 and 9 play round 1."""
    standings = gironi(8, 3)
    qs = qualifiers_by_girone(standings, 1, best_next=1, overall=overall_of(standings))
    slots = place_qualifiers(qs)
    check_tabellone(qs, slots)
    for girone, round_ in earliest_meetings(slots).items():
        assert round_ >= constrained_first_meeting(qs, girone)


# Every gironi count 1..8 with 2..64 qualifiers: every count up to 16, then a stride
# that still hits every bracket size, full and one-over sizes (to keep the suite quick).
CASES = [
    (g, n)
    for g in range(1, 9)
    for n in range(2, 65)
    if g <= 2 or n <= 16 or n % 4 in (0, 1) or n == 63
]


@pytest.mark.parametrize("n_gironi", range(1, 9))
def test_brackets_2_to_64_from_1_to_8_gironi(n_gironi):
    """Every qualifier once, byes only to the top seeds, and no two of one girone
    able to meet before the latest round the byes and top seeds leave possible."""
    for g, n in CASES:
        if g != n_gironi:
            continue
        qs = spread(g, n)
        slots = place_qualifiers(qs)
        check_tabellone(qs, slots)
        counts = Counter(q.girone for q in qs)
        for girone, round_ in earliest_meetings(slots).items():
            bound = constrained_first_meeting(qs, girone)
            assert round_ >= bound, (g, n, girone, round_, bound)
            assert bound <= latest_first_meeting(len(slots), counts[girone])


def _brute_force_best(qualifiers):
    """The lexicographically best clash profile over every placement seeding allows."""
    size = bracket_size(len(qualifiers))
    order = standard_order(size)
    byes = size - len(qualifiers)
    by_seed = {q.seed: q for q in qualifiers}
    fixed = {order.index(s): by_seed[s] for s in (1, 2)}
    bye_slots = [order.index(s) for s in range(3, byes + 1)]
    open_slots = [order.index(s) for s in range(max(3, byes + 1), len(qualifiers) + 1)]
    bye_qs = [by_seed[s] for s in range(3, byes + 1)]
    open_qs = [by_seed[s] for s in range(max(3, byes + 1), len(qualifiers) + 1)]
    best = None
    for bye_perm in permutations(bye_qs):
        for open_perm in permutations(open_qs):
            slots = [None] * size
            for slot, q in fixed.items():
                slots[slot] = q
            for slot, q in zip(
                bye_slots + open_slots, bye_perm + open_perm, strict=True
            ):
                slots[slot] = q
            profile = clash_profile(slots)
            best = profile if best is None or profile < best else best
    return best


@pytest.mark.parametrize("n_gironi", [2, 3, 4])
@pytest.mark.parametrize("count", [3, 4, 5, 6, 7, 8])
def test_small_tabelloni_match_brute_force(n_gironi, count):
    qs = spread(n_gironi, count)
    assert clash_profile(place_qualifiers(qs)) == _brute_force_best(qs)


@settings(max_examples=examples(25), deadline=None)
@given(
    sizes=st.lists(st.integers(min_value=1, max_value=9), min_size=1, max_size=8),
    data=st.data(),
)
def test_any_gironi_any_count(sizes, data):
    """Gironi of any sizes, qualifiers by overall standings: the invariants hold."""
    standings = {
        chr(65 + g): [100 * g + i for i in range(1, n + 1)] for g, n in enumerate(sizes)
    }
    total = sum(sizes)
    if total < 2:
        return
    count = data.draw(st.integers(min_value=2, max_value=min(total, 32)))
    qs = qualifiers_by_overall(overall_of(standings), count, gironi=standings)
    slots = place_qualifiers(qs)
    check_tabellone(qs, slots)
    for girone, round_ in earliest_meetings(slots).items():
        # Uneven gironi: within one round of the bound that ignores the other gironi.
        assert round_ >= constrained_first_meeting(qs, girone) - 1


@pytest.mark.parametrize(
    ("qualifiers", "message"),
    [
        ([Qualifier(1, 1, "A", 1)], "at least 2"),
        ([Qualifier(1, 1, "A", 1), Qualifier(2, 3, "B", 1)], "seeds must be 1..2"),
        ([Qualifier(1, 1, "A", 1), Qualifier(1, 2, "B", 1)], "qualifies twice"),
        ([Qualifier(1, 1, "A", 1), Qualifier(2, 2, "A", 1)], "two qualifiers placed 1"),
        ([Qualifier(1, 1), Qualifier(2, 2)], "needs a girone"),
    ],
)
def test_bad_qualifiers_are_refused(qualifiers, message):
    with pytest.raises(PairingError, match=message):
        place_qualifiers(qualifiers)
