"""Walk a demo event's pages and documents, and find what is not flawless Italian.

Used by ``test_walk``: each finder takes the visible text of a page (tags, scripts and
styles left out; the values of form fields too: they are the user's) and returns what
is wrong with it, as short strings that name the page.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from urllib.parse import urldefrag, urlparse

#: Words that are English and not Italian: one of them in an Italian page is a message
#: left untranslated (names of people and clubs are Italian in the demo).
ENGLISH_WORDS = frozenset(
    [
        "the",
        "and",
        "tournament",
        "with",
        "without",
        "round",
        "rounds",
        "table",
        "tables",
        "pair",
        "pairs",
        "player",
        "players",
        "closed",
        "published",
        "draft",
        "status",
        "points",
        "missing",
        "confirmed",
        "entered",
        "withdrawn",
        "save",
        "saved",
        "must",
        "impossible",
        "between",
        "should",
        "which",
        "standings",
        "overall",
        "results",
        "result",
        "entry",
        "error",
        "total",
        "hands",
        "hand",
        "games",
        "game",
        "awaiting",
        "second",
        "first",
        "last",
        "next",
        "before",
        "after",
        "late",
        "rest",
        "forfeit",
        "correction",
        "reason",
        "none",
        "true",
        "false",
        "from",
        "this",
        "that",
        "there",
        "here",
        "page",
        "pages",
        "referee",
        "director",
        "settings",
        "print",
        "download",
        "search",
        "back",
        "yes",
        "when",
        "who",
        "what",
        "where",
        "why",
        "how",
        "your",
        "you",
        "our",
        "their",
        "tie",
        "ties",
        "lot",
        "wins",
        "won",
        "lost",
        "draw",
        "number",
        "numbers",
        "of",
        "for",
        "to",
        "in",
        "on",
        "at",
        "by",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "not",
        "no",
        "yes",
    ]
) - {"no", "in", "a", "di"}

#: A code value shown as such: snake_case, an arrow between codes, a status change.
RAW = [
    re.compile(r"\b[a-z]+_[a-z_]+\b"),  # danese_modificato, h2h_points, late_arrival
    re.compile(r"\b(?:mitchell|danese|random|seeded)\b"),  # a movement's code
    # "status: published → closed": a field's code and its values' codes.
    re.compile(
        r"\b[a-z_]+: (?:draft|published|closed|running|finished|None|True|False) → "
    ),
    re.compile(r"[:=→] ?(?:None|True|False)\b"),  # a Python value printed as such
]
#: A count of one with a plural noun ("1 gironi formati", "1 coppie").
ONE_PLURAL = re.compile(
    r"(?<![\d.,])1 (?:gironi|coppie|turni|tavoli|smazzate|partite|incontri|scontri"
    r"|risultati|problemi|minuti|ritirate|confermati|mancanti|tornei|squadre"
    r"|qualificate|premi)\b"
)
#: Slips a reader noticed (issue 28 §6), in both languages' pages where they apply.
SLIPS = [
    re.compile(r"\b[a-z]+/[ie]\b"),  # "turno/i", "aperto/i", "il/i girone/i"
    re.compile(r"\bGironi [A-Z](?![\w,])"),  # "Gironi C": one girone
    re.compile(r"Improbabile\W[^.]{0,120}Improbabile:"),  # said twice in one note
    re.compile(r"\(butler\)"),
    re.compile(r"\bseed \d{3}\b"),  # a pack's sources in English
    re.compile(r"Gironi \(seme del sorteggio"),  # the seed in a stage's name
]
#: On a team tournament's pages: words about pairs where teams are meant.
TEAM_SLIPS = [re.compile(r"Tenere separate le coppie")]
#: A decimal written the English way on an Italian page ("12.67"): 1.230 is a thousand.
ENGLISH_DECIMAL = re.compile(r"(?<![\d.,/:])\d+\.\d{1,2}(?![\d.])")

#: Not text for the reader: scripts, styles, suggestions, and ``<code>``: what is typed
#: as such (a movement plan's words, a file's cited sources).
SKIP_TAGS = {"script", "style", "datalist", "noscript", "code"}


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.links: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        data = dict(attrs)
        if tag in SKIP_TAGS:
            self._skip += 1
        if tag == "a" and data.get("href"):
            self.links.append(data["href"])
        for name in ("title", "placeholder", "aria-label", "alt"):
            if data.get(name):
                self.parts.append(data[name])
        if tag == "input" and data.get("type") in ("submit", "button"):
            self.parts.append(data.get("value") or "")

    def handle_endtag(self, tag):
        if tag in SKIP_TAGS and self._skip:
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


def page_text(html: str) -> tuple[str, list[str]]:
    """(visible text, links) of an HTML page."""
    parser = _Text()
    parser.feed(html)
    text = " ".join(" ".join(parser.parts).split())
    return text, parser.links


def internal(href: str, prefixes: tuple[str, ...]) -> str | None:
    """The path of a link to follow (same site, under one of ``prefixes``), or None."""
    href, _frag = urldefrag(href)
    url = urlparse(href)
    if url.scheme or url.netloc or not url.path.startswith(prefixes):
        return None
    if url.path.endswith((".pdf", ".csv", ".xlsx", ".svg", ".json", "/pdf")):
        return None
    if "/lingua/" in url.path or url.path.startswith(("/logout", "/i18n/")):
        return None  # the language switch would change the walk's language
    return url.path + (f"?{url.query}" if url.query else "")


def problems(
    text: str,
    *,
    italian: bool,
    known: frozenset[str] = frozenset(),
    teams: bool = False,
) -> list[str]:
    """What is wrong with a page's text: raw identifiers (both languages), English words
    and English decimals (Italian), and ``known`` English messages left untranslated."""
    found: list[str] = []
    for pattern in RAW:
        found += [f"raw «{m}»" for m in pattern.findall(text)]
    for pattern in SLIPS + (TEAM_SLIPS if teams else []):
        found += [f"slip «{m}»" for m in pattern.findall(text)]
    if italian:
        words = re.findall(r"[A-Za-z]+", text)
        found += [f"English «{w}»" for w in words if w.lower() in ENGLISH_WORDS]
        found += [f"decimal «{m}»" for m in ENGLISH_DECIMAL.findall(text)]
        found += [f"plural «{m}»" for m in ONE_PLURAL.findall(text)]
        found += [f"untranslated «{m}»" for m in known if m in text]
    return sorted(set(found))
