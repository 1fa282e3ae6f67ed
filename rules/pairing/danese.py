"""Danese (by the current ranking) and Danese modificato (no rematch).

Terminology: ranking = classifica (best first); rematch = pairs meeting again; rest =
riposo; forbidden = two pairs that may not meet this round (a rematch, the same club).
Danese puro is 1st v 2nd, 3rd v 4th ... with nothing forbidden (docs/rules.md §9.2);
Danese modificato forbids rematches (§2b.2: the sources say with the previous round's
opponent; ``scope="any"`` forbids every earlier opponent; the last-round exception is
the caller's choice: pass no rematches for that round).

The answer is the one a careful referee gets by hand (see :mod:`rules.pairing.walk`):
with an odd count the lowest-ranked pair allowed to rest rests; then the highest-ranked
free pair takes the best-ranked opponent it may meet, and so on down, backing up (first
to the next opponent, then to the next pair allowed to rest) only when a choice would
leave the rest unpairable. The higher-ranked pair of a table sits NS (docs/rules.md §9.2
leaves it open; we follow the "coppia fissa" practice, open question §8.5).

Rest fairness: ``rested`` names the pairs that may not rest again. If it covers every
pair, the constraint resets and everyone is eligible again. A caller with several rest
cycles passes the pairs that rested more often than the least-rested pair.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence, Set
from itertools import combinations
from typing import Literal

from rules.errors import PairingError
from rules.pairing.base import distinct_pairs
from rules.pairing.movement import (
    Constraints,
    Movement,
    Seating,
    Situation,
    gettext_noop,
    rematch_scope,
)
from rules.pairing.walk import maximum_matching, priority_walk

Forbidden = Iterable[Set[int]]
"""Two-element sets of pair ids that may not meet."""


def danese(
    ranking: Sequence[int],
    forbidden: Forbidden = (),
    *,
    rested: Collection[int] = (),
) -> tuple[list[tuple[int, int]], int | None]:
    """Pair by the ranking (best first): 1v2, 3v4 ..., backing up around forbidden pairs.

    >>> danese([11, 12, 13, 14])
    ([(11, 12), (13, 14)], None)
    >>> danese([11, 12, 13, 14, 15], [frozenset({11, 12})])
    ([(11, 13), (12, 14)], 15)
    >>> danese([11, 12, 13, 14, 15], rested={15})
    ([(11, 12), (13, 15)], 14)
    """
    order = distinct_pairs(ranking, "the ranking")
    position = {pair: i for i, pair in enumerate(order)}
    adjacency = forbidden_positions(forbidden, position)
    n = len(order)
    rested = set(rested)
    never_rested = [i for i in reversed(range(n)) if order[i] not in rested]
    rest_order = never_rested or list(reversed(range(n)))
    result = priority_walk(n, adjacency, rest_order=rest_order)
    if result is None:
        raise failure(order, adjacency, rest_order)
    tables, resting = result
    return (
        [(order[a], order[b]) for a, b in tables],
        None if resting is None else order[resting],
    )


def forbidden_positions(
    forbidden: Forbidden, position: Mapping[int, int]
) -> list[set[int]]:
    """Turn forbidden pairs of ids into per-position sets, ignoring absent pairs.

    >>> forbidden_positions([frozenset({7, 9}), frozenset({7, 99})], {7: 0, 8: 1, 9: 2})
    [{2}, set(), {0}]
    """
    adjacency: list[set[int]] = [set() for _ in position]
    for couple in forbidden:
        if len(couple) != 2:
            raise PairingError(
                f"a forbidden meeting needs two distinct pairs, got {sorted(couple)}"
            )
        a, b = couple
        # A pair that withdrew (absent from the ranking) constrains nobody.
        if a in position and b in position:
            adjacency[position[a]].add(position[b])
            adjacency[position[b]].add(position[a])
    return adjacency


def explain_failure(
    order: Sequence[int], adjacency: Sequence[Set[int]], rest_order: Sequence[int]
) -> str:
    """Say in plain words, with pair numbers, why no pairing exists.

    >>> explain_failure([5, 6], [{1}, {0}], [])
    'pairs 5, 6 may each meet none of the other 1 pairs (all forbidden)'
    """
    return str(failure(order, adjacency, rest_order))


def failure(
    order: Sequence[int], adjacency: Sequence[Set[int]], rest_order: Sequence[int]
) -> PairingError:
    """The error that says why no pairing exists, with its code and numbers.

    Codes: ``lonely`` (``pairs``, ``others``, ``odd``: pairs that may meet nobody),
    ``odd_rest`` (``count``, ``resters``), ``unseatable`` (``count``, ``tables``,
    ``left``).

    >>> e = failure([5, 6, 7], [{1, 2}, {0}, {0}], [2, 1])
    >>> e.code, e.params["pairs"], e.params["odd"]
    ('lonely', [5], True)
    """
    n = len(order)
    lonely = [v for v in range(n) if len(adjacency[v]) >= n - 1]
    odd = n % 2 == 1
    if lonely and (not odd or len(lonely) > 1 or lonely[0] not in rest_order):
        pairs = [order[v] for v in lonely]
        if len(lonely) == 1:
            reason = f"pair {pairs[0]} may meet none of the other {n - 1} pairs"
        else:
            reason = (
                f"pairs {_names(pairs)} may each meet none of the other {n - 1} pairs"
            )
        reason += " (all forbidden)"
        if odd and len(lonely) == 1:
            reason += " and it may not rest again"
        elif odd:
            reason += " and only one pair can rest"
        return PairingError(
            reason, code="lonely", params={"pairs": pairs, "others": n - 1, "odd": odd}
        )
    if odd:
        resters = [order[v] for v in rest_order]
        return PairingError(
            f"with {n} pairs one must rest, but whichever of the pairs allowed to rest "
            f"({_names(resters)}) rests, the others cannot all be seated without a "
            "forbidden meeting",
            code="odd_rest",
            params={"count": n, "resters": resters},
        )
    seated = maximum_matching(range(n), adjacency)
    left = [order[v] for v in range(n) if v not in seated]
    tables = len(seated) // 2
    return PairingError(
        f"the {n} pairs cannot all be seated without a forbidden meeting: at best "
        f"{tables} {'table' if tables == 1 else 'tables'}, leaving pairs "
        f"{_names(left)} without an allowed opponent",
        code="unseatable",
        params={"count": n, "tables": tables, "left": left},
    )


def _names(pairs: Iterable[int], limit: int = 12) -> str:
    """Pair numbers for a message, cut after ``limit``."""
    shown = list(pairs)
    text = ", ".join(str(p) for p in shown[:limit])
    return text + (f" and {len(shown) - limit} more" if len(shown) > limit else "")


def rematch_forbidden(
    history: Sequence[Iterable[tuple[int, int]]],
    scope: Literal["previous", "any"] = "previous",
) -> frozenset[frozenset[int]]:
    """Forbidden meetings from earlier rounds: the previous one, or any of them.

    >>> history = [[(1, 2), (3, 4)], [(1, 3), (2, 4)]]
    >>> sorted(sorted(f) for f in rematch_forbidden(history))
    [[1, 3], [2, 4]]
    >>> len(rematch_forbidden(history, "any"))
    4
    """
    if scope == "previous":
        rounds = history[-1:]
    elif scope == "any":
        rounds = history
    else:
        raise PairingError(f"rematch scope must be 'previous' or 'any', got {scope!r}")
    return frozenset(frozenset(table) for r in rounds for table in r)


def club_forbidden(club_of: Mapping[int, int | None]) -> frozenset[frozenset[int]]:
    """Forbidden meetings between pairs of the same club (None = no club).

    >>> sorted(sorted(f) for f in club_forbidden({1: 10, 2: 10, 3: None, 4: None}))
    [[1, 2]]
    """
    members: dict[int, list[int]] = {}
    for pair, club in club_of.items():
        if club is not None:
            members.setdefault(club, []).append(pair)
    return frozenset(
        frozenset(couple)
        for group in members.values()
        for couple in combinations(group, 2)
    )


class DaneseMovement(Movement):
    """Danese (``danese``) and Danese modificato (``danese_modificato``): pairs by the
    standings' own order (:attr:`Situation.ranking`, docs/rules.md §9.2), 1st v 2nd ...

    The Danese modificato forbids a rematch (:func:`rematch_scope`: the pack's scope,
    none in the last round when the tournament allows it, every earlier opponent with
    "never the same opponents") and, with "keep clubs apart", two pairs of one club. The
    Danese puro forbids nothing, unless the director chose "never the same opponents".
    """

    first = "never"
    ranked = True

    def __init__(self, name: str, label: str, *, modified: bool) -> None:
        self.name, self.label, self.modified = name, label, modified

    def constraints(self, situation: Situation) -> Constraints:
        """What the checker verifies (see the class).

        >>> from rules.pairing.movement import Options
        >>> DANESE_MODIFICATO.constraints(Situation(2, (1, 2), plan_rounds=3))
        Constraints(no_rematch='previous', avoid_clubs=False, fewest_clubs=False)
        >>> DANESE.constraints(Situation(2, (1, 2), options=Options(never_rematch=True)))
        Constraints(no_rematch='any', avoid_clubs=False, fewest_clubs=False)
        """
        options = situation.options
        if not (self.modified or options.never_rematch):
            return Constraints()
        return Constraints(
            rematch_scope(situation), self.modified and options.avoid_clubs
        )

    def seat(self, situation: Situation) -> Seating:
        """The round's tables (see the class).

        >>> s = Situation(2, (1, 2, 3, 4), ranking=(1, 2, 3, 4),
        ...               history=(((1, 2), (3, 4)),), plan_rounds=3)
        >>> DANESE_MODIFICATO.seat(s).tables
        ((1, 1, 3), (2, 2, 4))
        >>> DANESE.seat(s).tables
        ((1, 1, 2), (2, 3, 4))
        """
        wanted = self.constraints(situation)
        bans: frozenset[frozenset[int]] = frozenset()
        if wanted.no_rematch is not None:
            bans = rematch_forbidden(situation.history, wanted.no_rematch)
        if wanted.avoid_clubs:
            bans |= club_forbidden(
                {p: situation.clubs.get(p) for p in situation.ranking}
            )
        tables, resting = danese(situation.ranking, bans, rested=situation.rested)
        if not situation.options.higher_ranked_ns:
            tables = [(b, a) for a, b in tables]
        return Seating.numbered(tables, resting)


DANESE = DaneseMovement("danese", gettext_noop("Danese"), modified=False)
DANESE_MODIFICATO = DaneseMovement(
    "danese_modificato", gettext_noop("Danese modificato"), modified=True
)
