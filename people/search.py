"""Names folded for searching: no accents, no apostrophes, no case.

A player types ``dangelo``, ``D’Angelo`` (curly apostrophe, as phones write it) or
``d'angelo`` and finds "D'Angelo Niccolò"; ``niccolo`` finds him too. The folded key
is stored on the player (``Player.search_key``) so that the same plain ``LIKE`` works
on SQLite and PostgreSQL alike, without database extensions.
"""

from __future__ import annotations

import re
import unicodedata

#: Straight, curly and look-alike apostrophes: dropped, so "D'Angelo" is "dangelo".
APOSTROPHES = "'’‘`´ʼʹ′＇"
_APOSTROPHES = re.compile(f"[{re.escape(APOSTROPHES)}]")
_NOT_WORD = re.compile(r"[\W_]+")
MAX_KEY = 255


def fold(text: str) -> str:
    """Lower case, accents and apostrophes gone, other punctuation a space.

    >>> fold("D’Angelo  Niccolò")
    'dangelo niccolo'
    >>> fold("Dell'Acqua-Brambilla")
    'dellacqua brambilla'
    >>> fold("ÇELİK Straße")
    'celik strasse'
    """
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = _APOSTROPHES.sub("", text.casefold())
    return " ".join(_NOT_WORD.sub(" ", text).split())


def name_key(last_name: str, first_name: str) -> str:
    """The stored key of a player: the folded names, and each name written solid.

    "De Luca Maria Grazia" is found by ``de luca``, by ``deluca`` and by
    ``mariagrazia``.

    >>> name_key("De Luca", "Maria Grazia")
    'de luca maria grazia deluca mariagrazia'
    >>> name_key("D'Angelo", "Niccolò")
    'dangelo niccolo'
    """
    parts = [fold(last_name), fold(first_name)]
    solid = [p.replace(" ", "") for p in parts if " " in p]
    return " ".join(p for p in [*parts, *solid] if p)[:MAX_KEY]


def query_words(query: str) -> list[str]:
    """The folded words of a search, each to be found in a player's key.

    >>> query_words("  D’Angelo niccolò ")
    ['dangelo', 'niccolo']
    >>> query_words("'")
    []
    """
    return fold(query).split()
