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
5. otherwise the table moves on: a first sheet is confirmed at once (single entry) or
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

from dataclasses import dataclass, replace
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from participants.models import Pair
from rules.packs import RulePack, load_pack
from seating.models import Table
from tournament.models import Round, Tournament, TournamentRole
from tournament.permissions import has_role
from tournament.text import has_words

from ..models import ResultVersion, TableResult
from .bounds import Confirm, check_sheet
from .errors import (
    AlreadyConfirmedError,
    ConflictError,
    NotAllowedError,
    RoundStateError,
    ScoringError,
    SheetError,
)
from .rounds import in_correction_period
from .sheets import Context, Outcome, Sheet
from .versions import create_version, sheet_key, version_key, write_pair_scores

Status = ResultVersion.Status
Purpose = ResultVersion.Purpose
TableStatus = TableResult.Status
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


def load_table(table_id: int) -> Table:
    """The table with its round, girone, stage, tournament and pairs.

    Two queries: the nine-table join of one cost PostgreSQL more to plan than to
    run, on every save.
    """
    table = Table.objects.select_related("round__girone__stage__tournament").get(
        pk=table_id
    )
    ids = [pk for pk in (table.pair_ns_id, table.pair_ew_id) if pk is not None]
    pairs = Pair.objects.select_related("player1", "player2").in_bulk(ids)
    for side in ("pair_ns", "pair_ew"):
        pk = getattr(table, f"{side}_id")
        if pk is not None:
            setattr(table, side, pairs[pk])
    return table


def tournament_of(table: Table) -> Tournament:
    return table.round.girone.stage.tournament


def pack_of(tournament: Tournament) -> RulePack:
    return load_pack(tournament.rule_pack, tournament.rule_pack_version)


def context_of(table: Table) -> Context:
    tournament = tournament_of(table)
    return Context(
        game=tournament.game,
        pack=pack_of(tournament),
        round_hands=table.round.hands,
        is_rest=table.pair_ew_id is None,
        target_points=table.round.target_points,
    )


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
    unlikely values whose confirmation key it is (see :mod:`.bounds`).
    """
    tournament = tournament_of(table)
    if not has_role(by, tournament, Role.REFEREE):
        raise NotAllowedError(_("You are not a referee of this tournament."))
    if not token:
        raise ScoringError(_("The form has no token: reload the page."))
    _check_round(table.round, by, correction=correction)
    if correction and not has_words(sheet.reason):
        raise SheetError({"reason": [_("A correction needs a reason.")]})
    ctx = context_of(table)
    outcome = check_sheet(sheet, ctx, confirm=confirm)

    conflict: ConflictError | None = None
    with transaction.atomic():
        result = lock_result(table)
        # Re-read under the lock: close_round locks the same rows before closing.
        table.round.status, table.round.provisional_until = Round.objects.values_list(
            "status", "provisional_until"
        ).get(pk=table.round_id)
        late = _check_round(table.round, by, correction=correction)
        replay = result.versions.filter(idempotency_key=token).first()
        if replay is not None and replay.status != Status.REJECTED:
            return SaveResult(replay, result, created=False)
        if replay is not None or result.lock_version != expected_lock_version:
            if replay is None:
                create_version(
                    result,
                    table,
                    sheet,
                    outcome,
                    status=Status.REJECTED,
                    # What the referee meant, not what the table has become.
                    purpose=Purpose.CORRECTION if correction else Purpose.ENTRY,
                    by=by,
                    token=token,
                    expected=expected_lock_version,
                    source=source,
                )
            conflict = ConflictError(
                _(
                    "Table %(n)d was saved by someone else while you typed: check"
                    " the saved sheet, then save again if yours is right."
                )
                % {"n": table.number},
                lock_version=result.lock_version,
            )
        else:
            saved = _apply(
                result,
                table,
                tournament,
                sheet,
                outcome,
                by=by,
                token=token,
                expected=expected_lock_version,
                correction=correction,
                late=late,
                source=source,
            )
    if conflict is not None:
        raise conflict
    return saved


def lock_result(table: Table) -> TableResult:
    """The table's result row, locked; created (race-free) on first use."""
    result = (
        TableResult.objects.select_for_update(of=("self",)).filter(table=table).first()
    )
    if result is None:
        TableResult.objects.bulk_create(
            [TableResult(table=table, round_id=table.round_id)], ignore_conflicts=True
        )
        result = TableResult.objects.select_for_update(of=("self",)).get(table=table)
    return result


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


