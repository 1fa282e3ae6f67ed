"""Burraco line score of one smazzata: known answers from seed 000 and the checks of §5e/§5f."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from rules.burraco import (
    LineBreakdown,
    hand_scores,
    line_score,
    max_burrachi,
    max_hand_score,
    min_burraco_points,
    min_hand_score,
)
from rules.cards import card_points, parse_cards
from rules.errors import InvalidHandError, InvalidScoreError, RulesError
from rules.packs import load_pack

FIBUR = load_pack("fibur-2026", 1)
TRAD = load_pack("burraco-tradizionale", 1)


def points(codes: str) -> int:
    """Card points of the cards written in seed 000's examples."""
    return sum(card_points(card) for card in parse_cards(codes))


# Seed 000's worked examples, cards as printed there ("I Burrachi").
CLEAN_SEQUENCE = "3S 4S 5S 6S 7S 8S 9S"  # a) 7 carte in sequenza dello stesso seme
CLEAN_COMBINATION = "4D 4D 4H 4H 4S 4C 4C"  # b) 7 carte uguali in combinazione
SEMICLEAN_SEQUENCE = "JK 6C 7C 8C 9C 10C JC QC"
SEMICLEAN_COMBINATION = "2H 5D 5S 5H 5H 5S 5C 5C"
DIRTY_SEQUENCE = "3H 4H JK 6H 7H 8H 9H"
DIRTY_COMBINATION = "4D 4D 4H 4H 2S 4S 4C"
PIN_AS_NATURAL = "2H 3H 4H 5H 6H 7H 8H 9H"  # the pinella as the natural 2: pulito


@pytest.mark.parametrize(
    ("codes", "expected"),
    [
        pytest.param(CLEAN_SEQUENCE, 45, id="clean-sequence"),
        pytest.param(CLEAN_COMBINATION, 35, id="clean-combination"),
        pytest.param(SEMICLEAN_SEQUENCE, 90, id="semiclean-sequence"),
        pytest.param(SEMICLEAN_COMBINATION, 55, id="semiclean-combination"),
        pytest.param(DIRTY_SEQUENCE, 70, id="dirty-sequence"),
        pytest.param(DIRTY_COMBINATION, 50, id="dirty-combination"),
        pytest.param(PIN_AS_NATURAL, 65, id="pinella-as-natural-2"),
    ],
)
def test_seed_000_example_card_points(codes: str, expected: int) -> None:
    """Card values of seed 000: 3-7 = 5, 8-K = 10, A = 15, 2 = 20, jolly = 30."""
    assert points(codes) == expected


@pytest.mark.parametrize(
    ("bd", "expected"),
    [
        pytest.param(
            LineBreakdown(
                clean=1,
                closed=True,
                took_pozzetto=True,
                melded_points=points(CLEAN_SEQUENCE),
            ),
            200 + 100 + 45,
            id="seed000-clean-sequence-and-closing",
        ),
        pytest.param(
            LineBreakdown(
                clean=1, took_pozzetto=True, melded_points=points(CLEAN_COMBINATION)
            ),
            200 + 35,
            id="seed000-clean-combination",
        ),
        pytest.param(
            LineBreakdown(
                semiclean=1,
                took_pozzetto=True,
                melded_points=points(SEMICLEAN_SEQUENCE),
            ),
            150 + 90,
            id="seed000-semiclean-sequence",
        ),
        pytest.param(
            LineBreakdown(
                semiclean=1,
                took_pozzetto=True,
                melded_points=points(SEMICLEAN_COMBINATION),
            ),
            150 + 55,
            id="seed000-semiclean-combination",
        ),
        pytest.param(
            LineBreakdown(
                dirty=1, took_pozzetto=True, melded_points=points(DIRTY_SEQUENCE)
            ),
            100 + 70,
            id="seed000-dirty-sequence",
        ),
        pytest.param(
            LineBreakdown(
                dirty=1, took_pozzetto=True, melded_points=points(DIRTY_COMBINATION)
            ),
            100 + 50,
            id="seed000-dirty-combination",
        ),
        pytest.param(
            LineBreakdown(
                clean=2,
                semiclean=1,
                dirty=1,
                closed=True,
                took_pozzetto=True,
                melded_points=points(
                    " ".join((CLEAN_SEQUENCE, CLEAN_COMBINATION, SEMICLEAN_SEQUENCE))
                )
                + points(DIRTY_COMBINATION),
                in_hand_points=0,
            ),
            2 * 200 + 150 + 100 + 100 + (45 + 35 + 90 + 50),
            id="seed000-all-four-burrachi-closing",
        ),
        pytest.param(
            LineBreakdown(melded_points=60, in_hand_points=points("JK 2C AS 7D")),
            60 - 70 - 100,
            id="seed000-punti-negativi-pozzetto-not-taken",
        ),
        pytest.param(
            LineBreakdown(dirty=1, took_pozzetto=True, melded_points=60, penalties=50),
            100 + 60 - 50,
            id="seed000-penalita",
        ),
    ],
)
def test_seed_000_line_scores(bd: LineBreakdown, expected: int) -> None:
    """Onori (burrachi, chiusura) + carte melded - carte in mano - pozzetto - penalties."""
    assert line_score(bd) == expected
    assert line_score(bd, FIBUR) == expected


