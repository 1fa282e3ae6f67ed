"""What the entry page's script gets back after a save: the message, the round's
progress, the table's card again and its team match's other card."""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from seating.models import Table, TeamMatch
from tournament.models import Tournament
from tournament.words import game_words

from . import room, services
from .formats import in_team_matches
from .models import ResultVersion, TableResult
from .pages import RowContext, table_row, team_info
from .sheet_shape import summary

TableStatus = TableResult.Status


def saved_message(table: Table, saved: services.SaveResult) -> str:
    """What the referee reads after a save."""
    version, status = saved.version, saved.result.status
    if not saved.created:
        return _("Table %(n)d: this sheet was already saved (not counted twice).") % {
            "n": table.number
        }
    if status == TableStatus.ENTERED:
        return _("Table %(n)d: first sheet saved, awaiting the second entry.") % {
            "n": table.number
        }
    if status == TableStatus.DISPUTED:
        return _(
            "Table %(n)d: the two sheets differ. Settle the differences on the table"
            " page."
        ) % {"n": table.number}
    if version.purpose == ResultVersion.Purpose.CORRECTION:
        return _("Table %(n)d corrected.") % {"n": table.number}
    words = game_words(table.round.girone.stage.tournament)
    return _("Table %(n)d confirmed: %(summary)s.") % {
        "n": table.number,
        "summary": summary(saved.result.current, words),
    }


def progress_payload(round_id: int) -> dict[str, Any]:
    progress = services.round_progress(round_id)
    return {
        "confirmed": progress.confirmed,
        "total": progress.total,
        "missing": list(progress.missing),
        "label": _("%(done)d/%(total)d tables")
        % {"done": progress.confirmed, "total": progress.total},
    }


def render_row(request: Any, tournament: Tournament, table: Table) -> str:
    """The entry page's card of one table, as HTML (the script swaps it in)."""
    round_ = table.round
    result = (
        TableResult.objects.filter(table=table)
        .select_related("current")
        .prefetch_related("versions")
        .first()
    )
    ctx = RowContext.of(request, tournament, round_)
    row = table_row(tournament, round_, table, result, ctx)
    if in_team_matches(tournament):
        row.team = team_info(round_, [table]).get(table.pk)
    if room.players_enter(tournament):
        sources = room.open_sources(round_, table.pk).get(table.pk, [])
        row.badge = room.state_label(row.status, sources)
        if row.status != TableStatus.CONFIRMED:
            row.code = room.live_codes(round_).get(table.pk, "")
    return render_to_string(
        "scoring/includes/_table_row.html",
        {"row": row, "tournament": tournament, "round": round_, "words": ctx.words},
        request=request,
    )


def team_lines(request: Any, tournament: Tournament, table: Table) -> dict[str, str]:
    """The match line ("Match 1 · 11–9 VP") of the other table of ``table``'s team
    match, by table number: once both tables count, the script shows the match result
    on both cards, not only on the one just saved."""
    if not in_team_matches(tournament):
        return {}
    match = (
        TeamMatch.objects.filter(Q(table_1=table) | Q(table_2=table))
        .select_related("table_1", "table_2")
        .first()
    )
    if match is None:
        return {}
    others = [t for t in match.tables if t.pk != table.pk]
    info = team_info(table.round, others)
    return {
        str(t.number): render_to_string(
            "scoring/includes/_team_match.html", {"team": info[t.pk]}, request=request
        )
        for t in others
        if t.pk in info
    }
