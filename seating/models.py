"""Where competitors sit in a round: tables (tavoli) and, in a team event, the team
matches over two of them (docs/rules.md §11).

Their tables keep the names they had in the ``tournament`` app (``tournament_table``,
``tournament_teammatch``): the split into apps (issue 29) moved the models, not the data.
"""

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from participants.models import Pair, Team
from tournament.models import Round
from tournament.models.structure import (
    other_tournament_error,
    references_trusted,
    tournament_of_girone,
)


class Table(models.Model):
    """One table of a round. ``pair_ew`` is empty for the pair at rest (riposo).

    A pair sits at most once in a round: each column is unique per round here, and the
    service checks the rule across the two columns (rules.pairing's independent checker)
    in the transaction that saves the round.
    """

    round = models.ForeignKey(
        Round, verbose_name=_("round"), on_delete=models.CASCADE, related_name="tables"
    )
    number = models.PositiveSmallIntegerField(_("table"))
    pair_ns = models.ForeignKey(
        Pair, verbose_name=_("NS pair"), on_delete=models.PROTECT, related_name="+"
    )
    pair_ew = models.ForeignKey(
        Pair,
        verbose_name=_("EO pair"),
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
    )

    history = HistoricalRecords(table_name="tournament_historicaltable")

    class Meta:
        db_table = "tournament_table"  # its table before the split (issue 29)
        ordering = ["round", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(
                fields=["round", "number"], name="unique_table_number"
            ),
            models.UniqueConstraint(
                fields=["round", "pair_ns"], name="unique_round_pair_ns"
            ),
            models.UniqueConstraint(
                fields=["round", "pair_ew"], name="unique_round_pair_ew"
            ),
            models.CheckConstraint(
                condition=~Q(pair_ns=F("pair_ew")), name="table_two_different_pairs"
            ),
        ]

    def __str__(self) -> str:
        return gettext("%(round)s – table %(number)s") % {
            "round": self.round,
            "number": self.number,
        }

    def clean(self) -> None:
        """Both pairs are of the round's tournament (issue 14 §6; no database constraint
        can reach the tournament across the round's girone and stage)."""
        super().clean()
        if self.round_id is None or references_trusted(self):
            return
        girone_id = Round.objects.values_list("girone_id", flat=True).get(
            pk=self.round_id
        )
        tournament_id = tournament_of_girone(girone_id)
        errors = {}
        for name in ("pair_ns", "pair_ew"):
            pair_id = getattr(self, f"{name}_id")
            if pair_id is None:
                continue
            theirs = Pair.objects.values_list("tournament_id", flat=True).get(
                pk=pair_id
            )
            if theirs != tournament_id:
                errors[name] = other_tournament_error()
        if errors:
            raise ValidationError(errors)

    @property
    def is_rest(self) -> bool:
        return self.pair_ew_id is None


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

    history = HistoricalRecords(table_name="tournament_historicalteammatch")

    class Meta:
        db_table = "tournament_teammatch"  # its table before the split (issue 29)
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


# Table codes: what opens one table's sheet on a player's phone, with no login (issue 30).
#
# A code is made when its round's tables are published
# (:func:`seating.services.table_codes.issue_codes`, called by ``publish_round``), one
# per table with two pairs. It is valid while it is not revoked and its round is
# published: closing the round ends it, a referee may revoke it and issue another.
#
# The code is stored as it is printed, not hashed: it is printed on the table's score card
# whenever the cards are printed again, and shown to the referees at any time, which a hash
# could not give back. What it opens is small (typing a sheet of one table in one round,
# which the opponents must confirm and any referee can override), and whoever reads the
# database can already change results.

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
        db_table = "tournament_tablecode"  # its table before the split (issue 29)
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
