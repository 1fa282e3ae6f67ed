"""A version's sheet: the smazzate of a Burraco sheet, the partite of a Briscola match."""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Abs
from django.db.models.lookups import Exact, LessThanOrEqual
from django.utils.translation import gettext_lazy as _

from .lines import MAX_HAND_MP, multiple_of_5
from .results import ResultVersion


class HandScore(models.Model):
    """One smazzata of a Burraco sheet: both line scores, optionally their breakdown.

    A breakdown is a JSON object with the fields of ``rules.burraco.LineBreakdown``:
    ``clean``, ``semiclean``, ``dirty`` (burrachi of each kind), ``closed``,
    ``took_pozzetto`` (booleans), ``melded_points``, ``in_hand_points``, ``penalties``.
    """

    version = models.ForeignKey(
        ResultVersion, on_delete=models.CASCADE, related_name="hands"
    )
    number = models.PositiveSmallIntegerField(_("hand"))
    ns = models.IntegerField(_("NS"))
    ew = models.IntegerField(_("EO"))
    ns_breakdown = models.JSONField(_("NS breakdown"), null=True, blank=True)
    ew_breakdown = models.JSONField(_("EO breakdown"), null=True, blank=True)

    class Meta:
        # By the version's id, not its own ordering: a hand's version ordered by its
        # result, round, girone, stage and tournament joined six tables to every
        # prefetch of hands (minutes on PostgreSQL before its statistics know the rows).
        ordering = ["version_id", "number"]
        verbose_name = _("hand score")
        verbose_name_plural = _("hand scores")
        constraints = [
            models.UniqueConstraint(
                fields=["version", "number"], name="unique_hand_number"
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1), name="hand_number_positive"
            ),
            models.CheckConstraint(
                condition=multiple_of_5("ns") & multiple_of_5("ew"),
                name="hand_scores_multiple_of_5",
            ),
            models.CheckConstraint(
                condition=LessThanOrEqual(Abs(F("ns")), MAX_HAND_MP)
                & LessThanOrEqual(Abs(F("ew")), MAX_HAND_MP),
                name="hand_scores_bounded",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.number}: {self.ns}–{self.ew}"


class BriscolaGame(models.Model):
    """One partita of a Briscola match: the card points each line took (120 in all)."""

    version = models.ForeignKey(
        ResultVersion, on_delete=models.CASCADE, related_name="games"
    )
    number = models.PositiveSmallIntegerField(_("game"))
    ns = models.PositiveSmallIntegerField(_("NS"))
    ew = models.PositiveSmallIntegerField(_("EO"))

    class Meta:
        # By the version's id, not its own ordering: a hand's version ordered by its
        # result, round, girone, stage and tournament joined six tables to every
        # prefetch of hands (minutes on PostgreSQL before its statistics know the rows).
        ordering = ["version_id", "number"]
        verbose_name = _("Briscola game")
        verbose_name_plural = _("Briscola games")
        constraints = [
            models.UniqueConstraint(
                fields=["version", "number"], name="unique_game_number"
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1), name="game_number_positive"
            ),
            models.CheckConstraint(
                condition=Exact(F("ns") + F("ew"), 120), name="game_points_total_120"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.number}: {self.ns}–{self.ew}"
