"""A round's publication: published (referees open it, its tables go public), its
tables and results released or hidden (the rule is :mod:`tournament.visibility`'s).

These need nothing above a round; taking a round back to draft, which only a round
without results may do, is ``draw``'s (:mod:`draw.services.rounds`).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from outbox.work import record_publish, record_rank, record_site
from tournament.models import Girone, Round, Tournament
from tournament.visibility import check_release

from .errors import RoundError


def lock_girone(girone: Girone) -> None:
    """Serialise round changes of one girone (two directors clicking at once)."""
    Girone.objects.select_for_update().get(pk=girone.pk)


def tournament_of(round_: Round) -> int:
    """The id of the round's tournament (one query)."""
    return Girone.objects.values_list("stage__tournament_id", flat=True).get(
        pk=round_.girone_id
    )


@transaction.atomic
def publish_round(round_: Round) -> Round:
    """Publish a draft round: referees see it, its tables go public, the tournament runs."""
    lock_girone(round_.girone)
    round_ = Round.objects.get(pk=round_.pk)
    if round_.status != Round.Status.DRAFT:
        raise RoundError(
            _("Round %(number)s is already published.") % {"number": round_.number}
        )
    earlier = round_.girone.rounds.filter(
        number__lt=round_.number, status=Round.Status.DRAFT
    )
    if earlier.exists():
        raise RoundError(_("Publish the earlier rounds first."))
    round_.status = Round.Status.PUBLISHED
    round_.published_at = timezone.now()
    round_.tables_public = True
    round_.save(update_fields=["status", "published_at", "tables_public"])
    # The first published round starts the tournament.
    tournament = Tournament.objects.get(pk=round_.girone.stage.tournament_id)
    if tournament.status in (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION):
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])  # through save: the audit trail
        record_site()  # the API's list of tournaments shows the status
    record_publish(tournament.pk, gironi=[round_.girone_id], pages=True)
    return round_


@transaction.atomic
def set_visibility(
    round_: Round, *, tables: bool | None = None, results: bool | None = None
) -> Round:
    """Show or hide a round's tables and/or results (``None``: leave as it is).

    A draft round is never shown (:func:`tournament.visibility.check_release`); the
    public standings follow a change of ``results_public`` (ranked by the worker, then
    published: ``core.pipeline``).
    """
    round_ = (
        Round.objects.select_for_update().select_related("girone").get(pk=round_.pk)
    )
    tables = round_.tables_public if tables is None else tables
    results = round_.results_public if results is None else results
    check_release(round_, tables=tables, results=results)
    fields = []
    if tables != round_.tables_public:
        round_.tables_public = tables
        fields.append("tables_public")
        if tables and round_.published_at is None:
            round_.published_at = timezone.now()
            fields.append("published_at")
    if results != round_.results_public:
        round_.results_public = results
        fields.append("results_public")
        # The public standings count the released rounds: ranked again, then published.
        record_rank(round_.girone_id)
    if fields:
        round_.save(update_fields=fields)
        record_publish(tournament_of(round_), gironi=[round_.girone_id], pages=True)
    return round_


def _tournament_id(round_: Round) -> int:
    return Girone.objects.values_list("stage__tournament_id", flat=True).get(
        pk=round_.girone_id
    )
