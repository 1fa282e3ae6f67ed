"""Checking pairs before they are registered: every problem at once, by line or field.

Used by the one-pair form and the CSV import (:mod:`participants.services.registration`):
a missing name, an unknown club, a player or pair given twice (in the file, or already
in the tournament), a membership number (tessera) given twice or belonging to someone
else, a pair number already taken.

Within a tournament two players are the same person as
:mod:`participants.services.people` says: a shared membership number, or a shared name
when at most one of them has a number.

Every length and range is checked here, the same on SQLite and PostgreSQL (the one
database would store a 200-character name, the other fail): names, membership numbers
and clubs within their columns, no control characters, pair numbers and seeds within
:data:`~participants.services.entries.MAX_PAIR_NUMBER` and ``MAX_SEED``.

The checks are linear in the number of entries: players met earlier are indexed by
membership number and by name (:class:`~participants.services.people.People`), so 10,000
lines are checked in well under a second.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils.formats import number_format
from django.utils.translation import gettext as _

from participants.models import Pair
from participants.services.clubs import club_key, find_clubs
from participants.services.entries import (
    MAX_PAIR_NUMBER,
    PAIR_NUMBERS,
    EntryError,
    PairEntry,
    clean_name,
    name_key,
    number_problems,
    where_text,
)
from participants.services.entry_fields import (
    CONTROL,
    NAME_FIELDS,
    TEXT_FIELDS,
    field_labels,
    max_lengths,
    stored_value,
)
from participants.services.people import (
    People,
    Seen,
    other_owner,
    owner_message,
    same_person,
)
from people.models import Club, Player
from tournament.models import Tournament

#: IN lists are cut to this many values (SQLite's limit on query parameters).
_CHUNK = 900


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


_where = where_text


def take_club(
    club: str, known: dict[str, Club], create: bool, result: Checked
) -> str | None:
    """Note an entry's club in ``result``: found, or to create (``create``); else the
    refusal to show (a pair's and a team's)."""
    key = club_key(club)
    if key in known:
        result.clubs[key] = known[key]
    elif create:
        result.clubs_to_create.setdefault(key, clean_name(club))
    else:
        return _("Unknown club “%(club)s”.") % {"club": club.strip()}
    return None


class _Checker:
    """Walks the entries once, remembering what it has seen; collects every error."""

    def __init__(
        self,
        tournament: Tournament,
        entries: Sequence[PairEntry],
        create_clubs: bool,
        editing: Pair | None = None,
    ) -> None:
        self.entries = entries
        self.create_clubs = create_clubs
        self.editing = editing
        self.result = Checked()
        self.registered = People()
        existing = tournament.pairs.select_related("player1", "player2")
        if editing is not None:
            existing = existing.exclude(pk=editing.pk)
        self.taken_numbers: set[int] = set()
        for pair in existing:
            self.taken_numbers.add(pair.number)
            for player in (pair.player1, pair.player2):
                self.registered.add(
                    Seen(
                        PairEntry("", "", "", ""),
                        name_key(player.last_name, player.first_name),
                        player.membership_number,
                        pair,
                    )
                )
        numbers = sorted(
            {t.strip() for e in entries for t in (e.membership1, e.membership2) if t}
            - {""}
        )
        self.result.players = {}
        for start in range(0, len(numbers), _CHUNK):
            chunk = numbers[start : start + _CHUNK]
            for player in Player.objects.filter(membership_number__in=chunk):
                self.result.players[player.membership_number] = player
        self.clubs = find_clubs({e.club for e in entries if e.club.strip()})
        self.seen = People()
        self.seen_numbers: dict[int, int | None] = {}
        self.seen_pairs: dict[frozenset[str], PairEntry] = {}
        self.first_error = 0  # errors of the current entry start here
        self.lengths = max_lengths()
        self.labels = field_labels()

    def add(
        self, entry: PairEntry, message: str, field_name: str | None, code: str
    ) -> None:
        self.result.errors.append(EntryError(entry.line, message, field_name, code))

    def run(self) -> Checked:
        for entry in self.entries:
            self.first_error = len(self.result.errors)
            if not self.check_text(entry):
                continue  # a value that cannot be stored: the rest would mislead
            self.check_names(entry)
            self.check_club(entry)
            self.check_number(entry)
            identities = [self.check_player(entry, which) for which in (1, 2)]
            self.check_pair(entry, identities)
        self.check_numbers_left()
        return self.result

    def check_numbers_left(self) -> None:
        """Pairs without a number get the next free ones: they must stay in range."""
        given = [e.number for e in self.entries if e.number is not None]
        next_number = max([0, *self.taken_numbers, *given]) + 1
        for entry in self.entries:
            if entry.number is not None:
                continue
            if next_number > MAX_PAIR_NUMBER:
                self.add(
                    entry,
                    _(
                        "No pair number is left for this pair (the next would be "
                        "%(number)s, the largest is %(max)s): give the numbers."
                    )
                    % {
                        "number": number_format(next_number, force_grouping=True),
                        "max": number_format(MAX_PAIR_NUMBER, force_grouping=True),
                    },
                    "number",
                    "number_range",
                )
                return
            next_number += 1

    def check_text(self, entry: PairEntry) -> bool:
        """Lengths and characters of every text field; False if any is refused."""
        ok = True
        for name in TEXT_FIELDS:
            raw = getattr(entry, name)
            if CONTROL.search(raw):
                self.add(
                    entry,
                    _("%(what)s contains a control character (such as NUL): retype it.")
                    % {"what": self.labels[name]},
                    name,
                    "control_character",
                )
                ok = False
                continue
            value = stored_value(name, raw)
            if len(value) > self.lengths[name]:
                self.add(
                    entry,
                    _("%(what)s is too long: %(length)s characters, at most %(max)s.")
                    % {
                        "what": self.labels[name],
                        "length": number_format(len(value), force_grouping=True),
                        "max": self.lengths[name],
                    },
                    name,
                    "too_long",
                )
                ok = False
        return ok

    def check_names(self, entry: PairEntry) -> None:
        for name in NAME_FIELDS:
            if not getattr(entry, name).strip():
                messages = {
                    "last_name1": _("The surname of player 1 is missing."),
                    "first_name1": _("The name of player 1 is missing."),
                    "last_name2": _("The surname of player 2 is missing."),
                    "first_name2": _("The name of player 2 is missing."),
                }
                self.add(entry, messages[name], name, "missing_name")

    def check_club(self, entry: PairEntry) -> None:
        if not entry.club.strip():
            return
        unknown = take_club(entry.club, self.clubs, self.create_clubs, self.result)
        if unknown:
            self.add(entry, unknown, "club", "unknown_club")

    def check_number(self, entry: PairEntry) -> None:
        for message, field_name, code in number_problems(
            entry, PAIR_NUMBERS, self.taken_numbers, self.seen_numbers
        ):
            self.add(entry, message, field_name, code)

    def check_player(self, entry: PairEntry, which: int) -> str:
        """Check one player; return an identity ('t:<tessera>' or 'n:<name>') or ''."""
        last, first, tessera = entry.player(which)
        tessera = tessera.strip()
        if not (clean_name(last) and clean_name(first)):
            return ""
        key = name_key(last, first)
        person = f"{clean_name(last)} {clean_name(first)}"
        where_field = f"membership{which}" if tessera else f"last_name{which}"

        owner = other_owner(self.result.players, tessera, key)
        if owner is not None:
            renamed = self.editing is not None and owner.pk == getattr(
                self.editing, f"player{which}_id"
            )
            if not renamed:  # editing a pair: its own player keeps the number
                self.add(
                    entry, owner_message(tessera), f"membership{which}", "tessera_owner"
                )

        other = self.registered.first_clash(key, tessera, entry)
        if other is not None and other.pair is not None:
            self.add(
                entry,
                _("%(player)s already plays in pair %(number)s.")
                % {"player": person, "number": other.pair.number},
                where_field,
                "registered_player",
            )
        self.check_seen(entry, which, Seen(entry, key, tessera), person)
        return f"t:{tessera}" if tessera else f"n:{key}"

    def check_seen(
        self, entry: PairEntry, which: int, player: Seen, person: str
    ) -> None:
        """Check a player against the lines above (and player 2 against player 1)."""
        key, tessera = player.key, player.tessera
        where_field = f"membership{which}" if tessera else f"last_name{which}"
        other = self.seen.first_clash(key, tessera, entry)
        if other is not None:
            # One membership number under two names: a typing error on one line.
            if tessera and tessera == other.tessera and key != other.key:
                self.add(
                    entry,
                    _("Membership number %(tessera)s is also on %(where)s.")
                    % {"tessera": tessera, "where": _where(other.entry.line)},
                    f"membership{which}",
                    "duplicate_tessera",
                )
            else:
                self.add(
                    entry,
                    _("%(player)s is also on %(where)s.")
                    % {"player": person, "where": _where(other.entry.line)},
                    where_field,
                    "duplicate_player",
                )
        if which == 2 and self.seen.last is not None:
            first_player = self.seen.last
            if first_player.entry is entry and same_person(key, tessera, first_player):
                self.add(
                    entry,
                    _("Player 1 and player 2 are the same person."),
                    "last_name2",
                    "same_person",
                )
        self.seen.add(player)

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
        found: list[dict[int, Pair]] = []
        for which in (1, 2):
            last, first, tessera = entry.player(which)
            key, tessera = name_key(last, first), tessera.strip()
            found.append(
                {
                    other.pair.number: other.pair
                    for other in self.registered.all_same(key, tessera)
                    if other.pair is not None and same_person(key, tessera, other)
                }
            )
        both = found[0].keys() & found[1].keys()
        if not both:
            return None
        return found[0][min(both)]

    def _drop(self, entry: PairEntry, code: str) -> None:
        """Remove this entry's errors of ``code`` (they are the last ones added)."""
        errors = self.result.errors
        errors[self.first_error :] = [
            e for e in errors[self.first_error :] if e.code != code
        ]


def check_entries(
    tournament: Tournament,
    entries: Sequence[PairEntry],
    *,
    create_clubs: bool = False,
    editing: Pair | None = None,
) -> Checked:
    """Every problem that stops ``entries`` from being registered in ``tournament``;
    ``editing``: the one entry is this pair, changed (it does not clash with itself)."""
    return _Checker(tournament, entries, create_clubs, editing).run()
