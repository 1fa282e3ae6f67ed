"""Finding the clubs a director typed, by name (any case) or federation code."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from participants.services.entries import clean_name
from people.models import Club


def club_key(name: str) -> str:
    """The key clubs are matched by: the cleaned name, any case."""
    return clean_name(name).casefold()


def find_clubs(names: Iterable[str]) -> dict[str, Club]:
    """Clubs by the name (any case) or the federation code the director typed.

    One pass over the clubs (a federation has a few thousand), matched in Python:
    case-insensitive for every alphabet, on SQLite too.
    """
    wanted: dict[str, list[str]] = defaultdict(list)  # casefolded name -> keys
    codes: dict[str, list[str]] = defaultdict(list)  # code -> keys
    for name in names:
        key = club_key(name)
        wanted[key].append(key)
        wanted[name.strip().casefold()].append(key)
        codes[name.strip()].append(key)
    if not wanted:
        return {}
    found: dict[str, Club] = {}
    for club in Club.objects.order_by("pk").iterator(chunk_size=2000):
        for key in wanted.get(club.name.casefold(), ()):
            found[key] = club
        if club.federation_code:
            for key in codes.get(club.federation_code, ()):
                found[key] = club
    return found
