"""French playing cards as used in Burraco (and, reduced to 40 cards, in Briscola).

A card is written as a short code: rank then suit, ``"3H"``, ``"10S"``, ``"KD"``, ``"AC"``,
``"2H"``; the jolly is ``"JK"``. Codes are case-insensitive and the suit may also be one of
the symbols ♥ ♦ ♣ ♠.

Terminology (code name = Italian term):

* suit = seme: H = cuori (hearts), D = quadri (diamonds), C = fiori (clubs), S = picche
  (spades); seed 000 ranks them cuori > quadri > fiori > picche when drawing for seats;
* jolly = joker (4 in a Burraco deck); pinella = any 2; matta = a jolly, or a 2 standing
  for another card;
* Burraco deck = two French decks with their 4 jolly, 108 cards (seed 004).

Burraco card points follow seed 000 ("il valore delle carte", docs/rules.md §3.1):
3-7 = 5, 8-K = 10, A = 15, 2 = 20, jolly = 30. They live in the rule pack
(``[burraco.card_points]``) because docs/rules.md §12 leaves the 8 and 9 open.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum, StrEnum

from rules.errors import InvalidHandError
from rules.packs import BurracoSection, RulePack, default_burraco_pack

__all__ = [
    "BURRACO_DECK",
    "Card",
    "Rank",
    "Suit",
    "card_points",
    "copies_in_deck",
    "deck_points",
    "parse_card",
    "parse_cards",
]


class Suit(StrEnum):
    """A suit, by its one-letter code."""

    HEARTS = "H"  # cuori
    DIAMONDS = "D"  # quadri
    CLUBS = "C"  # fiori
    SPADES = "S"  # picche

    @property
    def italian(self) -> str:
        """The Italian name of the suit.

        >>> Suit.CLUBS.italian
        'fiori'
        """
        return _ITALIAN[self]


_ITALIAN = {
    Suit.HEARTS: "cuori",
    Suit.DIAMONDS: "quadri",
    Suit.CLUBS: "fiori",
    Suit.SPADES: "picche",
}


class Rank(IntEnum):
    """A rank; the value is its place in a low sequence (A = 1 … K = 13), jolly = 0."""

    JOKER = 0
    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def code(self) -> str:
        """The rank as written in a card code.

        >>> Rank.TEN.code, Rank.QUEEN.code, Rank.JOKER.code
        ('10', 'Q', 'JK')
        """
        return _RANK_CODES[self]


_RANK_CODES = {
    Rank.JOKER: "JK",
    Rank.ACE: "A",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    **{Rank(n): str(n) for n in range(2, 11)},
}
_RANKS_BY_CODE = {code: rank for rank, code in _RANK_CODES.items()}
_SUIT_SYMBOLS = {"♥": "H", "♦": "D", "♣": "C", "♠": "S"}


@dataclass(frozen=True, slots=True)
class Card:
    """One card: a rank and a suit, or the jolly (suit ``None``)."""

    rank: Rank
    suit: Suit | None

    def __post_init__(self) -> None:
        if (self.rank is Rank.JOKER) != (self.suit is None):
            raise InvalidHandError(
                f"a jolly has no suit and every other card has one, got"
                f" rank={self.rank!r} suit={self.suit!r}"
            )

    @property
    def code(self) -> str:
        """The short code of the card.

        >>> parse_card("10♠").code
        '10S'
        """
        return self.rank.code + (self.suit.value if self.suit else "")

    @property
    def is_joker(self) -> bool:
        """True for the jolly.

        >>> parse_card("JK").is_joker
        True
        """
        return self.rank is Rank.JOKER

    def __str__(self) -> str:
        return self.code


def parse_card(code: str) -> Card:
    """Parse one card code such as ``"10S"`` or ``"JK"``.

    >>> parse_card("kd")
    Card(rank=<Rank.KING: 13>, suit=<Suit.DIAMONDS: 'D'>)
    >>> parse_card("1H")
    Traceback (most recent call last):
    ...
    rules.errors.InvalidHandError: unknown card code '1H': ...
    """
    if not isinstance(code, str):
        raise InvalidHandError(f"a card code must be a string, got {code!r}")
    text = code.strip().upper()
    if text in ("JK", "JOLLY"):
        return Card(Rank.JOKER, None)
    rank_code, suit_code = text[:-1], _SUIT_SYMBOLS.get(text[-1:], text[-1:])
    rank = _RANKS_BY_CODE.get(rank_code)
    if rank is None or rank is Rank.JOKER or suit_code not in Suit._value2member_map_:
        raise InvalidHandError(
            f"unknown card code {code!r}: write the rank (A, 2-10, J, Q, K) then the suit"
            " (H, D, C, S), or JK for the jolly"
        )
    return Card(rank, Suit(suit_code))


def parse_cards(codes: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse card codes separated by spaces or commas (or given as an iterable).

    >>> [c.code for c in parse_cards("3H, 4H JK")]
    ['3H', '4H', 'JK']
    """
    items = codes.replace(",", " ").split() if isinstance(codes, str) else codes
    return tuple(parse_card(item) for item in items)


def copies_in_deck(card: Card) -> int:
    """How many copies of ``card`` a 108-card Burraco deck holds (jolly 4, others 2).

    >>> copies_in_deck(parse_card("JK")), copies_in_deck(parse_card("7C"))
    (4, 2)
    """
    return 4 if card.is_joker else 2


#: The 108 cards of Burraco: two French decks of 52 plus 4 jolly (seed 004).
BURRACO_DECK: tuple[Card, ...] = (
    tuple(
        Card(rank, suit)
        for _deck in range(2)
        for suit in Suit
        for rank in Rank
        if rank is not Rank.JOKER
    )
    + (Card(Rank.JOKER, None),) * 4
)


def card_points(card: Card, pack: RulePack | None = None) -> int:
    """Burraco points of one card under ``pack`` (fibur-2026 when ``None``).

    >>> [card_points(parse_card(c)) for c in ("3H", "8S", "KD", "AC", "2H", "JK")]
    [5, 10, 10, 15, 20, 30]
    """
    return _burraco_section(pack).points_of(card.rank.code)


def deck_points(pack: RulePack | None = None) -> int:
    """Burraco points of all 108 cards under ``pack`` (1080 under fibur-2026).

    >>> deck_points()
    1080
    """
    section = _burraco_section(pack)
    return sum(section.points_of(card.rank.code) for card in BURRACO_DECK)


def _burraco_section(pack: RulePack | None) -> BurracoSection:
    return (pack or default_burraco_pack()).require_burraco()
