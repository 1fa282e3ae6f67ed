"""The players met while checking entries, and when two of them are the same person.

Within a tournament two players are the same person when they share a membership
number, or share a name and at most one of them has a number; one membership number
under two different names is reported as such (:mod:`participants.services.checks`),
and so is a number the registry holds under another name (for teams too).
Players met earlier are indexed by membership number and by name, so that finding
the first match is O(1) and the checks stay linear in the number of entries.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext as _

from participants.models import Pair
from participants.services.entries import PairEntry, name_key
from people.models import Player


@dataclass(frozen=True)
class Seen:
    """A player met earlier: where, and under which name and membership number."""

    entry: PairEntry
    key: str
    tessera: str
    pair: Pair | None = None  # set for a player already in the tournament


def same_person(key: str, tessera: str, other: Seen) -> bool:
    """Whether the player of this name key and tessera is ``other``."""
    if tessera and other.tessera:
        return tessera == other.tessera
    return key == other.key


class People:
    """Players met so far, indexed so that finding the first match is O(1).

    ``same_person(key, tessera, other)`` holds for the players sharing ``tessera``
    and, by name, for those of the same name when either has no number: the first
    such player in the order met is found from three indexes.
    """

    def __init__(self) -> None:
        self.order: dict[int, int] = {}  # id(Seen) -> position met
        self.by_tessera: dict[str, list[Seen]] = defaultdict(list)
        self.by_name: dict[str, list[Seen]] = defaultdict(list)
        self.by_name_untessered: dict[str, list[Seen]] = defaultdict(list)
        self.last: Seen | None = None

    def add(self, seen: Seen) -> None:
        self.order[id(seen)] = len(self.order)
        if seen.tessera:
            self.by_tessera[seen.tessera].append(seen)
        else:
            self.by_name_untessered[seen.key].append(seen)
        self.by_name[seen.key].append(seen)
        self.last = seen

    def _first(
        self, lists: Iterable[list[Seen]], skip: PairEntry | None
    ) -> Seen | None:
        best: Seen | None = None
        for candidates in lists:
            for other in candidates:
                if other.entry is skip and skip is not None:
                    continue
                if best is None or self.order[id(other)] < self.order[id(best)]:
                    best = other
                break
        return best

    def first_clash(self, key: str, tessera: str, skip: PairEntry) -> Seen | None:
        """The first player met who is this person, or holds this tessera."""
        if tessera:
            # Same tessera: the same person, or the tessera under another name;
            # same name without a tessera: the same person.
            return self._first(
                [
                    self.by_tessera.get(tessera, []),
                    self.by_name_untessered.get(key, []),
                ],
                skip,
            )
        return self._first([self.by_name.get(key, [])], skip)

    def all_same(self, key: str, tessera: str) -> list[Seen]:
        """Every player met who is this person."""
        if tessera:
            return [
                *self.by_tessera.get(tessera, []),
                *self.by_name_untessered.get(key, []),
            ]
        return list(self.by_name.get(key, []))


def other_owner(players: dict[str, Player], tessera: str, key: str) -> Player | None:
    """The registered player whose membership number ``tessera`` is, when registered
    under another name than ``key`` (shared by the pairs' and the teams' checks)."""
    owner = players.get(tessera) if tessera else None
    if owner is not None and name_key(owner.last_name, owner.first_name) != key:
        return owner
    return None


def owner_message(tessera: str) -> str:
    """A membership number typed with another name than its owner's."""
    # The registry is shared: never say whose number it is.
    return _(
        "Membership number %(tessera)s is registered under another "
        "name: check the number and the name."
    ) % {"tessera": tessera}
