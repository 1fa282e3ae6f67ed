"""Logins the staff pages created: a one-time password must be changed at first login.

Its table keeps the name it had in the ``tournament`` app (``tournament_passwordtochange``):
the split into apps (issue 29) moved the model, not the data.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class PasswordToChange(models.Model):
    """A user whose password was made by the staff page (shown once to a director):
    until they choose their own, every page but the password change sends them there
    (``core.middleware.PasswordToChangeMiddleware``)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("user"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        db_table = (
            "tournament_passwordtochange"  # its table before the split (issue 29)
        )
        verbose_name = _("one-time password to change")
        verbose_name_plural = _("one-time passwords to change")

    def __str__(self) -> str:
        return str(self.user)
