"""Reading a CSV of pairs with Italian headers into plain entries, line by line.

The file's first line names the columns; the order is free and the case, accents,
spaces and underscores do not matter. Accepted headers (Italian first, English too):

* ``Cognome 1``, ``Nome 1``, ``Cognome 2``, ``Nome 2`` (required);
* ``Tessera 1``, ``Tessera 2`` (federation membership numbers, optional);
* ``Circolo`` (club name or federation code, optional);
* ``Testa di serie`` or ``Seed`` (a positive integer, optional);
* ``Numero`` or ``Coppia`` (the pair number, optional: the next free one otherwise).

The separator (``;``, ``,`` or tab) is found by :class:`csv.Sniffer` on the header
line; quoting follows the csv module's ``excel`` dialect (a doubled quote inside a
quoted cell is one quote: ``Circolo "La Rosa"``), strictly: a quote left open is an
error on its line, not the rest of the file swallowed into one cell. Line numbers are the file's own (the header
is line 1, a cell over two lines counts both), so that the director finds each error
where the file shows it.

An uploaded file is decoded by :func:`decode_csv`: a byte order mark says UTF-8,
UTF-16 or UTF-32; without one, UTF-16 is recognised by its zero bytes, then UTF-8 and
Windows-1252 are tried. A spreadsheet or another binary file is refused with a message
that says what it is and what to do.

Nothing here touches the database: the checks against the tournament live in
:mod:`participants.services.registration`.
"""

from __future__ import annotations

import codecs
import csv
import io
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from participants.services.entries import EntryError, PairEntry

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


class CsvFileError(ValueError):
    """An uploaded file that is not CSV text; the message says what it is."""


