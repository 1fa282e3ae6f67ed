"""Saving a table's sheet: idempotent, optimistically locked, never silently overwriting.

``submit_sheet`` is the one write path for a typed sheet or a special result:

1. the sheet is checked against the bounds of docs/rules.md §5 and computed
   (:func:`~scoring.services.bounds.check_sheet`: an impossible value, or an unlikely
   one that ``confirm`` does not confirm, is a ``SheetError``: nothing saved);
2. in one transaction the table's :class:`~scoring.models.TableResult` row is locked
   (``SELECT ... FOR UPDATE``; created on first use with ``INSERT ... ON CONFLICT DO
   NOTHING``, so two first saves of a table meet on the same row);
3. a token already used on this table returns the version it made (a double submission
   never counts twice);
4. a lock version other than the one the form was opened with means someone saved the
   table meanwhile: the attempt is **recorded** as a version with status ``rejected``
   (kept for the history, never counted) and :class:`ConflictError` is raised after the
   transaction commits;
5. otherwise the table moves on (:mod:`.referee` names the event, the lifecycle's
   table of transitions, :mod:`scoring.lifecycle`, says where): a first sheet is confirmed at once (single entry) or
   waits for a second referee (double entry: a special result too, a forfeit or a
   referee-set score, everything but the rest of a one-pair table, which leaves nothing
   to choose); a second sheet equal to the first confirms it, a different one puts both
   in dispute; a sheet typed on a disputed table settles it, typed by the chief referee
   or by a referee who typed neither sheet (:func:`check_settler`); a confirmed table
   changes only through a correction with a reason (``AlreadyConfirmedError``
   otherwise); its impact report is the standings' (``standings.services.impact``).

A closed round accepts only corrections, with a reason: from any referee during its
correction period, from the chief referee only after it (marked ``late``, docs/rules.md
§5e). Every change of
the version that counts rewrites the table's :class:`~scoring.models.PairScore` rows in
the same transaction, so the totals never lag behind.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.models import Round, Table, TournamentRole
from tournament.permissions import has_role
from tournament.text import has_words

from ..models import ResultVersion, TableResult
from .bounds import Confirm, check_sheet
from .errors import (
    ConflictError,
    NotAllowedError,
    RoundStateError,
    ScoringError,
    SheetError,
)
from .loading import context_of, load_table, lock_result, pack_of, tournament_of
from .referee import Submission, apply, check_settler, players_pending
from .rounds import in_correction_period
from .sheets import Outcome, Sheet
from .versions import create_version

__all__ = [
    "SaveResult",
    "check_settler",
    "context_of",
    "load_table",
    "lock_result",
    "pack_of",
    "players_pending",
    "submit_sheet",
    "tournament_of",
]

Status = ResultVersion.Status
Purpose = ResultVersion.Purpose
Role = TournamentRole.Role


@dataclass(frozen=True)
class SaveResult:
    """What a save did: the version it made (or found, for a replayed token)."""

    version: ResultVersion
    result: TableResult
    created: bool

    @property
    def correction(self) -> bool:
        """A correction: its impact report is shown next."""
        return self.version.purpose == Purpose.CORRECTION


def submit_sheet(
    *,
    table: Table,
    sheet: Sheet,
    by: Any,
    expected_lock_version: int,
    token: str,
    correction: bool = False,
    confirm: Confirm = False,
    source: str = ResultVersion.Source.REFEREE,
) -> SaveResult:
    """Save ``sheet`` for ``table`` as ``by``; see the module docstring for the rules.

    ``source``: a referee typing, or the import or replay acting as one. A table the
    players entered (issue 30: :mod:`.players`) is taken over by a referee's sheet: it
    counts at once and settles the players' disagreement (docs/rules.md §5g).
    ``confirm``: ``True`` accepts unlikely values (docs/rules.md §5), a string the
    unlikely values whose confirmation key it is (see :mod:`.bounds`)."""
    tournament = tournament_of(table)
    _check_submission(table, sheet, by, token, correction=correction)
    outcome = check_sheet(sheet, context_of(table), confirm=confirm)
    common: dict[str, Any] = {
        "by": by,
        "token": token,
        "expected": expected_lock_version,
        "source": source,
    }
    conflict: ConflictError | None = None
    with transaction.atomic():
        result = lock_result(table)
        late = _check_round_locked(table, by, correction=correction)
        replay = result.versions.filter(idempotency_key=token).first()
        if replay is not None and replay.status != Status.REJECTED:
            return SaveResult(replay, result, created=False)
        if replay is not None or result.lock_version != expected_lock_version:
            conflict = _reject(
                result, table, sheet, outcome, replay, correction, common
            )
        else:
            common["now"] = timezone.now()
            version = apply(
                Submission(
                    result,
                    table,
                    tournament,
                    sheet,
                    outcome,
                    by,
                    correction,
                    late,
                    common,
                )
            )
            result.lock_version += 1
            result.save(
                update_fields=["status", "current", "lock_version", "updated_at"]
            )
    if conflict is not None:
        raise conflict
    return SaveResult(version, result, created=True)


def _reject(
    result: TableResult,
    table: Table,
    sheet: Sheet,
    outcome: Outcome,
    replay: ResultVersion | None,
    correction: bool,
    common: dict[str, Any],
) -> ConflictError:
    """Someone saved the table since the form was opened: what the referee meant (not
    what the table has become) is recorded as rejected, never counted."""
    if replay is None:
        purpose = Purpose.CORRECTION if correction else Purpose.ENTRY
        create_version(
            result,
            table,
            sheet,
            outcome,
            status=Status.REJECTED,
            purpose=purpose,
            **common,
        )
    return ConflictError(
        _(
            "Table %(n)d was saved by someone else while you typed: check"
            " the saved sheet, then save again if yours is right."
        )
        % {"n": table.number},
        lock_version=result.lock_version,
    )


def _check_submission(
    table: Table, sheet: Sheet, by: Any, token: str, *, correction: bool
) -> None:
    """Before any lock: a referee of the tournament, a form with its token, a round
    that takes the sheet, a correction's reason."""
    if not has_role(by, tournament_of(table), Role.REFEREE):
        raise NotAllowedError(_("You are not a referee of this tournament."))
    if not token:
        raise ScoringError(_("The form has no token: reload the page."))
    _check_round(table.round, by, correction=correction)
    if correction and not has_words(sheet.reason):
        raise SheetError({"reason": [_("A correction needs a reason.")]})


