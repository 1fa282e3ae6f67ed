"""Hundreds of simulated tournaments, each round verified by the independent checker."""

from collections import Counter
from dataclasses import replace

import pytest

from rules.errors import PairingError
from rules.pairing import MOVEMENTS, check_round, simulate_tournament
from rules.pairing.simulate import SimulatedTournament

BLOCKS = 6
PER_BLOCK = 50  # 300 tournaments in all


def violations(tournament: SimulatedTournament) -> list[tuple[int, object]]:
    """Every checker violation of every round, with the round number."""
    found: list[tuple[int, object]] = []
    history: list = []
    rested: list[int] = []
    for r in tournament.rounds:
        for v in check_round(
            r.tables,
            r.resting,
            pairs=tournament.pairs,
            history=history,
            forbidden=r.forbidden,
            clubs=tournament.clubs,
            avoid_clubs=r.avoid_clubs,
            rested_before=rested,
            no_rematch=r.no_rematch,
        ):
            found.append((r.number, v))
        history.append(r.tables)
        if r.resting is not None:
            rested.append(r.resting)
    return found


@pytest.mark.parametrize(
    "block", [pytest.param(b, id=f"seeds-{b * PER_BLOCK}+") for b in range(BLOCKS)]
)
def test_checker_accepts_every_generated_round(block):
    for seed in range(block * PER_BLOCK, (block + 1) * PER_BLOCK):
        tournament = simulate_tournament(seed)
        assert violations(tournament) == [], seed


def test_generated_tournaments_cover_the_cases():
    """Odd and even sizes from 4 to 120, every movement, clubs avoided, constraints relaxed."""
    sizes: list[int] = []
    movements: Counter[str] = Counter()
    avoided = relaxed = rests = 0
    for seed in range(BLOCKS * PER_BLOCK):
        t = simulate_tournament(seed)
        sizes.append(len(t.pairs))
        for r in t.rounds:
            movements[r.movement] += 1
            avoided += r.avoid_clubs
            relaxed += bool(r.relaxed)
            rests += r.resting is not None
    assert 4 <= min(sizes) <= 8 and 110 <= max(sizes) <= 120
    assert 100 < sum(n % 2 for n in sizes) < 200
    assert set(movements) == set(MOVEMENTS)
    assert avoided > 100 and relaxed > 0 and rests > 100


def test_checker_catches_a_tampered_tournament():
    """The same loop fails once a generated round is broken: the check is not vacuous."""
    t = simulate_tournament(
        11, n_pairs=10, plan=("random", "danese_modificato", "danese")
    )
    first, second, third = t.rounds
    assert second.no_rematch is not None and violations(t) == []
    tampered = {
        ("duplicate", "missing"): replace(
            second, tables=(second.tables[0], *second.tables[:-1])
        ),
        ("rematch", "forbidden"): replace(second, tables=first.tables),
    }
    for expected, bad in tampered.items():
        broken = replace(t, rounds=(first, bad, third))
        found = {v.code for number, v in violations(broken) if number == 2}
        assert set(expected) <= found, expected


def test_same_seed_same_tournament():
    assert simulate_tournament(123) == simulate_tournament(123)
    assert simulate_tournament(123) != simulate_tournament(124)


def test_results_are_vp_summing_to_20():
    t = simulate_tournament(5, n_pairs=31)
    for r in t.rounds:
        assert len(r.vp) == len(r.tables)
        assert all(a + b == 20 and 0 <= a <= 20 for a, b in r.vp)


def test_danese_round_follows_the_vp_ranking():
    """After a round, Danese puro pairs 1st v 2nd ... by total VP, ties in entry order."""
    t = simulate_tournament(8, n_pairs=12, plan=("seeded", "danese"))
    first, second = t.rounds
    vp = dict.fromkeys(t.pairs, 0)
    for (a, b), (va, vb) in zip(first.tables, first.vp, strict=True):
        vp[a] += va
        vp[b] += vb
    ranking = sorted(t.pairs, key=lambda p: (-vp[p], t.pairs.index(p)))
    assert list(second.tables) == [
        (ranking[i], ranking[i + 1]) for i in range(0, 12, 2)
    ]


def test_refuses_a_round_robin_longer_than_the_calendar():
    with pytest.raises(PairingError, match="calendar has 5"):
        simulate_tournament(1, n_pairs=6, plan=("round_robin",) * 6)
