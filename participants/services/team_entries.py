"""Checking teams before they are registered: every problem at once, by line or field.

Used by the one-team form and the CSV import (:mod:`participants.services.teams`), as
:mod:`participants.services.checks` is for pairs: a missing team or player name, a roster
too short or too long for the rule pack (``[team] roster_min`` / ``roster_max``), a
team name or number already taken, a player given twice (in the file, or already in the
tournament), a membership number (tessera) belonging to someone else, a captain who is
not in the roster, an unknown club.

Field names: ``name``, ``club``, ``captain``, ``seed``, ``number`` and, for the roster
player *n* (from 1), ``last_name<n>``, ``first_name<n>``, ``membership<n>``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _

from participants.models import TeamMember
from participants.services.checks import Checked, take_club
from participants.services.clubs import find_clubs
from participants.services.entries import (
    MAX_TEAM_NUMBER,
    TEAM_NUMBERS,
    EntryError,
    clean_name,
    name_key,
    number_problems,
    where_text,
)
from participants.services.people import other_owner, owner_message
from people.models import Player
from rules.packs import load_pack
from tournament.models import Tournament

#: The most players a team line of a CSV file (or the form) can hold.
MAX_ROSTER = 8
#: The longest values the models keep (a longer one is refused, never cut).
LIMITS = {"name": 120, "club": 120, "last": 60, "first": 60, "tessera": 20}


@dataclass(frozen=True)
class TeamEntry:
    """One team as the director typed it (or as one line of a CSV file holds it).

    ``players``: (surname, name, membership number) in roster order; the first two
    form the team's first pair, the next two its second, the next two its third.
    ``captain``: the captain's place in the roster (from 1), None = the first player.
    """

    name: str
    players: tuple[tuple[str, str, str], ...]
    club: str = ""
    captain: int | None = None
    seed: int | None = None
    number: int | None = None
    line: int | None = None

    @property
    def roster(self) -> list[tuple[int, tuple[str, str, str]]]:
        """The players typed (a blank slot is skipped), with their place from 1."""
        return [
            (i, p)
            for i, p in enumerate(self.players, start=1)
            if any(part.strip() for part in p)
        ]


_where = where_text


class _TeamChecker:
    def __init__(
        self, tournament: Tournament, entries: Sequence[TeamEntry], create_clubs: bool
    ) -> None:
        self.entries = entries
        self.create_clubs = create_clubs
        self.result = Checked()
        team = load_pack(tournament.rule_pack, tournament.rule_pack_version)
        section = team.require_team()
        self.roster_min, self.roster_max = section.roster_min, section.roster_max
        self.taken_numbers = set(tournament.teams.values_list("number", flat=True))
        self.taken_names = {
            n.casefold(): n for n in tournament.teams.values_list("name", flat=True)
        }
        # Who already plays in this tournament: (name key, tessera) -> team name.
        self.registered: list[tuple[str, str, str]] = []
        members = TeamMember.objects.filter(tournament=tournament).select_related(
            "player", "team"
        )
        for m in members:
            key = name_key(m.player.last_name, m.player.first_name)
            self.registered.append((key, m.player.membership_number, m.team.name))
        numbers = {p[2].strip() for e in entries for p in e.players if p[2].strip()}
        self.result.players = {
            p.membership_number: p
            for p in Player.objects.filter(membership_number__in=numbers)
        }
        self.clubs = find_clubs({e.club for e in entries if e.club.strip()})
        self.seen_players: list[tuple[str, str, TeamEntry]] = []
        self.seen_numbers: dict[int, int | None] = {}
        self.seen_names: dict[str, int | None] = {}

    def add(self, entry: TeamEntry, message: str, field: str | None, code: str) -> None:
        self.result.errors.append(EntryError(entry.line, message, field, code))

    def run(self) -> Checked:
        for entry in self.entries:
            self.check_team(entry)
            self.check_club(entry)
            roster = entry.roster
            if not self.roster_min <= len(roster) <= self.roster_max:
                self.add(
                    entry,
                    _("A team has %(min)s to %(max)s players: %(count)s given.")
                    % {
                        "min": self.roster_min,
                        "max": self.roster_max,
                        "count": len(roster),
                    },
                    "last_name1",
                    "roster_size",
                )
            places = [i for i, _p in roster]
            if entry.captain is not None and entry.captain not in places:
                self.add(
                    entry,
                    _("The captain must be one of the players (1 to %(count)s).")
                    % {"count": len(entry.players)},
                    "captain",
                    "captain",
                )
            if places and places != list(range(1, len(places) + 1)):
                self.add(
                    entry,
                    _("Fill the players in order, without a gap."),
                    f"last_name{places[-1]}",
                    "roster_gap",
                )
            for place, player in roster:
                self.check_player(entry, place, player)
        self.check_automatic_numbers()
        return self.result

    def check_automatic_numbers(self) -> None:
        """The numbers given to the teams without one stay within the limit."""
        top = max([*self.taken_numbers, *self.seen_numbers], default=0)
        for entry in self.entries:
            if entry.number is not None:
                continue
            top += 1
            if top > MAX_TEAM_NUMBER:
                limit = {"max": MAX_TEAM_NUMBER}
                self.add(entry, TEAM_NUMBERS.out_of_range % limit, "number", "parse")
                return

    def too_long(self, entry: TeamEntry, value: str, limit: int, field: str) -> bool:
        if len(value) <= limit:
            return False
        self.add(
            entry,
            _("“%(value)s…” is too long: at most %(limit)s characters.")
            % {"value": value[:20], "limit": limit},
            field,
            "too_long",
        )
        return True

    def check_team(self, entry: TeamEntry) -> None:
        name = clean_name(entry.name)
        if self.too_long(entry, name, LIMITS["name"], "name"):
            return
        if not name:
            self.add(entry, _("The team's name is missing."), "name", "missing_name")
        elif name.casefold() in self.taken_names:
            self.add(
                entry,
                _("A team called “%(name)s” is already registered.") % {"name": name},
                "name",
                "registered_team",
            )
        elif name.casefold() in self.seen_names:
            self.add(
                entry,
                _("The team “%(name)s” is also on %(where)s.")
                % {"name": name, "where": _where(self.seen_names[name.casefold()])},
                "name",
                "duplicate_team",
            )
        else:
            self.seen_names[name.casefold()] = entry.line
        for message, field, code in number_problems(
            entry, TEAM_NUMBERS, self.taken_numbers, self.seen_numbers
        ):
            self.add(entry, message, field, code)

    def check_club(self, entry: TeamEntry) -> None:
        if not entry.club.strip():
            return
        if self.too_long(entry, clean_name(entry.club), LIMITS["club"], "club"):
            return
        unknown = take_club(entry.club, self.clubs, self.create_clubs, self.result)
        if unknown:
            self.add(entry, unknown, "club", "unknown_club")

    def check_player(
        self, entry: TeamEntry, place: int, player: tuple[str, str, str]
    ) -> None:
        """Check the roster's player ``place``: names, membership number, repeats."""
        names = self.read_player(entry, place, player)
        if names is None:
            return
        last, first, tessera = names
        key = name_key(last, first)
        person = f"{last} {first}"
        field = f"membership{place}" if tessera else f"last_name{place}"
        if other_owner(self.result.players, tessera, key) is not None:
            self.add(
                entry, owner_message(tessera), f"membership{place}", "tessera_owner"
            )
        for other_key, other_tessera, team in self.registered:
            if _same(key, tessera, other_key, other_tessera):
                self.add(
                    entry,
                    _("%(player)s already plays in team “%(team)s”.")
                    % {"player": person, "team": team},
                    field,
                    "registered_player",
                )
                break
        for other_key, other_tessera, other in self.seen_players:
            if _same(key, tessera, other_key, other_tessera):
                if other is entry:
                    message = _("%(player)s is listed twice in the roster.") % {
                        "player": person
                    }
                else:
                    message = _("%(player)s is also on %(where)s.") % {
                        "player": person,
                        "where": _where(other.line),
                    }
                self.add(entry, message, field, "duplicate_player")
                break
        self.seen_players.append((key, tessera, entry))

    def read_player(
        self, entry: TeamEntry, place: int, player: tuple[str, str, str]
    ) -> tuple[str, str, str] | None:
        """The player's surname, name and membership number, cleaned; None when one
        is too long or a name is missing (the error added)."""
        last, first = clean_name(player[0]), clean_name(player[1])
        tessera = player[2].strip()
        long = [
            self.too_long(entry, value, LIMITS[kind], f"{field}{place}")
            for value, kind, field in (
                (last, "last", "last_name"),
                (first, "first", "first_name"),
                (tessera, "tessera", "membership"),
            )
        ]
        if any(long):
            return None
        if not last:
            self.add(
                entry,
                _("The surname of player %(n)s is missing.") % {"n": place},
                f"last_name{place}",
                "missing_name",
            )
        if not first:
            self.add(
                entry,
                _("The name of player %(n)s is missing.") % {"n": place},
                f"first_name{place}",
                "missing_name",
            )
        return (last, first, tessera) if last and first else None


def _same(key: str, tessera: str, other_key: str, other_tessera: str) -> bool:
    if tessera and other_tessera:
        return tessera == other_tessera
    return key == other_key


def check_team_entries(
    tournament: Tournament, entries: Sequence[TeamEntry], *, create_clubs: bool = False
) -> Checked:
    """Every problem that stops ``entries`` from being registered in ``tournament``."""
    return _TeamChecker(tournament, entries, create_clubs).run()
