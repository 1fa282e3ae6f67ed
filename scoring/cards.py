"""The entry page's table cards, written in Python (issue 19, item 4).

A 500-table round's entry page is 500 cards: through ``{% include %}`` each card costs
a template context, a dozen tags and their translations, which was half of the page's
time. :func:`card_html` writes the same HTML as ``scoring/includes/_table_row.html``
(a test compares the two on every kind of card: a change to one must be made to the
other), with the words that are the same for every card looked up once per page
(:class:`CardWords`). The single card the page's script fetches keeps the template.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape as _escape
from typing import TYPE_CHECKING

from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from tournament.words import GameWords

from .models import ResultVersion, TableResult

if TYPE_CHECKING:
    from .pages import TableRow


@dataclass(frozen=True)
class CardWords:
    """The translated words every card of a page shares (looked up once a page)."""

    table: str  # "Tavolo %(n)s"
    awaiting: str
    second: str
    rest: str
    type_second: str
    type_sheet: str
    waiting: str
    settle: str
    details: str
    score: str
    points: str
    late: str = ""
    code: str = ""
    statuses: dict[str, str] = field(default_factory=dict)  # status -> its label

    @classmethod
    def of(cls, words: GameWords) -> CardWords:
        return cls(
            table=_("Table %(n)s"),
            awaiting=escape(_("Awaiting another referee")),
            second=escape(_("Second entry (blind)")),
            rest=escape(_("rest (riposo)")),
            type_second=escape(_("Type the second sheet")),
            type_sheet=escape(_("Type the sheet")),
            waiting=escape(
                _(
                    "You typed the first sheet: another referee types the second one"
                    " without seeing it."
                )
            ),
            settle=escape(_("The sheets differ: settle")),
            details=escape(_("Details and corrections")),
            score=escape(words.score),
            points=escape(words.points),
            late=escape(_("late")),
            code=escape(_("Code")),
            statuses={
                value: escape(label) for value, label in TableResult.Status.choices
            },
        )


def escape(value: object) -> str:
    """Django's ``escape`` (the template's autoescape) without its SafeString."""
    return _escape(str(value))


def _value(value: object) -> str:
    return "—" if value is None else escape(value)


def card_html(row: TableRow, words: CardWords) -> SafeString:
    """One table's card, as ``_table_row.html`` writes it."""
    url = escape(row.table_url)
    parts = [_head(row, words, url), _body(row, words, url), "\n</article>\n\n"]
    return mark_safe("".join(parts))  # every value in them is escaped


def _badge(row: TableRow, words: CardWords) -> str:
    """The card's state: this referee's part in a double entry, else the table's."""
    if row.waiting:
        badge = words.awaiting
    elif row.second:
        badge = words.second
    elif row.badge:
        badge = escape(row.badge)
    else:
        badge = words.statuses.get(row.status) or escape(row.status_label)
    if row.late:
        badge += f' <span class="badge err late">{words.late}</span>'
    return badge


def _head(row: TableRow, words: CardWords, url: str) -> str:
    """The card's header: the table, its state, its code, the team match, the pairs."""
    table = row.table
    number = table.number
    status = escape(row.status)
    code = ""
    if row.code:
        code = (
            f'    <span class="table-code-ref">{words.code} {escape(row.code)}</span>\n'
        )
    team = ""
    if row.team is not None:
        team = render_to_string("scoring/includes/_team_match.html", {"team": row.team})
        ns_team = f' <span class="team">({escape(row.team.team_ns)})</span>'
        ew_team = f' <span class="team">({escape(row.team.team_ew)})</span>'
    else:
        ns_team = ew_team = ""
    ns = row.ns_label or str(table.pair_ns)
    if table.pair_ew_id is not None:
        ew_name = row.ew_label or str(table.pair_ew)
        ew = f'<span class="line">EO</span> {escape(ew_name)}{ew_team}'
    else:
        ew = f"<em>{words.rest}</em>"
    return (
        f'\n<article class="sheet-card status-{status}" id="t{number}"'
        f' data-table="{number}" data-status="{status}">\n'
        '  <header class="sheet-head">\n'
        f'    <a class="tno" href="{url}">'
        f"{escape(words.table % {'n': number})}</a>\n"
        f'    <span class="badge status-badge">{_badge(row, words)}</span>\n'
        f"{code}"
        f"    {team}\n"
        f'    <div class="pairs"><span class="line">NS</span>'
        f" {escape(ns)}{ns_team}<br>\n"
        f"      {ew}</div>\n"
        "  </header>\n"
        '  <div class="row-message" role="status" aria-live="polite"></div>\n  '
    )


def _body(row: TableRow, words: CardWords, url: str) -> str:
    """Under the header: the sheet to type, a link to it, or the result that counts."""
    current = row.current
    if row.sheet_html:
        return f"{row.sheet_html}\n"
    if row.lazy:
        label = words.type_second if row.second else words.type_sheet
        return (
            f'\n    <p class="sheet-slot" data-card="{url}?card=1">'
            f'<a class="button" href="{url}">{label}</a></p>\n  '
        )
    if row.waiting:
        return f'\n    <p class="muted">{words.waiting}</p>\n  '
    if row.status in ("disputed", "contested"):
        return f'\n    <p><a class="button" href="{url}">{words.settle}</a></p>\n  '
    if current is None:
        return ""
    both = row.table.pair_ew_id is not None
    mp = _value(current.mp_ns) + (f"–{_value(current.mp_ew)}" if both else "")
    vp = _value(current.vp_ns) + (f"–{_value(current.vp_ew)}" if both else "")
    kind = ""
    if current.kind != ResultVersion.Kind.NORMAL:
        kind = f'<span class="badge warn">{escape(current.get_kind_display())}</span>'
    return (
        f'\n    <p class="result">{words.score} <b>{mp}</b> ·\n'
        f"      {words.points} <b>{vp}</b>\n"
        f"      {kind}</p>\n"
        f'    <p><a href="{url}">{words.details}</a></p>\n  '
    )


def cards_html(rows: list[TableRow], words: GameWords) -> SafeString:
    """Every card of the entry page, in order."""
    shared = CardWords.of(words)
    return mark_safe("".join(card_html(row, shared) for row in rows))
