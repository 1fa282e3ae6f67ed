"""Stored renders of the large documents, kept per data version.

A :class:`Render` is one PDF of one document (kind + scope) at one version of its data
(the standings version, or a fingerprint of what the document prints). The worker fills
``pdf`` and sets ``status=done`` in one UPDATE, so a half-written PDF is never served;
a second request for the same version is served from here at once.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models import Tournament


class Render(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Rendering")
        DONE = "done", _("Ready")
        FAILED = "failed", _("Failed")
        SUPERSEDED = "superseded", _("Superseded by newer data")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="renders"
    )
    kind = models.CharField(_("document"), max_length=20)
    scope = models.CharField(_("scope"), max_length=40, blank=True)
    version = models.CharField(_("data version"), max_length=40)
    title = models.CharField(_("title"), max_length=200)
    filename = models.CharField(_("file name"), max_length=120)
    status = models.CharField(
        _("status"), max_length=12, choices=Status.choices, default=Status.QUEUED
    )
    progress = models.PositiveSmallIntegerField(_("progress (%)"), default=0)
    error = models.TextField(_("error"), blank=True)
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    pages = models.PositiveIntegerField(_("pages"), null=True, blank=True)
    pdf = models.BinaryField(_("PDF"), null=True, blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("requested by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(_("requested at"), auto_now_add=True)
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    #: Touched every few seconds by the worker while it renders: a running render
    #: whose heartbeat stopped lost its worker (see printing.services.is_lost).
    heartbeat_at = models.DateTimeField(_("last sign of life"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("stored render")
        verbose_name_plural = _("stored renders")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "kind", "scope", "version"],
                name="unique_render_per_version",
            ),
            models.CheckConstraint(
                condition=~models.Q(status="done") | models.Q(pdf__isnull=False),
                name="render_done_has_pdf",
            ),
            models.CheckConstraint(
                condition=models.Q(progress__lte=100), name="render_progress_percent"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.title} ({self.get_status_display()})"

    @property
    def pending(self) -> bool:
        return self.status in (self.Status.QUEUED, self.Status.RUNNING)


class PrizeSlot(models.Model):
    """One prize of the prize list: the pair ranked ``position`` gets ``prize``.

    A tournament without slots gets ``PRINTING_DEFAULT_PRIZE_SLOTS`` (default 3) plain
    ones ("1° premio", ...): the number of prizes is the organiser's choice.
    """

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="prize_slots"
    )
    position = models.PositiveIntegerField(_("position"))
    prize = models.CharField(_("prize"), max_length=200)

    class Meta:
        ordering = ["tournament", "position"]
        verbose_name = _("prize")
        verbose_name_plural = _("prizes")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "position"], name="unique_prize_position"
            ),
            models.CheckConstraint(
                condition=models.Q(position__gte=1), name="prize_position_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.position}. {self.prize}"
