"""Table codes: what opens one table's sheet on a player's phone, with no login.

A code is made when its round's tables are published
(:func:`tournament.services.table_codes.issue_codes`, called by ``publish_round``), one
per table with two pairs. It is valid while it is not revoked and its round is
published: closing the round ends it, a referee may revoke it and issue another.

The code is stored as it is printed, not hashed: it is printed on the table's score card
whenever the cards are printed again, and shown to the referees at any time, which a hash
could not give back. What it opens is small (typing a sheet of one table in one round,
which the opponents must confirm and any referee can override), and whoever reads the
database can already change results.
"""

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .rounds import Table

#: No 0/O, 1/I/L or U: nothing to misread on a card or mistype on a phone.
ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
#: 10 symbols of 30: 49 bits (the issue asks for at least 40).
LENGTH = 10


class TableCode(models.Model):
    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="codes"
    )
    code = models.CharField(_("code"), max_length=LENGTH, unique=True)
    created_at = models.DateTimeField(_("created at"), default=timezone.now)
    revoked_at = models.DateTimeField(_("revoked at"), null=True, blank=True)

    class Meta:
        ordering = ["table", "-created_at"]
        verbose_name = _("table code")
        verbose_name_plural = _("table codes")
        constraints = [
            models.UniqueConstraint(
                fields=["table"],
                condition=Q(revoked_at__isnull=True),
                name="one_live_code_per_table",
            ),
        ]

    def __str__(self) -> str:
        return self.display

    @property
    def display(self) -> str:
        """``ABCDE-FGHJK``: two groups, as printed and typed."""
        half = LENGTH // 2
        return f"{self.code[:half]}-{self.code[half:]}"
