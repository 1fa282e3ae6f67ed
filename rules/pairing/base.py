"""Plain values shared by the movement generators: a table, a round, input checks.

Terminology: a *table* (tavolo) is ``(ns, ew)``, two pair ids, the first sitting
Nord/Sud and the second Est/Ovest; a *round* (turno) is the tables played at the same
time plus the pair that rests (riposo), if any.

The independent checker (:mod:`rules.pairing.checker`) deliberately does not import
this module.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rules.errors import PairingError

Table = tuple[int, int]
"""One table: ``(ns, ew)``, two pair ids."""


@dataclass(frozen=True)
class Round:
    """One round (turno): the tables in table order and the resting pair, if any."""

    tables: tuple[Table, ...]
    resting: int | None = None

    def pairs(self) -> frozenset[int]:
        """Every pair in the round, seated or resting.

        >>> sorted(Round(((1, 2), (3, 4)), resting=5).pairs())
        [1, 2, 3, 4, 5]
        """
        seated = {p for table in self.tables for p in table}
        if self.resting is not None:
            seated.add(self.resting)
        return frozenset(seated)


def distinct_pairs(pairs: Iterable[int], what: str = "pairs") -> list[int]:
    """Return ``pairs`` as a list, refusing a pair id listed twice.

    >>> distinct_pairs([3, 1, 2])
    [3, 1, 2]
    >>> distinct_pairs([3, 1, 3])
    Traceback (most recent call last):
    ...
    rules.errors.PairingError: pair 3 is listed twice in pairs
    """
    seen: set[int] = set()
    result: list[int] = []
    for pair in pairs:
        if pair in seen:
            raise PairingError(f"pair {pair} is listed twice in {what}")
        seen.add(pair)
        result.append(pair)
    return result
