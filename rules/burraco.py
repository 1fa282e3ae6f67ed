"""Burraco scoring of one smazzata, line by line, from the parts written on the score card.

Seed 000 ("I punti partita", "Punti Positivi", "Punti Negativi") and docs/rules.md §3
list what a line records for each smazzata, in this order:

1. its burrachi: pulito 200, semipulito 150, sporco 100 (the count of each);
2. the chiusura, 100, for the line that closed;
3. the cards melded on the table (+), minus the cards still in hand (-);
4. -100 if the line did not take its pozzetto ("mancata presa del pozzetto");
5. penalties (penalised cards, the arbitro's penalties), subtracted.

Every amount comes from the rule pack (``[burraco]``, fibur-2026 v1 when ``None``), so a
federation that prices things differently is a new pack, not new code. The rules checked
(docs/rules.md §3; §5 for the bounds), each rejected with :class:`~rules.errors.InvalidHandError` or
:class:`~rules.errors.InvalidScoreError` naming the value:

* counts are non-negative integers, card points non-negative multiples of 5;
* a closing line took its pozzetto and has at least one burraco (seed 000 "Conclusione
  del gioco"); at most one line closes a smazzata;
* the semipulito exists only where the pack has it (``has_semiclean``): traditional
  Burraco scores it as a sporco (seed 003), so it is entered among the sporchi;
* nothing 108 cards cannot hold: a burraco takes at least 7 cards, so both lines together
  form at most 15; a burraco's 7 cards are worth at least 7 x 5 points, so a line's melded
  points are at least 35 per burraco; the card points of both lines together stay within
  the deck's (1080 under fibur-2026);
* a line's score lies between ``min_hand_score(pack)`` and ``max_hand_score(pack)``
  (docs/rules.md §5: a penalty cannot push it past what the cards and the pack allow).

The -100 for a pozzetto not taken follows ``pozzetto_penalty_if_none_taken`` (docs/rules.md
§3.4): seed 000 and seed 004 deduct it from every line that did not take its pozzetto
(fibur-2026 v2, burraco-tradizionale); fibur-2026 v1 follows a 2026 summary and does not
apply it when neither line took a pozzetto.

Terminology: smazzata = hand; linea = line (NS / EO); burraco pulito / semipulito / sporco
= clean / semiclean / dirty; chiusura = closing; pozzetto = the 11-card packet a line
takes when a player runs out of cards; carte in mano = cards left in hand.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, fields

from rules.cards import BURRACO_DECK, deck_points
from rules.errors import InvalidHandError, InvalidScoreError
from rules.packs import BurracoSection, RulePack, default_burraco_pack

__all__ = [
    "CARDS_PER_BURRACO",
    "LineBreakdown",
    "breakdown_fields",
    "hand_scores",
    "line_score",
    "max_burrachi",
    "max_hand_score",
    "min_burraco_points",
    "min_hand_score",
]

#: A burraco is a sequence or combination of at least 7 cards (seed 000 "I Burrachi").
CARDS_PER_BURRACO = 7

_COUNTS = ("clean", "semiclean", "dirty")
_POINTS = ("melded_points", "in_hand_points", "penalties")
_FLAGS = ("closed", "took_pozzetto")


@dataclass(frozen=True, slots=True)
class LineBreakdown:
    """One line's parts of one smazzata, as written on the score card.

    ``melded_points``, ``in_hand_points`` and ``penalties`` are non-negative amounts; the
    last two are subtracted.

    >>> LineBreakdown(clean=1, closed=True, took_pozzetto=True, melded_points=150)
    ... # doctest: +NORMALIZE_WHITESPACE
    LineBreakdown(clean=1, semiclean=0, dirty=0, closed=True, took_pozzetto=True,
                  melded_points=150, in_hand_points=0, penalties=0)
    """

    clean: int = 0  # burrachi puliti
    semiclean: int = 0  # burrachi semipuliti
    dirty: int = 0  # burrachi sporchi
    closed: bool = False  # this line closed the smazzata (chiusura)
    took_pozzetto: bool = False  # this line took its pozzetto
    melded_points: int = 0  # card points of the line's melds on the table (+)
    in_hand_points: int = 0  # card points left in the line's hands (-)
    penalties: int = 0  # penalised cards and arbitro penalties (-)

    def __post_init__(self) -> None:
        for name in _COUNTS:
            value = getattr(self, name)
            if type(value) is not int or value < 0:
                raise InvalidHandError(
                    f"{name} (burrachi) must be a whole number of at least 0, got {value!r}"
                )
        for name in _POINTS:
            value = getattr(self, name)
            if type(value) is not int or value < 0:
                raise InvalidScoreError(
                    f"{name} must be a whole number of points, at least 0 (it is"
                    f" subtracted or added by its meaning), got {value!r}"
                )
            if value % 5:
                raise InvalidScoreError(
                    f"{name} = {value} is not a multiple of 5 (every Burraco amount is)"
                )
        for name in _FLAGS:
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise InvalidHandError(f"{name} must be true or false, got {value!r}")

    @property
    def burrachi(self) -> int:
        """How many burrachi the line formed, of any kind.

        >>> LineBreakdown(clean=1, dirty=2).burrachi
        3
        """
        return self.clean + self.semiclean + self.dirty


def _section(pack: RulePack | None) -> tuple[RulePack, BurracoSection]:
    pack = pack or default_burraco_pack()
    return pack, pack.require_burraco()


@dataclass(frozen=True, slots=True)
class _Limits:
    deck: int  # card points of all 108 cards
    min_burraco: int  # card points of the cheapest burraco
    max_hand: int  # the highest score of one line in one smazzata
    min_hand: int  # the lowest (negative)


@functools.cache
def _limits(pack: RulePack) -> _Limits:
    section = pack.require_burraco()
    deck = deck_points(pack)
    best = max(section.clean, section.semiclean, section.dirty)
    penalty = pack.require_entry().max_referee_penalty
    return _Limits(
        deck=deck,
        min_burraco=CARDS_PER_BURRACO
        * min(points for _, points in section.card_points),
        max_hand=deck + max_burrachi() * best + section.closing,
        min_hand=-(deck + section.pozzetto_penalty + penalty),
    )


def max_burrachi() -> int:
    """The most burrachi 108 cards can form (7 cards each): 15, for both lines together.

    >>> max_burrachi()
    15
    """
    return len(BURRACO_DECK) // CARDS_PER_BURRACO


def min_burraco_points(pack: RulePack | None = None) -> int:
    """The fewest card points a burraco's 7 cards can be worth (7 x the cheapest card).

    >>> min_burraco_points()
    35
    """
    return _limits(_section(pack)[0]).min_burraco


def max_hand_score(pack: RulePack | None = None) -> int:
    """The highest score one line can make in one smazzata (docs/rules.md §5).

    All 108 cards' points, plus the bonus of the most burrachi 108 cards can form, each
    at the best bonus, plus the chiusura: 1080 + 15 x 200 + 100 under fibur-2026. No real
    smazzata comes close; a typed score above it is refused, and :mod:`rules.vp` uses it
    to reject absurd totals.

    >>> max_hand_score()
    4180
    >>> from rules.packs import load_pack
    >>> max_hand_score(load_pack("burraco-tradizionale", 1))  # no semipulito: same best
    4180
    """
    return _limits(_section(pack)[0]).max_hand


def min_hand_score(pack: RulePack | None = None) -> int:
    """The lowest score one line can make in one smazzata (docs/rules.md §5).

    Everything a line can lose at once: every card of the deck counted against it (in
    hand, or melded but penalised), the pozzetto not taken, and the arbitro's penalties up
    to the pack's ``[entry] max_referee_penalty``: -(1080 + 100 + 300) under fibur-2026.

    >>> min_hand_score()
    -1480
    """
    return _limits(_section(pack)[0]).min_hand


def _check_line(bd: LineBreakdown, pack: RulePack, section: BurracoSection) -> None:
    if not isinstance(bd, LineBreakdown):
        raise InvalidHandError(f"expected a LineBreakdown, got {bd!r}")
    if bd.semiclean and not section.has_semiclean:
        raise InvalidHandError(
            f"pack {pack.label} has no burraco semipulito (got semiclean = {bd.semiclean}):"
            f" it is scored as a sporco ({section.dirty}), so count it among the sporchi"
        )
    if bd.closed and not bd.took_pozzetto:
        raise InvalidHandError(
            "a line that closes must have taken its pozzetto (closed = True,"
            " took_pozzetto = False)"
        )
    if bd.closed and not bd.burrachi:
        raise InvalidHandError(
            "a line that closes must have at least one burraco (closed = True, 0 burrachi)"
        )
    if bd.burrachi > max_burrachi():
        raise InvalidHandError(
            f"{bd.burrachi} burrachi need at least {bd.burrachi * CARDS_PER_BURRACO}"
            f" cards; 108 cards form at most {max_burrachi()}"
        )
    limits = _limits(pack)
    floor = bd.burrachi * limits.min_burraco
    if bd.melded_points < floor:
        raise InvalidScoreError(
            f"melded_points = {bd.melded_points} is too low for {bd.burrachi} burrachi:"
            f" their cards alone are worth at least {floor}"
        )
    deck = limits.deck
    if bd.melded_points + bd.in_hand_points > deck:
        raise InvalidScoreError(
            f"melded_points + in_hand_points = {bd.melded_points + bd.in_hand_points}"
            f" exceeds the {deck} points of all 108 cards"
        )


def _score(bd: LineBreakdown, section: BurracoSection, pozzetto_penalty: bool) -> int:
    return (
        bd.clean * section.clean
        + bd.semiclean * section.semiclean
        + bd.dirty * section.dirty
        + (section.closing if bd.closed else 0)
        + bd.melded_points
        - bd.in_hand_points
        - (section.pozzetto_penalty if pozzetto_penalty else 0)
        - bd.penalties
    )


def _bounded(score: int, bd: LineBreakdown, pack: RulePack) -> int:
    limits = _limits(pack)
    if not limits.min_hand <= score <= limits.max_hand:
        raise InvalidScoreError(
            f"a line score of {score} is impossible in one smazzata (penalties ="
            f" {bd.penalties}): a line's score lies from {limits.min_hand} to"
            f" {limits.max_hand}"
        )
    return score


def line_score(
    bd: LineBreakdown, pack: RulePack | None = None, *, other_took_pozzetto: bool = True
) -> int:
    """One line's score for one smazzata under ``pack`` (fibur-2026 when ``None``).

    Alone, a line cannot know whether the other line took its pozzetto, which the 2026
    rule needs for the -100: ``other_took_pozzetto`` says so (default ``True``, the usual
    case). :func:`hand_scores` works it out from both lines.

    Seed 000: a burraco pulito and a sporco, the chiusura, 185 melded:

    >>> line_score(LineBreakdown(clean=1, dirty=1, closed=True, took_pozzetto=True,
    ...                          melded_points=185))
    585

    The other line: no burraco, no pozzetto, 75 melded, 40 left in hand:

    >>> line_score(LineBreakdown(melded_points=75, in_hand_points=40))
    -65
    >>> line_score(LineBreakdown(closed=True, took_pozzetto=True, melded_points=50))
    Traceback (most recent call last):
    ...
    rules.errors.InvalidHandError: a line that closes must have at least one burraco ...
    """
    pack, section = _section(pack)
    _check_line(bd, pack, section)
    penalty = not bd.took_pozzetto and (
        other_took_pozzetto or section.pozzetto_penalty_if_none_taken
    )
    return _bounded(_score(bd, section, penalty), bd, pack)


def hand_scores(
    ns: LineBreakdown, ew: LineBreakdown, pack: RulePack | None = None
) -> tuple[int, int]:
    """``(ns_score, ew_score)`` of one smazzata, checking the two lines against each other.

    >>> closer = LineBreakdown(semiclean=1, closed=True, took_pozzetto=True,
    ...                        melded_points=120)
    >>> hand_scores(closer, LineBreakdown(melded_points=60, in_hand_points=35))
    (370, -75)

    Time out with neither pozzetto taken: -100 each under fibur-2026 v2 (seed 000 "Verranno
    detratti anche 100 punti (-100) alle coppie che non sono 'andate a pozzetto'") and
    burraco-tradizionale (seed 003); none under fibur-2026 v1 (a 2026 summary):

    >>> from rules.packs import load_pack
    >>> a, b = LineBreakdown(melded_points=90), LineBreakdown(melded_points=40)
    >>> hand_scores(a, b, load_pack("fibur-2026", 2)), hand_scores(a, b)
    ((-10, -60), (90, 40))
    >>> hand_scores(closer, closer)
    Traceback (most recent call last):
    ...
    rules.errors.InvalidHandError: both lines closed the smazzata; at most one line closes
    """
    pack, section = _section(pack)
    _check_line(ns, pack, section)
    _check_line(ew, pack, section)
    if ns.closed and ew.closed:
        raise InvalidHandError(
            "both lines closed the smazzata; at most one line closes"
        )
    burrachi = ns.burrachi + ew.burrachi
    if burrachi > max_burrachi():
        raise InvalidHandError(
            f"the two lines have {burrachi} burrachi ({ns.burrachi} + {ew.burrachi}):"
            f" 108 cards form at most {max_burrachi()}"
        )
    cards = sum(bd.melded_points + bd.in_hand_points for bd in (ns, ew))
    deck = _limits(pack).deck
    if cards > deck:
        raise InvalidScoreError(
            f"the two lines' card points add up to {cards}, more than the {deck} points"
            " of all 108 cards"
        )
    any_taken = ns.took_pozzetto or ew.took_pozzetto
    penalise = any_taken or section.pozzetto_penalty_if_none_taken
    return (
        _bounded(_score(ns, section, not ns.took_pozzetto and penalise), ns, pack),
        _bounded(_score(ew, section, not ew.took_pozzetto and penalise), ew, pack),
    )


def breakdown_fields() -> tuple[str, ...]:
    """The field names of :class:`LineBreakdown`, in score-card order.

    >>> breakdown_fields()[:3]
    ('clean', 'semiclean', 'dirty')
    """
    return tuple(f.name for f in fields(LineBreakdown))
