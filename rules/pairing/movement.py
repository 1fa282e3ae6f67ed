"""What a movement is: one object that names itself, states its constraints and seats a
round (docs/rules.md §9).

Every movement of a plan (Mitchell, Danese, Danese modificato, all'italiana, the first
round by draw or by seeding) is an instance of a :class:`Movement` subclass, kept in the
plain mapping of :mod:`rules.pairing.registry`. The services read a girone into a
:class:`Situation` (plain values), ask the movement for :meth:`Movement.seat` and
:meth:`Movement.constraints`, and hand the same constraints to the independent checker
(:func:`rules.pairing.check_round`) and to the round's draft page: what a movement
forbids is written once, here.

Terminology: situation = what is known before a round (pairs, history, ranking, the
tournament's options); seating = the tables of a round, numbered; constraint = what the
checker verifies (no rematch within a scope, no two pairs of a club at a table).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from rules.errors import PairingError

Scope = Literal["previous", "any"]
"""A rematch is forbidden with the previous round's opponent, or with any earlier one."""

Seat = tuple[int, int, int | None]
"""One table of a seating: ``(table number, NS pair, EO pair or None = the NS pair
rests there)``."""


def gettext_noop(message: str) -> str:
    """Mark a label for translation without translating it (the rules stay free of
    Django; ``makemessages`` finds the marked strings, the services translate them).

    >>> gettext_noop("Mitchell")
    'Mitchell'
    """
    return message


@dataclass(frozen=True)
class Options:
    """The tournament's choices that movements read (docs/rules.md §9).

    * ``no_rematch``: the pack's ``[pairing] danese_no_rematch`` (``"previous"``: the
      sources' wording; ``"any"``: no earlier opponent);
    * ``never_rematch``: the director's "never the same opponents": every round paired by
      the ranking avoids every earlier opponent, in the last round too (§9.3);
    * ``rematch_in_last_round``: a Danese modificato may repeat a meeting in the last
      round (the sources' exception), unless ``never_rematch``;
    * ``avoid_clubs``: keep pairs of the same club apart (forbidden in draws and Danese
      modificato; a Mitchell seats them as rarely as it can, §9.1);
    * ``higher_ranked_ns``: the higher-ranked pair of a Danese table sits NS (§9.2);
    * ``mitchell_step``: tables the EO line moves each round (None: the smallest that
      works).
    """

    no_rematch: Scope = "previous"
    never_rematch: bool = False
    rematch_in_last_round: bool = True
    avoid_clubs: bool = False
    higher_ranked_ns: bool = True
    mitchell_step: int | None = None


@dataclass(frozen=True)
class Constraints:
    """What the checker verifies for a round, as its movement states it.

    ``no_rematch``: pairs may not meet again within this scope (None: not checked);
    ``avoid_clubs``: two pairs of one club may not meet; ``fewest_clubs``: same-club
    meetings are allowed but the movement seated as few as it could (a Mitchell), so
    the draft page shows them without calling them a violation.
    """

    no_rematch: Scope | None = None
    avoid_clubs: bool = False
    fewest_clubs: bool = False


@dataclass(frozen=True)
class Situation:
    """A girone before round ``number``, as plain values (pair numbers).

    ``pairs``: the pairs playing now, in seeding order (seed, then number);
    ``ranking``: the same pairs in the standings' order (only for a movement that is
    :attr:`Movement.ranked`); ``history``: every earlier round's tables that were
    played, oldest first; ``seats``: every earlier round as its numbered tables (rests
    included); ``rested``: the pairs that may not rest now (they rested more than the
    least-rested pair); ``block``: how many rounds of the plan use this movement;
    ``plan_rounds``: how many rounds the plan has; ``first_step``: the EO step round 1
    used (a Mitchell); ``seed``: the draw's seed (a random first round).
    """

    number: int
    pairs: tuple[int, ...]
    ranking: tuple[int, ...] = ()
    history: tuple[tuple[tuple[int, int], ...], ...] = ()
    seats: tuple[tuple[Seat, ...], ...] = ()
    rested: frozenset[int] = frozenset()
    clubs: Mapping[int, int | None] = field(default_factory=dict)
    options: Options = Options()
    block: int = 1
    plan_rounds: int = 1
    first_step: int | None = None
    seed: int | None = None

    @property
    def last_round(self) -> bool:
        """This is the plan's last round.

        >>> Situation(4, (1, 2), plan_rounds=4).last_round
        True
        """
        return self.number >= self.plan_rounds

    @property
    def first_round_pairs(self) -> tuple[int, ...]:
        """Every pair seated or resting in round 1 (a calendar's pairs).

        >>> Situation(2, (1, 2, 3), seats=(((1, 1, 2), (2, 3, None)),)).first_round_pairs
        (1, 2, 3)
        """
        if not self.seats:
            return ()
        return tuple(p for _n, a, b in self.seats[0] for p in (a, b) if p is not None)