#: Byte order marks, longest first (UTF-32 LE starts like UTF-16 LE).
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
#: Magic numbers of the files a director may pick by mistake.
_BINARY = (
    (b"PK\x03\x04", "xlsx"),  # .xlsx, .ods (zip)
    (b"\xd0\xcf\x11\xe0", "xls"),  # .xls (OLE)
    (b"%PDF", "pdf"),
)
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def decode_csv(raw: bytes) -> str:
    """The text of an uploaded CSV file, or :class:`CsvFileError` saying why not.

    >>> decode_csv("Cognome;Città".encode("utf-16"))
    'Cognome;Città'
    >>> decode_csv("Città".encode("cp1252")), decode_csv(codecs.BOM_UTF8 + b"ok")
    ('Città', 'ok')
    """
    for magic, kind in _BINARY:
        if raw.startswith(magic):
            if kind == "pdf":
                raise CsvFileError(_("This is a PDF file, not a CSV file."))
            raise CsvFileError(
                _(
                    "This is a spreadsheet file (Excel or similar), not CSV text: "
                    "open it and save it as “CSV UTF-8”."
                )
            )
    encoding = next((enc for bom, enc in _BOMS if raw.startswith(bom)), None)
    if encoding is None and len(raw) >= 2 and b"\x00" in raw[:200]:
        head = raw[:200]
        odd, even = head[1::2].count(0), head[0::2].count(0)
        if odd > len(head) // 4 and even == 0:
            encoding = "utf-16-le"
        elif even > len(head) // 4 and odd == 0:
            encoding = "utf-16-be"
    candidates = [encoding] if encoding else ["utf-8", "cp1252"]
    for candidate in candidates:
        try:
            text = raw.decode(candidate)
        except UnicodeDecodeError:
            continue
        sample = text[:4096]
        if len(_CONTROL.findall(sample)) > max(8, len(sample) // 100):
            break  # decodes, but as binary noise (a stray NUL is a line's error)
        return text
    raise CsvFileError(
        _(
            "The file cannot be read as text (%(encoding)s): it is not a CSV file, or "
            "it is damaged. Save it as “CSV UTF-8” and upload it again."
        )
        % {"encoding": encoding or "UTF-8, Windows-1252"}
    )


def _delimiter(header: str) -> str:
    """The separator of the header line: ``;``, ``,`` or tab."""
    try:
        return csv.Sniffer().sniff(header, delimiters=";,\t").delimiter
    except csv.Error:
        counts = {d: header.count(d) for d in ";,\t"}
        best = max(counts, key=lambda d: counts[d])
        return best if counts[best] else ";"


def _dialect(delimiter: str) -> type[csv.Dialect]:
    """The csv module's ``excel`` dialect with ``delimiter``: doubled quotes, strict."""
    return type("PairsCsv", (csv.excel,), {"delimiter": delimiter, "strict": True})


def _records(
    text: str, dialect
) -> tuple[list[tuple[int, list[str]]], list[EntryError]]:
    """(first line, cells) of every record, and an error for each unreadable one."""
    reader = csv.reader(io.StringIO(text, newline=""), dialect)
    records: list[tuple[int, list[str]]] = []
    errors: list[EntryError] = []
    while True:
        line = reader.line_num + 1
        try:
            cells = next(reader)
        except StopIteration:
            break
        except csv.Error:
            message = _(
                "The line cannot be read as CSV: check its quotes (one opened and "
                "never closed, or text right after a closing one)."
            )
            errors.append(EntryError(line, message, None, "parse"))
            continue
        records.append((line, cells))
    return records, errors


_INTEGER = re.compile(r"[+-]?[0-9]+")


def _number(
    value: str, line: int, field_name: str, label: str
) -> tuple[int | None, EntryError | None]:
    """A whole number in ASCII digits (the range is checked with the tournament)."""
    value = value.strip()
    if not value:
        return None, None
    if _INTEGER.fullmatch(value) and len(value) <= 18:
        return int(value), None
    if _INTEGER.fullmatch(value):
        message = _("%(label)s “%(value)s” is too large.") % {
            "label": label,
            "value": value if len(value) <= 30 else value[:30] + "…",
        }
    else:
        message = _("%(label)s “%(value)s” is not a whole number.") % {
            "label": label,
            "value": value if len(value) <= 30 else value[:30] + "…",
        }
    return None, EntryError(line, message, field_name, "parse")


@dataclass(frozen=True)
class CsvRows:
    """The data records of a CSV file whose header was read: ``columns`` maps a cell's
    index to its field (shared by the pairs' and the teams' import)."""

    header: list[str]
    columns: dict[int, str]
    records: list[tuple[int, list[str]]]

    def values(self, errors: list[EntryError]) -> Iterator[tuple[int, dict[str, str]]]:
        """(line, cells by field) of every line not blank; a line with more fields
        than the header is not read, its error added to ``errors``."""
        for line, row in self.records:
            if not any(cell.strip() for cell in row):
                continue  # blank lines are skipped, not errors
            if len(row) > len(self.header) and any(
                c.strip() for c in row[len(self.header) :]
            ):
                errors.append(
                    EntryError(
                        line,
                        _("The line has %(found)s fields, the header %(expected)s.")
                        % {"found": len(row), "expected": len(self.header)},
                        None,
                        "parse",
                    )
                )
                continue
            values = dict.fromkeys(self.columns.values(), "")
            for index, cell in enumerate(row):
                if index in self.columns:
                    values[self.columns[index]] = cell.strip()
            yield line, values


def read_csv(
    text: str, headers: dict[str, str], required: dict[str, str], example: str
) -> tuple[CsvRows | None, list[EntryError]]:
    """The records of a CSV text under its header line, and the errors found reading.

    ``headers`` maps a normalised header to its field, ``required`` a required field to
    its header's label, ``example`` is the header line a message suggests. No rows
    (None) for an empty text or a header in error (the errors say why); else the
    errors are the records that cannot be read.
    """
    text = text.lstrip("\ufeff")
    if not text.strip():
        return None, []
    records, unreadable = _records(text, _dialect(_delimiter(text.splitlines()[0])))
    if not records or records[0][0] != 1:
        return None, unreadable or [EntryError(1, _("No header line."), None, "header")]
    header = records[0][1]
    columns, errors = _columns(header, headers, required, example)
    if errors:
        return None, errors
    return CsvRows(header, columns, records[1:]), unreadable


def _columns(
    header: list[str], headers: dict[str, str], required: dict[str, str], example: str
) -> tuple[dict[int, str], list[EntryError]]:
    """Each known column's field by index, and the header's errors (a required column
    missing, a column not known)."""
    columns: dict[int, str] = {}
    unknown: list[str] = []
    for index, name in enumerate(header):
        key = headers.get(normalise_header(name))
        if key is None:
            if name.strip():
                unknown.append(name.strip())
            continue
        columns[index] = key
    missing = [label for key, label in required.items() if key not in columns.values()]
    errors = []
    if missing:
        errors.append(
            EntryError(
                1,
                _(
                    "The header line lacks the columns %(columns)s (expected e.g. %(example)s)."
                )
                % {"columns": ", ".join(missing), "example": example},
                None,
                "header",
            )
        )
    if unknown:
        errors.append(
            EntryError(
                1,
                _("Unknown columns in the header line: %(columns)s.")
                % {"columns": ", ".join(unknown)},
                None,
                "header",
            )
        )
    return columns, errors


def parse_pairs_csv(text: str) -> ParsedCsv:
    """Read every line of a CSV text; a line with a bad number is reported, not read.

    >>> parsed = parse_pairs_csv("Cognome 1;Nome 1;Cognome 2;Nome 2\\nRossi;Anna;Bianchi;Luca\\n")
    >>> [(e.line, e.last_name1, e.first_name2) for e in parsed.entries]
    [(2, 'Rossi', 'Luca')]
    """
    result = ParsedCsv()
    labels = ("Cognome 1", "Nome 1", "Cognome 2", "Nome 2")
    rows, errors = read_csv(
        text, HEADERS, dict(zip(REQUIRED, labels, strict=True)), EXAMPLE_HEADER
    )
    result.errors.extend(errors)
    if rows is None:
        return result
    for line, values in rows.values(result.errors):
        seed, seed_error = _number(values.pop("seed", ""), line, "seed", _("Seed"))
        number, number_error = _number(
            values.pop("number", ""), line, "number", _("Pair number")
        )
        bad = [e for e in (seed_error, number_error) if e is not None]
        if bad:
            result.errors.extend(bad)
            continue
        result.entries.append(PairEntry(**values, seed=seed, number=number, line=line))
    return result
