"""Teams (squadre), their rosters, and the team matches of a round (docs/rules.md §11).

A :class:`Team` registers a roster of players (:class:`TeamMember`, 4 to 6 under
fibur-2026). Its pairs are ordinary :class:`~tournament.models.Pair` rows with ``team``
set: the pairs of its roster it fields (the two first ones until a captain's line-up
names others). A :class:`TeamMatch` is two ordinary :class:`~tournament.models.Table`
rows of one round: team A's first pair NS at ``table_1``, its second pair EO at
``table_2``, against team B's two pairs; so score entry, double entry, special results
and corrections are those of pair events. The tables' pairs *are* the line-ups. A
resting team has a match without team B and one rest table (its first pair alone).

Terminology: squadra = team; rosa = roster; capitano = captain; formazione = line-up;
incontro = match; riposo = rest.
"""

from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from .people import Club, Player
from .rounds import Round, Table
from .structure import Girone, Tournament


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

    history = HistoricalRecords()

    class Meta:
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


class TeamMatch(models.Model):
    """Two teams over two tables of a round, or a resting team (no team B)."""

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="team_matches"
    )
    number = models.PositiveSmallIntegerField(_("match"))
    team_a = models.ForeignKey(
        Team, verbose_name=_("team A"), on_delete=models.PROTECT, related_name="+"
    )
    team_b = models.ForeignKey(
        Team,
        verbose_name=_("team B"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    # A's first pair NS v B's first pair EO; for a rest, A's first pair alone.
    table_1 = models.OneToOneField(
        Table, on_delete=models.CASCADE, related_name="team_match_1"
    )
    # B's second pair NS v A's second pair EO; none for a rest.
    table_2 = models.OneToOneField(
        Table,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="team_match_2",
    )
    lineup_a_given = models.BooleanField(_("line-up of team A given"), default=False)
    lineup_b_given = models.BooleanField(_("line-up of team B given"), default=False)

    history = HistoricalRecords()

    class Meta:
        ordering = ["round", "number"]
        verbose_name = _("team match")
        verbose_name_plural = _("team matches")
        constraints = [
            models.UniqueConstraint(
                fields=["round", "number"], name="unique_team_match_number"
            ),
            models.UniqueConstraint(
                fields=["round", "team_a"], name="unique_round_team_a"
            ),
            models.UniqueConstraint(
                fields=["round", "team_b"], name="unique_round_team_b"
            ),
            models.CheckConstraint(
                condition=~Q(team_a=F("team_b")), name="team_match_two_teams"
            ),
            models.CheckConstraint(
                condition=Q(team_b__isnull=True, table_2__isnull=True)
                | Q(team_b__isnull=False, table_2__isnull=False),
                name="team_match_two_tables_or_rest",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round} – incontro {self.number}"

    @property
    def is_rest(self) -> bool:
        return self.team_b_id is None

    @property
    def tables(self) -> list[Table]:
        return [t for t in (self.table_1, self.table_2) if t is not None]
