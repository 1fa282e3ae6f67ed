"""Spareggi: the extra partite that settle a level knockout match (seed 002, docs §10).

Up to ``knockout_spareggi`` of them, the first won decides; if the last one allowed
ends 60-60 too, the side that made its last trick loses.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.briscola.partita import Side, check_partita, partita_winner
from rules.errors import InvalidMatchError
from rules.packs import RulePack


@dataclass(frozen=True)
class Spareggio:
    """One knockout tie-break partita; ``last_trick`` = the side that made its last trick.

    ``last_trick`` only matters for the last spareggio the pack allows, when it ends 60-60.
    """

    points_a: int
    points_b: int
    last_trick: Side | None = None

    def __post_init__(self) -> None:
        check_partita(self.points_a, self.points_b)
        if self.last_trick is not None and not isinstance(self.last_trick, Side):
            raise InvalidMatchError(
                f"last_trick must be Side.A, Side.B or None, got {self.last_trick!r}"
            )


@dataclass(frozen=True)
class SpareggioResult:
    """Who won the spareggi, after how many, and whether the last trick decided it."""

    winner: Side
    played: int
    by_last_trick: bool


def resolve_spareggi(spareggi: Sequence[Spareggio], pack: RulePack) -> SpareggioResult:
    """Settle a level knockout match with the spareggi of seed 002.

    The first spareggio with a winner (61+) decides; after ``knockout_spareggi`` level
    ones (3 under briscola-vp), the side that made the last trick of the last one loses.

    >>> from rules.packs import load_pack
    >>> vp = load_pack("briscola-vp", 1)
    >>> resolve_spareggi([Spareggio(60, 60), Spareggio(45, 75)], vp)
    SpareggioResult(winner=<Side.B: 'b'>, played=2, by_last_trick=False)
    >>> level = Spareggio(60, 60)
    >>> resolve_spareggi([level, level, Spareggio(60, 60, last_trick=Side.A)], vp)
    SpareggioResult(winner=<Side.B: 'b'>, played=3, by_last_trick=True)
    """
    allowed = pack.require_briscola().knockout_spareggi
    if not spareggi:
        raise InvalidMatchError("a level knockout match needs its spareggi, got none")
    if len(spareggi) > allowed:
        raise InvalidMatchError(
            f"pack {pack.label} allows at most {allowed} spareggi, got {len(spareggi)}"
        )
    for number, spareggio in enumerate(spareggi, start=1):
        if not isinstance(spareggio, Spareggio):
            raise InvalidMatchError(
                f"spareggio {number} must be a Spareggio, got {spareggio!r}"
            )
        winner = partita_winner(spareggio.points_a, spareggio.points_b)
        if winner is not None:
            if number < len(spareggi):
                raise InvalidMatchError(
                    f"spareggio {number} ({spareggio.points_a}-{spareggio.points_b})"
                    f" already decided the match, yet {len(spareggi)} were given"
                )
            return SpareggioResult(winner, number, by_last_trick=False)
    last = spareggi[-1]
    if len(spareggi) < allowed:
        raise InvalidMatchError(
            f"spareggio {len(spareggi)} ended 60-60: play spareggio {len(spareggi) + 1}"
            f" (up to {allowed})"
        )
    if last.last_trick is None:
        raise InvalidMatchError(
            f"spareggio {len(spareggi)}, the last allowed, ended 60-60: say which side"
            " made its last trick (that side loses), got last_trick = None"
        )
    return SpareggioResult(last.last_trick.other, len(spareggi), by_last_trick=True)
