"""The table page: one table's detailed sheet, its versions, a dispute, a correction.

Who may do what here follows the table's state: while a table awaits its second sheet
nobody sees the first (blind double entry); a dispute is settled by the chief referee
or a referee who typed neither sheet; a closed round is corrected by any referee during
its correction period, by the chief referee after it (docs/rules.md §5e).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tournament.models import Round, Table, Tournament, TournamentRole
from tournament.permissions import has_role
from tournament.words import game_words

from . import room, services
from .forms import SheetForm, new_token
from .models import ResultVersion, TableResult
from .sheet_shape import form_shape, initial_from, summary, vp_data

Role = TournamentRole.Role
TableStatus = TableResult.Status


def table_context(
    tournament: Tournament,
    round_: Round,
    table: Table,
    user: Any,
    *,
    form: SheetForm | None = None,
) -> dict[str, Any]:
    """The table page: the detailed sheet, its versions, differences, corrections."""
    result = TableResult.objects.filter(table=table).select_related("current").first()
    status = result.status if result else TableStatus.EMPTY
    versions = _versions(result)
    disputed = [v for v in versions if v.status == ResultVersion.Status.DISPUTED]
    rights = _rights(tournament, round_, status, versions, disputed, user)
    correction = status == TableStatus.CONFIRMED
    if form is None and rights.can_edit:
        form = _form(tournament, round_, table, result, correction=correction)
    words = game_words(tournament)
    return {
        "tournament": tournament,
        "round": round_,
        "table": table,
        "result": result,
        "status": status,
        "status_label": str(TableStatus(status).label),
        "versions": versions,
        # Blind double entry: while a table awaits its second sheet nobody sees the
        # first. The players' open sheets are no referee's blind entry: shown (issue 30).
        "show_versions": status != TableStatus.ENTERED
        or any(
            v.status == "entered" and v.source in ResultVersion.PLAYER_SOURCES
            for v in versions
        ),
        "differences": services.differences(disputed) if disputed else [],
        "disputed": disputed,
        "can_settle": rights.can_settle,
        "form": form if rights.can_edit else None,
        "correction": correction,
        "closed": round_.status == Round.Status.CLOSED,
        "waiting": rights.waiting,
        "vp_data": vp_data(tournament, round_),
        "words": words,
        "summary": summary(result.current if result else None, words),
        "players_enter": room.players_enter(tournament),
        "table_code": room.live_codes(round_).get(table.pk, "")
        if round_.status == Round.Status.PUBLISHED
        else "",
    }


def _versions(result: TableResult | None) -> list[ResultVersion]:
    """The table's versions with their sheets and who typed and confirmed them."""
    if result is None:
        return []
    return list(
        ResultVersion.objects.filter(result=result)
        .select_related("entered_by", "confirmed_by")
        .prefetch_related("hands", "games")
        .order_by("number")
    )


@dataclass(frozen=True)
class Rights:
    """What this referee may do on the table page."""

    can_edit: bool
    can_settle: bool
    waiting: bool  # they typed the first sheet of a double entry


def _rights(
    tournament: Tournament,
    round_: Round,
    status: str,
    versions: list[ResultVersion],
    disputed: list[ResultVersion],
    user: Any,
) -> Rights:
    is_chief = has_role(user, tournament, Role.CHIEF_REFEREE)
    closed = round_.status == Round.Status.CLOSED
    # A closed round: any referee corrects during its correction period, the chief
    # referee after it (a late correction, docs/rules.md §5e).
    can_edit = round_.status == Round.Status.PUBLISHED or (
        closed and (is_chief or services.in_correction_period(round_))
    )
    waiting = status == TableStatus.ENTERED and any(
        v.status == "entered" and v.entered_by_id == user.pk for v in versions
    )
    # A dispute is settled by the chief referee or a referee who typed neither sheet.
    own_sheet = any(v.entered_by_id == user.pk for v in disputed)
    can_settle = bool(disputed) and (is_chief or not own_sheet)
    if waiting or (disputed and not can_settle):
        can_edit = False
    return Rights(can_edit, can_settle, waiting)


def _form(
    tournament: Tournament,
    round_: Round,
    table: Table,
    result: TableResult | None,
    *,
    correction: bool,
) -> SheetForm:
    """A new detailed sheet; to correct a confirmed table, the sheet that counts."""
    initial: dict[str, Any] = {
        "lock_version": result.lock_version if result else 0,
        "idempotency_key": new_token(),
    }
    if correction and result and result.current:
        initial.update(initial_from(result.current))
        initial["reason"] = ""
    return SheetForm(
        initial=initial, **form_shape(tournament, round_, table, detailed=True)
    )
