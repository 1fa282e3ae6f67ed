"""The site shell's own data: whether this database is the demo's."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class DemoMark(models.Model):
    """Set by ``manage.py seed_demo`` (and by nothing else): this database is the demo
    it built, so the home page may show the demo's logins. An empty install or a
    production database has none."""

    built_at = models.DateTimeField(_("built at"), auto_now_add=True)

    class Meta:
        verbose_name = _("demo mark")
        verbose_name_plural = _("demo marks")

    def __str__(self) -> str:
        return f"demo {self.built_at:%Y-%m-%d %H:%M}"
