"""Fill empty Italian translations in locale/it/LC_MESSAGES/django.po from a TSV file.

Usage: python scripts/po_fill.py translations.tsv   (lines: English msgid <TAB> Italian)
Only single-line msgids with an empty msgstr are filled; their fuzzy flags go.
Then run: python manage.py compilemessages --ignore=.venv
"""

import re
import sys
from pathlib import Path

PO = Path(__file__).resolve().parent.parent / "locale/it/LC_MESSAGES/django.po"


def esc(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"')


def main() -> None:
    pairs = {}
    for line in Path(sys.argv[1]).read_text(encoding="utf-8").splitlines():
        if "\t" in line and not line.startswith("#"):
            en, it = line.split("\t", 1)
            pairs[en] = it
    text = PO.read_text(encoding="utf-8")
    filled = 0

    def repl(m: re.Match[str]) -> str:
        nonlocal filled
        msgid = m.group(2)
        key = msgid.replace('\\"', '"').replace("\\\\", "\\")
        if key in pairs:
            filled += 1
            flags = (m.group(1) or "").replace(", fuzzy", "").replace("#, fuzzy\n", "")
            return f'{flags}msgid "{msgid}"\nmsgstr "{esc(pairs[key])}"\n'
        return m.group(0)

    # A fuzzy guess (msgmerge's "#, fuzzy" + "#| msgid ...") for a msgid the TSV
    # translates is dropped first, so that the TSV's Italian replaces it.
    def unfuzz(m: re.Match[str]) -> str:
        key = m.group(3).replace('\\"', '"').replace("\\\\", "\\")
        if key not in pairs:
            return m.group(0)
        flags = m.group(1).replace(", fuzzy", "")
        flags = "" if flags.strip() == "#," else flags
        return f'{flags}msgid "{m.group(3)}"\nmsgstr ""\n'

    text = re.sub(
        r'(#, fuzzy[^\n]*\n)((?:#\|[^\n]*\n)*)msgid "((?:[^"\\]|\\.)+)"\n'
        r'msgstr "(?:[^"\\]|\\.)*"\n(?!")',
        unfuzz,
        text,
    )
    text = re.sub(
        r'(#,[^\n]*\n)?msgid "((?:[^"\\]|\\.)+)"\nmsgstr ""\n(?!")', repl, text
    )
    PO.write_text(text, encoding="utf-8")
    print(f"filled {filled}")
    missing = re.findall(r'msgid "((?:[^"\\]|\\.)+)"\nmsgstr ""\n(?!")', text)
    if missing:
        print("still untranslated:", *missing, sep="\n  ")


if __name__ == "__main__":
    main()
