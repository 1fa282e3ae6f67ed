"""Counting a match's partite: won, drawn, replayed, and when the match is decided.

A match is best of N partite, N odd (seed 002: "il numero di smazzate deve sempre
essere dispari"; seed 001: 2 of 3, finals 3 of 5). Under the pack's
``play_all_partite`` (seed 001: "due partite su tre giocate", "saranno giocate n. 5
partite") every partita is played, so a match is over after N partite that count (a
3-0 is possible); otherwise it stops as soon as one side cannot be caught. A partita
typed after that is rejected. Shared by the match and the forfeit
(:mod:`rules.briscola.match`, :mod:`rules.briscola.forfeit`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.briscola.partita import Side, partita_winner
from rules.errors import InvalidMatchError
from rules.packs import BriscolaSection


def check_best_of(best_of: int) -> None:
    """Refuse a best of N unless N is odd and at least 1."""
    if type(best_of) is not int or best_of < 1 or best_of % 2 == 0:
        raise InvalidMatchError(
            f"a match is best of an odd number of partite (1, 3, 5 ...), got {best_of!r}"
        )


@dataclass(frozen=True)
class Tally:
    """The partite of a match counted so far; ``decided`` once the match is over (all
    N partite played under ``play_all_partite``)."""

    won_a: int
    won_b: int
    drawn: int
    replayed: int
    card_a: int
    card_b: int
    decided: bool


def tally_partite(
    games: Sequence[tuple[int, int]], best_of: int, section: BriscolaSection
) -> Tally:
    """Count the partite of a match so far; refuse one played after it was decided.

    >>> from rules.packs import load_pack
    >>> approdo = load_pack("briscola-approdo", 1).require_briscola()
    >>> tally_partite([(70, 50), (60, 60)], 3, approdo)
    Tally(won_a=1, won_b=0, drawn=0, replayed=1, card_a=70, card_b=50, decided=False)

    Seed 001's reading (``briscola-approdo`` v3): 2-0 is not the end of a best of 3,
    the third partita is played:

    >>> v3 = load_pack("briscola-approdo", 3).require_briscola()
    >>> tally_partite([(70, 50), (80, 40)], 3, v3).decided
    False
    >>> tally_partite([(70, 50), (80, 40), (61, 59)], 3, v3).won_a
    3
    """
    check_best_of(best_of)
    if isinstance(games, (str, bytes)) or not isinstance(games, Sequence):
        raise InvalidMatchError(
            f"games must be a sequence of (a, b) points, got {games!r}"
        )
    won = {Side.A: 0, Side.B: 0}
    drawn = replayed = card_a = card_b = 0
    decided_at: str | None = None
    for number, game in enumerate(games, start=1):
        a, b, winner = _partita(number, game)
        if decided_at is not None:
            raise _after_decided(number, (a, b), decided_at, best_of)
        if winner is None and section.tie_60 == "replay":
            replayed += 1
            continue
        if winner is None:
            drawn += 1
        else:
            won[winner] += 1
        card_a, card_b = card_a + a, card_b + b
        counted = won[Side.A] + won[Side.B] + drawn
        lead = abs(won[Side.A] - won[Side.B])
        if counted == best_of or (
            not section.play_all_partite and lead > best_of - counted
        ):
            decided_at = f"{won[Side.A]}-{won[Side.B]}"
    return Tally(
        won[Side.A],
        won[Side.B],
        drawn,
        replayed,
        card_a,
        card_b,
        decided_at is not None,
    )


def _partita(number: int, game: object) -> tuple[int, int, Side | None]:
    """Partita ``number``'s points, checked, and its winner (None: 60-60)."""
    if not isinstance(game, tuple | list) or len(game) != 2:
        raise InvalidMatchError(
            f"partita {number} must be a pair of points (a, b), got {game!r}"
        )
    a, b = game
    return a, b, partita_winner(a, b)


def _after_decided(
    number: int, game: tuple[int, int], decided_at: str, best_of: int
) -> InvalidMatchError:
    """The refusal of partita ``number``, played after the match was decided."""
    a, b = game
    return InvalidMatchError(
        f"partita {number} ({a}-{b}) was played after the match was decided at"
        f" {decided_at} in a best of {best_of}",
        code="after_decided",
        params={
            "number": number,
            "a": a,
            "b": b,
            "score": decided_at,
            "best_of": best_of,
        },
    )
