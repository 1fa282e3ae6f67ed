"""The ranking memo (rules.standings.RankMemo): a save changes one table, and only the
tied groups holding its pairs are resolved again. Whatever the results and options,
ranking with the memo gives exactly the ranking without it (issue 19, item 2)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.standings import FIBUR_DEFAULT, RankMemo, rank
from tests.budget import examples

CHAINS = [
    FIBUR_DEFAULT,
    FIBUR_DEFAULT[:-1],  # no lot: ties stay
    ("points", "diff", "h2h_points", "decision", "lot"),
    ("points", "h2h_points", "h2h_scored", "scored", "decision"),
]


@st.composite
def event(draw):
    """A Danese-like girone: rounds of random pairings with few VP values (many ties),
    then a list of saves: a table's result typed or corrected, or two tables' results
    swapped (a pair's totals stay, its meetings change: only the memo's key on the
    meetings tells the two apart)."""
    teams = list(range(1, draw(st.integers(2, 14)) + 1))
    rnd = draw(st.randoms(use_true_random=False))
    rounds = draw(st.integers(1, 3))
    tables = []
    for _ in range(rounds):
        order = teams[:]
        rnd.shuffle(order)
        tables.extend(zip(order[::2], order[1::2], strict=False))
    # Draws on VP with different MP: groups level on points whose order changes.
    results = st.tuples(
        st.sampled_from([900, 1000, 1100]), st.sampled_from([8, 10, 12])
    )
    index = st.integers(0, len(tables) - 1)
    saves = draw(st.lists(st.tuples(index, st.one_of(results, index)), max_size=12))
    return teams, tables, saves


def _match(table, result):
    (a, b), (mp, vp) = table, result
    return (a, b, mp, 2000 - mp, vp, 20 - vp)


@settings(max_examples=examples(150), deadline=None)
@given(
    event(),
    st.sampled_from(CHAINS),
    st.booleans(),
    st.sampled_from(["use_played", "skip"]),
    st.sampled_from([None, 7]),
    st.booleans(),
)
def test_memo_gives_the_full_ranking_after_every_save(
    game, chain, reapply, unmet, seed, decide
):
    teams, tables, saves = game
    entered: dict[int, tuple[int, int]] = {}
    memo = RankMemo()
    for index, result in [(None, None), *saves]:
        if isinstance(result, int):  # swap the results of two tables
            a, b = entered.get(index), entered.get(result)
            entered.pop(index, None)
            entered.pop(result, None)
            entered.update({k: v for k, v in ((index, b), (result, a)) if v})
        elif index is not None:
            entered[index] = result
        matches = [_match(tables[i], r) for i, r in sorted(entered.items())]
        decisions = [teams[:2]] if decide and "decision" in chain else None
        options = {
            "reapply_head_to_head": reapply,
            "unmet": unmet,
            "lot_seed": seed,
            "decisions": decisions,
            "teams": teams,
            "lot_names": {t: 100 + t for t in teams},
        }
        full = rank(matches, chain, **options)
        assert rank(matches, chain, memo=memo, **options) == full
