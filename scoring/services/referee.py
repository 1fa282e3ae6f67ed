"""A referee's sheet on a table: which event of the lifecycle it is, what each writes.

:func:`apply` reads the table's state and the sheet to name the event
(:class:`~scoring.lifecycle.Event`: a first sheet, an equal or a different second
sheet, a settlement, a take-over of the players' entry, a correction), refuses what the
state forbids with a message in words, writes the event's versions and moves the table
on through :func:`scoring.lifecycle.advance` (the table of transitions decides where).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from django.utils.translation import gettext as _

from tournament.models import Table, Tournament, TournamentRole
from tournament.permissions import has_role
from tournament.text import has_words

from ..lifecycle import Event, advance
from ..models import ResultVersion, TableResult
from .errors import AlreadyConfirmedError, NotAllowedError, ScoringError, SheetError
from .sheets import Outcome, Sheet
from .versions import create_version, sheet_key, version_key, write_pair_scores

Status = ResultVersion.Status
Purpose = ResultVersion.Purpose
TableStatus = TableResult.Status
Role = TournamentRole.Role


@dataclass(frozen=True)
class Submission:
    """A referee's sheet on a locked table: what the lifecycle's steps need."""

    result: TableResult
    table: Table
    tournament: Tournament
    sheet: Sheet
    outcome: Outcome
    by: Any
    correction: bool
    late: bool
    #: create_version's by, token, expected, now and source.
    common: dict[str, Any]

    @cached_property
    def first(self) -> ResultVersion:
        """The first sheet of a double entry (the table is entered)."""
        return self.result.versions.get(status=Status.ENTERED)

    def create(self, status: str, **fields: Any) -> ResultVersion:
        return create_version(
            self.result,
            self.table,
            self.sheet,
            self.outcome,
            status=status,
            **fields,
            **self.common,
        )


def apply(s: Submission) -> ResultVersion:
    """Name the event ``s`` is, write it, and move the table on (unsaved)."""
    event = _event(s)
    version = _STEPS[event](s)
    advance(s.result, event)
    return version


def _event(s: Submission) -> Event:
    if players_pending(s.result):
        # A referee takes over a table the players entered: the sheet counts at once.
        return Event.TAKE_OVER
    return _EVENT_IN[TableStatus(s.result.status)](s)


def _on_empty(s: Submission) -> Event:
    if needs_second_entry(s.tournament, s.table, s.sheet):
        return Event.FIRST_ENTRY
    return Event.SINGLE_ENTRY


def _on_entered(s: Submission) -> Event:
    first = s.first
    if first.entered_by_id == s.by.pk:
        raise ScoringError(
            _(
                "You typed the first sheet of table %(n)d: the second entry must"
                " be typed by another referee."
            )
            % {"n": s.table.number}
        )
    if version_key(first) == sheet_key(s.sheet, s.outcome):
        return Event.SECOND_EQUAL
    return Event.SECOND_DIFFERENT


def _on_disputed(s: Submission) -> Event:
    """The sheet typed now settles the dispute."""
    check_settler(s.result, s.table, s.tournament, s.by)
    return Event.SETTLE


def _on_confirmed(s: Submission) -> Event:
    if not s.correction:
        raise AlreadyConfirmedError(
            _(
                "Table %(n)d is already confirmed: changing it is a correction"
                " and needs a reason."
            )
            % {"n": s.table.number}
        )
    if not has_words(s.sheet.reason):
        raise SheetError({"reason": [_("A correction needs a reason.")]})
    return Event.CORRECT


#: The table's state → which event a referee's sheet is in it (contested tables are
#: the players': a referee's sheet takes them over, above).
_EVENT_IN: dict[TableStatus, Callable[[Submission], Event]] = {
    TableStatus.EMPTY: _on_empty,
    TableStatus.ENTERED: _on_entered,
    TableStatus.DISPUTED: _on_disputed,
    TableStatus.CONFIRMED: _on_confirmed,
}


def _confirm_at_once(s: Submission) -> ResultVersion:
    version = s.create(Status.CONFIRMED)
    _count(s, version)
    return version


def _wait_for_second(s: Submission) -> ResultVersion:
    return s.create(Status.ENTERED)


def _second_equal(s: Submission) -> ResultVersion:
    """The second sheet equals the first: the first counts, confirmed by this one."""
    version = s.create(Status.MATCHED, purpose=Purpose.SECOND_ENTRY)
    first = s.first
    first.confirmed_by, first.confirmed_at = s.by, s.common["now"]
    first.status = Status.CONFIRMED
    first.save(update_fields=["status", "confirmed_by", "confirmed_at"])
    _count(s, first)
    return version


def _second_different(s: Submission) -> ResultVersion:
    version = s.create(Status.DISPUTED, purpose=Purpose.SECOND_ENTRY)
    s.result.versions.filter(status=Status.ENTERED).update(status=Status.DISPUTED)
    return version


def _settle(s: Submission) -> ResultVersion:
    """The typed sheet counts; the open ones (entered or disputed) are superseded."""
    if not has_words(s.sheet.reason):  # a settlement says why (a database constraint)
        s = replace(s, sheet=replace(s.sheet, reason=_("Settled by a referee")))
    version = s.create(Status.CONFIRMED, purpose=Purpose.SETTLEMENT)
    s.result.versions.filter(status__in=[Status.ENTERED, Status.DISPUTED]).update(
        status=Status.SUPERSEDED
    )
    _count(s, version)
    return version


def _correct(s: Submission) -> ResultVersion:
    previous = s.result.current
    assert previous is not None
    version = s.create(
        Status.CONFIRMED, purpose=Purpose.CORRECTION, supersedes=previous
    )
    previous.status = Status.SUPERSEDED
    previous.save(update_fields=["status"])
    _count(s, version)
    version.late = s.late
    version.save(update_fields=["late"])
    return version


#: What each event writes.
_STEPS: dict[Event, Callable[[Submission], ResultVersion]] = {
    Event.SINGLE_ENTRY: _confirm_at_once,
    Event.FIRST_ENTRY: _wait_for_second,
    Event.SECOND_EQUAL: _second_equal,
    Event.SECOND_DIFFERENT: _second_different,
    Event.SETTLE: _settle,
    Event.TAKE_OVER: _settle,
    Event.CORRECT: _correct,
}


def _count(s: Submission, version: ResultVersion) -> None:
    """Make ``version`` the one that counts and rewrite the pairs' scores."""
    s.result.current = version
    write_pair_scores(s.table, version)


