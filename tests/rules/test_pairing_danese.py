"""Danese and Danese modificato: the exact referee's walk down the ranking."""

import random
import re
from collections.abc import Callable, Sequence
from itertools import combinations

import pytest

from rules.errors import PairingError
from rules.pairing import check_round, club_forbidden, danese, rematch_forbidden


def fs(a: int, b: int) -> frozenset[int]:
    return frozenset((a, b))


# --- a brute-force oracle, written without the engine --------------------------------


def perfect_matchings(nodes: list[int], allowed: Callable[[int, int], bool]):
    """Every way to seat ``nodes`` two by two on allowed tables (a first, a < b by list)."""
    if not nodes:
        yield []
        return
    first = nodes[0]
    for i in range(1, len(nodes)):
        if allowed(first, nodes[i]):
            for rest in perfect_matchings(nodes[1:i] + nodes[i + 1 :], allowed):
                yield [(first, nodes[i]), *rest]


def brute_force(
    order: Sequence[int],
    forbidden,
    rest_preference: Sequence[int],
    opponent_key: Callable[[int, list[int]], object] | None = None,
):
    """The referee's optimum by enumeration: best rester, then each table in turn.

    Keys: the rester's index in ``rest_preference`` (lower = preferred); then the list
    of tables, ordered by the higher-placed pair, compared by (its position, the
    opponent's key). ``opponent_key(lo, playing)`` defaults to the opponent's position.
    Returns None when no valid pairing exists.
    """
    position = {p: i for i, p in enumerate(order)}
    bans = {frozenset(f) for f in forbidden}

    def allowed(a: int, b: int) -> bool:
        return frozenset((a, b)) not in bans

    best = None
    resters = list(rest_preference) if len(order) % 2 else [None]
    for rank, rester in enumerate(resters):
        playing = [p for p in order if p != rester]
        for matching in perfect_matchings(playing, allowed):
            tables = sorted(matching, key=lambda t: position[t[0]])
            key = (
                rank,
                [
                    (
                        position[a],
                        opponent_key(position[b], [position[p] for p in playing])
                        if opponent_key
                        else position[b],
                    )
                    for a, b in tables
                ],
            )
            if best is None or key < best[0]:
                best = (key, tables, rester)
        if best is not None:
            break  # a better-placed rester always wins
    return None if best is None else (best[1], best[2])


def danese_oracle(ranking, forbidden, rested):
    eligible = [p for p in reversed(ranking) if p not in rested] or list(
        reversed(ranking)
    )
    return brute_force(ranking, forbidden, eligible)


def random_case(rng: random.Random):
    n = rng.randint(0, 10)
    ranking = rng.sample(range(1, 60), n)
    density = rng.choice([0.0, 0.1, 0.25, 0.4, 0.6, 0.8])
    forbidden = [
        fs(a, b) for a, b in combinations(ranking, 2) if rng.random() < density
    ]
    rested = set(rng.sample(ranking, rng.randint(0, n))) if n else set()
    return ranking, forbidden, rested


@pytest.mark.parametrize(
    "block", [pytest.param(b, id=f"seeds-{b}xx") for b in range(8)]
)
def test_danese_equals_brute_force_on_random_small_cases(block):
    """400 random cases, n <= 10, odd and even, forbidden sets and rests: same answer."""
    rng = random.Random(1000 + block)
    impossible = 0
    for _ in range(50):
        ranking, forbidden, rested = random_case(rng)
        expected = danese_oracle(ranking, forbidden, rested)
        if expected is None:
            impossible += 1
            with pytest.raises(PairingError):
                danese(ranking, forbidden, rested=rested)
        else:
            assert danese(ranking, forbidden, rested=rested) == expected, (
                ranking,
                forbidden,
                rested,
            )
    assert 0 < impossible < 50  # both kinds of case are exercised


def test_brute_force_finds_the_documented_answers():
    """The oracle itself agrees with hand-worked examples."""
    assert danese_oracle([1, 2, 3, 4], [fs(1, 2)], set()) == ([(1, 3), (2, 4)], None)
    assert danese_oracle([1, 2, 3, 4], [fs(3, 4)], set()) == ([(1, 3), (2, 4)], None)
    assert danese_oracle([1, 2], [fs(1, 2)], set()) is None


