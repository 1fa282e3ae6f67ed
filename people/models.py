"""Clubs (circoli) and players (tesserati): the registry every tournament draws on.

Their tables keep the names they had in the ``tournament`` app (``tournament_club``,
``tournament_player``): the split into apps (issue 29) moved the models, not the data.
"""

from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from people.search import name_key


class Club(models.Model):
    name = models.CharField(_("name"), max_length=120)
    city = models.CharField(_("city"), max_length=80, blank=True)
    federation_code = models.CharField(_("federation code"), max_length=20, blank=True)

    class Meta:
        db_table = "tournament_club"  # the app's table before the split (issue 29)
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        constraints = [
            models.UniqueConstraint(
                Lower("name"),
                name="unique_club_name_ci",
                violation_error_message=_("A club with this name already exists."),
            ),
            models.UniqueConstraint(
                fields=["federation_code"],
                condition=~Q(federation_code=""),
                name="unique_club_federation_code",
                violation_error_message=_(
                    "A club with this federation code already exists."
                ),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.city})" if self.city else self.name


class PlayerManager(models.Manager["Player"]):
    def bulk_create(self, objs, *args, **kwargs):
        """Fill each player's search key first (``save()`` is not called here)."""
        objs = list(objs)
        for obj in objs:
            obj.search_key = obj.make_search_key()
        return super().bulk_create(objs, *args, **kwargs)


class Player(models.Model):
    first_name = models.CharField(_("first name"), max_length=60)
    last_name = models.CharField(_("surname"), max_length=60)
    membership_number = models.CharField(
        _("membership number"),
        max_length=20,
        blank=True,
        help_text=_("Federation membership number (tessera), unique when given."),
    )
    club = models.ForeignKey(
        Club,
        verbose_name=_("club"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="players",
    )
    search_key = models.CharField(
        _("search key"),
        max_length=255,
        blank=True,
        editable=False,
        help_text=_("The names folded for searching (no accents or apostrophes)."),
    )

    objects = PlayerManager()

    class Meta:
        db_table = "tournament_player"  # the app's table before the split (issue 29)
        ordering = ["last_name", "first_name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(
                fields=["membership_number"],
                condition=~Q(membership_number=""),
                name="unique_player_membership_number",
            ),
            models.CheckConstraint(
                condition=~Q(first_name="") & ~Q(last_name=""),
                name="player_has_a_name",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.last_name} {self.first_name}"

    def save(self, *args, **kwargs):
        self.search_key = self.make_search_key()
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and {"first_name", "last_name"} & set(
            update_fields
        ):
            kwargs["update_fields"] = {*update_fields, "search_key"}
        super().save(*args, **kwargs)

    def make_search_key(self) -> str:
        return name_key(self.last_name, self.first_name)
