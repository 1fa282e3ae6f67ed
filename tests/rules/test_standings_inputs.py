"""What rank() takes and gives (rules.standings): rosters, no matches, lists, and any
order of the matches (a hypothesis property); random input is safe.

Burraco matches are ``(pair_a, pair_b, MP_a, MP_b, VP_a, VP_b)`` with VP from the
3-smazzate table of seed 004 (docs/rules.md §4.1) (e.g. 200 MP = 12-8, 300 = 13-7,
400 = 14-6).
"""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.standings import FIBUR_DEFAULT, Totals, rank, render_explanation
from tests.budget import examples
from tests.rules.standings_cases import GOOD, order, positions


def test_roster_lists_teams_without_results_yet():
    rows = rank(GOOD, FIBUR_DEFAULT, teams=[1, 2, 3])
    assert positions(rows) == [(1, 1), (2, 2), (3, 3)]
    assert rows[2].totals == Totals(0, 0, 0, 0, 0, 0, 0, 0, 0)


def test_no_matches_no_rows():
    assert rank([], FIBUR_DEFAULT) == []


def _round_robin(draw, n):
    """Random Burraco results of a round robin of n pairs (VP 20 in all per match)."""
    matches = []
    for a in range(1, n + 1):
        for b in range(a + 1, n + 1):
            vp = draw(st.integers(0, 20))
            mp = draw(st.integers(-10, 30)) * 50
            matches.append((a, b, mp, 1000, vp, 20 - vp))
    return matches


@st.composite
def girone(draw):
    return _round_robin(draw, draw(st.integers(2, 7)))


@settings(max_examples=examples(150), deadline=None)
@given(girone(), st.booleans(), st.randoms(use_true_random=False))
def test_order_does_not_depend_on_how_matches_are_listed(matches, reapply, rnd):
    """Shuffling the matches and swapping sides changes nothing; the table is sane."""
    rows = rank(matches, FIBUR_DEFAULT, reapply_head_to_head=reapply, lot_seed=5)
    flipped = [(b, a, sb, sa, pb, pa) for a, b, sa, sb, pa, pb in matches]
    rnd.shuffle(flipped)
    again = rank(flipped, FIBUR_DEFAULT, reapply_head_to_head=reapply, lot_seed=5)
    assert [(r.team, r.position, r.totals) for r in again] == [
        (r.team, r.position, r.totals) for r in rows
    ]
    assert [r.position for r in rows] == list(range(1, len(rows) + 1))  # lot: no ties
    points = [r.totals.points for r in rows]
    assert points == sorted(points, reverse=True)
    for row in rows:
        if row.explanation is not None:
            assert row.team in row.explanation.teams
            assert {
                r.totals.points for r in rows if r.team in row.explanation.teams
            } == {row.explanation.value}


def test_ranking_is_random_input_safe_for_a_large_danese():
    """Smoke: 200 pairs, 6 rounds of random pairings, every option; nobody lost."""
    rnd = random.Random(11)
    teams = list(range(1, 201))
    matches = []
    for _ in range(6):
        rnd.shuffle(teams)
        for a, b in zip(teams[::2], teams[1::2], strict=True):
            vp = rnd.choice([10, 11, 12, 13, 14, 9, 8, 7, 6])
            matches.append((a, b, 1000 + 50 * rnd.randint(-5, 5), 1000, vp, 20 - vp))
    for unmet in ("use_played", "skip"):
        for reapply in (False, True):
            rows = rank(
                matches, FIBUR_DEFAULT, unmet=unmet, reapply_head_to_head=reapply
            )
            assert sorted(order(rows)) == list(range(1, 201))
            for row in rows:
                if row.explanation is not None:
                    assert render_explanation(row.explanation).startswith("Coppie ")
