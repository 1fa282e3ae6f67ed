"""A season ranking: tournaments, a points scale per placing, the best N counted."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models import Tournament

#: Points per placing when a season gives no scale: no F.I.Bur. table was found
#: (docs/rules.md §1), so this is a plain default, to be set per season.
DEFAULT_SEASON_SCALE = [25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]


def _default_scale() -> list[int]:
    return list(DEFAULT_SEASON_SCALE)


class Season(models.Model):
    """A club's or a circuit's season: tournaments, a points scale, best N counted."""

    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("slug"), max_length=80, unique=True)
    club = models.ForeignKey(
        "tournament.Club",
        verbose_name=_("club"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="seasons",
        help_text=_("Empty for a circuit of several clubs."),
    )
    tournaments = models.ManyToManyField(
        Tournament, verbose_name=_("tournaments"), related_name="seasons", blank=True
    )
    scale = models.JSONField(
        _("points per placing"),
        default=_default_scale,
        help_text=_("Points of the 1st, 2nd, 3rd... placing, e.g. [25, 20, 16]."),
    )
    participation = models.PositiveSmallIntegerField(
        _("points beyond the scale"),
        default=0,
        help_text=_("Points for a placing the scale does not reach."),
    )
    best = models.PositiveSmallIntegerField(
        _("best results counted"),
        null=True,
        blank=True,
        help_text=_("Empty: every result counts."),
    )

    class Meta:
        ordering = ["-pk"]
        verbose_name = _("season ranking")
        verbose_name_plural = _("season rankings")

    def __str__(self) -> str:
        return self.name
