"""CSV and XLSX files that a spreadsheet opens as data, never as formulas.

Every file the app writes for a spreadsheet goes through here (the standings export,
the federation report...). A player named ``=cmd|' /C calc'!A0`` or a club called
``=1+1 Club`` must reach the spreadsheet as that text, not run as a formula (OWASP,
"CSV injection"):

* CSV: a text cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
  return gets a leading apostrophe (``'=1+1 Club``), which spreadsheets show as text.
  Numbers stay numbers: the integer -120, and the text ``-120`` too, are written as
  they are. Every text cell is quoted, so a spreadsheet that splits on another
  separator (``;`` in an Italian Excel) still reads one cell.
* XLSX: text cells are written as strings (``t="s"`` in the sheet), so nothing in
  them is ever a formula; the text is kept exactly (no apostrophe needed).

Only the standard library and openpyxl: any app can import this module.

>>> safe_cell("=1+1 Club"), safe_cell(-120), safe_cell("-120"), safe_cell("Rossi")
("'=1+1 Club", -120, '-120', 'Rossi')
>>> csv_text(["name", "mp"], [["@SUM(A1)", -45], ["D'Angelo", 1065]])
'"name","mp"\\n"\\'@SUM(A1)",-45\\n"D\\'Angelo",1065\\n'
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence
from typing import Any

#: What makes a spreadsheet read a cell as a formula (OWASP's list).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?")


def safe_cell(value: Any) -> Any:
    """``value`` as a spreadsheet must read it: text that looks like a formula is
    prefixed with an apostrophe; numbers (and text that is just a number) as they are.
    """
    if not isinstance(value, str):
        return value
    if value.startswith(FORMULA_STARTS) and not _PLAIN_NUMBER.fullmatch(value):
        return "'" + value
    return value


class SafeWriter:
    """A :func:`csv.writer` whose rows go through :func:`safe_cell` first."""

    def __init__(self, out, **kwargs: Any) -> None:
        kwargs.setdefault("lineterminator", "\n")
        kwargs.setdefault("quoting", csv.QUOTE_STRINGS)
        self._writer = csv.writer(out, **kwargs)

    def writerow(self, row: Iterable[Any]) -> Any:
        return self._writer.writerow([safe_cell(v) for v in row])

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        for row in rows:
            self.writerow(row)


def writer(out, **kwargs: Any) -> SafeWriter:
    """A CSV writer on the text stream ``out`` (``csv.writer``'s options allowed)."""
    return SafeWriter(out, **kwargs)


def csv_text(
    header: Sequence[Any], rows: Iterable[Iterable[Any]], **kwargs: Any
) -> str:
    """A whole CSV file as text: the header line, then one line per row."""
    out = io.StringIO()
    w = writer(out, **kwargs)
    w.writerow(header)
    w.writerows(rows)
    return out.getvalue()


def xlsx_bytes(
    sheets: Sequence[tuple[str, Sequence[Any], Iterable[Iterable[Any]]]],
) -> bytes:
    """An XLSX workbook: one sheet per ``(title, header, rows)``; text stays text.

    Numbers, dates and booleans keep their type; every ``str`` is written as a string
    cell, even ``=1+1`` (openpyxl alone would make it a formula).
    """
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

    book = Workbook(write_only=True)
    for title, header, rows in sheets:
        sheet = book.create_sheet(title=_sheet_title(title))
        for row in (header, *rows):
            cells = []
            for value in row:
                if isinstance(value, str):
                    # A control character is refused by the XLSX format (openpyxl
                    # raises): shown as "\ufffd" instead of failing the download.
                    value = ILLEGAL_CHARACTERS_RE.sub("\ufffd", value)
                cell = WriteOnlyCell(sheet, value=value)
                if isinstance(value, str):
                    cell.data_type = "s"  # never "f" (formula)
                cells.append(cell)
            sheet.append(cells)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _sheet_title(title: str) -> str:
    """A valid sheet title: at most 31 characters, none of ``[]:*?/\\``."""
    cleaned = re.sub(r"[\[\]:*?/\\]", " ", title).strip() or "Sheet"
    return cleaned[:31]


#: Content types of the two formats (for a download response).
CSV_CONTENT_TYPE = "text/csv; charset=utf-8"
XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def download(data: str | bytes, filename: str, content_type: str | None = None):
    """A Django response that downloads ``data`` as ``filename`` (CSV or XLSX).

    CSV text starts with a byte order mark, so that a spreadsheet reads its accents as
    UTF-8 (Excel takes a file without one for Windows-1252).
    """
    from django.http import HttpResponse

    if content_type is None:
        content_type = (
            XLSX_CONTENT_TYPE if filename.endswith(".xlsx") else CSV_CONTENT_TYPE
        )
    if isinstance(data, str) and not data.startswith("\ufeff"):
        data = "\ufeff" + data
    response = HttpResponse(data, content_type=content_type)
    safe_name = re.sub(r"[^A-Za-z0-9._-]", "-", filename)
    response["Content-Disposition"] = f'attachment; filename="{safe_name}"'
    response["Cache-Control"] = "private, no-store"
    return response
