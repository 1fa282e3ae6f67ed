"""Burraco melds from their cards: is it a burraco, and pulito, semipulito or sporco?

The score card records counts (:class:`rules.burraco.LineBreakdown`); this module derives
them from the cards, for a referee's check or a known-answer test. A meld is given in the
order it lies on the table, low to high, each matta in the place of the card it stands for
(``"3H 4H JK 6H 7H 8H 9H"``: the jolly is the 5). Rules (seed 000 "I Burrachi", seed 003,
seed 004, docs/rules.md §3.2):

* a sequence: at least 3 cards of one suit in consecutive ranks, the ace low (A 2 3) or
  high (Q K A); a combination: at least 3 cards of one rank, at most 8 naturals;
* matta = a jolly, or a 2 standing for another card; a 2 of the sequence's suit in the
  place of the 2 is natural (seed 000, seed 004: "non sono considerati matte se stanno nella
  loro posizione naturale"); at most one matta per meld, never only matte;
* a burraco has at least 7 cards; pulito = no matta; semipulito (only in packs with
  ``has_semiclean``) = a sequence with at least 7 consecutive natural cards (seed 000: "una
  matta collocata agli estremi di sette carte"; seed 004: "almeno sette carte pulite"), or
  a combination of 8 cards including the matta: ``semiclean_combination = "at_least_8"``
  accepts 8 or 9 cards (seed 000, seed 004), ``"exactly_8"`` only 8 (one reading of the 2026
  Codice, docs/rules.md §3.2); any other burraco with a matta is sporco.

Terminology: meld = gioco (sequenza = sequence, combinazione = combination); matta = wild
card; jolly = joker; pinella = a 2.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from rules.burraco import CARDS_PER_BURRACO, LineBreakdown
from rules.cards import Card, Rank, card_points, parse_cards
from rules.errors import InvalidHandError
from rules.packs import RulePack, default_burraco_pack

__all__ = [
    "BurracoKind",
    "Meld",
    "breakdown_from_cards",
    "burraco_kind",
    "read_meld",
]

#: Naturals of one rank in two French decks.
MAX_COMBINATION_NATURALS = 8


class BurracoKind(StrEnum):
    """The kind of a burraco; values are the :class:`LineBreakdown` count fields."""

    CLEAN = "clean"  # pulito
    SEMICLEAN = "semiclean"  # semipulito
    DIRTY = "dirty"  # sporco


@dataclass(frozen=True)
class Meld:
    """A legal meld, read from its cards."""

    cards: tuple[Card, ...]
    is_sequence: bool
    matte: int  # 0 or 1
    longest_natural_run: (
        int  # consecutive natural cards (sequence) / naturals (combination)
    )

    @property
    def size(self) -> int:
        """How many cards the meld holds."""
        return len(self.cards)


def _as_cards(meld: str | Iterable[str] | Iterable[Card]) -> tuple[Card, ...]:
    if isinstance(meld, str):
        return parse_cards(meld)
    items = tuple(meld)
    if all(isinstance(c, Card) for c in items):
        return tuple(c for c in items if isinstance(c, Card))
    return parse_cards(str(c) for c in items)


def _text(cards: Sequence[Card]) -> str:
    return " ".join(c.code for c in cards)


def read_meld(meld: str | Iterable[str] | Iterable[Card]) -> Meld:
    """Read a meld in table order and check it is legal.

    >>> read_meld("2H 3H 4H 5H").matte  # the 2 of hearts in its natural place
    0
    >>> read_meld("3H 2C 5H").matte
    1
    >>> read_meld("3H JK 2C 6H")
    Traceback (most recent call last):
    ...
    rules.errors.InvalidHandError: meld '3H JK 2C 6H' has 2 matte; a meld holds at most one
    """
    cards = _as_cards(meld)
    if len(cards) < 3:
        raise InvalidHandError(f"a meld has at least 3 cards, got {_text(cards)!r}")
    naturals = [c for c in cards if not c.is_joker and c.rank is not Rank.TWO]
    if not naturals:
        raise InvalidHandError(
            f"meld {_text(cards)!r} is made only of matte (jolly and pinelle)"
        )
    if len(naturals) > 1 and len({c.rank for c in naturals}) == 1:
        return _combination(cards)  # two naturals of one rank: never a sequence
    return _sequence(cards)


def _combination(cards: tuple[Card, ...]) -> Meld:
    matte = sum(1 for c in cards if c.is_joker or c.rank is Rank.TWO)
    naturals = len(cards) - matte
    if matte > 1:
        raise InvalidHandError(
            f"meld {_text(cards)!r} has {matte} matte; a meld holds at most one"
        )
    if naturals > MAX_COMBINATION_NATURALS:
        raise InvalidHandError(
            f"combination {_text(cards)!r} has {naturals} natural cards; two decks hold"
            f" {MAX_COMBINATION_NATURALS} of a rank"
        )
    return Meld(cards, is_sequence=False, matte=matte, longest_natural_run=naturals)


def _sequence(cards: tuple[Card, ...]) -> Meld:
    suits = {c.suit for c in cards if not c.is_joker and c.rank is not Rank.TWO}
    if len(suits) != 1:
        raise InvalidHandError(
            f"meld {_text(cards)!r} is neither a combination (one rank) nor a sequence"
            " (one suit)"
        )
    suit = next(iter(suits))
    for high_ace in (False, True):
        placed = _place(cards, suit, high_ace)
        if placed is not None:
            natural = placed
            break
    else:
        raise InvalidHandError(
            f"sequence {_text(cards)!r} is not in consecutive order (write it low to"
            " high, each matta in the place of the card it stands for)"
        )
    matte = natural.count(False)
    if matte > 1:
        raise InvalidHandError(
            f"meld {_text(cards)!r} has {matte} matte; a meld holds at most one"
        )
    run = best = 0
    for is_natural in natural:
        run = run + 1 if is_natural else 0
        best = max(best, run)
    return Meld(cards, is_sequence=True, matte=matte, longest_natural_run=best)


def _position(card: Card, high_ace: bool) -> int:
    if card.rank is Rank.ACE:
        return 14 if high_ace else 1
    return int(card.rank)


def _place(cards: tuple[Card, ...], suit: object, high_ace: bool) -> list[bool] | None:
    """Which cards are natural if the sequence is read with the ace high or low."""
    anchor = next(
        i for i, c in enumerate(cards) if not c.is_joker and c.rank is not Rank.TWO
    )
    start = _position(cards[anchor], high_ace) - anchor
    if start < 1 or start + len(cards) - 1 > 14:
        return None
    natural: list[bool] = []
    for offset, card in enumerate(cards):
        wanted = start + offset
        if card.is_joker:
            natural.append(False)
        elif card.rank is Rank.TWO:
            natural.append(wanted == 2 and card.suit == suit)
        elif _position(card, high_ace) == wanted:
            natural.append(True)
        else:
            return None
    return natural


def burraco_kind(
    meld: str | Iterable[str] | Iterable[Card], pack: RulePack | None = None
) -> BurracoKind | None:
    """The kind of burraco ``meld`` is under ``pack``, or ``None`` below 7 cards.

    Seed 000's examples:

    >>> burraco_kind("3S 4S 5S 6S 7S 8S 9S"), burraco_kind("JK 6C 7C 8C 9C 10C JC QC")
    (<BurracoKind.CLEAN: 'clean'>, <BurracoKind.SEMICLEAN: 'semiclean'>)
    >>> burraco_kind("3H 4H JK 6H 7H 8H 9H"), burraco_kind("4D 4D 4H")
    (<BurracoKind.DIRTY: 'dirty'>, None)
    """
    section = (pack or default_burraco_pack()).require_burraco()
    read = read_meld(meld)
    if read.size < CARDS_PER_BURRACO:
        return None
    if not read.matte:
        return BurracoKind.CLEAN
    if not section.has_semiclean:
        return BurracoKind.DIRTY
    if read.is_sequence:
        semi = read.longest_natural_run >= CARDS_PER_BURRACO
    elif section.semiclean_combination == "exactly_8":
        semi = read.size == CARDS_PER_BURRACO + 1
    else:
        semi = read.size >= CARDS_PER_BURRACO + 1
    return BurracoKind.SEMICLEAN if semi else BurracoKind.DIRTY


def breakdown_from_cards(
    melds: Iterable[str | Iterable[str] | Iterable[Card]],
    in_hand: str | Iterable[str] | Iterable[Card] = (),
    *,
    closed: bool = False,
    took_pozzetto: bool = False,
    penalties: int = 0,
    pack: RulePack | None = None,
) -> LineBreakdown:
    """A line's :class:`LineBreakdown` from the cards of its melds and those in hand.

    >>> from rules.burraco import line_score
    >>> bd = breakdown_from_cards(
    ...     ["3S 4S 5S 6S 7S 8S 9S", "KD KD 2S"], "JK 4C", closed=False,
    ...     took_pozzetto=True)
    >>> bd.clean, bd.melded_points, bd.in_hand_points, line_score(bd)
    (1, 85, 35, 250)
    """
    counts = dict.fromkeys(BurracoKind, 0)
    melded = 0
    for meld in melds:
        cards = read_meld(meld).cards
        kind = burraco_kind(cards, pack)
        if kind is not None:
            counts[kind] += 1
        melded += sum(card_points(c, pack) for c in cards)
    hand = sum(card_points(c, pack) for c in _as_cards(in_hand))
    return LineBreakdown(
        clean=counts[BurracoKind.CLEAN],
        semiclean=counts[BurracoKind.SEMICLEAN],
        dirty=counts[BurracoKind.DIRTY],
        closed=closed,
        took_pozzetto=took_pozzetto,
        melded_points=melded,
        in_hand_points=hand,
        penalties=penalties,
    )
