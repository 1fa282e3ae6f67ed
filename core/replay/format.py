"""The replay file, versions 1 and 2: its shapes as data, and a reader that checks a
file against them before anything is saved.

Each object of the file is a :data:`Shape`: its keys, each with a checker of the JSON
value (types only: what a value must be worth is the services' word, as on the web
pages) and whether it is required. An unknown key is refused, naming where it is. A
result's keys depend on its ``kind``: :data:`KIND_KEYS` says which of the table page's
fields each kind takes. A later version adds its shapes beside these
(:data:`VERSIONS`), so that a version 1 file keeps reading as it always did.

The reader returns plain dicts and lists with every default filled in; an error is a
:class:`FormatError` carrying the path of the element (``rounds[0].results[2].hands``)
and the reason, translated. The checkers and the object reader are :mod:`.checks`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from .checks import (
    Checker,
    FormatError,
    Key,
    Shape,
    at,
    boolean,
    by_girone,
    choice,
    either,
    found_word,
    integer,
    iso_date,
    list_of,
    optional_integer,
    read,
    shaped,
    text,
)

FORMAT = "torneo-replay"
#: The version this app writes. Version 2 adds team tournaments (docs/rules.md §11):
#: the tournament's ``format``, its ``teams`` and each round's ``lineups``; a version 1
#: file reads as it always did.
VERSION = 2

# --- the shapes of version 1 ---------------------------------------------------------


def player(value: Any, path: str) -> dict[str, str]:
    """``"Surname Name"`` (split at the last space) or ``{surname, name, card}``."""
    if isinstance(value, str):
        surname, _space, name = value.strip().rpartition(" ")
        if not surname:
            raise FormatError(
                path,
                _(
                    "write a player as “Surname Name”, or as an object with surname and name"
                ),
            )
        return {"surname": surname, "name": name, "card": ""}
    return read(PLAYER, value, path)


PLAYER: Shape = {
    "surname": Key(text, required=True),
    "name": Key(text, required=True),
    "card": Key(text, default=""),
}

PAIR: Shape = {
    "number": Key(integer, required=True),
    "players": Key(list_of(player, size=2), required=True),
    "club": Key(text, default=""),
    "girone": Key(text, required=True),
    "seed": Key(optional_integer),
}

#: The tournament's own fields under their own names; the values are checked by the
#: director's tournament form (``tournament.forms.TournamentForm``).
TOURNAMENT: Shape = {
    "name": Key(text, required=True),
    "game": Key(text, required=True),
    "rule_pack": Key(text, required=True),
    "rule_pack_version": Key(optional_integer),
    "date": Key(iso_date),
    "venue": Key(text, default=""),
    "hands_per_round": Key(integer, default=3),
    "to_points": Key(boolean, default=False),
    "movement_plan": Key(text, required=True),
    "rounds_planned": Key(integer, default=4),
    "seed": Key(optional_integer),
    "avoid_same_club": Key(boolean, default=False),
    "mitchell_step": Key(optional_integer),
    "rematch_in_last_round": Key(boolean, default=True),
    "never_rematch": Key(boolean, default=False),
    "hall_numbering": Key(boolean, default=False),
    "totals_only": Key(boolean, default=False),
    "correction_minutes": Key(optional_integer),
    "hold_results": Key(boolean, default=False),
}

#: ``before`` events: each is an object with exactly one of these keys.
EVENTS: Shape = {
    "add_pair": Key(shaped(PAIR)),
    "withdraw": Key(integer),
    "reinstate": Key(integer),
}


def event(value: Any, path: str) -> dict[str, Any]:
    found = read(EVENTS, value, path)
    given = [k for k in EVENTS if k in value]
    if len(given) != 1:
        raise FormatError(
            path,
            _("an event has exactly one of %(keys)s") % {"keys": ", ".join(EVENTS)},
        )
    return {"event": given[0], "value": found[given[0]]}


score_pair = list_of(integer, size=2)
set_pair = list_of(optional_integer, size=2)

#: What each kind of result takes besides the keys every result has: the fields of the
#: table page for that kind (``scoring.forms.SheetForm``). Whether a field is required
#: is the scoring services' word (e.g. a forfeit's line, a special result's reason).
KIND_KEYS: Mapping[str, tuple[str, ...]] = {
    "normal": ("hands", "reason"),
    "rest": ("reason",),
    "forfeit": ("line", "reason", "hands"),
    "late_arrival": ("line", "hands", "reason"),
    "late_forfeit": ("line", "reason", "hands"),
    "second_warning": ("line", "hands", "reason"),
    "referee_set": ("set_mp", "set_vp", "reason"),
    "both_absent": ("reason",),
}

#: Every key a kind may take, with its checker.
SHEET_KEYS: Shape = {
    "hands": Key(list_of(score_pair), default=[]),
    "line": Key(choice("ns", "ew"), default=""),
    "reason": Key(text, default=""),
    "set_mp": Key(set_pair, default=[None, None]),
    "set_vp": Key(set_pair, default=[None, None]),
}

#: The keys of every result: where (girone, and table or pairs), kind, confirmation.
RESULT: Shape = {
    "girone": Key(text, required=True),
    "table": Key(integer),
    "pairs": Key(list_of(integer)),
    "kind": Key(choice(*KIND_KEYS), default="normal"),
    "confirm": Key(boolean, default=False),
}

#: A correction is a result of an earlier round (closed or not), with a reason.
CORRECTION: Shape = {**RESULT, "round": Key(integer, required=True)}


def result_reader(shape: Shape) -> Checker:
    def check(value: Any, path: str) -> dict[str, Any]:
        kind = value.get("kind", "normal") if isinstance(value, dict) else "normal"
        RESULT["kind"].check(kind, at(path, "kind"))  # an unknown kind: which exist
        extra = {k: SHEET_KEYS[k] for k in KIND_KEYS[kind]}
        found = read(shape, value, path, extra=extra)
        for k in SHEET_KEYS:
            found.setdefault(k, SHEET_KEYS[k].default)
        where = [k for k in ("table", "pairs") if found[k] is not None]
        if len(where) != 1:
            raise FormatError(
                path,
                _("a result names its table by “table” or by “pairs”, not both")
                if where
                else _("a result names its table by “table” (from 1) or by “pairs”"),
            )
        return found

    return check


ROUND: Shape = {
    "before": Key(list_of(event), default=[]),
    "hands": Key(by_girone(integer), default={}),
    "tables": Key(
        by_girone(either(choice("generate"), list_of(score_pair))), default={}
    ),
    "resting": Key(by_girone(list_of(integer)), default={}),
    "results": Key(list_of(result_reader(RESULT)), default=[]),
    "close": Key(boolean, default=True),
    "corrections": Key(list_of(result_reader(CORRECTION)), default=[]),
}

DOCUMENT: Shape = {
    "format": Key(text, required=True),
    "version": Key(integer, required=True),
    "tournament": Key(shaped(TOURNAMENT), required=True),
    "pairs": Key(list_of(shaped(PAIR)), required=True),
    "rounds": Key(list_of(shaped(ROUND)), default=[]),
}

# --- version 2: team tournaments (docs/rules.md §11) ----------------------------------

TOURNAMENT_V2: Shape = {
    **TOURNAMENT,
    "format": Key(choice("pairs", "teams"), default="pairs"),
}

#: A team: its roster (players 1-2 its first pair, 3-4 its second, 5-6 its third), the
#: captain's place in it (from 1), and every pair it fielded, in pair-number order, as
#: roster places (the registered pairs first; a later one was made by a line-up).
TEAM: Shape = {
    "number": Key(integer, required=True),
    "name": Key(text, required=True),
    "players": Key(list_of(player), required=True),
    "club": Key(text, default=""),
    "girone": Key(text, required=True),
    "seed": Key(optional_integer),
    "captain": Key(optional_integer),
    "pairs": Key(list_of(list_of(integer, size=2)), default=[]),
}

#: A team's line-up in one match: its two pairs, as roster places (from 1).
LINEUP: Shape = {
    "girone": Key(text, required=True),
    "match": Key(integer, required=True),
    "team": Key(integer, required=True),
    "pairs": Key(list_of(list_of(integer, size=2), size=2), required=True),
}

ROUND_V2: Shape = {**ROUND, "lineups": Key(list_of(shaped(LINEUP)), default=[])}

DOCUMENT_V2: Shape = {
    "format": Key(text, required=True),
    "version": Key(integer, required=True),
    "tournament": Key(shaped(TOURNAMENT_V2), required=True),
    "pairs": Key(list_of(shaped(PAIR)), default=[]),
    "teams": Key(list_of(shaped(TEAM)), default=[]),
    "rounds": Key(list_of(shaped(ROUND_V2)), default=[]),
}

#: The document shape of each version this app reads.
VERSIONS: Mapping[int, Shape] = {1: DOCUMENT, 2: DOCUMENT_V2}


def read_document(value: Any) -> dict[str, Any]:
    """Check a parsed JSON file; the clean document, or :class:`FormatError`."""
    if not isinstance(value, dict) or value.get("format") != FORMAT:
        raise FormatError(
            "format",
            _("not a replay file: “format” must be “%(format)s”") % {"format": FORMAT},
        )
    version = value.get("version")
    if type(version) is not int or version not in VERSIONS:
        raise FormatError(
            "version",
            _("version %(found)s is not one this app reads (%(known)s)")
            % {
                "found": found_word(version)["found"],
                "known": ", ".join(map(str, VERSIONS)),
            },
        )
    found = read(VERSIONS[version], value, "")
    # A version 1 file has no teams: the keys of version 2 take their defaults.
    found.setdefault("teams", [])
    found["tournament"].setdefault("format", "pairs")
    for entry in found["rounds"]:
        entry.setdefault("lineups", [])
    return found