def _check_round_locked(table: Table, by: Any, *, correction: bool) -> bool:
    """:func:`_check_round` again under the lock, with the round re-read: close_round
    locks the same rows before closing."""
    table.round.status, table.round.provisional_until = Round.objects.values_list(
        "status", "provisional_until"
    ).get(pk=table.round_id)
    return _check_round(table.round, by, correction=correction)


def _check_round(round_: Round, by: Any, *, correction: bool) -> bool:
    """Refuse what the round's state forbids; True for a late correction (a closed
    round past its correction period, docs/rules.md §5e: the chief referee's only)."""
    if round_.status == Round.Status.DRAFT:
        raise RoundStateError(
            _("Round %(n)d is not published yet.") % {"n": round_.number}
        )
    if round_.status != Round.Status.CLOSED:
        return False
    if not correction:
        raise RoundStateError(
            _(
                "Round %(n)d is closed: a table changes only through a correction,"
                " with a reason."
            )
            % {"n": round_.number}
        )
    if in_correction_period(round_):
        return False
    tournament = round_.girone.stage.tournament
    if not has_role(by, tournament, Role.CHIEF_REFEREE):
        raise NotAllowedError(
            _(
                "Round %(n)d is closed and its correction period is over: only the"
                " chief referee can correct it (a late correction)."
            )
            % {"n": round_.number}
        )
    return True
