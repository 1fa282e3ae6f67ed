"""Mitchell: NS stays at its table, EO moves k tables a round."""

import re
from collections import Counter
from math import gcd

import pytest

from rules.errors import PairingError
from rules.pairing import check_round, mitchell, mitchell_period, split_lines


def lines(tables: int, odd: bool = False) -> tuple[list[int], list[int]]:
    ns = [100 + t for t in range(tables)]
    ew = [200 + t for t in range(tables)]
    return (ns[:-1], ew) if odd else (ns, ew)


@pytest.mark.parametrize(
    ("tables", "step", "rounds"),
    [
        pytest.param(4, 1, 4, id="4-tables-step-1-full"),
        pytest.param(10, 3, 10, id="10-tables-step-3-coprime"),
        pytest.param(10, 4, 5, id="10-tables-step-4-half-period"),
        pytest.param(9, 3, 3, id="9-tables-step-3"),
        pytest.param(7, 2, 7, id="7-tables-step-2"),
        pytest.param(1, 1, 1, id="1-table"),
    ],
)
def test_eo_pair_j_sits_at_table_j_plus_rk(tables, step, rounds):
    ns, ew = lines(tables)
    calendar = mitchell(ns, ew, rounds, step)
    assert len(calendar) == rounds
    for r, played in enumerate(calendar):
        assert [t[0] for t in played.tables] == ns  # NS never moves
        for table, (_, away) in enumerate(played.tables):
            assert (ew.index(away) + r * step) % tables == table


@pytest.mark.parametrize(
    "tables", [pytest.param(t, id=f"{t}-tables") for t in range(1, 13)]
)
def test_no_repeat_up_to_the_period_for_every_step(tables):
    for step in range(1, tables + 1):
        period = tables // gcd(step, tables)
        assert mitchell_period(tables, step) == period
        ns, ew = lines(tables)
        meetings = Counter(
            frozenset(t) for r in mitchell(ns, ew, period, step) for t in r.tables
        )
        assert set(meetings.values()) == {1}
        assert len(meetings) == period * tables


def test_puntiburraco_plus_one_rotation():
    """EO1 goes to table 2 ... EO4 to table 1 in the second round (puntiburraco.it)."""
    second = mitchell([1, 2, 3, 4], [11, 12, 13, 14], 2)[1]
    assert second.tables == ((1, 14), (2, 11), (3, 12), (4, 13))


def test_default_step_is_one():
    ns, ew = lines(6)
    assert mitchell(ns, ew, 6) == mitchell(ns, ew, 6, 1)


@pytest.mark.parametrize(
    ("tables", "rounds", "step", "message"),
    [
        pytest.param(
            10,
            12,
            None,
            "12 rounds with 10 tables: an EO pair would meet",
            id="too-many",
        ),
        pytest.param(
            10,
            12,
            3,
            "12 rounds with 10 tables: an EO pair would meet",
            id="too-many-k",
        ),
        pytest.param(
            10,
            6,
            4,
            "6 rounds with 10 tables moving 4 tables a round: EO pairs would be back at "
            "their first table in round 6 (gcd(4, 10) = 2, at most 5 rounds)",
            id="step-with-repeat",
        ),
        pytest.param(6, 2, 6, "at most 1 rounds", id="step-equal-to-tables"),
        pytest.param(6, 2, 0, "step of at least one table", id="step-zero"),
        pytest.param(6, 0, None, "at least one round, got 0", id="zero-rounds"),
    ],
)
def test_refuses_impossible_movements(tables, rounds, step, message):
    ns, ew = lines(tables)
    with pytest.raises(PairingError, match=re.escape(message)):
        mitchell(ns, ew, rounds, step)


@pytest.mark.parametrize(
    ("ns", "ew", "message"),
    [
        pytest.param(
            [1, 2, 3], [4], "NS line has 3 pairs and the EO line 1", id="uneven"
        ),
        pytest.param([1, 2], [2, 3], "pairs [2] are in both", id="overlap"),
        pytest.param([1, 1], [2, 3], "pair 1 is listed twice in the NS line", id="dup"),
        pytest.param([], [], "at least one pair", id="empty"),
    ],
)
def test_refuses_bad_lines(ns, ew, message):
    with pytest.raises(PairingError, match=re.escape(message)):
        mitchell(ns, ew, 1)


@pytest.mark.parametrize("short", ["ns", "ew"])
@pytest.mark.parametrize("tables", [2, 3, 5, 8])
def test_odd_count_the_pair_meeting_the_phantom_rests(tables, short):
    ns, ew = lines(tables)
    if short == "ns":
        ns = ns[:-1]
    else:
        ew = ew[:-1]
    everyone = set(ns) | set(ew)
    calendar = mitchell(ns, ew, tables)
    resting = [r.resting for r in calendar]
    assert None not in resting
    assert len(set(resting)) == tables  # nobody rests twice
    assert set(resting) <= set(ew if short == "ns" else ns)
    history: list = []
    for r in calendar:
        assert r.pairs() == everyone
        assert len(r.tables) == tables - 1
        assert (
            check_round(
                r.tables,
                r.resting,
                pairs=everyone,
                history=history,
                rested_before=[x for x in resting if x is not None][: len(history)],
                no_rematch="any",
            )
            == []
        )
        history.append(r.tables)


def test_short_ns_line_keeps_table_numbers():
    """With the phantom as the last NS, NS pair i is at table i + 1 in every round."""
    ns, ew = split_lines([1, 2, 3, 4, 5, 6, 7])
    for r in mitchell(ns, ew, 4):
        assert [t[0] for t in r.tables] == ns


@pytest.mark.parametrize(
    ("pairs", "mode", "expected"),
    [
        pytest.param([1, 2, 3, 4], "alternate", ([1, 3], [2, 4]), id="alternate-even"),
        pytest.param(
            [1, 2, 3, 4, 5], "alternate", ([1, 3], [2, 4, 5]), id="alternate-odd"
        ),
        pytest.param([1, 2, 3, 4], "halves", ([1, 2], [3, 4]), id="halves-even"),
        pytest.param([1, 2, 3, 4, 5], "halves", ([1, 2], [3, 4, 5]), id="halves-odd"),
    ],
)
def test_split_lines(pairs, mode, expected):
    assert split_lines(pairs, mode=mode) == expected


def test_split_lines_alternate_first_round_seats_neighbours():
    ns, ew = split_lines([1, 2, 3, 4, 5, 6])
    assert mitchell(ns, ew, 1)[0].tables == ((1, 2), (3, 4), (5, 6))


def test_split_lines_refuses_unknown_mode():
    with pytest.raises(PairingError, match="'zigzag'"):
        split_lines([1, 2], mode="zigzag")  # type: ignore[arg-type]
