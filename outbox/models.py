"""One row of pending work: what (``kind``), for what (``key``), from when.

Saves only ever insert rows (two saves never wait for each other on a shared row);
the worker claims the oldest due row together with every due row of the same kind
and key (:func:`outbox.work.claim`), so one ranking covers every sheet saved
meanwhile, and deletes them once the work is done.
"""

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Work(models.Model):
    class Kind(models.TextChoices):
        RANK = "rank", _("rank a girone")  # key: the girone's id
        PUBLISH = "publish", _("publish a tournament")  # key: the tournament's id
        SITE = "site", _("publish the site's pages")  # key: 0 (seasons, API index)
        RENDER = "render", _("render a document")  # key: the render's id

    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    key = models.BigIntegerField(_("key"))
    #: What of it (a publishing: the pairs, rounds and gironi the change can touch;
    #: a ranking: what the publishing after it must touch). Merged when coalesced.
    scope = models.JSONField(_("scope"), default=dict, blank=True)
    #: Not to be done before (the end of a correction period: its pages turn final).
    not_before = models.DateTimeField(_("not before"), default=timezone.now)
    #: A worker holds it until then (it extends the lease while it works); past it,
    #: another worker takes the work over (the first one died).
    claimed_until = models.DateTimeField(_("claimed until"), null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    created_at = models.DateTimeField(_("recorded at"), default=timezone.now)
    #: The last failure (the work is tried again later).
    error = models.TextField(_("last error"), blank=True)
    #: Given up after too many failures: kept for a person to look at, never claimed.
    failed_at = models.DateTimeField(_("given up at"), null=True, blank=True)

    class Meta:
        verbose_name = _("pending work")
        verbose_name_plural = _("pending work")
        indexes = [
            models.Index(fields=["not_before", "id"], name="outbox_due"),
            models.Index(fields=["kind", "key"], name="outbox_kind_key"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.key}"