def _apply(
    result: TableResult,
    table: Table,
    tournament: Tournament,
    sheet: Sheet,
    outcome: Outcome,
    *,
    by: Any,
    token: str,
    expected: int,
    correction: bool,
    late: bool = False,
    source: str = ResultVersion.Source.REFEREE,
) -> SaveResult:
    now = timezone.now()
    common = {
        "by": by,
        "token": token,
        "expected": expected,
        "now": now,
        "source": source,
    }
    if players_pending(result):
        # A referee takes over a table the players entered: the sheet counts at once.
        version = _settle_by_new(result, table, sheet, outcome, common)
        result.lock_version += 1
        result.save(update_fields=["status", "current", "lock_version", "updated_at"])
        return SaveResult(version, result, created=True)

    if result.status == TableStatus.CONFIRMED:
        if not correction:
            raise AlreadyConfirmedError(
                _(
                    "Table %(n)d is already confirmed: changing it is a correction"
                    " and needs a reason."
                )
                % {"n": table.number}
            )
        if not has_words(sheet.reason):
            raise SheetError({"reason": [_("A correction needs a reason.")]})
        previous = result.current
        assert previous is not None
        version = create_version(
            result,
            table,
            sheet,
            outcome,
            status=Status.CONFIRMED,
            purpose=Purpose.CORRECTION,
            supersedes=previous,
            **common,
        )
        _set_status(previous, Status.SUPERSEDED)
        _count(result, table, version)
        version.late = late
        version.save(update_fields=["late"])
    elif result.status == TableStatus.EMPTY:
        if needs_second_entry(tournament, table, sheet):
            version = create_version(
                result, table, sheet, outcome, status=Status.ENTERED, **common
            )
            result.status = TableStatus.ENTERED
        else:
            version = create_version(
                result, table, sheet, outcome, status=Status.CONFIRMED, **common
            )
            _count(result, table, version)
    elif result.status == TableStatus.ENTERED:
        first = result.versions.get(status=Status.ENTERED)
        if first.entered_by_id == by.pk:
            raise ScoringError(
                _(
                    "You typed the first sheet of table %(n)d: the second entry must"
                    " be typed by another referee."
                )
                % {"n": table.number}
            )
        elif version_key(first) == sheet_key(sheet, outcome):
            version = create_version(
                result,
                table,
                sheet,
                outcome,
                status=Status.MATCHED,
                purpose=Purpose.SECOND_ENTRY,
                **common,
            )
            first.confirmed_by, first.confirmed_at = by, now
            first.status = Status.CONFIRMED
            first.save(update_fields=["status", "confirmed_by", "confirmed_at"])
            _count(result, table, first)
        else:
            version = create_version(
                result,
                table,
                sheet,
                outcome,
                status=Status.DISPUTED,
                purpose=Purpose.SECOND_ENTRY,
                **common,
            )
            _set_status(first, Status.DISPUTED)
            result.status = TableStatus.DISPUTED
    else:  # disputed: the sheet typed now settles it
        check_settler(result, table, tournament, by)
        version = _settle_by_new(result, table, sheet, outcome, common)
    result.lock_version += 1
    result.save(update_fields=["status", "current", "lock_version", "updated_at"])
    return SaveResult(version, result, created=True)


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


def _settle_by_new(
    result: TableResult,
    table: Table,
    sheet: Sheet,
    outcome: Outcome,
    common: dict[str, Any],
) -> ResultVersion:
    if not has_words(sheet.reason):  # a settlement says why (a database constraint)
        sheet = replace(sheet, reason=_("Settled by a referee"))
    version = create_version(
        result,
        table,
        sheet,
        outcome,
        status=Status.CONFIRMED,
        purpose=Purpose.SETTLEMENT,
        **common,
    )
    result.versions.filter(status__in=[Status.ENTERED, Status.DISPUTED]).update(
        status=Status.SUPERSEDED
    )
    _count(result, table, version)
    return version


def _set_status(version: ResultVersion, status: str) -> None:
    version.status = status
    version.save(update_fields=["status"])


def _count(result: TableResult, table: Table, version: ResultVersion) -> None:
    """Make ``version`` the one that counts and rewrite the pairs' scores."""
    result.current = version
    result.status = TableStatus.CONFIRMED
    write_pair_scores(table, version)
