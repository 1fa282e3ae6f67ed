"""The rows of a public standings table, and of a pair page's results, written out
in Python.

A national girone has 1,000 rows and the page is rendered again after every change of
the standings: the template loop cost a quarter of a second per page; this writes the
same markup about ten times faster. A pair page has a row per round, and a girone's
1,000 pair pages are published again in both languages whenever a round moves them:
the loop was half of each page's rendering.
"""

from __future__ import annotations

from django import template
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from public.competitor import Competitor
from public.competitor import of as competitor_of

register = template.Library()


@register.simple_tag
def competitor(tournament) -> Competitor:
    """The tournament's competitor (:mod:`public.competitor`): its columns' headings."""
    return competitor_of(tournament)


@register.simple_tag
def standings_rows(table, tournament) -> SafeString:
    """``<tr>`` of every row of ``table`` (a ``standings.services.read.Table`` of pairs
    or of teams: the competitor's, :mod:`public.competitor`)."""
    competitor = competitor_of(tournament)
    snapshot = table.snapshot
    overall = not snapshot.girone_id
    averaged = bool(table.rows and table.rows[0].average)
    # One reverse() for the page: the competitor's number is the only part that changes.
    link = reverse(competitor.page, args=[tournament.slug, 0])
    head, tail = link.rsplit("/0/", 1)
    anchor = escape(snapshot.etag)
    out: list[str] = []
    for r in table.rows:
        tie = r.tie
        number, names = competitor.rank(r)
        attendance = competitor.attendance(r)  # "entrata al turno 2" (rules.md §8)
        cells = [
            '<tr class="tie">' if tie else "<tr>",
            f'<td class="num">{r.position}',
            f'<sup><a href="#{anchor}-n{tie}">{tie}</a></sup>' if tie else "",
            f'</td><td class="num"><a href="{head}/{number}/{tail}">'
            f"{number}</a></td><td>",
            # On a phone the girone goes beside the names: its column would push the
            # MP difference off the screen.
            f'<span class="badge show-s">{escape(r.girone_label)}</span> '
            if overall
            else "",
            escape(names),
            f'<div class="muted">{escape(r.club)}</div>' if r.club else "",
            f'<div class="attendance">{escape(attendance)}</div>' if attendance else "",
            "</td>",
            f'<td class="hide-s">{escape(r.girone_label)}</td>' if overall else "",
            f'<td class="num"><strong>{r.vp}</strong></td>',
            f'<td class="num">{escape(r.average_display)}</td>' if averaged else "",
            f'<td class="num">{r.signed_diff}</td><td class="num hide-s">{r.mp_for}</td>'
            f'<td class="num hide-s">{r.played}</td></tr>',
        ]
        out.append("\n" + "".join(cells))
    return mark_safe("".join(out))


@register.simple_tag
def pair_history_rows(history, tournament) -> SafeString:
    """``<tr>`` of each round of a pair page (``public.services.Seat``, in order)."""
    link = reverse("public:pair", args=[tournament.slug, 0])
    head, tail = link.rsplit("/0/", 1)
    rest, unpublished = escape(gettext("Rest")), escape(gettext("not published"))
    out: list[str] = []
    for s in history:
        opponent = s.opponent
        if opponent is not None:
            against = (
                f'<a href="{head}/{opponent.number}/{tail}">{opponent.number}</a>'
                f' <span class="muted">{escape(opponent.names)}</span>'
            )
        else:
            against = rest
        if s.vp is not None:
            result = (
                f'<td class="num">{s.mp_for}–{s.mp_against}</td>'
                f'<td class="num"><strong>{s.vp}</strong></td>'
            )
        else:
            result = f'<td class="num muted" colspan="2">{unpublished}</td>'
        out.append(
            f'\n    <tr><td class="num">{s.round.number}</td>'
            f'<td>{s.number} <span class="muted">{escape(s.line)}</span></td>'
            f"<td>{against}</td>{result}</tr>"
        )
    return mark_safe("".join(out))


@register.filter
def butler_cells(line, rounds) -> list[str]:
    """A butler line's cells, one per round of the table (empty where it sat out)."""
    return line.cells(rounds)


@register.simple_tag
def venue_seating_rows(rows, gironi: bool, rest: str) -> SafeString:
    """``<li>`` of each pair's seat on the venue screen (``public.venue.SeatRow``):
    1,000 of them after every ranking, written out like the standings' rows."""
    out: list[str] = []
    rest_cell = f'<span class="c-rest">{escape(rest)}</span>'
    for s in rows:
        girone = f" <small>{escape(s.girone)}</small>" if gironi else ""
        seat = (
            f'<span class="c-table">{s.table}</span><span class="c-line">{s.line}'
            f'</span><span class="c-vs">{s.opponent}</span>'
            if s.table is not None
            else rest_cell
        )
        out.append(
            f'\n<li><span class="c-num">{s.pair}</span><span class="c-names">'
            f"{escape(s.names)}{girone}</span>{seat}</li>"
        )
    return mark_safe("".join(out))


@register.simple_tag
def venue_ranking_rows(rows) -> SafeString:
    """``<li>`` of each row of a ranking on the venue screen (``public.venue.RankRow``)."""
    return mark_safe(
        "".join(
            f'\n<li><span class="c-num">{r.position}</span><span class="c-num">'
            f'{r.number}</span><span class="c-names">{escape(r.names)}</span>'
            f'<span class="c-points">{escape(r.points)}</span></li>'
            for r in rows
        )
    )
