"""The players' entry (issue 30): one line types the sheet, the other line confirms it.

A phone opens a table's sheet with the table's code (:mod:`tournament.services.
table_codes`); the person says which line they play (NS or EO, no account). Then, on
the table's :class:`~scoring.models.TableResult` row, locked and optimistically
versioned exactly as a referee's save (:func:`.entry.submit_sheet`):

* **empty**: a line's sheet is saved as *entered* (``source`` = that line's player),
  in single and double entry alike: the other line's confirmation is the second entry;
* **entered** by one line: the other line **confirms** it (:func:`player_confirm`:
  the sheet counts, confirmed as that line) or types its own sheet
  (:func:`player_submit`): equal, it is an agreed double entry (the new sheet
  *matched*, the first confirmed); different, the table is **contested** and both
  sheets are shown to both lines. The line that typed may type its sheet again until
  the other line answers (the new one replaces it);
* **contested**: either line confirms the other's sheet, or types one again: equal to
  the other line's latest, it is an agreement; different, the second disagreement puts
  the table **in dispute**, and a referee settles it (the entry page lists it);
* **disputed** or **confirmed**: the players see it, a referee changes it.

Special results (forfeit, late arrival, warnings, penalties, adjudicated scores) are
the referees' only: a player's sheet is always a normal one. A referee takes over any
table at any moment (:func:`.entry.players_pending`).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.models import Round, Table, Tournament

from ..lifecycle import Event, advance
from ..models import Line, ResultVersion, TableResult
from .bounds import Confirm, check_sheet
from .entry import SaveResult
from .errors import (
    AlreadyConfirmedError,
    ConflictError,
    NotAllowedError,
    RoundStateError,
    ScoringError,
)
from .loading import context_of, lock_result, tournament_of
from .sheets import Outcome, Sheet
from .versions import create_version, sheet_key, version_key, write_pair_scores

Status = ResultVersion.Status
Source = ResultVersion.Source
Purpose = ResultVersion.Purpose
TableStatus = TableResult.Status


def source_of(line: str) -> str:
    if line == Line.NS:
        return Source.PLAYER_NS
    if line == Line.EW:
        return Source.PLAYER_EW
    raise ScoringError(_("Say which line you play: NS or EO."))


def other(source: str) -> str:
    return Source.PLAYER_EW if source == Source.PLAYER_NS else Source.PLAYER_NS


def _check(table: Table) -> None:
    tournament = tournament_of(table)
    if tournament.entry_by == Tournament.EntryBy.REFEREES:
        raise NotAllowedError(_("In this tournament the referees enter the results."))
    if table.pair_ew_id is None:
        raise NotAllowedError(_("A rest table has no sheet to type."))


def _check_round(table: Table) -> None:
    status = Round.objects.values_list("status", flat=True).get(pk=table.round_id)
    if status != Round.Status.PUBLISHED:
        raise RoundStateError(
            _("Round %(n)d is not in play: ask a referee.") % {"n": table.round.number}
        )


def _conflict(table: Table, result: TableResult) -> ConflictError:
    return ConflictError(
        _(
            "Table %(n)d changed while you typed (the other line, or a referee):"
            " look at it again."
        )
        % {"n": table.number},
        lock_version=result.lock_version,
    )


def player_submit(
    *,
    table: Table,
    line: str,
    sheet: Sheet,
    expected_lock_version: int,
    token: str,
    confirm: Confirm = False,
) -> SaveResult:
    """Save a line's sheet for ``table`` (see the module docstring)."""
    source = source_of(line)
    _check(table)
    if not token:
        raise ScoringError(_("The form has no token: reload the page."))
    # Only a normal sheet: special results are the referees'.
    sheet = replace(sheet, kind=ResultVersion.Kind.NORMAL, line="", reason="")
    sheet = replace(sheet, set_mp=(None, None), set_vp=(None, None))
    _check_round(table)
    outcome = check_sheet(sheet, context_of(table), confirm=confirm)
    conflict: ConflictError | None = None
    with transaction.atomic():
        result = lock_result(table)
        _check_round(table)
        replay = result.versions.filter(idempotency_key=token).first()
        if replay is not None and replay.status != Status.REJECTED:
            return SaveResult(replay, result, created=False)
        common: dict[str, Any] = {"by": None, "token": token, "source": source}
        if replay is not None or result.lock_version != expected_lock_version:
            if replay is None:
                create_version(
                    result,
                    table,
                    sheet,
                    outcome,
                    status=Status.REJECTED,
                    expected=expected_lock_version,
                    **common,
                )
            conflict = _conflict(table, result)
        else:
            version = _apply(
                result, table, sheet, outcome, source, common, expected_lock_version
            )
            result.lock_version += 1
            result.save(
                update_fields=["status", "current", "lock_version", "updated_at"]
            )
    if conflict is not None:
        raise conflict
    return SaveResult(version, result, created=True)