@pytest.mark.parametrize(
    ("ranking", "forbidden", "rested", "expected"),
    [
        pytest.param(
            [1, 2, 3, 4, 5, 6], [], (), ([(1, 2), (3, 4), (5, 6)], None), id="puro"
        ),
        pytest.param(
            [6, 2, 9, 4], [], (), ([(6, 2), (9, 4)], None), id="puro-ranking-order"
        ),
        pytest.param(
            [1, 2, 3, 4, 5], [], (), ([(1, 2), (3, 4)], 5), id="odd-last-rests"
        ),
        pytest.param(
            [1, 2, 3, 4, 5], [], {5, 4}, ([(1, 2), (4, 5)], 3), id="rested-skipped"
        ),
        pytest.param([1, 2, 3], [], {1, 2, 3}, ([(1, 2)], 3), id="all-rested-resets"),
        pytest.param(
            [1, 2, 3, 4], [fs(1, 2)], (), ([(1, 3), (2, 4)], None), id="rematch-top"
        ),
        pytest.param(
            # Naive greedy seats 1v2 and is stuck with 3v4: the walk backs up.
            [1, 2, 3, 4],
            [fs(3, 4)],
            (),
            ([(1, 3), (2, 4)], None),
            id="backs-up-for-the-tail",
        ),
        pytest.param(
            # 1v2 would leave 3,4,5,6 with 3 forbidden against 4, 5 and 6.
            [1, 2, 3, 4, 5, 6],
            [fs(3, 4), fs(3, 5), fs(3, 6)],
            (),
            ([(1, 3), (2, 4), (5, 6)], None),
            id="backs-up-two-levels",
        ),
        pytest.param(
            # 5 may meet only 1; resting 5 is the way out, so 5 rests, not 4.
            [1, 2, 3, 4, 5],
            [fs(5, 2), fs(5, 3), fs(5, 4)],
            (),
            ([(1, 2), (3, 4)], 5),
            id="isolated-last-rests",
        ),
        pytest.param(
            # 5 rested already and may meet only 1: 1 takes 5, and 4 rests.
            [1, 2, 3, 4, 5],
            [fs(5, 2), fs(5, 3), fs(5, 4)],
            {5},
            ([(1, 5), (2, 3)], 4),
            id="next-rester-when-last-rested",
        ),
        pytest.param(
            # 5 may not rest, 4 resting leaves 5 unpairable (5 meets only 4): 3 rests.
            [1, 2, 3, 4, 5],
            [fs(5, 1), fs(5, 2), fs(5, 3)],
            {5},
            ([(1, 2), (4, 5)], 3),
            id="rester-backs-up",
        ),
        pytest.param([], [], (), ([], None), id="empty"),
        pytest.param([7], [], (), ([], 7), id="single-pair-rests"),
    ],
)
def test_known_answers(ranking, forbidden, rested, expected):
    assert danese(ranking, forbidden, rested=rested) == expected


@pytest.mark.parametrize(
    ("ranking", "forbidden", "rested", "message"),
    [
        pytest.param(
            [1, 2, 3, 4],
            [fs(4, 1), fs(4, 2), fs(4, 3)],
            (),
            "pair 4 may meet none of the other 3 pairs (all forbidden)",
            id="isolated-even",
        ),
        pytest.param(
            [1, 2, 3, 4, 5],
            [fs(4, 1), fs(4, 2), fs(4, 3), fs(4, 5)],
            {4},
            "pair 4 may meet none of the other 4 pairs (all forbidden) and it may "
            "not rest again",
            id="isolated-already-rested",
        ),
        pytest.param(
            [1, 2, 3, 4, 5],
            [fs(4, x) for x in (1, 2, 3, 5)] + [fs(5, x) for x in (1, 2, 3)],
            (),
            "pairs 4, 5 may each meet none of the other 4 pairs (all forbidden) and "
            "only one pair can rest",
            id="two-isolated-odd",
        ),
        pytest.param(
            # 1, 3 and 4 may each meet only 2.
            [1, 2, 3, 4],
            [fs(1, 3), fs(1, 4), fs(3, 4)],
            (),
            "the 4 pairs cannot all be seated without a forbidden meeting: at best 1 "
            "table, leaving pairs",
            id="three-compete-for-one",
        ),
        pytest.param(
            # 1 and 4 may meet only 5, and may not rest.
            [1, 2, 3, 4, 5],
            [fs(1, 2), fs(1, 3), fs(1, 4), fs(4, 2), fs(4, 3)],
            {1, 4},
            "with 5 pairs one must rest, but whichever of the pairs allowed to rest "
            "(5, 3, 2) rests",
            id="no-rester-works",
        ),
    ],
)
def test_no_valid_pairing_says_why(ranking, forbidden, rested, message):
    with pytest.raises(PairingError, match=re.escape(message)):
        danese(ranking, forbidden, rested=rested)


@pytest.mark.parametrize(
    ("ranking", "forbidden", "message"),
    [
        pytest.param([1, 2, 1], [], "pair 1 is listed twice in the ranking", id="dup"),
        pytest.param(
            [1, 2], [frozenset({1})], "two distinct pairs, got [1]", id="self"
        ),
        pytest.param([1, 2], [frozenset({1, 2, 3})], "got [1, 2, 3]", id="three"),
    ],
)
def test_refuses_malformed_input(ranking, forbidden, message):
    with pytest.raises(PairingError, match=re.escape(message)):
        danese(ranking, forbidden)


def test_forbidden_pairs_absent_from_the_ranking_are_ignored():
    assert danese([1, 2], [fs(1, 99), fs(98, 99)]) == ([(1, 2)], None)


