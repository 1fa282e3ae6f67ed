"""A round published (its tables' codes issued for the players' entry), taken back to
draft (its codes revoked), a draft deleted: the draw's, since a table code is the
seating's (:mod:`seating.services.table_codes`) and a round with results stays as it is
(``scoring`` says).

Releasing a round's tables and results is :mod:`tournament.services.publication`'s.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from outbox.work import record_publish, record_rank, record_site
from scoring.services.rounds import round_has_results
from seating.services.table_codes import issue_codes, revoke_round
from tournament.models import Girone, Round, Tournament
from tournament.services.errors import RoundError
from tournament.services.publication import lock_girone, tournament_of


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
    # Each table's code for the players' entry (issue 30), printed on its score card.
    issue_codes(round_)
    # The first published round starts the tournament.
    tournament = Tournament.objects.get(pk=round_.girone.stage.tournament_id)
    if tournament.status in (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION):
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])  # through save: the audit trail
        record_site()  # the API's list of tournaments shows the status
    record_publish(tournament.pk, gironi=[round_.girone_id], pages=True)
    return round_


@transaction.atomic
def unpublish_round(round_: Round) -> Round:
    """Take a published round back to draft, as long as no result is in."""
    lock_girone(round_.girone)
    round_ = Round.objects.get(pk=round_.pk)
    if round_.status != Round.Status.PUBLISHED:
        raise RoundError(
            _("Round %(number)s is not published.") % {"number": round_.number}
        )
    if round_has_results(round_):
        raise RoundError(
            _("Round %(number)s has results: it cannot be unpublished.")
            % {"number": round_.number}
        )
    if round_.girone.rounds.filter(number__gt=round_.number).exists():
        raise RoundError(
            _("Round %(number)s is followed by another round: delete that one first.")
            % {"number": round_.number}
        )
    round_.status = Round.Status.DRAFT
    round_.published_at = None
    round_.tables_public = False
    round_.results_public = False
    round_.save(
        update_fields=["status", "published_at", "tables_public", "results_public"]
    )
    revoke_round(round_)  # its tables' codes open nothing while it is a draft
    record_rank(round_.girone_id)  # its results no longer count in public
    record_publish(tournament_of(round_), gironi=[round_.girone_id], pages=True)
    return round_


@transaction.atomic
def delete_draft(round_: Round) -> None:
    """Delete the last round of a girone while it is a draft."""
    lock_girone(round_.girone)
    round_ = Round.objects.get(pk=round_.pk)
    if round_.status != Round.Status.DRAFT:
        raise RoundError(
            _("Round %(number)s is not a draft: unpublish it first.")
            % {"number": round_.number}
        )
    if round_has_results(round_):
        raise RoundError(
            _("Round %(number)s has results: it cannot be deleted.")
            % {"number": round_.number}
        )
    if round_.girone.rounds.filter(number__gt=round_.number).exists():
        raise RoundError(_("Only the last round can be deleted."))
    round_.delete()


@transaction.atomic
def publish_all(gironi: list[Girone]) -> list[Round]:
    """Publish every girone's draft round at once."""
    drafts = Round.objects.filter(girone__in=gironi, status=Round.Status.DRAFT)
    return [publish_round(r) for r in drafts.order_by("girone__label", "number")]
