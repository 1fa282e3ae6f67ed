"""The referees' view of the room (issue 30): each table's state in words, late tables.

With the players entering, a table is *not started*, *entered by one line* (waiting
for the other), *contested* (the lines disagreed once), *disputed* (twice: a referee
settles it) or *confirmed*. A table with nothing ``idle_minutes`` after the round was
published (the tournament's setting) is *late*: the entry page lists it.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.utils import timezone
from django.utils.translation import gettext as _

from seating.models import TableCode
from tournament.models import Round, Tournament

from .models import ResultVersion, TableResult

TableStatus = TableResult.Status
Source = ResultVersion.Source


def players_enter(tournament: Tournament) -> bool:
    return tournament.entry_by != Tournament.EntryBy.REFEREES


def state_label(status: str, open_sources: list[str]) -> str:
    """A table's state as the referees read it (``open_sources``: who typed its open
    sheets); "" where the status's own label says it."""
    if status == TableStatus.ENTERED and open_sources:
        if open_sources[-1] == Source.PLAYER_NS:
            return _("Entered by line NS, waiting for EO")
        if open_sources[-1] == Source.PLAYER_EW:
            return _("Entered by line EO, waiting for NS")
    if status == TableStatus.DISPUTED and any(
        s in ResultVersion.PLAYER_SOURCES for s in open_sources
    ):
        return _("Lines disagree twice: referee needed")
    return ""


def open_sources(round_: Round, table_id: int | None = None) -> dict[int, list[str]]:
    """Table id -> the sources of its open sheets (entered, disputed), oldest first."""
    found: dict[int, list[str]] = {}
    versions = ResultVersion.objects.filter(
        result__round=round_,
        status__in=[ResultVersion.Status.ENTERED, ResultVersion.Status.DISPUTED],
    )
    if table_id is not None:
        versions = versions.filter(result__table_id=table_id)
    rows = versions.order_by("result_id", "number").values_list(
        "result__table_id", "source"
    )
    for table_id, source in rows:
        found.setdefault(table_id, []).append(source)
    return found


@dataclass(frozen=True)
class Clock:
    """How long the round has been in play, and which tables are late."""

    minutes: int | None  # since the round was published (None: unknown)
    idle_minutes: int | None
    late: tuple[int, ...]  # numbers of the tables with nothing after idle_minutes


def clock(
    tournament: Tournament,
    round_: Round,
    statuses: dict[int, str],
    now: dt.datetime | None = None,
) -> Clock:
    """``statuses``: table number -> status (``services.round_progress``)."""
    now = now or timezone.now()
    minutes = None
    if round_.published_at is not None:
        minutes = max(0, int((now - round_.published_at).total_seconds() // 60))
    idle = tournament.idle_minutes
    late: tuple[int, ...] = ()
    if (
        idle is not None
        and minutes is not None
        and minutes >= idle
        and round_.status == Round.Status.PUBLISHED
    ):
        late = tuple(n for n, s in statuses.items() if s == TableStatus.EMPTY)
    return Clock(minutes, idle, late)


def live_codes(round_: Round) -> dict[int, str]:
    """Table id -> its players' code as printed (``ABCDE-FGHJK``)."""
    return {
        c.table_id: c.display
        for c in TableCode.objects.filter(table__round=round_, revoked_at__isnull=True)
    }
