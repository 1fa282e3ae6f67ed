"""A round's tables and results released or hidden (the rule is
:mod:`tournament.visibility`'s), and the girone lock the round operations share.

These need nothing above a round; publishing a round (its tables' codes issued) and
taking it back to draft are ``draw``'s (:mod:`draw.services.publishing`).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from outbox.work import record_publish, record_rank
from tournament.models import Girone, Round
from tournament.visibility import check_release


def lock_girone(girone: Girone) -> None:
    """Serialise round changes of one girone (two directors clicking at once)."""
    Girone.objects.select_for_update(of=("self",)).get(pk=girone.pk)


def tournament_of(round_: Round) -> int:
    """The id of the round's tournament (one query)."""
    return Girone.objects.values_list("stage__tournament_id", flat=True).get(
        pk=round_.girone_id
    )


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
        Round.objects.select_for_update(of=("self",))
        .select_related("girone")
        .get(pk=round_.pk)
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
