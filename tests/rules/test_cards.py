"""Cards: codes, the 108-card Burraco deck and its points (seed 000, seed 004)."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.cards import (
    BURRACO_DECK,
    Card,
    Rank,
    Suit,
    card_points,
    copies_in_deck,
    deck_points,
    parse_card,
    parse_cards,
)
from rules.errors import InvalidHandError
from rules.packs import load_pack


def test_deck_has_108_cards() -> None:
    """Two French decks with their 4 jolly (seed 000, seed 004)."""
    assert len(BURRACO_DECK) == 108
    counts = Counter(BURRACO_DECK)
    assert all(counts[card] == copies_in_deck(card) for card in counts)
    assert counts[parse_card("JK")] == 4


@pytest.mark.parametrize(
    ("code", "points"),
    [
        ("3H", 5),
        ("7S", 5),
        ("8D", 10),
        ("9C", 10),
        ("10H", 10),
        ("JS", 10),
        ("QD", 10),
        ("KC", 10),
        ("AH", 15),
        ("2S", 20),
        ("JK", 30),
    ],
)
def test_seed_000_card_values(code: str, points: int) -> None:
    """Seed 000 "il valore delle carte"."""
    assert card_points(parse_card(code)) == points


def test_deck_points() -> None:
    """8 x (5 x 5 + 6 x 10 + 15 + 20) + 4 x 30 = 1080."""
    assert deck_points() == 1080
    assert deck_points(load_pack("burraco-tradizionale", 1)) == 1080


def test_parse() -> None:
    assert parse_card("10♠") == Card(Rank.TEN, Suit.SPADES)
    assert parse_card(" kd ") == Card(Rank.KING, Suit.DIAMONDS)
    assert [c.code for c in parse_cards(["AH", "jolly"])] == ["AH", "JK"]
    assert Suit.HEARTS.italian == "cuori"


@pytest.mark.parametrize("code", ["1H", "KX", "", "JKH", "11S"])
def test_bad_codes_are_rejected_naming_them(code: str) -> None:
    with pytest.raises(InvalidHandError, match=repr(code)):
        parse_card(code)


def test_joker_has_no_suit() -> None:
    with pytest.raises(InvalidHandError, match="jolly"):
        Card(Rank.JOKER, Suit.HEARTS)
    with pytest.raises(InvalidHandError, match="jolly"):
        Card(Rank.ACE, None)