@dataclass(frozen=True)
class Seating:
    """A round as a movement seats it: numbered tables (a rest table has no EO pair),
    and the draw's seed or the Mitchell's step when the movement used one."""

    tables: tuple[Seat, ...]
    seed: int | None = None
    step: int | None = None

    @staticmethod
    def numbered(
        tables: list[tuple[int, int]] | tuple[tuple[int, int], ...],
        resting: int | list[int] | None = None,
    ) -> Seating:
        """Tables numbered from 1 in order, then each resting pair at a table of its own.

        >>> Seating.numbered([(1, 2), (3, 4)], 5).tables
        ((1, 1, 2), (2, 3, 4), (3, 5, None))
        """
        rests = (
            []
            if resting is None
            else [resting]
            if isinstance(resting, int)
            else resting
        )
        seats: list[Seat] = [(i, a, b) for i, (a, b) in enumerate(tables, start=1)]
        seats += [(len(seats) + i, p, None) for i, p in enumerate(rests, start=1)]
        return Seating(tuple(seats))


FirstRound = Literal["only", "allowed", "never"]


class Movement:
    """One movement: its name (the word of a plan), its label, where a plan may use it,
    its constraints and how it seats a round. Subclasses set the class attributes and
    implement :meth:`seat`; the default :meth:`constraints` forbids nothing.

    * ``first``: ``"only"`` seats only round 1 (a draw), ``"never"`` cannot seat it
      (no ranking yet), ``"allowed"`` both;
    * ``whole_plan``: a calendar that is the whole plan (all'italiana): a plan that
      names it alone runs the whole calendar;
    * ``opening_block``: its rounds must be one block from round 1 (a Mitchell);
    * ``ranked``: it pairs by the standings' order (:attr:`Situation.ranking`);
    * ``for_teams``: a team tournament may use it (docs/rules.md §11).
    """

    name: str = ""
    label: str = ""
    first: FirstRound = "allowed"
    whole_plan: bool = False
    opening_block: bool = False
    ranked: bool = False
    for_teams: bool = True

    def constraints(self, situation: Situation) -> Constraints:
        """What the checker verifies for round ``situation.number``.

        >>> Movement().constraints(Situation(1, (1, 2)))
        Constraints(no_rematch=None, avoid_clubs=False, fewest_clubs=False)
        """
        return Constraints()

    def seat(self, situation: Situation) -> Seating:
        """The round's tables; :class:`~rules.errors.PairingError` if none is valid."""
        raise NotImplementedError(f"movement {self.name!r} does not seat rounds")

    def calendar_rounds(self, pairs: int) -> int | None:
        """How many rounds a ``whole_plan`` calendar has for ``pairs`` pairs (None:
        the plan says how many).

        >>> Movement().calendar_rounds(8) is None
        True
        """
        return None

    def __repr__(self) -> str:
        return f"<movement {self.name}>"


def rematch_scope(situation: Situation) -> Scope | None:
    """The rematches a round paired by the ranking must avoid (docs/rules.md §9.3): all
    earlier opponents with "never the same opponents", none in the last round when the
    tournament allows it, else the pack's scope.

    >>> rematch_scope(Situation(3, (1, 2), plan_rounds=3))
    >>> rematch_scope(Situation(3, (1, 2), plan_rounds=3, options=Options(never_rematch=True)))
    'any'
    >>> rematch_scope(Situation(2, (1, 2), plan_rounds=3))
    'previous'
    """
    options = situation.options
    if options.never_rematch:
        return "any"
    if situation.last_round and options.rematch_in_last_round:
        return None
    return options.no_rematch


def need(condition: bool, message: str, code: str = "", **params: object) -> None:
    """Raise :class:`~rules.errors.PairingError` unless ``condition`` holds.

    >>> need(True, "fine")
    """
    if not condition:
        raise PairingError(message, code=code, params=params)
