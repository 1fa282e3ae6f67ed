"""Reading a CSV of pairs with Italian headers into plain entries, line by line.

The file's first line names the columns; the order is free and the case, accents,
spaces and underscores do not matter. Accepted headers (Italian first, English too):

* ``Cognome 1``, ``Nome 1``, ``Cognome 2``, ``Nome 2`` (required);
* ``Tessera 1``, ``Tessera 2`` (federation membership numbers, optional);
* ``Circolo`` (club name or federation code, optional);
* ``Testa di serie`` or ``Seed`` (a positive integer, optional);
* ``Numero`` or ``Coppia`` (the pair number, optional: the next free one otherwise).

The separator (``;``, ``,`` or tab) is detected. Line numbers are the file's own (the
header is line 1), so that the director finds each error where the file shows it.
Nothing here touches the database: the checks against the tournament live in
:mod:`tournament.services.registration`.
"""

from __future__ import annotations

import csv
import io
import unicodedata
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from tournament.services.entries import EntryError, PairEntry

#: Normalised header -> PairEntry field.
HEADERS = {
    "cognome1": "last_name1",
    "nome1": "first_name1",
    "tessera1": "membership1",
    "cognome2": "last_name2",
    "nome2": "first_name2",
    "tessera2": "membership2",
    "circolo": "club",
    "club": "club",
    "testadiserie": "seed",
    "seed": "seed",
    "numero": "number",
    "coppia": "number",
    "numerocoppia": "number",
    "surname1": "last_name1",
    "lastname1": "last_name1",
    "name1": "first_name1",
    "firstname1": "first_name1",
    "membership1": "membership1",
    "surname2": "last_name2",
    "lastname2": "last_name2",
    "name2": "first_name2",
    "firstname2": "first_name2",
    "membership2": "membership2",
    "number": "number",
}
REQUIRED = ("last_name1", "first_name1", "last_name2", "first_name2")
#: The header line the import page shows as an example.
EXAMPLE_HEADER = "Cognome 1;Nome 1;Tessera 1;Cognome 2;Nome 2;Tessera 2;Circolo"


@dataclass
class ParsedCsv:
    """Entries read from a file, and the errors that stopped some lines being read."""

    entries: list[PairEntry] = field(default_factory=list)
    errors: list[EntryError] = field(default_factory=list)


def normalise_header(text: str) -> str:
    """Lower case, no accents, no spaces, dots, dashes or underscores.

    >>> normalise_header(" Testa di Serie "), normalise_header("COGNOME_1")
    ('testadiserie', 'cognome1')
    """
    text = unicodedata.normalize("NFKD", text.strip().casefold())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return "".join(c for c in text if c.isalnum())


def _dialect(sample: str) -> type[csv.Dialect] | csv.Dialect:
    try:
        return csv.Sniffer().sniff(sample, delimiters=";,\t")
    except csv.Error:
        return csv.excel if sample.count(",") > sample.count(";") else _Semicolon


class _Semicolon(csv.excel):
    delimiter = ";"


def _number(
    value: str, line: int, field_name: str, label: str
) -> tuple[int | None, EntryError | None]:
    value = value.strip()
    if not value:
        return None, None
    try:
        return int(value), None
    except ValueError:
        message = _("%(label)s “%(value)s” is not a whole number.") % {
            "label": label,
            "value": value,
        }
        return None, EntryError(line, message, field_name, "parse")


def parse_pairs_csv(text: str) -> ParsedCsv:
    """Read every line of a CSV text; a line with a bad number is reported, not read.

    >>> parsed = parse_pairs_csv("Cognome 1;Nome 1;Cognome 2;Nome 2\\nRossi;Anna;Bianchi;Luca\\n")
    >>> [(e.line, e.last_name1, e.first_name2) for e in parsed.entries]
    [(2, 'Rossi', 'Luca')]
    """
    result = ParsedCsv()
    text = text.lstrip("\ufeff")
    if not text.strip():
        return result
    first_line = text.splitlines()[0]
    try:
        rows = list(csv.reader(io.StringIO(text, newline=""), _dialect(first_line)))
    except csv.Error as exc:
        message = _("The file cannot be read as CSV: %(error)s.") % {"error": exc}
        result.errors.append(EntryError(None, message, None, "parse"))
        return result
    if not rows:
        return result
    header = rows[0]
    columns: dict[int, str] = {}
    unknown: list[str] = []
    for index, name in enumerate(header):
        key = HEADERS.get(normalise_header(name))
        if key is None:
            if name.strip():
                unknown.append(name.strip())
            continue
        columns[index] = key
    missing = [
        label
        for key, label in zip(
            REQUIRED, ("Cognome 1", "Nome 1", "Cognome 2", "Nome 2"), strict=True
        )
        if key not in columns.values()
    ]
    if missing:
        result.errors.append(
            EntryError(
                1,
                _(
                    "The header line lacks the columns %(columns)s (expected e.g. %(example)s)."
                )
                % {"columns": ", ".join(missing), "example": EXAMPLE_HEADER},
                None,
                "header",
            )
        )
    if unknown:
        result.errors.append(
            EntryError(
                1,
                _("Unknown columns in the header line: %(columns)s.")
                % {"columns": ", ".join(unknown)},
                None,
                "header",
            )
        )
    if result.errors:
        return result
    for line, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue  # blank lines are skipped, not errors
        values = {key: "" for key in columns.values()}
        for index, cell in enumerate(row):
            if index in columns:
                values[columns[index]] = cell.strip()
        if len(row) > len(header) and any(c.strip() for c in row[len(header) :]):
            result.errors.append(
                EntryError(
                    line,
                    _("The line has %(found)s fields, the header %(expected)s.")
                    % {"found": len(row), "expected": len(header)},
                    None,
                    "parse",
                )
            )
            continue
        seed, seed_error = _number(values.pop("seed", ""), line, "seed", _("Seed"))
        number, number_error = _number(
            values.pop("number", ""), line, "number", _("Pair number")
        )
        errors = [e for e in (seed_error, number_error) if e is not None]
        if errors:
            result.errors.extend(errors)
            continue
        result.entries.append(PairEntry(**values, seed=seed, number=number, line=line))
    return result
