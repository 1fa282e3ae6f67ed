"""Keep the stored standings in step with what changes them elsewhere.

* ``scoring.hooks.scores_changed`` (a result counted, corrected, settled): refresh the
  gironi in that same transaction, or queue their refresh (``standings.refresh``);
* a round's ``results_public`` toggle: the public standings of its girone;
* a pair withdrawn, reinstated, or put in a girone that has standings: its rows say
  so ("ritirata dopo il turno N") and the roster follows (docs/rules.md §8).

:func:`connect` also installs the ranking the impact report of a correction uses.
"""

from __future__ import annotations

from django.db.models.signals import post_save
from django.dispatch import receiver

from scoring.hooks import register_ranking, scores_changed
from tournament.models import Pair, Round


def connect() -> None:
    """Called by the app's ``ready()``: the impact report ranks as the standings do."""
    from .services.ranking import girone_order, positions

    register_ranking(positions, order=girone_order)


@receiver(scores_changed, dispatch_uid="standings_scores_changed")
def scores_saved(sender, girone_ids, **kwargs) -> None:
    """Scores of these gironi changed: refresh now, or queue it (worker mode)."""
    from . import refresh

    refresh.schedule_gironi(girone_ids)


@receiver(post_save, sender=Round, dispatch_uid="standings_round_saved")
def round_saved(sender, instance: Round, created: bool, update_fields=None, **kwargs):
    """A released or withdrawn round changes the public standings of its girone."""
    if created or kwargs.get("raw"):
        return
    if update_fields is not None and "results_public" not in update_fields:
        return
    from scoring.models import PairScore

    if not PairScore.objects.filter(round=instance).exists():
        return  # no confirmed result in it: releasing it changes nothing yet
    from .refresh import refresh_gironi

    refresh_gironi([instance.girone_id])


@receiver(post_save, sender=Pair, dispatch_uid="standings_pair_saved")
def pair_saved(sender, instance: Pair, created: bool, update_fields=None, **kwargs):
    """A pair withdrawn, reinstated or moved: the standings of the tournament's
    gironi that already have standings (a new pair in a girone: that girone's)."""
    if kwargs.get("raw") or (created and instance.girone_id is None):
        return  # a registration (CSV import: a thousand pairs) changes no standings
    if update_fields is not None and not {"withdrawn", "girone"} & set(update_fields):
        return
    from .models import Snapshot

    ids = set(
        Snapshot.objects.filter(
            tournament_id=instance.tournament_id, girone__isnull=False
        ).values_list("girone_id", flat=True)
    )
    if created:
        ids &= {instance.girone_id}
    if ids:
        from . import refresh

        refresh.schedule_gironi(sorted(ids))