def test_rested_pairs_absent_from_the_ranking_do_not_block_the_reset():
    """A withdrawn pair in ``rested`` does not count: the others decide the reset."""
    assert danese([1, 2, 3], rested={1, 2, 3, 99}) == ([(1, 2)], 3)
    assert danese([1, 2, 3], rested={3, 99}) == ([(1, 3)], 2)


@pytest.mark.parametrize(
    ("scope", "expected"),
    [
        pytest.param("previous", {fs(1, 3), fs(2, 4)}, id="previous"),
        pytest.param("any", {fs(1, 2), fs(3, 4), fs(1, 3), fs(2, 4)}, id="any"),
    ],
)
def test_rematch_forbidden(scope, expected):
    history = [[(1, 2), (3, 4)], [(1, 3), (2, 4)]]
    assert rematch_forbidden(history, scope) == expected


def test_rematch_forbidden_without_history_is_empty():
    assert rematch_forbidden([], "previous") == frozenset()
    assert rematch_forbidden([], "any") == frozenset()


def test_rematch_forbidden_refuses_unknown_scope():
    with pytest.raises(PairingError, match="'ever'"):
        rematch_forbidden([], "ever")  # type: ignore[arg-type]


def test_club_forbidden():
    clubs = {1: 10, 2: 10, 3: 10, 4: 20, 5: None, 6: None}
    assert club_forbidden(clubs) == {fs(1, 2), fs(1, 3), fs(2, 3)}


def test_danese_modificato_avoids_clubs_and_previous_opponents():
    ranking = [1, 2, 3, 4, 5, 6]
    bans = rematch_forbidden([[(1, 3), (2, 4), (5, 6)]]) | club_forbidden({1: 7, 2: 7})
    # 1 may not meet 2 (club) nor 3 (rematch): 1v4. 2v3 would leave 5v6, a rematch,
    # so 2 backs up to 5, and 3 meets 6.
    assert danese(ranking, bans) == ([(1, 4), (2, 5), (3, 6)], None)


# --- large fields with realistic histories ---------------------------------------------


def play_danese_rounds(n: int, rounds: int, seed: int):
    """Play ``rounds`` Danese modificato rounds (no rematch ever), random VP."""
    rng = random.Random(seed)
    pairs = rng.sample(range(1, 10 * n), n)
    vp = dict.fromkeys(pairs, 0)
    history: list[list[tuple[int, int]]] = []
    rests: list[int] = []
    for _ in range(rounds):
        ranking = sorted(pairs, key=lambda p: (-vp[p], p))
        tables, resting = danese(
            ranking, rematch_forbidden(history, "any"), rested=set(rests)
        )
        for a, b in tables:
            won = rng.randint(0, 20)
            vp[a] += won
            vp[b] += 20 - won
        if resting is not None:
            rests.append(resting)
            vp[resting] += 14
        history.append(tables)
    ranking = sorted(pairs, key=lambda p: (-vp[p], p))
    return pairs, ranking, history, rests


@pytest.mark.parametrize(
    "n",
    [
        pytest.param(300, id="300"),
        pytest.param(1000, id="1000"),
        pytest.param(301, id="301"),
    ],
)
def test_every_pair_gets_a_table_in_a_large_field(n):
    """After 5 Danese rounds with every earlier opponent forbidden, round 6 seats everyone."""
    pairs, ranking, history, rests = play_danese_rounds(n, 5, seed=n)
    forbidden = rematch_forbidden(history, "any")
    assert len(forbidden) == 5 * (n // 2)
    tables, resting = danese(ranking, forbidden, rested=set(rests))
    assert len(tables) == n // 2
    assert (resting is None) == (n % 2 == 0)
    assert (
        check_round(
            tables,
            resting,
            pairs=pairs,
            history=history,
            forbidden=forbidden,
            rested_before=rests,
            no_rematch="any",
        )
        == []
    )
    # Forbidden pairs are few: all but the tail of the ranking meet as in Danese puro,
    # the higher-ranked pair of each table first.
    position = {p: i for i, p in enumerate(ranking)}
    assert all(position[a] < position[b] for a, b in tables)


def test_large_field_matches_a_walk_with_explicit_backtracking():
    """On 60 pairs with 4 'any' rounds forbidden, a plain backtracking search agrees."""
    _, ranking, history, rests = play_danese_rounds(60, 4, seed=7)
    forbidden = rematch_forbidden(history, "any")

    def backtrack(free: list[int]) -> list[tuple[int, int]] | None:
        if not free:
            return []
        top = free[0]
        for i in range(1, len(free)):
            if frozenset((top, free[i])) not in forbidden:
                rest = backtrack(free[1:i] + free[i + 1 :])
                if rest is not None:
                    return [(top, free[i]), *rest]
        return None

    assert danese(ranking, forbidden, rested=set(rests)) == (backtrack(ranking), None)
