"""What the version that counts gives each pair, and a team match each team: the rows
the totals and the standings read, rewritten with the version that counts."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from tournament.models import Girone, Pair, Round, Table, Team, TeamMatch
from tournament.models.structure import other_tournament_error, references_trusted

from .lines import Line
from .results import ResultVersion


class PairScore(models.Model):
    """What the version that counts gives one pair in one round."""

    pair = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="+")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="+")
    girone = models.ForeignKey(Girone, on_delete=models.CASCADE, related_name="+")
    round_number = models.PositiveSmallIntegerField(_("round"))
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="+")
    version = models.ForeignKey(
        ResultVersion, on_delete=models.CASCADE, related_name="pair_scores"
    )
    line = models.CharField(_("line"), max_length=2, choices=Line.choices)
    opponent = models.ForeignKey(
        Pair, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    vp = models.IntegerField(_("VP"))
    mp_for = models.IntegerField(_("MP for"))
    mp_against = models.IntegerField(_("MP against"))
    played = models.BooleanField(_("played"), default=True)
    #: The part of ``vp`` and ``mp_for`` that is a penalty outside the meeting (a
    #: second ammonizione, docs/rules.md §6.5): the meeting is ``vp + penalty_vp`` to
    #: the opponent's, ``mp_for + penalty_mp`` to ``mp_against``.
    penalty_vp = models.PositiveSmallIntegerField(_("penalty VP"), default=0)
    penalty_mp = models.PositiveIntegerField(_("penalty MP"), default=0)

    class Meta:
        ordering = ["round", "pair"]
        verbose_name = _("pair score")
        verbose_name_plural = _("pair scores")
        indexes = [
            models.Index(fields=["girone", "round_number"], name="pairscore_girone")
        ]
        constraints = [
            models.UniqueConstraint(fields=["pair", "round"], name="unique_pair_round"),
            models.UniqueConstraint(
                fields=["round", "table", "line"], name="unique_pairscore_line"
            ),
            models.CheckConstraint(
                condition=~Q(pair=F("opponent")), name="pairscore_not_own_opponent"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.pair} – {self.round}: {self.vp} VP"

    def clean(self) -> None:
        """Its table, round, girone and pairs are one table's (issue 14 §6)."""
        super().clean()
        if references_trusted(self):
            return
        table = (
            Table.objects.filter(pk=self.table_id)
            .values("round_id", "round__girone_id", "pair_ns_id", "pair_ew_id")
            .first()
        )
        if table is None:
            return
        errors = {}
        if table["round_id"] != self.round_id:
            errors["round"] = other_tournament_error()
        if table["round__girone_id"] != self.girone_id:
            errors["girone"] = other_tournament_error()
        seated = {table["pair_ns_id"], table["pair_ew_id"]}
        if self.pair_id not in seated:
            errors["pair"] = other_tournament_error()
        if self.opponent_id is not None and self.opponent_id not in seated:
            errors["opponent"] = other_tournament_error()
        if errors:
            raise ValidationError(errors)


class TeamScore(models.Model):
    """What a team match (or a rest) gives one team in one round (docs/rules.md §11)."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="+")
    girone = models.ForeignKey(Girone, on_delete=models.CASCADE, related_name="+")
    round_number = models.PositiveSmallIntegerField(_("round"))
    match = models.ForeignKey(
        TeamMatch, on_delete=models.CASCADE, related_name="scores"
    )
    side = models.CharField(_("side"), max_length=1)  # "a" / "b" of the match
    opponent = models.ForeignKey(
        Team, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    vp = models.IntegerField(_("VP"))
    mp_for = models.IntegerField(_("MP for"))
    mp_against = models.IntegerField(_("MP against"))
    played = models.BooleanField(_("played"), default=True)
    #: The part of ``vp`` and ``mp_for`` that is its lines' penalties outside the match
    #: (second ammonizioni, docs/rules.md §6.5 and §11), as :class:`PairScore`'s.
    penalty_vp = models.PositiveSmallIntegerField(_("penalty VP"), default=0)
    penalty_mp = models.PositiveIntegerField(_("penalty MP"), default=0)

    class Meta:
        ordering = ["round", "team"]
        verbose_name = _("team score")
        verbose_name_plural = _("team scores")
        indexes = [
            models.Index(fields=["girone", "round_number"], name="teamscore_girone")
        ]
        constraints = [
            models.UniqueConstraint(fields=["team", "round"], name="unique_team_round"),
            models.UniqueConstraint(
                fields=["match", "side"], name="unique_teamscore_side"
            ),
            models.CheckConstraint(
                condition=~Q(team=F("opponent")), name="teamscore_not_own_opponent"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.team} – {self.round}: {self.vp} VP"