def players_pending(result: TableResult) -> bool:
    """Whether the table's open sheets are the players' (entered, contested, or in
    dispute after their second disagreement)."""
    if result.status == TableStatus.CONTESTED:
        return True
    if result.status not in (TableStatus.ENTERED, TableStatus.DISPUTED):
        return False
    return result.versions.filter(
        status__in=[Status.ENTERED, Status.DISPUTED],
        source__in=ResultVersion.PLAYER_SOURCES,
    ).exists()


def needs_second_entry(tournament: Tournament, table: Table, sheet: Sheet) -> bool:
    """Double entry: a first result waits for a second referee's equal one.

    Every kind of result does, a special one (a forfeit, a referee-set score, both pairs
    absent) as much as a sheet; only the rest of a one-pair table is confirmed at once:
    the table's seating decides it and the pack gives its award, nobody types a value.
    """
    if tournament.entry_mode != Tournament.EntryMode.DOUBLE:
        return False
    return not (sheet.kind == ResultVersion.Kind.REST and table.pair_ew_id is None)


def check_settler(
    result: TableResult, table: Table, tournament: Tournament, by: Any
) -> None:
    """A dispute is settled by the chief referee or by a referee who typed neither sheet.

    Raises :class:`NotAllowedError` for a referee who typed one of the disputed sheets:
    settling it would let them choose their own.
    """
    if has_role(by, tournament, Role.CHIEF_REFEREE):
        return
    typed = result.versions.filter(status=Status.DISPUTED, entered_by=by.pk).exists()
    if typed:
        raise NotAllowedError(
            _(
                "You typed one of the two sheets of table %(n)d: the chief referee or"
                " a referee who typed neither settles the dispute."
            )
            % {"n": table.number}
        )
