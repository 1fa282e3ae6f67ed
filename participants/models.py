"""Who plays: pairs (coppie), and teams (squadre) with their rosters (docs/rules.md §11).

A :class:`Team` registers a roster of players (:class:`TeamMember`, 4 to 6 under
fibur-2026). Its pairs are ordinary :class:`Pair` rows with ``team`` set: the pairs of
its roster it fields (the two first ones until a captain's line-up names others).
Where they sit is ``seating``'s (tables, and a team match over two tables).

Their tables keep the names they had in the ``tournament`` app (``tournament_pair``,
``tournament_team``, ``tournament_teammember``): the split into apps (issue 29) moved
the models, not the data.

Terminology: coppia = pair; squadra = team; rosa = roster; capitano = captain.
"""

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from people.models import Club, Player
from tournament.models import Girone, Tournament
from tournament.models.structure import (
    other_tournament_error,
    references_trusted,
    tournament_of_girone,
)


class Pair(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="pairs"
    )
    number = models.PositiveIntegerField(_("number"))
    player1 = models.ForeignKey(
        Player, verbose_name=_("player 1"), on_delete=models.PROTECT, related_name="+"
    )
    player2 = models.ForeignKey(
        Player, verbose_name=_("player 2"), on_delete=models.PROTECT, related_name="+"
    )
    club = models.ForeignKey(
        Club,
        verbose_name=_("club"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="pairs",
    )
    seed = models.PositiveIntegerField(_("seed"), null=True, blank=True)
    girone = models.ForeignKey(
        Girone,
        verbose_name=_("girone"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="pairs",
    )
    withdrawn = models.BooleanField(_("withdrawn"), default=False)
    team = models.ForeignKey(
        "participants.Team",
        verbose_name=_("team"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="pairs",
        help_text=_("Team tournaments: the team this pair of its roster plays for."),
    )

    history = HistoricalRecords(table_name="tournament_historicalpair")

    class Meta:
        db_table = "tournament_pair"  # its table before the split (issue 29)
        ordering = ["tournament", "number"]
        verbose_name = _("pair")
        verbose_name_plural = _("pairs")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"], name="unique_pair_number"
            ),
            # A player is in one pair of a pair tournament; a team's roster players
            # form several pairs of their team (line-ups), each pair once.
            models.UniqueConstraint(
                fields=["tournament", "player1"],
                condition=Q(team__isnull=True),
                name="unique_pair_player1",
            ),
            models.UniqueConstraint(
                fields=["tournament", "player2"],
                condition=Q(team__isnull=True),
                name="unique_pair_player2",
            ),
            models.UniqueConstraint(
                fields=["team", "player1", "player2"],
                condition=Q(team__isnull=False),
                name="unique_team_pair_players",
            ),
            models.CheckConstraint(
                condition=~Q(player1=F("player2")), name="pair_of_two_players"
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1), name="pair_number_positive"
            ),
        ]

    def __str__(self) -> str:
        return self.label(self.number, self.player1.last_name, self.player2.last_name)

    @staticmethod
    def label(number: int, last_name1: str, last_name2: str) -> str:
        """``12. Rossi – Bianchi``: how a pair is named (for pages that read the
        names as values, without the pair's and players' rows)."""
        return f"{number}. {last_name1} – {last_name2}"

    def clean(self) -> None:
        """A pair's girone is one of its own tournament's (issue 14 §6).

        No database constraint can say it (the tournament is two foreign keys away, and
        Django has no composite foreign key): this check, the admin's choices and the
        services (``seating.services.gironi.move_pair``) keep it.
        """
        super().clean()
        if (
            not references_trusted(self)
            and self.girone_id is not None
            and self.tournament_id is not None
            and tournament_of_girone(self.girone_id) != self.tournament_id
        ):
            raise ValidationError({"girone": other_tournament_error()})

    @property
    def names(self) -> str:
        return f"{self.player1.last_name} – {self.player2.last_name}"  # as label()


class Team(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="teams"
    )
    number = models.PositiveIntegerField(_("number"))
    name = models.CharField(_("name"), max_length=120)
    club = models.ForeignKey(
        Club,
        verbose_name=_("club"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="teams",
    )
    captain = models.ForeignKey(
        Player,
        verbose_name=_("captain"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    seed = models.PositiveIntegerField(_("seed"), null=True, blank=True)
    girone = models.ForeignKey(
        Girone,
        verbose_name=_("girone"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="teams",
    )
    withdrawn = models.BooleanField(_("withdrawn"), default=False)

    history = HistoricalRecords(table_name="tournament_historicalteam")

    class Meta:
        db_table = "tournament_team"  # its table before the split (issue 29)
        ordering = ["tournament", "number"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"], name="unique_team_number"
            ),
            models.UniqueConstraint(
                "tournament",
                Lower("name"),
                name="unique_team_name_ci",
                violation_error_message=_(
                    "A team with this name is already registered."
                ),
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1), name="team_number_positive"
            ),
            models.CheckConstraint(condition=~Q(name=""), name="team_has_a_name"),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.name}"

    @property
    def names(self) -> str:
        """What a page shows beside the number (a pair shows its players' surnames)."""
        return self.name


class TeamMember(models.Model):
    """One player of a team's roster, in the order the team registered them."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="+"
    )
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="members")
    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.PROTECT, related_name="+"
    )
    order = models.PositiveSmallIntegerField(_("order"))

    class Meta:
        db_table = "tournament_teammember"  # its table before the split (issue 29)
        ordering = ["team", "order"]
        verbose_name = _("team member")
        verbose_name_plural = _("team members")
        constraints = [
            # A player is in one team of a tournament.
            models.UniqueConstraint(
                fields=["tournament", "player"], name="unique_team_member_player"
            ),
            models.UniqueConstraint(
                fields=["team", "order"], name="unique_team_member_order"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.team} – {self.player}"
