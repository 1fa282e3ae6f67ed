"""All'italiana: the Berger calendar of a girone."""

from collections import Counter
from itertools import combinations

import pytest

from rules.errors import PairingError
from rules.pairing import check_round, round_robin

SIZES = [pytest.param(n, id=f"{n}-pairs") for n in (2, 3, 4, 5, 6, 7, 8, 9, 12, 15, 20)]


def ids(n: int) -> list[int]:
    """Pair ids that are not 0..n-1, so that an id/index mix-up shows."""
    return [100 + 7 * i for i in range(n)]


@pytest.mark.parametrize("n", SIZES)
def test_every_pair_meets_every_other_exactly_once(n):
    pairs = ids(n)
    meetings = Counter(frozenset(t) for r in round_robin(pairs) for t in r.tables)
    assert set(meetings) == {frozenset(c) for c in combinations(pairs, 2)}
    assert set(meetings.values()) == {1}


@pytest.mark.parametrize("n", SIZES)
def test_round_count_and_rests(n):
    """N-1 rounds with nobody resting for even N; N rounds, each pair resting once, for odd N."""
    calendar = round_robin(ids(n))
    if n % 2 == 0:
        assert len(calendar) == n - 1
        assert all(r.resting is None for r in calendar)
    else:
        assert len(calendar) == n
        assert sorted(r.resting for r in calendar) == sorted(ids(n))
    for r in calendar:
        assert r.pairs() == frozenset(ids(n))
        assert len(r.tables) == n // 2


@pytest.mark.parametrize("n", SIZES)
def test_ns_and_eo_are_balanced(n):
    """Each pair sits NS (N-1)/2 times, rounded either way, and never 3 times running on a line."""
    calendar = round_robin(ids(n))
    ns = Counter(t[0] for r in calendar for t in r.tables)
    games = n - 1
    for pair in ids(n):
        assert ns[pair] in {games // 2, (games + 1) // 2}
        lines = [
            t.index(pair) for r in calendar for t in r.tables if pair in t
        ]  # 0 = NS, 1 = EO
        assert all(len(set(lines[i : i + 3])) == 2 for i in range(len(lines) - 2))


@pytest.mark.parametrize("n", SIZES)
def test_independent_checker_accepts_every_round(n):
    pairs = ids(n)
    history: list = []
    rested: list[int] = []
    for r in round_robin(pairs):
        assert (
            check_round(
                r.tables,
                r.resting,
                pairs=pairs,
                history=history,
                rested_before=rested,
                no_rematch="any",
            )
            == []
        )
        history.append(r.tables)
        if r.resting is not None:
            rested.append(r.resting)


def test_known_calendar_for_four_pairs():
    assert [r.tables for r in round_robin([1, 2, 3, 4])] == [
        ((1, 4), (2, 3)),
        ((4, 2), (3, 1)),
        ((3, 4), (1, 2)),
    ]


@pytest.mark.parametrize(
    ("pairs", "fragment"),
    [
        pytest.param([], "at least 2 pairs, got 0", id="empty"),
        pytest.param([5], "at least 2 pairs, got 1: [5]", id="one-pair"),
        pytest.param([1, 2, 1], "pair 1 is listed twice", id="duplicate"),
    ],
)
def test_refuses_bad_girone(pairs, fragment):
    with pytest.raises(PairingError, match=fragment.replace("[", r"\[")):
        round_robin(pairs)
