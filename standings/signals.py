"""Keep the public standings in step with a round's ``results_public`` toggle."""

from __future__ import annotations

from django.db.models.signals import post_save
from django.dispatch import receiver

from tournament.models import Round


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
