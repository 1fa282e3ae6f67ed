"""The Italian catalogue says what ``locale/tsv`` says.

``scripts/po_fill.py`` fills only empty entries: a msgstr that once came from elsewhere
(a fuzzy guess accepted by hand) stays, and the TSV's line for it has no effect. Found
by the reviewer: the round status "Closed" read "Chiusura" (closing) on every page,
though ``tournament.tsv`` says "Chiuso".
"""

import gettext
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _tsv() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / "locale" / "tsv").glob("*.tsv")):
        for line in path.read_text(encoding="utf-8").splitlines():
            fields = line.split("\t")
            if line.startswith("#") or len(fields) != 2:
                continue
            found.setdefault(fields[0], set()).add(fields[1])
    return found


def test_every_tsv_line_is_what_the_compiled_catalogue_says() -> None:
    mo = ROOT / "locale" / "it" / "LC_MESSAGES" / "django.mo"
    with mo.open("rb") as fh:
        catalogue = gettext.GNUTranslations(fh)._catalog  # type: ignore[attr-defined]
    wrong = [
        f"{english!r}: catalogue {catalogue[english]!r}, TSV {sorted(italian)}"
        for english, italian in _tsv().items()
        if english in catalogue and catalogue[english] not in italian
    ]
    assert not wrong, "\n".join(wrong)
