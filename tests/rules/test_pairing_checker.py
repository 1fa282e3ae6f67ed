"""The independent checker: hand-made broken rounds, one per violation kind."""

from collections import Counter

import pytest

from rules.pairing import Violation, check_round
from rules.pairing.checker import CODES

PAIRS = [1, 2, 3, 4, 5, 6]
GOOD = [(1, 2), (3, 4), (5, 6)]


def codes(violations: list[Violation]) -> list[str]:
    return [v.code for v in violations]


def test_valid_round_has_no_violation():
    history = [[(1, 3), (2, 5), (4, 6)]]
    assert (
        check_round(
            GOOD,
            None,
            pairs=PAIRS,
            history=history,
            forbidden=[frozenset({1, 3})],
            clubs={1: 9, 3: 9},
            avoid_clubs=True,
            no_rematch="any",
        )
        == []
    )


def test_valid_odd_round_with_a_fair_rest():
    assert (
        check_round([(1, 2), (3, 4)], 5, pairs=[1, 2, 3, 4, 5], rested_before=[4]) == []
    )


# Each case breaks exactly one rule; the checker must find it, and only it.
CASES = [
    pytest.param(
        dict(tables=[(1, 2), (3, 4)], resting=None, pairs=[1, 2, 3, 4, 5]),
        "missing",
        (5,),
        "pair 5 is neither seated nor resting",
        id="missing",
    ),
    pytest.param(
        dict(tables=[(1, 2), (3, 4), (5, 1)], resting=None, pairs=[1, 2, 3, 4, 5]),
        "duplicate",
        (1,),
        "pair 1 appears 2 times: at tables 1 and 3",
        id="duplicate-seated",
    ),
    pytest.param(
        dict(tables=[(1, 2), (3, 4), (5, 6), (7, 8)], resting=None, pairs=[*PAIRS, 7]),
        "unknown",
        (8,),
        "pair 8 (at table 4) is not in this round's pairs",
        id="unknown",
    ),
    pytest.param(
        dict(
            tables=GOOD,
            resting=None,
            pairs=PAIRS,
            forbidden=[frozenset({3, 4})],
        ),
        "forbidden",
        (3, 4),
        "table 2: pairs 3 and 4 may not meet",
        id="forbidden",
    ),
    pytest.param(
        dict(
            tables=GOOD,
            resting=None,
            pairs=PAIRS,
            history=[[(1, 3), (2, 4), (5, 6)], [(1, 4), (2, 3), (5, 6)]],
            no_rematch="previous",
        ),
        "rematch",
        (5, 6),
        "table 3: pairs 5 and 6 already met in round 1 and 2",
        id="rematch-previous",
    ),
    pytest.param(
        dict(
            tables=GOOD,
            resting=None,
            pairs=PAIRS,
            history=[[(1, 2), (3, 5), (4, 6)], [(1, 3), (2, 5), (4, 6)]],
            no_rematch="any",
        ),
        "rematch",
        (1, 2),
        "table 1: pairs 1 and 2 already met in round 1",
        id="rematch-any",
    ),
    pytest.param(
        dict(
            tables=GOOD,
            resting=None,
            pairs=PAIRS,
            clubs={1: 7, 2: 7, 3: 8, 4: None, 5: None, 6: None},
            avoid_clubs=True,
        ),
        "club",
        (1, 2),
        "table 1: pairs 1 and 2 are both from club 7",
        id="club",
    ),
    pytest.param(
        dict(
            tables=[(1, 2), (3, 4)], resting=5, pairs=[1, 2, 3, 4, 5], rested_before=[5]
        ),
        "unfair_rest",
        (5,),
        "pair 5 rests again (rest number 2) while pairs 1, 2, 3 and 4 have not rested yet",
        id="unfair-rest",
    ),
    pytest.param(
        dict(
            tables=[(1, 2), (3, 4)],
            resting=5,
            pairs=[1, 2, 3, 4, 5],
            rested_before=[1, 2, 3, 4, 5, 5, 1],
        ),
        "unfair_rest",
        (5,),
        "pair 5 rests again (rest number 3) while pairs 2, 3 and 4 have rested only 1 "
        "times",
        id="unfair-rest-second-cycle",
    ),
    pytest.param(
        dict(tables=[(1, 2)], resting=[3, 4, 5], pairs=[1, 2, 3, 4, 5]),
        "extra_rest",
        (3, 4, 5),
        "3 pairs rest (3, 4 and 5); at most one may",
        id="extra-rest",
    ),
]


