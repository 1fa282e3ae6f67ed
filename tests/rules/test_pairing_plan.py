"""Hybrid plans: which movement each round uses."""

import re

import pytest

from rules.errors import PairingError
from rules.pairing import (
    MOVEMENTS,
    format_plan,
    movement_for_round,
    parse_plan,
    validate_plan,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "3xmitchell+danese",
            ("mitchell", "mitchell", "mitchell", "danese"),
            id="fibur-4-smazzate",
        ),
        pytest.param(
            "3xmitchell+danese_modificato",
            ("mitchell", "mitchell", "mitchell", "danese_modificato"),
            id="brief-example",
        ),
        pytest.param(
            "random + 4 x Danese_Modificato",
            ("random", *["danese_modificato"] * 4),
            id="spaces-and-case",
        ),
        pytest.param("seeded+2*danese", ("seeded", "danese", "danese"), id="star"),
        pytest.param("5xround_robin", ("round_robin",) * 5, id="round-robin"),
        pytest.param("mitchell", ("mitchell",), id="single"),
    ],
)
def test_parse_plan(text, expected):
    assert parse_plan(text) == expected


@pytest.mark.parametrize(
    "plan",
    [
        pytest.param(("mitchell",) * 3 + ("danese",), id="mitchell-danese"),
        pytest.param(("random", "danese", "danese_modificato", "danese"), id="mixed"),
        pytest.param(("round_robin",) * 7, id="round-robin"),
    ],
)
def test_format_and_parse_round_trip(plan):
    assert parse_plan(format_plan(plan)) == plan


def test_format_plan_compacts_runs():
    assert format_plan(("random", "danese", "danese", "danese_modificato")) == (
        "random+2xdanese+danese_modificato"
    )


@pytest.mark.parametrize(
    ("plan", "message"),
    [
        pytest.param((), "at least one round", id="empty"),
        pytest.param(("mitchell", "howell"), "round 2 uses 'howell'", id="unknown"),
        pytest.param(
            ("round_robin", "danese"), "cannot be mixed with danese", id="rr-mixed"
        ),
        pytest.param(
            ("danese", "danese"), "round 1 cannot use danese", id="danese-first"
        ),
        pytest.param(
            ("danese_modificato",),
            "round 1 cannot use danese_modificato",
            id="mod-first",
        ),
        pytest.param(
            ("random", "mitchell"),
            "round 2 uses mitchell after random",
            id="mitchell-late",
        ),
        pytest.param(
            ("mitchell", "danese", "mitchell"),
            "round 3 uses mitchell after danese",
            id="mitchell-split",
        ),
        pytest.param(
            ("random", "random"),
            "round 2 uses random, which only seats",
            id="random-late",
        ),
        pytest.param(("mitchell", "seeded"), "round 2 uses seeded", id="seeded-late"),
    ],
)
def test_invalid_plans_say_why(plan, message):
    with pytest.raises(PairingError, match=re.escape(message)):
        validate_plan(plan)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("3xmitchell+", "cannot read ''", id="trailing-plus"),
        pytest.param("three x mitchell", "cannot read 'three x mitchell'", id="words"),
        pytest.param("0xmitchell", "repeats a movement 0 times", id="zero"),
        pytest.param("2xbridge", "'bridge', which is not a movement", id="unknown"),
    ],
)
def test_parse_plan_refuses(text, message):
    with pytest.raises(PairingError, match=re.escape(message)):
        parse_plan(text)


@pytest.mark.parametrize(
    ("number", "expected"),
    [
        pytest.param(1, "mitchell", id="first"),
        pytest.param(3, "mitchell", id="third"),
        pytest.param(4, "danese", id="last"),
    ],
)
def test_movement_for_round(number, expected):
    assert movement_for_round(parse_plan("3xmitchell+danese"), number) == expected


@pytest.mark.parametrize("number", [0, 5, -1])
def test_movement_for_round_outside_the_plan(number):
    with pytest.raises(PairingError, match=f"round {number} is outside the plan"):
        movement_for_round(parse_plan("3xmitchell+danese"), number)


def test_every_movement_is_usable_in_some_plan():
    for name in MOVEMENTS:
        first = name if name not in ("danese", "danese_modificato") else "random"
        validate_plan((first, name) if first != name else (name,))
