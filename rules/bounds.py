"""What a typed score may hold: impossible values refused, unlikely ones confirmed first.

docs/rules.md §5. Two kinds of finding, both returned as :class:`Finding` values (a code,
where, the value and the limit it crossed; never text: the scoring app words them):

* **impossible**: no game can produce it, under any version of the pack. One line's score
  in one smazzata lies between :func:`rules.burraco.min_hand_score` and
  :func:`rules.burraco.max_hand_score` and is a multiple of 5; a line's total over N
  smazzate between N times those; a referee-set VP within the VP table's range; a
  Briscola side's points in a partita are a total the 40 cards can make (0 to 120 but
  not 1 or 119, :func:`reachable_partita_points`), and the two sides' add up to 120;
* **unlikely**: possible, but far more often a typing slip than a real result; the pack's
  ``[entry]`` thresholds say which (a line above 2,000 or below -500 in one smazzata,
  every smazzata 0-0, a total MP difference above 3,000 under fibur-2026). The table
  confirms them before they are saved.

The checks take plain numbers, so a sheet typed smazzata by smazzata, a knockout match
and a table's line totals alone (N smazzate typed as two totals) share them.

Terminology: smazzata = hand (Burraco); partita = game (Briscola); linea = line (``ns``,
``ew``); VP = victory points; MP = match points (punti partita).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from rules.briscola import CARD_POINTS, DECK_POINTS
from rules.burraco import max_hand_score, min_hand_score
from rules.packs import RulePack

__all__ = [
    "Bounds",
    "Code",
    "Finding",
    "check_hands",
    "check_totals",
    "check_vp",
    "hand_bounds",
    "reachable_partita_points",
    "total_bounds",
    "unlikely_hands",
    "unlikely_totals",
    "vp_bounds",
]

LINES = ("ns", "ew")


class Code(StrEnum):
    """What a finding says about a value."""

    # Impossible: refused.
    NOT_MULTIPLE_OF_5 = "not_multiple_of_5"
    BELOW_MIN = "below_min"
    ABOVE_MAX = "above_max"
    UNREACHABLE = "unreachable"  # Briscola: no set of cards is worth it
    NOT_120 = "not_120"  # Briscola: a partita's two sides do not add up to 120
    # Unlikely: confirmed at the table first.
    HAND_HIGH = "hand_high"
    HAND_LOW = "hand_low"
    ALL_ZERO = "all_zero"
    DIFF_HIGH = "diff_high"

    @property
    def unlikely(self) -> bool:
        """True for a possible value that asks for a confirmation.

        >>> Code.ALL_ZERO.unlikely, Code.ABOVE_MAX.unlikely
        (True, False)
        """
        return self in _UNLIKELY


_UNLIKELY = frozenset({Code.HAND_HIGH, Code.HAND_LOW, Code.ALL_ZERO, Code.DIFF_HIGH})


@dataclass(frozen=True, slots=True)
class Finding:
    """One impossible or unlikely value.

    ``line`` is ``"ns"`` or ``"ew"`` (``None``: the table as a whole); ``hand`` the
    smazzata or partita, from 1 (``None``: the line's total); ``limit`` the bound it
    crossed (``None`` where there is none, as for 1 point in a partita).
    """

    code: Code
    line: str | None
    hand: int | None
    value: int
    limit: int | None = None

    @property
    def unlikely(self) -> bool:
        return self.code.unlikely


@dataclass(frozen=True, slots=True)
class Bounds:
    """An inclusive range of values."""

    lowest: int
    highest: int

    def __contains__(self, value: object) -> bool:
        return type(value) is int and self.lowest <= value <= self.highest


@functools.cache
def hand_bounds(pack: RulePack) -> Bounds:
    """The range of one line's score in one smazzata (Burraco), or a partita (Briscola).

    >>> from rules.packs import load_pack
    >>> hand_bounds(load_pack("fibur-2026", 1))
    Bounds(lowest=-1480, highest=4180)
    >>> hand_bounds(load_pack("briscola-vp", 1))
    Bounds(lowest=0, highest=120)
    """
    if pack.game == "briscola":
        return Bounds(0, DECK_POINTS)
    return Bounds(min_hand_score(pack), max_hand_score(pack))


def total_bounds(pack: RulePack, hands: int) -> Bounds:
    """The range of one line's MP total over ``hands`` smazzate (Burraco).

    >>> from rules.packs import load_pack
    >>> total_bounds(load_pack("fibur-2026", 1), 3)
    Bounds(lowest=-4440, highest=12540)
    """
    one = hand_bounds(pack)
    return Bounds(hands * one.lowest, hands * one.highest)


def vp_bounds(pack: RulePack) -> Bounds:
    """The range of a referee-set VP (Burraco) or standings points (Briscola).

    Burraco: 0 to the VP table's total (20); Briscola: 0 to the most a match gives.

    >>> from rules.packs import load_pack
    >>> vp_bounds(load_pack("fibur-2026", 1)), vp_bounds(load_pack("briscola-vp", 1))
    (Bounds(lowest=0, highest=20), Bounds(lowest=0, highest=20))
    >>> vp_bounds(load_pack("briscola-approdo", 1))
    Bounds(lowest=0, highest=1)
    """
    if pack.game == "briscola":
        section = pack.require_briscola()
        points = section.match_points
        most = max(
            points.win,
            points.draw,
            points.loss,
            section.forfeit_winner_points,
            section.rest_points,
        )
        return Bounds(0, most)
    return Bounds(0, pack.require_vp().total)


@functools.cache
def reachable_partita_points() -> frozenset[int]:
    """Every total of card points one side can take in a Briscola partita.

    The sums of the subsets of the 40 cards (4 each of A 11, 3 10, K 4, Q 3, J 2 and 20
    cards worth 0). Any such subset can be one side's tricks: Briscola obliges nobody to
    follow suit or to take, and the 20 cards worth nothing fill the tricks. So every total
    from 0 to 120 but 1 and 119 (no card is worth 1, so no side takes exactly 1, and the
    other side then cannot take 119).

    >>> points = reachable_partita_points()
    >>> sorted(set(range(121)) - points)
    [1, 119]
    >>> len(points)
    119
    """
    sums = {0}
    for points in CARD_POINTS.values():
        for _copy in range(4):
            sums |= {total + points for total in sums}
    return frozenset(sums)


def check_hands(
    hands: Sequence[tuple[int | None, int | None]], pack: RulePack
) -> tuple[Finding, ...]:
    """The impossible values among typed smazzate (or partite); ``None`` = not typed.

    >>> from rules.packs import load_pack
    >>> fibur = load_pack("fibur-2026", 1)
    >>> check_hands([(450, 100), (9995, 0), (-1500, 32)], fibur)
    ... # doctest: +NORMALIZE_WHITESPACE
    (Finding(code=<Code.ABOVE_MAX: 'above_max'>, line='ns', hand=2, value=9995,
             limit=4180),
     Finding(code=<Code.BELOW_MIN: 'below_min'>, line='ns', hand=3, value=-1500,
             limit=-1480),
     Finding(code=<Code.NOT_MULTIPLE_OF_5: 'not_multiple_of_5'>, line='ew', hand=3,
             value=32, limit=None))
    >>> check_hands([(1, 119), (60, 60)], load_pack("briscola-vp", 1))
    ... # doctest: +NORMALIZE_WHITESPACE
    (Finding(code=<Code.UNREACHABLE: 'unreachable'>, line='ns', hand=1, value=1,
             limit=None),
     Finding(code=<Code.UNREACHABLE: 'unreachable'>, line='ew', hand=1, value=119,
             limit=None))
    """
    found: list[Finding] = []
    bounds = hand_bounds(pack)
    for number, hand in enumerate(hands, start=1):
        for line, value in zip(LINES, hand, strict=True):
            if value is not None:
                found.extend(_check_one(value, line, number, pack, bounds))
        a, b = hand
        if (
            pack.game == "briscola"
            and a is not None
            and b is not None
            and a in bounds
            and b in bounds
            and a + b != DECK_POINTS
        ):
            found.append(Finding(Code.NOT_120, "ew", number, a + b, DECK_POINTS))
    return tuple(found)


def _check_one(
    value: int, line: str, hand: int, pack: RulePack, bounds: Bounds
) -> list[Finding]:
    if value < bounds.lowest:
        return [Finding(Code.BELOW_MIN, line, hand, value, bounds.lowest)]
    if value > bounds.highest:
        return [Finding(Code.ABOVE_MAX, line, hand, value, bounds.highest)]
    if pack.game == "briscola":
        if value not in reachable_partita_points():
            return [Finding(Code.UNREACHABLE, line, hand, value)]
    elif value % 5:
        return [Finding(Code.NOT_MULTIPLE_OF_5, line, hand, value)]
    return []


def check_totals(
    totals: tuple[int | None, int | None], hands: int, pack: RulePack
) -> tuple[Finding, ...]:
    """The impossible values among two lines' MP totals over ``hands`` smazzate.

    >>> from rules.packs import load_pack
    >>> check_totals((12545, -4440), 3, load_pack("fibur-2026", 1))
    (Finding(code=<Code.ABOVE_MAX: 'above_max'>, line='ns', hand=None, value=12545, limit=12540),)
    """
    bounds = total_bounds(pack, hands)
    found: list[Finding] = []
    for line, value in zip(LINES, totals, strict=True):
        if value is None:
            continue
        if value < bounds.lowest:
            found.append(Finding(Code.BELOW_MIN, line, None, value, bounds.lowest))
        elif value > bounds.highest:
            found.append(Finding(Code.ABOVE_MAX, line, None, value, bounds.highest))
        elif value % 5:
            found.append(Finding(Code.NOT_MULTIPLE_OF_5, line, None, value))
    return tuple(found)


def check_vp(vp: tuple[int | None, int | None], pack: RulePack) -> tuple[Finding, ...]:
    """The referee-set VP (or Briscola points) outside the table's range.

    >>> from rules.packs import load_pack
    >>> check_vp((45, -1), load_pack("fibur-2026", 1))
    ... # doctest: +NORMALIZE_WHITESPACE
    (Finding(code=<Code.ABOVE_MAX: 'above_max'>, line='ns', hand=None, value=45,
             limit=20),
     Finding(code=<Code.BELOW_MIN: 'below_min'>, line='ew', hand=None, value=-1,
             limit=0))
    """
    bounds = vp_bounds(pack)
    found: list[Finding] = []
    for line, value in zip(LINES, vp, strict=True):
        if value is not None and value < bounds.lowest:
            found.append(Finding(Code.BELOW_MIN, line, None, value, bounds.lowest))
        elif value is not None and value > bounds.highest:
            found.append(Finding(Code.ABOVE_MAX, line, None, value, bounds.highest))
    return tuple(found)


def unlikely_hands(
    hands: Sequence[tuple[int, int]], pack: RulePack
) -> tuple[Finding, ...]:
    """The unlikely values among a table's smazzate (Burraco; Briscola has none).

    >>> from rules.packs import load_pack
    >>> fibur = load_pack("fibur-2026", 1)
    >>> unlikely_hands([(2500, 100), (300, -1000), (200, 0)], fibur)
    ... # doctest: +NORMALIZE_WHITESPACE
    (Finding(code=<Code.HAND_HIGH: 'hand_high'>, line='ns', hand=1, value=2500,
             limit=2000),
     Finding(code=<Code.HAND_LOW: 'hand_low'>, line='ew', hand=2, value=-1000,
             limit=-500),
     Finding(code=<Code.DIFF_HIGH: 'diff_high'>, line=None, hand=None, value=3900,
             limit=3000))
    >>> unlikely_hands([(0, 0), (0, 0), (0, 0)], fibur)
    (Finding(code=<Code.ALL_ZERO: 'all_zero'>, line=None, hand=None, value=0, limit=None),)
    >>> unlikely_hands([(450, 100), (0, 0), (1200, -300)], fibur)
    ()
    """
    if pack.game != "burraco" or not hands:
        return ()
    entry = pack.require_entry()
    found: list[Finding] = []
    for number, hand in enumerate(hands, start=1):
        for line, value in zip(LINES, hand, strict=True):
            if value > entry.unlikely_hand_above:
                found.append(
                    Finding(
                        Code.HAND_HIGH, line, number, value, entry.unlikely_hand_above
                    )
                )
            elif value < entry.unlikely_hand_below:
                found.append(
                    Finding(
                        Code.HAND_LOW, line, number, value, entry.unlikely_hand_below
                    )
                )
    ns = sum(hand[0] for hand in hands)
    ew = sum(hand[1] for hand in hands)
    all_zero = all(hand == (0, 0) for hand in hands)
    return tuple(found) + _unlikely_sums(ns, ew, all_zero, pack)


def unlikely_totals(totals: tuple[int, int], pack: RulePack) -> tuple[Finding, ...]:
    """The unlikely values among two lines' MP totals typed as such (Burraco).

    >>> from rules.packs import load_pack
    >>> unlikely_totals((3600, 500), load_pack("fibur-2026", 1))
    (Finding(code=<Code.DIFF_HIGH: 'diff_high'>, line=None, hand=None, value=3100, limit=3000),)
    >>> unlikely_totals((0, 0), load_pack("fibur-2026", 1))
    (Finding(code=<Code.ALL_ZERO: 'all_zero'>, line=None, hand=None, value=0, limit=None),)
    """
    if pack.game != "burraco":
        return ()
    ns, ew = totals
    return _unlikely_sums(ns, ew, ns == ew == 0, pack)


def _unlikely_sums(
    ns: int, ew: int, all_zero: bool, pack: RulePack
) -> tuple[Finding, ...]:
    entry = pack.require_entry()
    if all_zero and entry.unlikely_all_zero:
        return (Finding(Code.ALL_ZERO, None, None, 0),)
    if abs(ns - ew) > entry.unlikely_diff_above:
        return (
            Finding(
                Code.DIFF_HIGH, None, None, abs(ns - ew), entry.unlikely_diff_above
            ),
        )
    return ()
