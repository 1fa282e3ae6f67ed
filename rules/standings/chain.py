"""The tie-break chain's vocabulary: its check, the overall criteria's values, the lot.

The walk over tied groups is :class:`rules.standings.ranker._Ranker`; the head-to-head
figures are :mod:`rules.standings.head_to_head`. The rules are described in
:mod:`rules.standings`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from rules.errors import StandingsError
from rules.standings.model import CRITERIA, HEAD_TO_HEAD, Team, Value
from rules.standings.results import _Acc

__all__ = ["check_chain", "lot_order"]

_OUTCOMES = frozenset({"lot", "decision"})
_OVERALL = frozenset(CRITERIA) - HEAD_TO_HEAD - _OUTCOMES


def check_chain(chain: Sequence[str]) -> tuple[str, ...]:
    """Return ``chain`` as a tuple, or raise StandingsError naming the bad criterion.

    >>> check_chain(["points", "h2h_points", "lot"])
    ('points', 'h2h_points', 'lot')
    >>> check_chain(["points", "goals"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rules.errors.StandingsError: unknown tie-break criterion 'goals' in chain ['points', 'goals'] (known: ...)
    """
    if isinstance(chain, str) or not isinstance(chain, Sequence):
        raise StandingsError(f"a chain is a sequence of criterion names, got {chain!r}")
    names = tuple(chain)
    if not names:
        raise StandingsError("the chain is empty: it needs at least 'points'")
    for name in names:
        if not isinstance(name, str) or name not in CRITERIA:
            raise StandingsError(
                f"unknown tie-break criterion {name!r} in chain {list(names)!r}"
                f" (known: {', '.join(CRITERIA)})"
            )
    repeated = [name for i, name in enumerate(names) if name in names[:i]]
    if repeated:
        raise StandingsError(
            f"the chain repeats criterion {repeated[0]!r}: {list(names)!r}"
        )
    if names[0] not in _OVERALL:
        raise StandingsError(
            f"a chain starts with an overall criterion"
            f" ({', '.join(sorted(_OVERALL))}), got {names[0]!r}"
        )
    if "lot" in names and names[-1] != "lot":
        raise StandingsError(
            f"'lot' breaks every tie, so it must be last in the chain: {list(names)!r}"
        )
    return names


def lot_order[T: Team](
    teams: Iterable[T], seed: int, names: Mapping[T, object] | None = None
) -> list[T]:
    """The order a lot with ``seed`` gives: by SHA-256 of ``"<seed>:<repr(name)>"``.

    A team's name in the draw is ``names[team]`` when given (e.g. the pair numbers of
    teams known by database ids), else the team itself. The draw depends only on the
    seed and each name, so it can be re-done by hand, a team's luck does not change
    with who else is in the tie, and an event entered again elsewhere draws the same.

    >>> lot_order([1, 2, 3], seed=7)
    [3, 2, 1]
    >>> lot_order([2, 1, 3], seed=7)
    [3, 2, 1]
    >>> lot_order([102, 101, 103], seed=7, names={101: 1, 102: 2, 103: 3})
    [103, 102, 101]
    """
    called = names or {}
    return sorted(
        teams,
        key=lambda t: (
            hashlib.sha256(f"{seed}:{called.get(t, t)!r}".encode()).digest(),
            t,
        ),
    )


def _per_match(amount: int, acc: _Acc[Any]) -> Fraction:
    rounds = acc.rounds
    return Fraction(amount, rounds) if rounds else Fraction(0)


_OVERALL_VALUE: dict[str, Callable[[_Acc[Any]], Value]] = {
    "points": lambda a: a.points,
    "points_per_match": lambda a: _per_match(a.points, a),
    "points_diff": lambda a: a.points - a.points_against,
    "won": lambda a: a.won,
    "diff": lambda a: a.score_for - a.score_against,
    "diff_per_match": lambda a: _per_match(a.score_for - a.score_against, a),
    "scored": lambda a: a.score_for,
    "scored_per_match": lambda a: _per_match(a.score_for, a),
}
assert set(_OVERALL_VALUE) == _OVERALL
