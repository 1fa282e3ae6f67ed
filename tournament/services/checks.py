"""Checking pairs before they are registered: every problem at once, by line or field.

Used by the one-pair form and the CSV import (:mod:`tournament.services.registration`):
a missing name, an unknown club, a player or pair given twice (in the file, or already
in the tournament), a membership number (tessera) given twice or belonging to someone
else, a pair number already taken.

Within a tournament two players are the same person when they share a membership
number, or share a name and at most one of them has a number; one membership number
under two different names is reported as such.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from django.db.models import Q
from django.utils.translation import gettext as _

from tournament.models import Club, Pair, Player, Tournament

from .entries import EntryError, PairEntry, clean_name, name_key

NAME_FIELDS = ("last_name1", "first_name1", "last_name2", "first_name2")


@dataclass
class Checked:
    """The outcome of :func:`check_entries`: errors, clubs found and clubs to create."""

    errors: list[EntryError] = field(default_factory=list)
    clubs: dict[str, Club] = field(default_factory=dict)  # club key -> club
    clubs_to_create: dict[str, str] = field(default_factory=dict)  # key -> name
    players: dict[str, Player] = field(default_factory=dict)  # tessera -> player

    @property
    def ok(self) -> bool:
        return not self.errors


@dataclass(frozen=True)
class _Seen:
    """A player met earlier: where, and under which name and membership number."""

    entry: PairEntry
    key: str
    tessera: str
    pair: Pair | None = None  # set for a player already in the tournament


def club_key(name: str) -> str:
    return clean_name(name).casefold()


def _where(line: int | None) -> str:
    return _("line %(line)s") % {"line": line} if line else _("this form")


def _same_person(key: str, tessera: str, other: _Seen) -> bool:
    if tessera and other.tessera:
        return tessera == other.tessera
    return key == other.key


class _Checker:
    """Walks the entries once, remembering what it has seen; collects every error."""

    def __init__(
        self, tournament: Tournament, entries: Sequence[PairEntry], create_clubs: bool
    ) -> None:
        self.entries = entries
        self.create_clubs = create_clubs
        self.result = Checked()
        self.registered: list[_Seen] = []
        existing = tournament.pairs.select_related("player1", "player2")
        self.taken_numbers = {p.number for p in existing}
        for pair in existing:
            for player in (pair.player1, pair.player2):
                self.registered.append(
                    _Seen(
                        PairEntry("", "", "", ""),
                        name_key(player.last_name, player.first_name),
                        player.membership_number,
                        pair,
                    )
                )
        numbers = {
            t.strip() for e in entries for t in (e.membership1, e.membership2) if t
        }
        numbers.discard("")
        self.result.players = {
            p.membership_number: p
            for p in Player.objects.filter(membership_number__in=numbers)
        }
        self.clubs = _find_clubs({e.club for e in entries if e.club.strip()})
        self.seen_players: list[_Seen] = []
        self.seen_numbers: dict[int, int | None] = {}
        self.seen_pairs: dict[frozenset[str], PairEntry] = {}

    def add(
        self, entry: PairEntry, message: str, field_name: str | None, code: str
    ) -> None:
        self.result.errors.append(EntryError(entry.line, message, field_name, code))

    def run(self) -> Checked:
        for entry in self.entries:
            self.check_names(entry)
            self.check_club(entry)
            self.check_number(entry)
            identities = [self.check_player(entry, which) for which in (1, 2)]
            self.check_pair(entry, identities)
        return self.result

    def check_names(self, entry: PairEntry) -> None:
        messages = {
            "last_name1": _("The surname of player 1 is missing."),
            "first_name1": _("The name of player 1 is missing."),
            "last_name2": _("The surname of player 2 is missing."),
            "first_name2": _("The name of player 2 is missing."),
        }
        for name in NAME_FIELDS:
            if not clean_name(getattr(entry, name)):
                self.add(entry, messages[name], name, "missing_name")

    def check_club(self, entry: PairEntry) -> None:
        if not entry.club.strip():
            return
        key = club_key(entry.club)
        if key in self.clubs:
            self.result.clubs[key] = self.clubs[key]
        elif self.create_clubs:
            self.result.clubs_to_create.setdefault(key, clean_name(entry.club))
        else:
            self.add(
                entry,
                _("Unknown club “%(club)s”.") % {"club": entry.club.strip()},
                "club",
                "unknown_club",
            )

    def check_number(self, entry: PairEntry) -> None:
        if entry.seed is not None and entry.seed < 1:
            self.add(entry, _("The seed must be 1 or more."), "seed", "seed")
        number = entry.number
        if number is None:
            return
        if number < 1:
            self.add(entry, _("The pair number must be 1 or more."), "number", "parse")
        elif number in self.taken_numbers:
            self.add(
                entry,
                _("Pair number %(number)s is already taken.") % {"number": number},
                "number",
                "number_taken",
            )
        elif number in self.seen_numbers:
            self.add(
                entry,
                _("Pair number %(number)s is also on %(where)s.")
                % {"number": number, "where": _where(self.seen_numbers[number])},
                "number",
                "duplicate_number",
            )
        else:
            self.seen_numbers[number] = entry.line

    def check_player(self, entry: PairEntry, which: int) -> str:
        """Check one player; return an identity ('t:<tessera>' or 'n:<name>') or ''."""
        last, first, tessera = entry.player(which)
        tessera = tessera.strip()
        if not (clean_name(last) and clean_name(first)):
            return ""
        key = name_key(last, first)
        person = f"{clean_name(last)} {clean_name(first)}"
        where_field = f"membership{which}" if tessera else f"last_name{which}"

        owner = self.result.players.get(tessera) if tessera else None
        if owner is not None and name_key(owner.last_name, owner.first_name) != key:
            self.add(
                entry,
                _("Membership number %(tessera)s belongs to %(owner)s.")
                % {"tessera": tessera, "owner": owner},
                f"membership{which}",
                "tessera_owner",
            )

        for other in self.registered:
            if _same_person(key, tessera, other) and other.pair is not None:
                self.add(
                    entry,
                    _("%(player)s already plays in pair %(number)s.")
                    % {"player": person, "number": other.pair.number},
                    where_field,
                    "registered_player",
                )
                break

        for other in self.seen_players:
            if other.entry is entry:
                continue
            # One membership number under two names: a typing error on one line.
            if tessera and tessera == other.tessera and key != other.key:
                self.add(
                    entry,
                    _("Membership number %(tessera)s is also on %(where)s.")
                    % {"tessera": tessera, "where": _where(other.entry.line)},
                    f"membership{which}",
                    "duplicate_tessera",
                )
                break
            if _same_person(key, tessera, other):
                self.add(
                    entry,
                    _("%(player)s is also on %(where)s.")
                    % {"player": person, "where": _where(other.entry.line)},
                    where_field,
                    "duplicate_player",
                )
                break
        if which == 2 and self.seen_players:
            first_player = self.seen_players[-1]
            if first_player.entry is entry and _same_person(key, tessera, first_player):
                self.add(
                    entry,
                    _("Player 1 and player 2 are the same person."),
                    "last_name2",
                    "same_person",
                )
        self.seen_players.append(_Seen(entry, key, tessera))
        return f"t:{tessera}" if tessera else f"n:{key}"

    def check_pair(self, entry: PairEntry, identities: list[str]) -> None:
        """Report a repeated pair once, instead of each of its two players."""
        if not all(identities) or identities[0] == identities[1]:
            return
        earlier = self.seen_pairs.get(frozenset(identities))
        if earlier is not None:
            self._drop(entry, "duplicate_player")
            self.add(
                entry,
                _("The same pair is also on %(where)s.")
                % {"where": _where(earlier.line)},
                None,
                "duplicate_pair",
            )
        else:
            self.seen_pairs[frozenset(identities)] = entry
        pair = self._registered_pair(entry)
        if pair is not None:
            self._drop(entry, "registered_player")
            self.add(
                entry,
                _("This pair is already registered as pair %(number)s.")
                % {"number": pair.number},
                None,
                "registered_pair",
            )

    def _registered_pair(self, entry: PairEntry) -> Pair | None:
        found: list[set[int]] = []
        for which in (1, 2):
            last, first, tessera = entry.player(which)
            key, tessera = name_key(last, first), tessera.strip()
            found.append(
                {
                    other.pair.number
                    for other in self.registered
                    if other.pair is not None and _same_person(key, tessera, other)
                }
            )
        both = found[0] & found[1]
        if not both:
            return None
        number = min(both)
        return next(
            o.pair
            for o in self.registered
            if o.pair is not None and o.pair.number == number
        )

    def _drop(self, entry: PairEntry, code: str) -> None:
        self.result.errors[:] = [
            e
            for e in self.result.errors
            if not (e.line == entry.line and e.code == code)
        ]


def check_entries(
    tournament: Tournament,
    entries: Sequence[PairEntry],
    *,
    create_clubs: bool = False,
) -> Checked:
    """Every problem that stops ``entries`` from being registered in ``tournament``."""
    return _Checker(tournament, entries, create_clubs).run()


def _find_clubs(names: Iterable[str]) -> dict[str, Club]:
    """Clubs by the name (any case) or the federation code the director typed."""
    wanted = {club_key(n): n.strip() for n in names}
    if not wanted:
        return {}
    query = Q()
    for name in wanted.values():
        query |= Q(name__iexact=clean_name(name)) | Q(name__iexact=name)
        query |= Q(federation_code=name)
    found: dict[str, Club] = {}
    for club in Club.objects.filter(query):
        for key, name in wanted.items():
            if club.name.casefold() in (key, name.casefold()) or (
                club.federation_code and club.federation_code == name
            ):
                found[key] = club
    return found
