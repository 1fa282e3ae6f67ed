"""One partita of Briscola: the cards' points, the two sides, the winner (docs §10).

40 cards worth 120 points in all, so a partita's two totals add up to 120 and 61 or
more wins it; 60-60 has no winner (what it counts for is the pack's ``tie_60``).
"""

from __future__ import annotations

from enum import StrEnum

from rules.errors import InvalidScoreError

#: Points of each rank (seed 001 "Valore di Presa e Punteggio delle Carte", seed 002).
CARD_POINTS: dict[str, int] = {
    "A": 11,
    "3": 10,
    "K": 4,  # re
    "Q": 3,  # cavallo / donna
    "J": 2,  # fante
    "7": 0,
    "6": 0,
    "5": 0,
    "4": 0,
    "2": 0,
}
#: 4 x 11 + 4 x 10 + 4 x 4 + 4 x 3 + 4 x 2 (seed 002).
DECK_POINTS = 4 * sum(CARD_POINTS.values())
#: "totalizzando 61 punti, si ha la certezza di fare più punti dell'avversario" (seed 002).
WINNING_POINTS = DECK_POINTS // 2 + 1


class Side(StrEnum):
    """One side of a match (the scoring app maps ``A`` to NS, ``B`` to EO)."""

    A = "a"
    B = "b"

    @property
    def other(self) -> Side:
        """The opposing side.

        >>> Side.A.other
        <Side.B: 'b'>
        """
        return Side.B if self is Side.A else Side.A


def check_partita(points_a: int, points_b: int) -> tuple[int, int]:
    """Validate a partita's two totals: whole numbers from 0 to 120 adding up to 120.

    >>> check_partita(93, 27)
    (93, 27)
    >>> check_partita(70, 40)
    Traceback (most recent call last):
    ...
    rules.errors.InvalidScoreError: a partita's points add up to 120, got 70 + 40 = 110
    """
    for points in (points_a, points_b):
        if type(points) is not int or not 0 <= points <= DECK_POINTS:
            raise InvalidScoreError(
                f"a side's points in a partita are a whole number from 0 to {DECK_POINTS},"
                f" got {points!r}"
            )
    if points_a + points_b != DECK_POINTS:
        raise InvalidScoreError(
            f"a partita's points add up to {DECK_POINTS}, got {points_a} + {points_b}"
            f" = {points_a + points_b}"
        )
    return points_a, points_b


def partita_winner(points_a: int, points_b: int) -> Side | None:
    """The side that won the partita (61 or more), or ``None`` for 60-60.

    >>> partita_winner(61, 59), partita_winner(0, 120), partita_winner(60, 60)
    (<Side.A: 'a'>, <Side.B: 'b'>, None)
    """
    check_partita(points_a, points_b)
    if points_a >= WINNING_POINTS:
        return Side.A
    if points_b >= WINNING_POINTS:
        return Side.B
    return None
