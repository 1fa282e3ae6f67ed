"""Releasing a round's tables and results to the public site (and the API).

The public standings count only the rounds whose results are released, so a change of
``results_public`` rewrites them in the same transaction. The ``post_save`` receiver in
:mod:`standings.signals` does the same for a round saved elsewhere (admin, other apps).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from tournament.models import Round


@transaction.atomic
def set_round_visibility(
    round_id: int,
    *,
    tables_public: bool | None = None,
    results_public: bool | None = None,
) -> Round:
    """Show or hide a round's tables and/or results; the standings follow."""
    rnd = Round.objects.select_for_update().get(pk=round_id)
    fields = []
    if tables_public is not None and tables_public != rnd.tables_public:
        rnd.tables_public = tables_public
        fields.append("tables_public")
        if tables_public and rnd.published_at is None:
            rnd.published_at = timezone.now()
            fields.append("published_at")
    if results_public is not None and results_public != rnd.results_public:
        rnd.results_public = results_public
        fields.append("results_public")
    if fields:
        rnd.save(update_fields=fields)  # standings.signals refreshes the girone
    return rnd
