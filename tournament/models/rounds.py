"""Rounds (turni): a girone's turns, their hands, movement and publication."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from .structure import Girone


class Round(models.Model):
    class Status(models.TextChoices):
        # A round's state (Italian: "Chiuso", a closed round; never "Chiusura").
        DRAFT = "draft", pgettext_lazy("round status", "Draft")
        PUBLISHED = "published", pgettext_lazy("round status", "Published")
        CLOSED = "closed", pgettext_lazy("round status", "Closed")

    girone = models.ForeignKey(Girone, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("number"))
    hands = models.PositiveSmallIntegerField(_("hands"))
    #: A turn played until a line reaches these points (docs/rules.md §4.4): the sheet
    #: holds as many smazzate as were played and ``hands`` names the VP table.
    target_points = models.PositiveSmallIntegerField(
        _("played to points"), null=True, blank=True
    )
    movement = models.CharField(_("movement"), max_length=30)
    step = models.PositiveSmallIntegerField(_("Mitchell step"), null=True, blank=True)
    seed = models.BigIntegerField(
        _("random seed"),
        null=True,
        blank=True,
        help_text=_("Recorded so that a random draw can be reproduced."),
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.DRAFT
    )
    notes = models.TextField(_("notes"), blank=True)
    tables_public = models.BooleanField(_("tables public"), default=False)
    results_public = models.BooleanField(_("results public"), default=False)
    published_at = models.DateTimeField(_("published at"), null=True, blank=True)
    closed_at = models.DateTimeField(_("closed at"), null=True, blank=True)
    provisional_until = models.DateTimeField(
        _("provisional until"),
        null=True,
        blank=True,
        help_text=_(
            "The end of the correction period: until then a referee may correct a"
            " table; later only the chief referee (a late correction)."
        ),
    )

    history = HistoricalRecords()

    class Meta:
        ordering = ["girone", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(
                fields=["girone", "number"], name="unique_round_number"
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1), name="round_number_positive"
            ),
            models.CheckConstraint(
                condition=Q(hands__gte=1) & Q(hands__lte=9), name="round_hands_in_range"
            ),
            # The last guard of tournament.visibility: a draft is never public.
            models.CheckConstraint(
                condition=~Q(status="draft")
                | (Q(tables_public=False) & Q(results_public=False)),
                name="draft_round_not_public",
                violation_error_message=_(
                    "A draft round cannot be made public: publish it first."
                ),
            ),
        ]

    def __str__(self) -> str:
        return gettext("%(girone)s – round %(number)s") % {
            "girone": self.girone,
            "number": self.number,
        }