def test_hand_scores_closing_line_and_other_line() -> None:
    """Seed 000: the closer's partner holds cards, the other line holds both hands."""
    closer = LineBreakdown(
        clean=1,
        dirty=1,
        closed=True,
        took_pozzetto=True,
        melded_points=185,
        in_hand_points=15,
    )
    other = LineBreakdown(
        dirty=1, took_pozzetto=True, melded_points=120, in_hand_points=95
    )
    assert hand_scores(closer, other) == (200 + 100 + 100 + 185 - 15, 100 + 120 - 95)
    assert hand_scores(other, closer) == (125, 570)


def test_pozzetto_penalty_follows_the_pack() -> None:
    """§5e/§8.7: fibur-2026 drops the -100 when no line took a pozzetto; tradizionale not."""
    a = LineBreakdown(melded_points=90, in_hand_points=30)
    b = LineBreakdown(melded_points=40, in_hand_points=60)
    assert hand_scores(a, b, FIBUR) == (60, -20)
    assert hand_scores(a, b, TRAD) == (-40, -120)
    took = LineBreakdown(took_pozzetto=True, melded_points=40, in_hand_points=60)
    assert hand_scores(a, took, FIBUR) == (-40, -20)
    assert hand_scores(a, took, TRAD) == (-40, -20)
    assert line_score(a, FIBUR, other_took_pozzetto=False) == 60
    assert line_score(a, TRAD, other_took_pozzetto=False) == -40
    assert line_score(a, FIBUR) == -40  # default: the other line took it


def test_semiclean_only_in_packs_that_have_it() -> None:
    """Seed 003: outside F.I.Bur. the semipulito is scored as a sporco (100)."""
    semi = LineBreakdown(semiclean=1, took_pozzetto=True, melded_points=95)
    with pytest.raises(
        InvalidHandError, match=r"burraco-tradizionale v1.*semiclean = 1"
    ):
        line_score(semi, TRAD)
    as_dirty = LineBreakdown(dirty=1, took_pozzetto=True, melded_points=95)
    assert line_score(as_dirty, TRAD) == 195
    assert line_score(semi, FIBUR) == 245


def test_only_one_line_closes() -> None:
    closer = LineBreakdown(clean=1, closed=True, took_pozzetto=True, melded_points=35)
    with pytest.raises(InvalidHandError, match="both lines closed"):
        hand_scores(closer, closer)


def test_closing_needs_pozzetto_and_a_burraco() -> None:
    with pytest.raises(InvalidHandError, match="pozzetto"):
        line_score(LineBreakdown(clean=1, closed=True, melded_points=35))
    with pytest.raises(InvalidHandError, match="at least one burraco"):
        line_score(LineBreakdown(closed=True, took_pozzetto=True, melded_points=35))


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("melded_points", 37),
        ("in_hand_points", 12),
        ("penalties", 3),
    ],
)
def test_points_must_be_multiples_of_5(field: str, value: int) -> None:
    with pytest.raises(InvalidScoreError, match=rf"{field} = {value}"):
        LineBreakdown(**{field: value})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("clean", -1),
        ("dirty", 1.0),
        ("semiclean", True),
        ("melded_points", -5),
        ("penalties", "10"),
        ("closed", 1),
        ("took_pozzetto", None),
    ],
)
def test_bad_types_and_negatives_are_rejected_naming_the_value(
    field: str, value: object
) -> None:
    with pytest.raises(RulesError, match=rf"{field}.*{value!r}"):
        LineBreakdown(**{field: value})  # type: ignore[arg-type]


def test_more_burrachi_than_108_cards_allow() -> None:
    """15 burrachi x 7 cards = 105 of 108: a 16th is impossible, for one line or two."""
    assert max_burrachi() == 15
    line_score(LineBreakdown(clean=15, took_pozzetto=True, melded_points=15 * 35))
    with pytest.raises(InvalidHandError, match="16 burrachi"):
        line_score(LineBreakdown(clean=16, took_pozzetto=True, melded_points=16 * 35))
    ns = LineBreakdown(clean=8, took_pozzetto=True, melded_points=8 * 35)
    ew = LineBreakdown(dirty=8, took_pozzetto=True, melded_points=8 * 35)
    with pytest.raises(InvalidHandError, match=r"16 burrachi \(8 \+ 8\)"):
        hand_scores(ns, ew)


