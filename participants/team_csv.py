"""Reading a CSV of teams with Italian headers into plain entries, one team a line.

As :mod:`participants.csv_import` for pairs: the first line names the columns, in any
order, whatever their case, accents, spaces and underscores. Accepted headers:

* ``Squadra`` (the team's name, required); ``Circolo`` (club name or federation code);
* ``Cognome 1``, ``Nome 1``, ``Tessera 1`` ... up to ``Cognome 8`` (the roster, in
  order: players 1 and 2 form the first pair, 3 and 4 the second, 5 and 6 the third);
* ``Capitano`` (the captain's place in the roster, 1 to 6; empty: player 1);
* ``Testa di serie`` or ``Seed``; ``Numero`` (the team number; the next free one
  otherwise).

The separator (``;``, ``,`` or tab) is detected; line numbers are the file's own.
Nothing here touches the database: :mod:`participants.services.team_entries` checks the
entries against the tournament.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from participants.csv_import import _number, read_csv
from participants.services.entries import EntryError
from participants.services.team_entries import MAX_ROSTER, TeamEntry

HEADERS = {
    "squadra": "name",
    "nomesquadra": "name",
    "team": "name",
    "teamname": "name",
    "circolo": "club",
    "club": "club",
    "capitano": "captain",
    "captain": "captain",
    "testadiserie": "seed",
    "seed": "seed",
    "numero": "number",
    "numerosquadra": "number",
    "number": "number",
}
for _n in range(1, MAX_ROSTER + 1):
    HEADERS |= {
        f"cognome{_n}": f"last{_n}",
        f"surname{_n}": f"last{_n}",
        f"lastname{_n}": f"last{_n}",
        f"nome{_n}": f"first{_n}",
        f"name{_n}": f"first{_n}",
        f"firstname{_n}": f"first{_n}",
        f"tessera{_n}": f"tessera{_n}",
        f"membership{_n}": f"tessera{_n}",
    }
REQUIRED = ("name", "last1", "first1")
#: The header line the import page shows as an example.
EXAMPLE_HEADER = (
    "Squadra;Circolo;Capitano;Cognome 1;Nome 1;Tessera 1;Cognome 2;Nome 2;Tessera 2;"
    "Cognome 3;Nome 3;Tessera 3;Cognome 4;Nome 4;Tessera 4"
)


@dataclass
class ParsedTeams:
    """Teams read from a file, and the errors that stopped some lines being read."""

    entries: list[TeamEntry] = field(default_factory=list)
    errors: list[EntryError] = field(default_factory=list)


def parse_teams_csv(text: str) -> ParsedTeams:
    """Read every line of a CSV text into team entries (``ParsedCsv.entries``).

    >>> text = "Squadra;Cognome 1;Nome 1;Cognome 2;Nome 2\\nI Leoni;Rossi;Anna;Neri;Ugo\\n"
    >>> [(e.line, e.name, e.players) for e in parse_teams_csv(text).entries]
    [(2, 'I Leoni', (('Rossi', 'Anna', ''), ('Neri', 'Ugo', '')))]
    """
    result = ParsedTeams()
    # The pairs' reader (participants.csv_import): the separator, doubled quotes, one
    # error per unreadable record, the file's own line numbers, the header's checks.
    labels = ("Squadra", "Cognome 1", "Nome 1")
    rows, errors = read_csv(
        text, HEADERS, dict(zip(REQUIRED, labels, strict=True)), EXAMPLE_HEADER
    )
    result.errors.extend(errors)
    if rows is None:
        return result
    size = max(
        [int(k[4:]) for k in rows.columns.values() if k.startswith("last")], default=0
    )
    for line, values in rows.values(result.errors):
        seed, e1 = _number(values.get("seed", ""), line, "seed", _("Seed"))
        number, e2 = _number(values.get("number", ""), line, "number", _("Team number"))
        captain, e3 = _number(values.get("captain", ""), line, "captain", _("Captain"))
        bad = [e for e in (e1, e2, e3) if e is not None]
        if bad:
            result.errors.extend(bad)
            continue
        result.entries.append(
            TeamEntry(
                name=values["name"],
                players=_roster(values, size),
                club=values.get("club", ""),
                captain=captain,
                seed=seed,
                number=number,
                line=line,
            )
        )
    return result


def _roster(values: dict[str, str], size: int) -> tuple[tuple[str, str, str], ...]:
    """(surname, name, membership) of players 1 to ``size``, the empty ones at the
    end left out."""
    players = tuple(
        (
            values.get(f"last{n}", ""),
            values.get(f"first{n}", ""),
            values.get(f"tessera{n}", ""),
        )
        for n in range(1, size + 1)
    )
    while players and not any(p.strip() for p in players[-1]):
        players = players[:-1]
    return players
