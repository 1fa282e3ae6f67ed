"""Fill empty Italian translations in locale/it/LC_MESSAGES/django.po from a TSV file.

Usage: python scripts/po_fill.py translations.tsv   (lines: English msgid <TAB> Italian)
Only single-line msgids with an empty msgstr are filled; their fuzzy flags go.

Plural forms (ngettext, blocktranslate count) take a line of four fields:
English singular <TAB> English plural <TAB> Italian singular <TAB> Italian plural.
It fills the entry's msgstr[0] and msgstr[1] when they are empty.
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
    plurals: dict[tuple[str, str], tuple[str, str]] = {}
    for line in Path(sys.argv[1]).read_text(encoding="utf-8").splitlines():
        if "\t" in line and not line.startswith("#"):
            fields = line.split("\t")
            if len(fields) == 4:
                plurals[(fields[0], fields[1])] = (fields[2], fields[3])
                continue
            en, it = line.split("\t", 1)
            pairs[en] = it
    text = PO.read_text(encoding="utf-8")
    filled = 0

    def unesc(s: str) -> str:
        return s.replace('\\"', '"').replace("\\\\", "\\")

    def plural(m: re.Match[str]) -> str:
        nonlocal filled
        key = (unesc(m.group(2)), unesc(m.group(3)))
        if key not in plurals:
            return m.group(0)
        filled += 1
        one, many = plurals[key]
        flags = (m.group(1) or "").replace(", fuzzy", "")
        flags = "" if flags.strip() in ("#", "#,") else flags
        return (
            f'{flags}msgid "{m.group(2)}"\nmsgid_plural "{m.group(3)}"\n'
            f'msgstr[0] "{esc(one)}"\nmsgstr[1] "{esc(many)}"\n'
        )

    # Plural entries whose Italian is empty, or a fuzzy guess (dropped, as below).
    text = re.sub(
        r'(#,[^\n]*\n)?(?:#\|[^\n]*\n)*msgid "((?:[^"\\]|\\.)+)"\n'
        r'msgid_plural "((?:[^"\\]|\\.)+)"\n'
        r'msgstr\[0\] "(?:[^"\\]|\\.)*"\nmsgstr\[1\] "(?:[^"\\]|\\.)*"\n',
        lambda m: (
            plural(m)
            if "fuzzy" in (m.group(1) or "") or '[0] ""' in m.group(0)
            else m.group(0)
        ),
        text,
    )

    def repl(m: re.Match[str]) -> str:
        nonlocal filled
        msgid = m.group(3)
        key = msgid.replace('\\"', '"').replace("\\\\", "\\")
        if key in pairs:
            filled += 1
            flags = (m.group(1) or "").replace(", fuzzy", "").replace("#, fuzzy\n", "")
            context = m.group(2) or ""
            return f'{flags}{context}msgid "{msgid}"\nmsgstr "{esc(pairs[key])}"\n'
        return m.group(0)

    # A fuzzy guess (msgmerge's "#, fuzzy" + "#| msgid ...") for a msgid the TSV
    # translates is dropped first, so that the TSV's Italian replaces it.
    def unfuzz(m: re.Match[str]) -> str:
        key = m.group(4).replace('\\"', '"').replace("\\\\", "\\")
        if key not in pairs:
            return m.group(0)
        flags = m.group(1).replace(", fuzzy", "")
        flags = "" if flags.strip() == "#," else flags
        context = m.group(3) or ""
        return f'{flags}{context}msgid "{m.group(4)}"\nmsgstr ""\n'

    # An entry may have a context (pgettext: msgctxt "round status"); the TSV's line
    # for its msgid translates it.
    text = re.sub(
        r'(#, fuzzy[^\n]*\n)((?:#\|[^\n]*\n)*)(msgctxt "[^\n]*"\n)?'
        r'msgid "((?:[^"\\]|\\.)+)"\n'
        r'msgstr "(?:[^"\\]|\\.)*"\n(?!")',
        unfuzz,
        text,
    )
    text = re.sub(
        r'(#,[^\n]*\n)?(msgctxt "[^\n]*"\n)?msgid "((?:[^"\\]|\\.)+)"\n'
        r'msgstr ""\n(?!")',
        repl,
        text,
    )
    PO.write_text(text, encoding="utf-8")
    print(f"filled {filled}")
    missing = re.findall(r'msgid "((?:[^"\\]|\\.)+)"\nmsgstr ""\n(?!")', text)
    missing += re.findall(
        r'msgid "((?:[^"\\]|\\.)+)"\nmsgid_plural "[^\n]*\nmsgstr\[0\] ""\n', text
    )
    if missing:
        print("still untranslated:", *missing, sep="\n  ")


if __name__ == "__main__":
    main()