@pytest.mark.parametrize(("kwargs", "code", "pairs", "message"), CASES)
def test_each_broken_round_is_caught(kwargs, code, pairs, message):
    kwargs = dict(kwargs)
    found = check_round(kwargs.pop("tables"), kwargs.pop("resting"), **kwargs)
    assert found == [Violation(code, pairs, message)]


def test_rest_with_even_count():
    """Resting with an even count leaves a pair out too: both are reported."""
    found = check_round([(1, 2)], 3, pairs=[1, 2, 3, 4])
    assert codes(found) == ["missing", "rest_even"]
    assert found[1].message == "pair 3 rests although the 4 pairs are an even count"


def test_self_table():
    found = check_round([(1, 2), (3, 3)], None, pairs=[1, 2, 3, 4])
    assert codes(found) == ["duplicate", "self", "missing"]
    assert found[1].message == "table 2 seats pair 3 against itself"


def test_seated_and_resting_is_a_duplicate():
    found = check_round([(1, 2), (3, 4)], 1, pairs=[1, 2, 3, 4, 5])
    assert codes(found) == ["duplicate", "missing"]
    assert found[0].message == "pair 1 appears 2 times: at table 1 and resting"


def test_every_violation_is_reported():
    """One round breaking every rule at once: the checker lists each, none hidden."""
    found = check_round(
        [(1, 2), (3, 4), (3, 9), (5, 5)],
        [6, 7],
        pairs=[1, 2, 3, 4, 5, 6, 7, 8],
        history=[[(1, 2), (3, 5)]],
        forbidden=[frozenset({3, 4})],
        clubs={1: 1, 2: 1},
        avoid_clubs=True,
        rested_before=[7],
        no_rematch="previous",
    )
    assert Counter(codes(found)) == Counter(
        {"duplicate": 2, "rest_even": 2}
        | dict.fromkeys(
            ["unknown", "self", "missing", "forbidden", "rematch", "club"], 1
        )
        | {"extra_rest": 1, "unfair_rest": 1}
    )
    assert sorted(set(codes(found))) == sorted(CODES)
    assert {v.pairs for v in found if v.code == "duplicate"} == {(3,), (5,)}
    assert next(v for v in found if v.code == "missing").pairs == (8,)
    assert next(v for v in found if v.code == "unknown").pairs == (9,)


def test_previous_scope_ignores_older_meetings():
    history = [[(1, 2), (3, 4), (5, 6)], [(1, 3), (2, 5), (4, 6)]]
    assert (
        check_round(GOOD, None, pairs=PAIRS, history=history, no_rematch="previous")
        == []
    )
    assert (
        codes(check_round(GOOD, None, pairs=PAIRS, history=history, no_rematch="any"))
        == ["rematch"] * 3
    )


def test_clubs_are_ignored_without_avoidance():
    clubs = dict.fromkeys(PAIRS, 1)
    assert check_round(GOOD, None, pairs=PAIRS, clubs=clubs) == []


def test_forbidden_message_mentions_an_earlier_meeting():
    found = check_round(
        GOOD, None, pairs=PAIRS, history=[[(1, 2)]], forbidden=[frozenset({1, 2})]
    )
    assert (
        found[0].message == "table 1: pairs 1 and 2 may not meet (they met in round 1)"
    )


def test_rests_of_withdrawn_pairs_do_not_count():
    """Pair 9 left the tournament: its rests neither count nor make others wait."""
    assert check_round([(1, 2)], 3, pairs=[1, 2, 3], rested_before=[9, 9]) == []
