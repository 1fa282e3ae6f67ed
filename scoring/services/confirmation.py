"""Double entry: the differences between two sheets, and settling a dispute.

In double-entry mode a second referee types the sheet without seeing the first (the
entry page shows neither sheet's scores while a table awaits its second entry). Equal
sheets are confirmed by ``submit_sheet``; different ones are put in dispute, and a
referee settles the dispute here by choosing one of them (or by typing the right sheet,
which ``submit_sheet`` takes as a settlement): the chief referee, or a referee who typed
neither sheet (``entry.check_settler``), never one who would choose their own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.models import Table, TournamentRole
from tournament.permissions import has_role
from tournament.words import game_words

from ..lifecycle import Event, advance, allowed
from ..models import ResultVersion
from .entry import SaveResult
from .errors import ConflictError, NotAllowedError, RoundStateError, ScoringError
from .loading import lock_result, tournament_of
from .referee import check_settler
from .versions import write_pair_scores

Status = ResultVersion.Status


@dataclass(frozen=True)
class Difference:
    """One place where the disputed sheets disagree, with each sheet's value."""

    label: str
    values: tuple[object, ...]


def differences(versions: list[ResultVersion]) -> list[Difference]:
    """Where the given versions (the disputed sheets) disagree, in sheet order."""
    if len(versions) < 2:
        return []
    rows: list[Difference] = []

    def compare(label: str, values: tuple[object, ...]) -> None:
        if len(set(values)) > 1:
            rows.append(Difference(label, values))

    compare(_("Kind"), tuple(v.get_kind_display() for v in versions))
    compare(_("Line"), tuple(v.get_line_display() for v in versions))
    scores = [
        {
            r.number: (r.ns, r.ew)
            for r in (v.games.all() if v.game == "briscola" else v.hands.all())
        }
        for v in versions
    ]
    numbers = sorted(set().union(*scores))
    word = _("Game") if versions[0].game == "briscola" else _("Hand")
    for n in numbers:
        for i, line in enumerate((_("NS"), _("EO"))):
            compare(
                f"{word} {n} {line}",
                tuple(s[n][i] if n in s else None for s in scores),
            )
    words = game_words(versions[0].result.round.girone.stage.tournament)
    score, points = words.score, words.points
    for unit, ns, ew in (
        (score, [v.mp_ns for v in versions], [v.mp_ew for v in versions]),
        (points, [v.vp_ns for v in versions], [v.vp_ew for v in versions]),
    ):
        compare(f"{unit} {_('NS')}", tuple(ns))
        compare(f"{unit} {_('EO')}", tuple(ew))
    return rows


def settle(
    *, table: Table, version_id: int, by: Any, expected_lock_version: int
) -> SaveResult:
    """Confirm the disputed version ``version_id``; the other sheets are superseded."""
    tournament = tournament_of(table)
    if not has_role(by, tournament, TournamentRole.Role.REFEREE):
        raise NotAllowedError(_("You are not a referee of this tournament."))
    if table.round.status != table.round.Status.PUBLISHED:
        raise RoundStateError(_("Only a published round can be settled."))
    with transaction.atomic():
        result = lock_result(table)
        if result.current_id == version_id:  # a repeated click: already done
            return SaveResult(result.current, result, created=False)  # type: ignore[arg-type]
        if not allowed(result.status, Event.SETTLE):
            raise ScoringError(
                _("Table %(n)d is not in dispute.") % {"n": table.number}
            )
        if result.lock_version != expected_lock_version:
            raise ConflictError(
                _("Table %(n)d changed meanwhile: look at it again.")
                % {"n": table.number},
                lock_version=result.lock_version,
            )
        check_settler(result, table, tournament, by)
        try:
            chosen = result.versions.get(pk=version_id, status=Status.DISPUTED)
        except ResultVersion.DoesNotExist:
            raise ScoringError(
                _("That sheet is not one of the disputed ones.")
            ) from None
        now = timezone.now()
        result.versions.filter(status=Status.DISPUTED).exclude(pk=chosen.pk).update(
            status=Status.SUPERSEDED
        )
        chosen.status = Status.CONFIRMED
        chosen.confirmed_by, chosen.confirmed_at = by, now
        chosen.save(update_fields=["status", "confirmed_by", "confirmed_at"])
        result.current = chosen
        advance(result, Event.SETTLE)
        result.lock_version += 1
        result.save(update_fields=["status", "current", "lock_version", "updated_at"])
        write_pair_scores(table, chosen)
    return SaveResult(chosen, result, created=True)
