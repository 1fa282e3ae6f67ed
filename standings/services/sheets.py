"""CSV and XLSX files a spreadsheet opens as data, never as formulas.

The one writer of the app is :mod:`tournament.csvsafe` (the standings CSV uses it too); this
module keeps the names the federation report imports.
"""

from __future__ import annotations

from tournament.csvsafe import (
    CSV_CONTENT_TYPE,
    FORMULA_STARTS,
    XLSX_CONTENT_TYPE,
    csv_text,
    download,
    safe_cell,
    xlsx_bytes,
)

__all__ = [
    "CSV_CONTENT_TYPE",
    "FORMULA_STARTS",
    "XLSX_CONTENT_TYPE",
    "csv_text",
    "download",
    "safe_cell",
    "xlsx_bytes",
]
