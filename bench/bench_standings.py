"""Standings of a big Burraco field: 2,000 pairs, 10 Danese rounds, rank() only.

The results are random but shaped like a real event: round 1 pairs at random, then each
round pairs neighbours in the current standings (Danese: 1v2, 3v4, ...), so the tied
pairs often did meet; each line scores 500-1500 MP in steps of 5 and the VP come from
the F.I.Bur. 3-smazzate table (seed 004, docs/rules.md §4.1). The figure is the pure part of a recompute: :func:`rules.standings.rank`
plus the Italian text of every tie (what ``standings.refresh`` stores); reading the
results from the database and writing the rows is not in it.
"""

from __future__ import annotations

import random

from bench.common import best_of, report
from rules.standings import FIBUR_DEFAULT, MatchTuple, rank, render_explanation

PAIRS = 2000
ROUNDS = 10
# seed 004 (docs/rules.md §4.1), 3 smazzate: (highest MP difference of the band, winner VP). Kept
# here rather than read from rules.vp so that the bench measures the standings alone.
BANDS_3 = (
    (50, 10),
    (150, 11),
    (250, 12),
    (350, 13),
    (500, 14),
    (650, 15),
    (800, 16),
    (1000, 17),
    (1250, 18),
    (1500, 19),
)


def victory_points(mp_a: int, mp_b: int) -> tuple[int, int]:
    """VP of a 3-smazzate turn: the band of the MP difference, 20 VP in all."""
    gap = abs(mp_a - mp_b)
    winner = next((vp for top, vp in BANDS_3 if gap <= top), 20)
    return (winner, 20 - winner) if mp_a >= mp_b else (20 - winner, winner)


def danese_results(
    pairs: int = PAIRS, rounds: int = ROUNDS, seed: int = 2026
) -> list[MatchTuple[int]]:
    """Random Burraco results of a Danese movement (no rematch check: it is a bench)."""
    rnd = random.Random(seed)
    vp = dict.fromkeys(range(1, pairs + 1), 0)
    diff = dict.fromkeys(range(1, pairs + 1), 0)
    order = list(vp)
    rnd.shuffle(order)
    matches: list[MatchTuple[int]] = []
    for _ in range(rounds):
        for a, b in zip(order[::2], order[1::2], strict=True):
            mp_a, mp_b = 5 * rnd.randint(100, 300), 5 * rnd.randint(100, 300)
            vp_a, vp_b = victory_points(mp_a, mp_b)
            matches.append((a, b, mp_a, mp_b, vp_a, vp_b))
            vp[a] += vp_a
            vp[b] += vp_b
            diff[a] += mp_a - mp_b
            diff[b] += mp_b - mp_a
        order = sorted(vp, key=lambda p: (-vp[p], -diff[p], p))
    return matches


def main() -> None:
    matches = danese_results()
    rows = rank(matches, FIBUR_DEFAULT, lot_seed=1)
    ties = {id(r.explanation) for r in rows if r.explanation is not None}
    tied = sum(1 for r in rows if r.explanation is not None)
    print(f"# {len(matches)} matches, {len(ties)} ties on VP covering {tied} pairs")
    seconds = best_of(7, lambda: recompute(matches))
    report(f"standings.recompute.{PAIRS}x{ROUNDS}", seconds * 1000, "ms")


def recompute(matches: list[MatchTuple[int]]) -> list[str]:
    """Rank and render each tie once, as the stored standings do."""
    rows = rank(matches, FIBUR_DEFAULT, lot_seed=1)
    texts: dict[int, str] = {}
    for row in rows:
        if row.explanation is not None and id(row.explanation) not in texts:
            texts[id(row.explanation)] = render_explanation(row.explanation)
    return list(texts.values())


if __name__ == "__main__":
    main()
