"""A round's progress (which tables are missing), closing it, and its correction period.

Closing starts the round's correction period (docs/rules.md §5e): ``provisional_until``
is the closing time plus the tournament's ``correction_minutes`` (empty: the rule
pack's ``[standings] correction_minutes``). Until then any referee may correct a table,
with a reason; after it only the chief referee, and the correction is marked late.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from outbox.work import record_publish, record_rank
from rules.errors import RulePackError
from rules.packs import load_pack
from tournament import visibility
from tournament.models import Round, Tournament, TournamentRole
from tournament.permissions import has_role

from ..models import TableResult
from .errors import NotAllowedError, RoundNotReadyError, RoundStateError

TableStatus = TableResult.Status


@dataclass(frozen=True)
class RoundProgress:
    """How far a round's entry is: ``confirmed`` of ``total`` tables."""

    total: int
    confirmed: int
    missing: tuple[int, ...]  # numbers of the tables not confirmed yet
    statuses: dict[int, str]  # table number -> TableResult.Status value

    @property
    def complete(self) -> bool:
        return self.total > 0 and not self.missing


def round_progress(round_id: int) -> RoundProgress:
    """Table statuses of a round, by table number, in two queries."""
    from tournament.models import Table

    numbers = list(
        Table.objects.filter(round_id=round_id)
        .order_by("number")
        .values_list("id", "number")
    )
    found = dict(
        TableResult.objects.filter(round_id=round_id).values_list("table_id", "status")
    )
    statuses = {number: found.get(pk, TableStatus.EMPTY) for pk, number in numbers}
    missing = tuple(n for n, s in statuses.items() if s != TableStatus.CONFIRMED)
    return RoundProgress(len(numbers), len(numbers) - len(missing), missing, statuses)


def close_round(*, round_id: int, by: Any) -> Round:
    """Close a round whose every table is confirmed; else ``RoundNotReadyError``.

    Closing releases the round's results unless the tournament holds them
    (``hold_results``): the public standings show them (provisional until the end of
    the correction period) without another click.

    The round's result rows are locked first, so a save running at the same time
    either finishes before (and is seen here) or waits and then finds the round closed.
    """
    with transaction.atomic():
        # Only the round's row: a join under FOR UPDATE would lock its girone, stage
        # and tournament too, and the worker ranking the stage (which locks the stage,
        # then writes rows that reference the girone) would deadlock with this close.
        round_ = (
            Round.objects.select_for_update(of=("self",))
            .select_related("girone__stage__tournament")
            .get(pk=round_id)
        )
        tournament = round_.girone.stage.tournament
        if not has_role(by, tournament, TournamentRole.Role.REFEREE):
            raise NotAllowedError(_("You are not a referee of this tournament."))
        if round_.status == Round.Status.CLOSED:
            return round_
        if round_.status != Round.Status.PUBLISHED:
            raise RoundStateError(
                _("Round %(n)d is not published yet.") % {"n": round_.number}
            )
        _check_complete(round_)
        _close(round_, tournament, by)
    return round_


def _check_complete(round_: Round) -> None:
    """Lock the round's result rows, then refuse a round with a table not confirmed."""
    list(
        TableResult.objects.select_for_update(of=("self",))
        .filter(round=round_)
        .values("id")
    )
    progress = round_progress(round_.pk)
    if not progress.complete:
        raise RoundNotReadyError(
            _("Round %(n)d cannot be closed: tables not confirmed: %(tables)s.")
            % {
                "n": round_.number,
                "tables": ", ".join(map(str, progress.missing)) or "—",
            },
            missing=list(progress.missing),
        )


def _close(round_: Round, tournament: Tournament, by: Any) -> None:
    """Close the round: its correction period starts, its results are released
    (unless held) and its pages are published now and at the period's end."""
    now = timezone.now()
    round_.status = Round.Status.CLOSED
    round_.closed_at = now
    round_.provisional_until = now + dt.timedelta(
        minutes=correction_minutes(tournament)
    )
    fields = ["status", "closed_at", "provisional_until"]
    if not tournament.hold_results and not round_.results_public:
        # Closing releases the results (provisional during the correction
        # period), unless the director chose to hold them.
        round_.tables_public = round_.results_public = True
        fields += ["tables_public", "results_public"]
        record_rank(round_.girone_id)  # the public standings count the round
    round_._history_user = by  # type: ignore[attr-defined]
    round_.save(update_fields=fields)
    # Its pages now say "closed, provisional until …", and at the end of the
    # correction period that they are final: both recorded now, with the close.
    gironi = [round_.girone_id]
    record_publish(tournament.pk, gironi=gironi, pages=True)
    if round_.provisional_until > now:
        record_publish(
            tournament.pk, gironi=gironi, pages=True, at=round_.provisional_until
        )


def correction_minutes(tournament: Tournament) -> int:
    """The tournament's correction period in minutes (its setting, else its pack's)."""
    if tournament.correction_minutes is not None:
        return tournament.correction_minutes
    try:
        pack = load_pack(tournament.rule_pack, tournament.rule_pack_version)
    except RulePackError:
        return 0
    return pack.standings.correction_minutes


# One rule (tournament.visibility): the lifecycle of a round's results.
in_correction_period = visibility.in_correction_period