def _closed_state(result: TableResult, table: Table) -> None:
    if result.status == TableStatus.CONFIRMED:
        raise AlreadyConfirmedError(
            _("Table %(n)d is confirmed: only a referee can change it now.")
            % {"n": table.number}
        )
    if result.status == TableStatus.DISPUTED:
        raise NotAllowedError(
            _("Table %(n)d waits for the referee: the two lines disagreed twice.")
            % {"n": table.number}
        )


def _pending(result: TableResult, table: Table) -> list[ResultVersion]:
    """The players' open sheets, latest first; a referee's open sheet refuses."""
    open_ = list(
        result.versions.filter(status__in=[Status.ENTERED, Status.DISPUTED]).order_by(
            "-number"
        )
    )
    if any(v.source not in ResultVersion.PLAYER_SOURCES for v in open_):
        raise NotAllowedError(
            _("A referee is entering table %(n)d: ask them.") % {"n": table.number}
        )
    return open_


def _apply(
    result: TableResult,
    table: Table,
    sheet: Sheet,
    outcome: Outcome,
    source: str,
    common: dict[str, Any],
    expected: int,
) -> ResultVersion:
    _closed_state(result, table)
    pending = _pending(result, table)
    now = timezone.now()
    if result.status == TableStatus.EMPTY or not pending:
        advance(result, Event.PLAYER_ENTRY)
        return create_version(
            result,
            table,
            sheet,
            outcome,
            status=Status.ENTERED,
            expected=expected,
            now=now,
            **common,
        )
    theirs = next((v for v in pending if v.source == other(source)), None)
    if result.status == TableStatus.ENTERED and theirs is None:
        # The same line types again before the other answered: the new one replaces it.
        result.versions.filter(status=Status.ENTERED).update(status=Status.SUPERSEDED)
        advance(result, Event.PLAYER_ENTRY)
        return create_version(
            result,
            table,
            sheet,
            outcome,
            status=Status.ENTERED,
            expected=expected,
            now=now,
            **common,
        )
    return _answer(result, table, sheet, outcome, source, theirs, common, expected)


def _answer(
    result: TableResult,
    table: Table,
    sheet: Sheet,
    outcome: Outcome,
    source: str,
    theirs: ResultVersion | None,
    common: dict[str, Any],
    expected: int,
) -> ResultVersion:
    """A line's sheet after the other line's: the same, an agreement; different, the
    first disagreement (contested) or the second (disputed: the referee)."""
    now = timezone.now()
    if theirs is not None and version_key(theirs) == sheet_key(sheet, outcome):
        version = create_version(
            result,
            table,
            sheet,
            outcome,
            status=Status.MATCHED,
            purpose=Purpose.SECOND_ENTRY,
            expected=expected,
            now=now,
            **common,
        )
        _count(result, table, theirs, source, now)
        return version
    version = create_version(
        result,
        table,
        sheet,
        outcome,
        status=Status.DISPUTED,
        purpose=Purpose.SECOND_ENTRY,
        expected=expected,
        now=now,
        **common,
    )
    result.versions.filter(status=Status.ENTERED).update(status=Status.DISPUTED)
    # The first disagreement contests the table, the second puts it in dispute.
    advance(result, Event.PLAYERS_DISAGREE)
    return version


def _count(
    result: TableResult,
    table: Table,
    chosen: ResultVersion,
    source: str,
    now: datetime,
) -> None:
    """``chosen`` counts, confirmed by the line ``source``; the other sheets go."""
    result.versions.filter(status__in=[Status.ENTERED, Status.DISPUTED]).exclude(
        pk=chosen.pk
    ).update(status=Status.SUPERSEDED)
    chosen.status = Status.CONFIRMED
    chosen.confirmed_as, chosen.confirmed_at = source, now
    chosen.save(update_fields=["status", "confirmed_as", "confirmed_at"])
    result.current = chosen
    advance(result, Event.PLAYERS_AGREE)
    write_pair_scores(table, chosen)


def player_confirm(
    *, table: Table, line: str, version_id: int, expected_lock_version: int
) -> SaveResult:
    """The line ``line`` confirms the other line's sheet ``version_id``."""
    source = source_of(line)
    _check(table)
    _check_round(table)
    with transaction.atomic():
        result = lock_result(table)
        _check_round(table)
        if result.current_id == version_id:  # a repeated tap: already done
            return SaveResult(result.current, result, created=False)  # type: ignore[arg-type]
        _closed_state(result, table)
        if result.lock_version != expected_lock_version:
            raise _conflict(table, result)
        pending = _pending(result, table)
        chosen = next((v for v in pending if v.pk == version_id), None)
        if chosen is None:
            raise ScoringError(_("That sheet is not open any more: look again."))
        if chosen.source == source:
            raise NotAllowedError(
                _("Your line typed this sheet: the other line confirms it.")
            )
        _count(result, table, chosen, source, timezone.now())
        result.lock_version += 1
        result.save(update_fields=["status", "current", "lock_version", "updated_at"])
    return SaveResult(chosen, result, created=True)
