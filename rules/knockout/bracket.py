"""The tabellone as a value: its matches, winners advancing, and corrections.

Matches are keyed ``(round, index)``: round 1 has ``size / 2`` matches, match
``(r, i)`` sends its winner to ``(r + 1, i // 2)``, side ``"a"`` when ``i`` is even.
The final is ``(R, 0)``; the optional third-place match (finale per il terzo posto) is
``(R, 1)`` and takes the losers of the two semifinals.

A result is a winner (a pair id). Recording one advances the winner at once. A
**correction** (a different winner, or none) re-runs what follows: a later match that
has not been played simply gets the new pair; a later match that *was* played is never
rewritten silently: it is flagged (``Status.FLAGGED``) with its winner withdrawn, and
what it had sent on is withdrawn in turn. The :class:`Change` list returned says what
moved, so that the referee can be shown the impact and replay or confirm the flagged
matches.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import Enum

from rules.errors import InvalidMatchError, PairingError

Key = tuple[int, int]


class Status(Enum):
    """Where a match stands."""

    WAITING = "waiting"  # one or both pairs not known yet
    READY = "ready"  # both pairs known, no result
    PLAYED = "played"  # a winner recorded
    BYE = "bye"  # round 1 with one pair only: it goes through without playing
    FLAGGED = "flagged"  # was played, but a correction upstream changed its pairs


@dataclass(frozen=True)
class Match:
    """One match of the tabellone; pairs are ids (None = not known yet / bye)."""

    round: int
    index: int
    pair_a: int | None = None
    pair_b: int | None = None
    winner: int | None = None
    status: Status = Status.WAITING

    @property
    def key(self) -> Key:
        """``(round, index)``."""
        return (self.round, self.index)

    @property
    def loser(self) -> int | None:
        """The pair that lost (None without a result or at a bye).

        >>> Match(1, 0, 5, 9, 9, Status.PLAYED).loser
        5
        """
        if self.winner is None or self.status is Status.BYE:
            return None
        return self.pair_b if self.winner == self.pair_a else self.pair_a


@dataclass(frozen=True)
class Change:
    """One slot changed by a result: in match ``key``, side ``side``, old -> new pair."""

    key: Key
    side: str
    old: int | None
    new: int | None
    was_played: bool  # the match had a result, now flagged


@dataclass(frozen=True)
class Bracket:
    """A tabellone: ``size`` slots, its matches in key order, optional third place."""

    size: int
    third_place: bool
    matches: tuple[Match, ...]

    @property
    def rounds(self) -> int:
        """Number of rounds (the final is the last).

        >>> build_bracket([1, 2, 3, 4]).rounds
        2
        """
        return self.size.bit_length() - 1

    def match(self, round_: int, index: int) -> Match:
        """The match at ``(round_, index)``, or InvalidMatchError."""
        for m in self.matches:
            if m.key == (round_, index):
                return m
        raise InvalidMatchError(
            f"no match {index + 1} in round {round_} of this tabellone"
        )

    def round_matches(self, round_: int) -> tuple[Match, ...]:
        """The matches of one round, top to bottom (the third place after the final)."""
        return tuple(m for m in self.matches if m.round == round_)

    def champion(self) -> int | None:
        """The winner of the final, once played.

        >>> b = build_bracket([1, 2])
        >>> record_winner(b, 1, 0, 2)[0].champion()
        2
        """
        final = self.match(self.rounds, 0)
        return final.winner if final.status is Status.PLAYED else None


def round_code(rounds: int, round_: int) -> str:
    """A name code for a round counted from the final: final, semifinal, ...

    >>> [round_code(4, r) for r in (1, 2, 3, 4)]
    ['quarterfinal_of_8', 'quarterfinal', 'semifinal', 'final']
    >>> round_code(6, 1)
    'round_of_64'
    """
    if not 1 <= round_ <= rounds:
        raise PairingError(f"round {round_} is not in a tabellone of {rounds} rounds")
    left = rounds - round_
    names = {0: "final", 1: "semifinal", 2: "quarterfinal", 3: "quarterfinal_of_8"}
    return names.get(left, f"round_of_{2 << left}")


def build_bracket(slots: Sequence[int | None], *, third_place: bool = False) -> Bracket:
    """The empty tabellone for these slots (pair ids, None = bye), byes advanced.

    >>> b = build_bracket([1, None, 3, 4])
    >>> [(m.key, m.pair_a, m.pair_b, m.status.value) for m in b.matches]
    [((1, 0), 1, None, 'bye'), ((1, 1), 3, 4, 'ready'), ((2, 0), 1, None, 'waiting')]
    """
    size = len(slots)
    if size < 2 or size & (size - 1):
        raise PairingError(f"tabellone size must be a power of two >= 2, got {size}")
    pairs = [p for p in slots if p is not None]
    if len(set(pairs)) != len(pairs):
        raise PairingError(f"a pair sits in two slots: {list(slots)!r}")
    if len(pairs) < 2:
        raise PairingError(f"a tabellone needs at least 2 pairs, got {len(pairs)}")
    rounds = size.bit_length() - 1
    if third_place and rounds < 2:
        raise PairingError("a third-place match needs semifinals (4 slots or more)")
    if third_place and rounds == 2 and None in slots:
        raise PairingError("no third-place match when a semifinal is a bye")
    matches: dict[Key, Match] = {}
    for index in range(size // 2):
        a, b = slots[2 * index], slots[2 * index + 1]
        if a is None and b is None:
            raise PairingError(
                f"slots {2 * index + 1} and {2 * index + 2} are both byes: "
                f"byes must go to the top seeds"
            )
        matches[(1, index)] = _settle(Match(1, index, a, b))
    for round_ in range(2, rounds + 1):
        for index in range(size >> round_):
            matches[(round_, index)] = Match(round_, index)
    if third_place:
        matches[(rounds, 1)] = Match(rounds, 1)
    bracket = Bracket(size, third_place, tuple(matches[k] for k in sorted(matches)))
    for index in range(size // 2):
        bracket, _ = _propagate(bracket, (1, index), [])
    return bracket


def record_winner(
    bracket: Bracket, round_: int, index: int, winner: int | None
) -> tuple[Bracket, tuple[Change, ...]]:
    """Record (or with None withdraw) a match's winner and re-run what follows.

    Returns the new tabellone and the slots changed downstream.

    >>> b = build_bracket([1, 4, 2, 3])
    >>> b, _ = record_winner(b, 1, 0, 1)
    >>> b, _ = record_winner(b, 1, 1, 2)
    >>> b, _ = record_winner(b, 2, 0, 2)
    >>> b, changes = record_winner(b, 1, 0, 4)  # a correction after the final
    >>> [(c.key, c.old, c.new, c.was_played) for c in changes]
    [((2, 0), 1, 4, True)]
    >>> b.match(2, 0).status.value, b.match(2, 0).winner
    ('flagged', None)
    """
    match = bracket.match(round_, index)
    if match.status is Status.BYE:
        raise InvalidMatchError(
            f"match {index + 1} of round {round_} is a bye: pair {match.winner} "
            f"goes through without playing"
        )
    if match.pair_a is None or match.pair_b is None:
        raise InvalidMatchError(
            f"match {index + 1} of round {round_}: its pairs are not known yet"
        )
    if winner is not None and winner not in (match.pair_a, match.pair_b):
        raise InvalidMatchError(
            f"pair {winner} does not play match {index + 1} of round {round_} "
            f"({match.pair_a} v {match.pair_b})"
        )
    if winner is None:
        updated = replace(match, winner=None, status=Status.READY)
    else:
        updated = replace(match, winner=winner, status=Status.PLAYED)
    bracket = _put(bracket, updated)
    changes: list[Change] = []
    bracket, changes = _propagate(bracket, match.key, changes)
    return bracket, tuple(changes)


def placements(bracket: Bracket) -> tuple[int | None, ...]:
    """First, second, third and fourth place once known (None where not decided).

    Without a third-place match, third and fourth are the two semifinal losers (both
    third, shown in tabellone order).

    >>> b = build_bracket([1, 4, 2, 3])
    >>> for key, w in (((1, 0), 1), ((1, 1), 3), ((2, 0), 3)):
    ...     b, _ = record_winner(b, *key, w)
    >>> placements(b)
    (3, 1, 4, 2)
    """
    rounds = bracket.rounds
    final = bracket.match(rounds, 0)
    played = final.status is Status.PLAYED
    result: list[int | None] = [final.winner if played else None]
    result.append(final.loser if played else None)
    if rounds < 2:
        return tuple(result)
    if bracket.third_place:
        third = bracket.match(rounds, 1)
        ok = third.status is Status.PLAYED
        result += [third.winner if ok else None, third.loser if ok else None]
    else:
        for index in (0, 1):
            semi = bracket.match(rounds - 1, index)
            result.append(semi.loser if semi.status is Status.PLAYED else None)
    return tuple(result)


def _feeds(bracket: Bracket, key: Key) -> Iterable[tuple[Key, str, bool]]:
    """Where a match sends its pairs: (target, side, sends the winner?)."""
    round_, index = key
    rounds = bracket.rounds
    if round_ == rounds:
        return ()
    side = "a" if index % 2 == 0 else "b"
    targets = [((round_ + 1, index // 2), side, True)]
    if bracket.third_place and round_ == rounds - 1:
        targets.append(((rounds, 1), side, False))
    return targets


def _propagate(
    bracket: Bracket, key: Key, changes: list[Change]
) -> tuple[Bracket, list[Change]]:
    """Push a match's winner (and loser, to the third place) into what follows."""
    source = bracket.match(*key)
    decided = source.status in (Status.PLAYED, Status.BYE)
    for target_key, side, sends_winner in _feeds(bracket, key):
        pair = (source.winner if sends_winner else source.loser) if decided else None
        target = bracket.match(*target_key)
        old = target.pair_a if side == "a" else target.pair_b
        if old == pair:
            continue
        was_played = target.status in (Status.PLAYED, Status.FLAGGED)
        if side == "a":
            updated = replace(target, pair_a=pair)
        else:
            updated = replace(target, pair_b=pair)
        if was_played:
            updated = replace(updated, winner=None, status=Status.FLAGGED)
        else:
            updated = _settle(updated)
        changes.append(Change(target_key, side, old, pair, was_played))
        bracket = _put(bracket, updated)
        if target.status is Status.PLAYED:
            bracket, changes = _propagate(bracket, target_key, changes)
    return bracket, changes


def _settle(match: Match) -> Match:
    """Status of a match without a result, from who is known in it."""
    a, b = match.pair_a, match.pair_b
    if match.round == 1 and (a is None) != (b is None):
        return replace(match, winner=a if a is not None else b, status=Status.BYE)
    if a is not None and b is not None:
        return replace(match, winner=None, status=Status.READY)
    return replace(match, winner=None, status=Status.WAITING)


def _put(bracket: Bracket, match: Match) -> Bracket:
    return replace(
        bracket,
        matches=tuple(match if m.key == match.key else m for m in bracket.matches),
    )