def test_burrachi_need_their_card_points() -> None:
    """7 cards of at least 5 points each: 2 burrachi cannot be melded with 60 points."""
    assert min_burraco_points() == 35
    with pytest.raises(InvalidScoreError, match=r"melded_points = 60.*2 burrachi.*70"):
        line_score(LineBreakdown(clean=2, took_pozzetto=True, melded_points=60))


def test_more_card_points_than_the_deck() -> None:
    """108 cards are worth 1080 points: no line, nor both together, holds more."""
    with pytest.raises(InvalidScoreError, match=r"1085.*1080"):
        line_score(LineBreakdown(melded_points=1000, in_hand_points=85))
    ns = LineBreakdown(took_pozzetto=True, melded_points=600)
    ew = LineBreakdown(took_pozzetto=True, melded_points=500)
    with pytest.raises(InvalidScoreError, match=r"1100.*1080"):
        hand_scores(ns, ew)


def test_penalties_cannot_push_a_line_beyond_the_bound() -> None:
    """The lowest line score is -(1080 + 100 + 300) under fibur-2026 (docs/rules.md §5)."""
    lowest = min_hand_score()
    assert lowest == -1480
    with pytest.raises(InvalidScoreError, match=r"penalties = 9000"):
        line_score(LineBreakdown(took_pozzetto=True, penalties=9000))
    with pytest.raises(InvalidScoreError, match=r"from -1480 to 4180"):
        line_score(LineBreakdown(took_pozzetto=True, penalties=-lowest + 5))
    assert line_score(LineBreakdown(took_pozzetto=True, penalties=-lowest)) == lowest
    no_pozzetto = LineBreakdown(in_hand_points=1080, penalties=300)
    assert line_score(no_pozzetto) == lowest


def test_max_hand_score() -> None:
    """1080 card points + 15 burrachi x 200 + 100 closing."""
    assert max_hand_score() == max_hand_score(FIBUR) == 4180
    assert max_hand_score(TRAD) == 4180
    best = LineBreakdown(clean=15, closed=True, took_pozzetto=True, melded_points=1080)
    assert line_score(best) == 4180


def test_every_score_is_a_multiple_of_5() -> None:
    for clean in range(3):
        for dirty in range(3):
            for melded in range(max(35 * (clean + dirty), 0), 400, 35):
                bd = LineBreakdown(
                    clean=clean, dirty=dirty, took_pozzetto=True, melded_points=melded
                )
                assert line_score(bd) % 5 == 0


def test_a_briscola_pack_is_rejected() -> None:
    with pytest.raises(RulesError, match=r"briscola-approdo v1.*\[burraco\]"):
        line_score(LineBreakdown(), load_pack("briscola-approdo", 1))


def test_not_a_breakdown() -> None:
    with pytest.raises(InvalidHandError, match="LineBreakdown"):
        line_score({"clean": 1})  # type: ignore[arg-type]


@st.composite
def breakdowns(draw: st.DrawFn) -> LineBreakdown:
    """Any legal-looking line breakdown (a semipulito only where fibur-2026 has it)."""
    clean, semiclean, dirty = (draw(st.integers(0, 2)) for _ in range(3))
    burrachi = clean + semiclean + dirty
    took = draw(st.booleans())
    closed = took and burrachi > 0 and draw(st.booleans())
    melded = draw(st.integers(7 * burrachi, 80)) * 5
    in_hand = draw(st.integers(0, 20)) * 5
    return LineBreakdown(
        clean=clean,
        semiclean=semiclean,
        dirty=dirty,
        closed=closed,
        took_pozzetto=took,
        melded_points=melded,
        in_hand_points=in_hand,
        penalties=draw(st.sampled_from([0, 0, 25, 100])),
    )


@given(ns=breakdowns(), ew=breakdowns())
def test_hand_scores_properties(ns: LineBreakdown, ew: LineBreakdown) -> None:
    """Swapping the lines swaps the scores; each equals the line alone; multiples of 5."""
    assume(not (ns.closed and ew.closed))
    for pack in (FIBUR, TRAD):
        if pack is TRAD:  # no semipulito: the same melds count as sporchi
            ns, ew = (
                replace(bd, semiclean=0, dirty=bd.dirty + bd.semiclean)
                for bd in (ns, ew)
            )
        a, b = hand_scores(ns, ew, pack)
        assert hand_scores(ew, ns, pack) == (b, a)
        assert a % 5 == b % 5 == 0
        assert a == line_score(ns, pack, other_took_pozzetto=ew.took_pozzetto)
        assert b == line_score(ew, pack, other_took_pozzetto=ns.took_pozzetto)
        section = pack.require_burraco()
        expected = (
            200 * ns.clean
            + 150 * ns.semiclean
            + 100 * ns.dirty
            + 100 * ns.closed
            + ns.melded_points
            - ns.in_hand_points
            - ns.penalties
        )
        pozzetto = not ns.took_pozzetto and (
            ew.took_pozzetto or section.pozzetto_penalty_if_none_taken
        )
        assert a == expected - 100 * pozzetto
