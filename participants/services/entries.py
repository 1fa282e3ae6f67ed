"""Plain values for registering pairs: one pair as typed, one error on one line.

Shared by the one-pair form and the CSV import (participants.csv_import), so that both
go through the same checks (participants.services.registration).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any, Protocol

from django.utils.formats import number_format
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

#: The largest pair number and seed a pair may have (the same on every database:
#: SQLite would store a larger one, PostgreSQL's integer column would refuse it).
MAX_PAIR_NUMBER = 99_999
MAX_SEED = 99_999
#: The highest team number (and seed): its pairs are numbered team x 100 + k, within
#: the pair numbers a tournament allows (``MAX_PAIR_NUMBER``).
MAX_TEAM_NUMBER = 999

_SPACES = re.compile(r"\s+")
_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "`": "'", "´": "'"})
_ODD_APOSTROPHE = re.compile("[’‘`´]")
_ODD_SPACES = re.compile(r"\s\s|[^\S ]")  # two spaces, or a tab, newline...


@dataclass(frozen=True)
class PairEntry:
    """One pair as the director typed it (or as one line of a CSV file holds it).

    ``line`` is the line of the CSV file (the header is line 1), None for the form.
    ``number`` is None when the pair number is to be assigned automatically.
    """

    last_name1: str
    first_name1: str
    last_name2: str
    first_name2: str
    membership1: str = ""
    membership2: str = ""
    club: str = ""
    seed: int | None = None
    number: int | None = None
    line: int | None = None

    def player(self, which: int) -> tuple[str, str, str]:
        """(surname, name, membership number) of player 1 or 2."""
        if which == 1:
            return self.last_name1, self.first_name1, self.membership1
        return self.last_name2, self.first_name2, self.membership2


@dataclass(frozen=True)
class EntryError:
    """Why a pair cannot be registered: on which line, in which field, and the message.

    ``code`` names the kind of problem: ``parse``, ``header``, ``missing_name``,
    ``unknown_club``, ``number_taken``, ``duplicate_number``, ``seed``,
    ``duplicate_player``, ``duplicate_pair``, ``registered_player``,
    ``registered_pair``, ``duplicate_tessera``, ``tessera_owner``, ``same_person``,
    ``too_long``, ``control_character``, ``number_range``, ``empty``.
    """

    line: int | None
    message: str
    field: str | None = None
    code: str = ""


def clean_name(value: str) -> str:
    """Trim and collapse spaces; an all-lower or all-upper name gets capitalised.

    >>> clean_name("  de  luca ")
    'De Luca'
    >>> clean_name("D'AMICO"), clean_name("McKay")
    ("D'Amico", 'McKay')
    """
    if _ODD_APOSTROPHE.search(value):
        value = value.translate(_APOSTROPHES)
    if _ODD_SPACES.search(value):
        value = _SPACES.sub(" ", value)
    value = value.strip()
    if value and (value.islower() or value.isupper()):
        value = value.title()
    return value


def name_key(last_name: str, first_name: str) -> str:
    """A key that ignores case, accents, apostrophes and spacing.

    >>> name_key("D’Angelo ", "nicolò") == name_key("d'angelo", "Nicolo")
    True
    """
    parts = []
    for part in (last_name, first_name):
        if _ODD_APOSTROPHE.search(part):
            part = part.translate(_APOSTROPHES)
        text = part.casefold()
        if not text.isascii():
            text = unicodedata.normalize("NFKD", text)
            text = "".join(c for c in text if not unicodedata.combining(c))
        if _ODD_SPACES.search(text):
            text = _SPACES.sub(" ", text)
        parts.append(text.strip())
    return "|".join(parts)


def where_text(line: int | None) -> str:
    """Where an entry was typed: its CSV line, or the form."""
    return _("line %(line)s") % {"line": line} if line else _("this form")


class Numbered(Protocol):
    """An entry with a seed and a number (a pair's or a team's)."""

    @property
    def seed(self) -> int | None: ...
    @property
    def number(self) -> int | None: ...
    @property
    def line(self) -> int | None: ...


@dataclass(frozen=True)
class NumberRules:
    """The number and seed a pair (or a team) may have, and how a refusal says it."""

    maximum: int
    seed_maximum: int
    out_of_range: Promise  # %(max)s
    taken: Promise  # %(number)s
    also_on: Promise  # %(number)s, %(where)s
    seed_range: Promise  # %(max)s


#: A pair's and a team's numbers, side by side: (the pairs', the teams').
_NUMBERS: dict[str, tuple[Any, Any]] = {
    "maximum": (MAX_PAIR_NUMBER, MAX_TEAM_NUMBER),
    "seed_maximum": (MAX_SEED, MAX_TEAM_NUMBER),
    "out_of_range": (
        gettext_lazy("The pair number must be between 1 and %(max)s."),
        gettext_lazy("The team number must be from 1 to %(max)s."),
    ),
    "taken": (
        gettext_lazy("Pair number %(number)s is already taken."),
        gettext_lazy("Team number %(number)s is already taken."),
    ),
    "also_on": (
        gettext_lazy("Pair number %(number)s is also on %(where)s."),
        gettext_lazy("Team number %(number)s is also on %(where)s."),
    ),
    "seed_range": (
        gettext_lazy("The seed must be between 1 and %(max)s."),
        gettext_lazy("The seed must be from 1 to %(max)s."),
    ),
}
PAIR_NUMBERS = NumberRules(**{k: v[0] for k, v in _NUMBERS.items()})
TEAM_NUMBERS = NumberRules(**{k: v[1] for k, v in _NUMBERS.items()})


def number_problems(
    entry: Numbered,
    rules: NumberRules,
    taken: set[int],
    seen: dict[int, int | None],
) -> list[tuple[str, str, str]]:
    """What is wrong with an entry's seed and number, as (message, field, code): out of
    range, taken by a registered one, or given on another line too. A good number is
    remembered in ``seen`` (the entries after it cannot take it)."""
    found = []
    if entry.seed is not None and not 1 <= entry.seed <= rules.seed_maximum:
        limit = number_format(rules.seed_maximum, force_grouping=True)
        found.append((rules.seed_range % {"max": limit}, "seed", "seed"))
    number = entry.number
    if number is None:
        return found
    if not 1 <= number <= rules.maximum:
        limit = number_format(rules.maximum, force_grouping=True)
        found.append((rules.out_of_range % {"max": limit}, "number", "parse"))
    elif number in taken:
        found.append((rules.taken % {"number": number}, "number", "number_taken"))
    elif number in seen:
        said = {"number": number, "where": where_text(seen[number])}
        found.append((rules.also_on % said, "number", "duplicate_number"))
    else:
        seen[number] = entry.line
    return found
