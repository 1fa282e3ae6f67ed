"""An independent checker of one round's tables, written apart from the generators.

It imports nothing from the rest of :mod:`rules.pairing`, so that a mistake shared by
a generator and its helpers cannot hide here. It reports every violation it finds,
each as a :class:`Violation` with a code, the pairs involved and a plain message.

Terminology: table = tavolo ``(ns, ew)``; rest = riposo; rematch = two pairs meeting
again; club clash = two pairs of the same club at one table (when avoidance is on).

Codes (:data:`CODES`):

* ``unknown``: a pair that is not in the round's list of pairs;
* ``duplicate``: a pair seated (or resting) more than once;
* ``self``: a table with the same pair on both sides;
* ``missing``: a pair neither seated nor resting;
* ``forbidden``: a meeting the caller forbade (``forbidden``);
* ``rematch``: pairs that already met, within ``no_rematch`` (the previous round, or
  any earlier round) of ``history``;
* ``club``: pairs of the same club at one table, with ``avoid_clubs``;
* ``extra_rest``: more than one resting pair;
* ``rest_even``: a pair rests although the count of pairs is even;
* ``unfair_rest``: a pair rests again while another has rested fewer times (nobody
  rests twice before everyone has rested once), counting ``rested_before``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence, Set
from dataclasses import dataclass, field
from typing import Literal

CODES = (
    "unknown",
    "duplicate",
    "self",
    "missing",
    "forbidden",
    "rematch",
    "club",
    "extra_rest",
    "rest_even",
    "unfair_rest",
)
"""Every violation code :func:`check_round` may report."""


@dataclass(frozen=True)
class Violation:
    """One broken rule in a round: a code, the pairs involved, a plain message."""

    code: str
    pairs: tuple[int, ...]
    message: str
    #: The earlier rounds the pairs met in (a rematch, a meeting noted on the draft);
    #: detail for the wording, not part of what the violation is.
    rounds: tuple[int, ...] = field(default=(), compare=False)


def _listed(pairs: Iterable[int], limit: int = 10) -> str:
    """Pair numbers in words: '3, 5 and 8', cut after ``limit``."""
    shown = sorted(pairs)
    extra = len(shown) - limit
    words = [str(p) for p in shown[:limit]]
    if extra > 0:
        return f"{', '.join(words)} and {extra} more"
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} and {words[-1]}"


def check_round(
    tables: Sequence[tuple[int, int]],
    resting: int | Iterable[int] | None,
    *,
    pairs: Collection[int],
    history: Sequence[Iterable[tuple[int, int]]] = (),
    forbidden: Iterable[Set[int]] = (),
    clubs: Mapping[int, int | None] | None = None,
    avoid_clubs: bool = False,
    rested_before: Iterable[int] = (),
    no_rematch: Literal["previous", "any"] | None = None,
) -> list[Violation]:
    """Return every rule the round breaks (an empty list for a valid round).

    ``history``: earlier rounds' tables, oldest first. ``rested_before``: the pairs
    that rested in earlier rounds, one entry per rest.

    >>> check_round([(1, 2), (3, 4)], None, pairs=[1, 2, 3, 4])
    []
    >>> [v.message for v in check_round([(1, 2)], 3, pairs=[1, 2, 3, 4])]
    ['pair 4 is neither seated nor resting', 'pair 3 rests although the 4 pairs are an even count']
    """
    if resting is None:
        resters: list[int] = []
    elif isinstance(resting, int):
        resters = [resting]
    else:
        resters = list(resting)
    everyone = set(pairs)
    return [
        *_seating(tables, resters, everyone),
        *_meetings(
            tables,
            history=history,
            forbidden=forbidden,
            clubs=clubs if avoid_clubs else None,
            no_rematch=no_rematch,
        ),
        *_rests(resters, everyone, rested_before),
    ]


def _seating(
    tables: Sequence[tuple[int, int]], resters: list[int], everyone: set[int]
) -> list[Violation]:
    """Pairs unknown, seated twice, against themselves, or nowhere."""
    found: list[Violation] = []
    # Where each pair appears: table numbers (from 1), 0 for the rest.
    places: dict[int, list[int]] = {}
    for number, (ns, ew) in enumerate(tables, start=1):
        places.setdefault(ns, []).append(number)
        places.setdefault(ew, []).append(number)
    for pair in resters:
        places.setdefault(pair, []).append(0)

    def where(spots: list[int]) -> str:
        return _listed_places(spots)

    for pair in sorted(set(places) - everyone):
        found.append(
            Violation(
                "unknown",
                (pair,),
                f"pair {pair} ({where(places[pair])}) is not in this round's pairs",
            )
        )
    for pair in sorted(places):
        if len(places[pair]) > 1:
            found.append(
                Violation(
                    "duplicate",
                    (pair,),
                    f"pair {pair} appears {len(places[pair])} times: "
                    f"{where(places[pair])}",
                )
            )
    for number, (ns, ew) in enumerate(tables, start=1):
        if ns == ew:
            found.append(
                Violation(
                    "self", (ns,), f"table {number} seats pair {ns} against itself"
                )
            )
    for pair in sorted(everyone - set(places)):
        found.append(
            Violation("missing", (pair,), f"pair {pair} is neither seated nor resting")
        )
    return found


def _meetings(
    tables: Sequence[tuple[int, int]],
    *,
    history: Sequence[Iterable[tuple[int, int]]],
    forbidden: Iterable[Set[int]],
    clubs: Mapping[int, int | None] | None,
    no_rematch: Literal["previous", "any"] | None,
) -> list[Violation]:
    """Meetings forbidden, rematches, and pairs of one club (``clubs`` given when
    they are to be avoided)."""
    found: list[Violation] = []
    banned = {frozenset(f) for f in forbidden}
    met_in: dict[frozenset[int], list[int]] = {}
    for number, earlier in enumerate(history, start=1):
        for a, b in earlier:
            met_in.setdefault(frozenset((a, b)), []).append(number)
    last = len(history)
    for number, (ns, ew) in enumerate(tables, start=1):
        if ns == ew:
            continue
        couple = frozenset((ns, ew))
        rounds = met_in.get(couple, [])
        if couple in banned:
            before = f" (they met in round {_listed(rounds)})" if rounds else ""
            found.append(
                Violation(
                    "forbidden",
                    (ns, ew),
                    f"table {number}: pairs {ns} and {ew} may not meet{before}",
                )
            )
        if (no_rematch == "any" and rounds) or (
            no_rematch == "previous" and last in rounds
        ):
            found.append(
                Violation(
                    "rematch",
                    (ns, ew),
                    f"table {number}: pairs {ns} and {ew} already met in round "
                    f"{_listed(rounds)}",
                    tuple(rounds),
                )
            )
        if clubs is not None:
            club = clubs.get(ns)
            if club is not None and club == clubs.get(ew):
                found.append(
                    Violation(
                        "club",
                        (ns, ew),
                        f"table {number}: pairs {ns} and {ew} are both from club {club}",
                    )
                )
    return found


def _rests(
    resters: list[int], everyone: set[int], rested_before: Iterable[int]
) -> list[Violation]:
    """More than one rest, a rest with an even count, a rest out of turn."""
    found: list[Violation] = []
    if len(resters) > 1:
        found.append(
            Violation(
                "extra_rest",
                tuple(resters),
                f"{len(resters)} pairs rest ({_listed(resters)}); at most one may",
            )
        )
    if resters and len(everyone) % 2 == 0:
        for pair in resters:
            found.append(
                Violation(
                    "rest_even",
                    (pair,),
                    f"pair {pair} rests although the {len(everyone)} pairs are an "
                    "even count",
                )
            )
    counts = Counter(p for p in rested_before if p in everyone)
    fewest = min((counts[p] for p in everyone), default=0)
    for pair in resters:
        if pair in everyone and counts[pair] > fewest:
            waiting = [p for p in everyone if counts[p] == fewest]
            so_far = "not rested yet" if fewest == 0 else f"rested only {fewest} times"
            found.append(
                Violation(
                    "unfair_rest",
                    (pair,),
                    f"pair {pair} rests again (rest number {counts[pair] + 1}) while "
                    f"pairs {_listed(waiting)} have {so_far}",
                )
            )
    return found


def meetings_to_note(
    tables: Sequence[tuple[int, int]],
    *,
    history: Sequence[Iterable[tuple[int, int]]] = (),
    clubs: Mapping[int, int | None] | None = None,
) -> list[Violation]:
    """Every meeting of the round a director wants to see on the draft, allowed or
    not: pairs that met before (code ``met_before``, with the rounds they met in) and
    pairs of the same club (code ``same_club``). What the movement forbids is reported
    by :func:`check_round`; this lists every such meeting whatever the constraints.

    >>> notes = meetings_to_note([(1, 2), (3, 4)], history=[[(2, 1)], [(1, 3)]],
    ...                          clubs={3: 9, 4: 9})
    >>> [(n.code, n.pairs, n.rounds) for n in notes]
    [('met_before', (1, 2), (1,)), ('same_club', (3, 4), ())]
    """
    met_in: dict[frozenset[int], list[int]] = {}
    for number, earlier in enumerate(history, start=1):
        for a, b in earlier:
            met_in.setdefault(frozenset((a, b)), []).append(number)
    notes: list[Violation] = []
    for number, (ns, ew) in enumerate(tables, start=1):
        rounds = met_in.get(frozenset((ns, ew)), [])
        if rounds and ns != ew:
            notes.append(
                Violation(
                    "met_before",
                    (ns, ew),
                    f"table {number}: pairs {ns} and {ew} met in round "
                    f"{_listed(rounds)}",
                    tuple(rounds),
                )
            )
        club = None if clubs is None else clubs.get(ns)
        if club is not None and clubs is not None and club == clubs.get(ew):
            notes.append(
                Violation(
                    "same_club",
                    (ns, ew),
                    f"table {number}: pairs {ns} and {ew} are both from club {club}",
                )
            )
    return notes


def _listed_places(spots: list[int]) -> str:
    """'at tables 1 and 3 and resting' for a list of table numbers (0 = resting)."""
    tables = [s for s in spots if s]
    words = []
    if tables:
        noun = "table" if len(tables) == 1 else "tables"
        words.append(f"at {noun} {_listed(tables)}")
    if 0 in spots:
        words.append(
            "resting" if spots.count(0) == 1 else f"resting {spots.count(0)} times"
        )
    return " and ".join(words)
