"""Who qualifies for the tabellone, and with which seed (testa di serie).

The standings engine (:mod:`rules.standings`) breaks every tie, including the ties at
the cut; this module only reads ordered lists of pair ids.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.errors import PairingError


@dataclass(frozen=True)
class Qualifier:
    """A pair admitted to the tabellone, with its overall seed (1 = top seed)."""

    pair: int
    seed: int
    girone: str | None = None  # label of its girone; None when seeded by overall only
    place: int | None = None  # 1-based place in its girone


def qualifiers_by_girone(
    standings: Mapping[str, Sequence[int]],
    per_girone: int,
    *,
    best_next: int = 0,
    overall: Sequence[int] = (),
    tiers_by_overall: bool = True,
) -> tuple[Qualifier, ...]:
    """The first ``per_girone`` of each girone (plus the ``best_next`` best next-placed).

    ``standings`` maps each girone label to its pair ids in standings order; the
    mapping's order is the gironi order (A, B, C ...). Seeds go tier by tier: all
    firsts, then all seconds, and so on. Inside a tier the pairs follow ``overall``
    (an ordered list across gironi) when it is given; otherwise the gironi are rotated
    by one place per tier (firsts A B C, seconds B C A, thirds C A B), so that no
    girone always gets the better seed. ``best_next`` pairs placed ``per_girone + 1``
    also qualify, the best of them according to ``overall``. With
    ``tiers_by_overall=False`` the tiers keep the rotation and ``overall`` only picks
    the best next-placed.

    >>> qs = qualifiers_by_girone({"A": [11, 12, 13], "B": [21, 22, 23]}, 2)
    >>> [(q.seed, q.girone, q.place, q.pair) for q in qs]
    [(1, 'A', 1, 11), (2, 'B', 1, 21), (3, 'B', 2, 22), (4, 'A', 2, 12)]
    """
    _check_gironi(standings, per_girone, best_next)
    labels = list(standings)
    rank = {pair: i for i, pair in enumerate(overall)}
    if len(rank) != len(overall):
        raise PairingError(f"overall standings list a pair twice: {list(overall)!r}")
    tiers: list[list[tuple[str, int, int]]] = []
    for place in range(1, per_girone + 1):
        shift = (place - 1) % len(labels)
        rotated = labels[shift:] + labels[:shift]
        tiers.append([(label, place, standings[label][place - 1]) for label in rotated])
    if overall and tiers_by_overall:
        tiers = [_by_overall(tier, rank) for tier in tiers]
    if best_next:
        tiers.append(_best_next(standings, per_girone + 1, best_next, rank))
    flat = [entry for tier in tiers for entry in tier]
    if len(flat) < 2:
        raise PairingError(f"a tabellone needs at least 2 qualifiers, got {len(flat)}")
    return tuple(
        Qualifier(pair=pair, seed=seed, girone=label, place=place)
        for seed, (label, place, pair) in enumerate(flat, start=1)
    )


def _check_gironi(
    standings: Mapping[str, Sequence[int]], per_girone: int, best_next: int
) -> None:
    """Refuse no gironi, negative counts, a pair twice, a girone too small."""
    if not standings:
        raise PairingError("no gironi given")
    if per_girone < 0:
        raise PairingError(f"qualifiers per girone must be >= 0, got {per_girone}")
    if best_next < 0:
        raise PairingError(f"best_next must be >= 0, got {best_next}")
    _check_unique_pairs(standings)
    for label, pairs in standings.items():
        if not label:
            raise PairingError(f"girone label must not be empty: {label!r}")
        if len(pairs) < per_girone:
            raise PairingError(
                f"girone {label!r} has {len(pairs)} pairs, "
                f"fewer than the {per_girone} that qualify"
            )


def _best_next(
    standings: Mapping[str, Sequence[int]],
    place: int,
    best_next: int,
    rank: Mapping[int, int],
) -> list[tuple[str, int, int]]:
    """The ``best_next`` best pairs placed ``place``, by the overall standings."""
    candidates = [
        (label, place, pairs[place - 1])
        for label, pairs in standings.items()
        if len(pairs) >= place
    ]
    if best_next > len(candidates):
        raise PairingError(
            f"best_next={best_next} but only {len(candidates)} gironi "
            f"have a pair placed {place}"
        )
    if not rank:
        raise PairingError("best_next needs the overall standings to pick the best")
    return _by_overall(candidates, rank)[:best_next]


def qualifiers_by_overall(
    overall: Sequence[int],
    count: int,
    *,
    gironi: Mapping[str, Sequence[int]] | None = None,
) -> tuple[Qualifier, ...]:
    """The best ``count`` pairs of an overall ordered list, seeded in that order.

    With ``gironi`` (label -> pairs in standings order) each qualifier also carries
    its girone and place, so that the tabellone can keep gironi apart.

    >>> qs = qualifiers_by_overall([7, 3, 9, 4], 3, gironi={"A": [7, 9], "B": [3, 4]})
    >>> [(q.seed, q.pair, q.girone, q.place) for q in qs]
    [(1, 7, 'A', 1), (2, 3, 'B', 1), (3, 9, 'A', 2)]
    """
    if len(set(overall)) != len(overall):
        raise PairingError(f"overall standings list a pair twice: {list(overall)!r}")
    if not 2 <= count <= len(overall):
        raise PairingError(
            f"count must be between 2 and {len(overall)} (pairs listed), got {count}"
        )
    where: dict[int, tuple[str, int]] = {}
    if gironi is not None:
        _check_unique_pairs(gironi)
        for label, pairs in gironi.items():
            for place, pair in enumerate(pairs, start=1):
                where[pair] = (label, place)
    qualifiers = []
    for seed, pair in enumerate(overall[:count], start=1):
        if gironi is None:
            qualifiers.append(Qualifier(pair=pair, seed=seed))
            continue
        if pair not in where:
            raise PairingError(f"pair {pair} is in the overall standings but no girone")
        label, place = where[pair]
        qualifiers.append(Qualifier(pair=pair, seed=seed, girone=label, place=place))
    return tuple(qualifiers)


def _by_overall(
    entries: list[tuple[str, int, int]], rank: Mapping[int, int]
) -> list[tuple[str, int, int]]:
    missing = [pair for _, _, pair in entries if pair not in rank]
    if missing:
        raise PairingError(f"pairs missing from the overall standings: {missing!r}")
    return sorted(entries, key=lambda entry: rank[entry[2]])


def _check_unique_pairs(standings: Mapping[str, Sequence[int]]) -> None:
    seen: dict[int, str] = {}
    for label, pairs in standings.items():
        for pair in pairs:
            if pair in seen:
                raise PairingError(
                    f"pair {pair} is listed in girone {seen[pair]!r} and {label!r}"
                )
            seen[pair] = label


@dataclass(frozen=True)
class CutTie:
    """Pairs level on the first criterion across the qualifying cut of one girone.

    ``inside`` are those that qualify. ``resolved`` is False when the chain ended
    without separating them across the cut (equal positions, e.g. a lot not drawn
    yet): the director has to settle it before confirming the qualifiers.
    """

    girone: str | None
    pairs: tuple[int, ...]  # the tied group, in standings order
    inside: tuple[int, ...]
    resolved: bool


def ties_at_cut(
    rows: Sequence[tuple[int, int, Sequence[int]]],
    cut: int,
    *,
    girone: str | None = None,
) -> tuple[CutTie, ...]:
    """Ties of the standings that the qualifying cut (first ``cut`` places) splits.

    ``rows`` are ``(pair, position, tied group)`` in standings order, the tied group
    being the pairs level with it on the chain's first criterion (empty: no tie), as
    :class:`rules.standings.Explanation` ``teams`` gives it.

    >>> rows = [(1, 1, ()), (2, 2, (2, 3, 4)), (3, 3, (2, 3, 4)), (4, 4, (2, 3, 4))]
    >>> ties_at_cut(rows, 3, girone="A")
    (CutTie(girone='A', pairs=(2, 3, 4), inside=(2, 3), resolved=True),)
    >>> ties_at_cut([(1, 1, (1, 2)), (2, 1, (1, 2))], 1)[0].resolved
    False
    """
    if cut < 0:
        raise PairingError(f"the cut must be >= 0, got {cut}")
    order = [pair for pair, _, _ in rows]
    if len(set(order)) != len(order):
        raise PairingError(f"standings list a pair twice: {order!r}")
    place = {pair: i for i, pair in enumerate(order, start=1)}
    position = {pair: pos for pair, pos, _ in rows}
    ties: list[CutTie] = []
    seen: set[tuple[int, ...]] = set()
    for _, _, group in rows:
        members = tuple(sorted(group, key=lambda p: place.get(p, 0)))
        if len(members) < 2 or members in seen:
            continue
        seen.add(members)
        missing = [p for p in members if p not in place]
        if missing:
            raise PairingError(f"tied pairs {missing!r} are not in the standings")
        inside = tuple(p for p in members if place[p] <= cut)
        outside = [p for p in members if place[p] > cut]
        if not inside or not outside:
            continue
        resolved = max(position[p] for p in inside) < min(position[p] for p in outside)
        ties.append(CutTie(girone, members, inside, resolved))
    return tuple(ties)
