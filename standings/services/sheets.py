"""CSV and XLSX files a spreadsheet opens as data, never as formulas.

A player called ``=1+1`` or ``@SUM(A1)`` must reach the federation's spreadsheet as that
text, not run as a formula ("CSV injection", OWASP):

* CSV: a text cell starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
  return gets a leading apostrophe, which spreadsheets show as text; numbers stay
  numbers (and a text that is just a number, such as ``-120``, is left as it is).
  Text cells are quoted, so a spreadsheet splitting on ``;`` still reads one cell.
* XLSX (openpyxl): every text is a string cell, never a formula; kept exactly.

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

from django.http import HttpResponse

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?")
CSV_CONTENT_TYPE = "text/csv; charset=utf-8"
XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def safe_cell(value: Any) -> Any:
    """Text that a spreadsheet would take for a formula gets a leading apostrophe."""
    if not isinstance(value, str):
        return value
    if value.startswith(FORMULA_STARTS) and not _PLAIN_NUMBER.fullmatch(value):
        return "'" + value
    return value


def csv_text(header: Sequence[Any], rows: Iterable[Iterable[Any]]) -> str:
    """A CSV file as text: the header line, then one line per row, all cells safe."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_STRINGS)
    for row in (header, *rows):
        writer.writerow([safe_cell(v) for v in row])
    return out.getvalue()


def xlsx_bytes(
    sheets: Sequence[tuple[str, Sequence[Any], Iterable[Iterable[Any]]]],
) -> bytes:
    """An XLSX workbook, one sheet per ``(title, header, rows)``; text stays text."""
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell

    book = Workbook(write_only=True)
    for title, header, rows in sheets:
        sheet = book.create_sheet(title=_sheet_title(title))
        for row in (header, *rows):
            cells = []
            for value in row:
                cell = WriteOnlyCell(sheet, value=value)
                if isinstance(value, str):
                    cell.data_type = "s"  # a string, never "f" (a formula)
                cells.append(cell)
            sheet.append(cells)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _sheet_title(title: str) -> str:
    cleaned = re.sub(r"[\[\]:*?/\\]", " ", title).strip() or "Sheet"
    return cleaned[:31]


def download(data: str | bytes, filename: str) -> HttpResponse:
    """A response downloading ``data`` as ``filename`` (CSV with a BOM for Excel)."""
    xlsx = filename.endswith(".xlsx")
    if isinstance(data, str):
        data = "\ufeff" + data
    response = HttpResponse(
        data, content_type=XLSX_CONTENT_TYPE if xlsx else CSV_CONTENT_TYPE
    )
    safe_name = re.sub(r"[^A-Za-z0-9._-]", "-", filename)
    response["Content-Disposition"] = f'attachment; filename="{safe_name}"'
    response["Cache-Control"] = "private, no-store"
    return response
