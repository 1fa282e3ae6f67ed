"""The tabellone of a tournament: its bracket, the confirmed qualifiers, the matches.

A :class:`Bracket` belongs to a knockout :class:`~tournament.models.Stage` and is fed by
a gironi stage. Its life: the director confirms the qualifiers (:class:`Entry` rows,
status ``confirmed``), then draws it (slots and :class:`BracketMatch` rows, status
``drawn``); results advance the winners until the final is played (``finished``).

In a team tournament (docs/rules.md §11) the qualifiers and the sides of a match are
teams (``team``, ``team_a``, ``team_b``, ``winner_team``) and the pair columns stay
empty; ``entrant`` / ``side_a`` / ``side_b`` / ``winner_side`` give whichever is set.

A match keeps what was entered (partite, smazzate, spareggi, referee's decisions) and
what it gives (winner, scores, how it was decided). A correction upstream never
rewrites a played match: it is ``flagged`` with a note and its winner withdrawn until
the referee enters it again (:mod:`rules.knockout.bracket`).

Terminology: tabellone = bracket; testa di serie = seed; passaggio del turno = bye;
incontro = match; partita = game; smazzata = hand; spareggio = tie-break game.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from participants.models import Pair, Team
from tournament.models import Stage, Tournament
from tournament.models.structure import other_tournament_error, references_trusted


class Bracket(models.Model):
    class Status(models.TextChoices):
        CONFIRMED = "confirmed", _("Qualifiers confirmed")
        DRAWN = "drawn", _("Drawn")
        FINISHED = "finished", _("Finished")

    class Qualify(models.TextChoices):
        PER_GIRONE = "per_girone", _("First places of each girone")
        OVERALL = "overall", _("Best placed across gironi")

    class Seeding(models.TextChoices):
        SEPARATE_GIRONI = "separate_gironi", _("Keep pairs of one girone apart")
        OVERALL = "overall", _("By overall seed only")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="brackets"
    )
    stage = models.OneToOneField(
        Stage, on_delete=models.CASCADE, related_name="bracket"
    )
    source = models.ForeignKey(
        Stage,
        verbose_name=_("gironi stage"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    name = models.CharField(_("name"), max_length=80, blank=True)
    gironi = models.JSONField(
        _("gironi"),
        default=list,
        blank=True,
        help_text=_("Labels of the gironi it draws from; empty: every girone."),
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.CONFIRMED
    )
    qualify = models.CharField(
        _("qualification"),
        max_length=12,
        choices=Qualify.choices,
        default=Qualify.PER_GIRONE,
    )
    per_girone = models.PositiveSmallIntegerField(_("qualifiers per girone"), default=0)
    best_next = models.PositiveSmallIntegerField(_("best next-placed pairs"), default=0)
    count = models.PositiveSmallIntegerField(_("qualifiers"))
    seeding = models.CharField(
        _("seeding"),
        max_length=16,
        choices=Seeding.choices,
        default=Seeding.SEPARATE_GIRONI,
    )
    third_place = models.BooleanField(_("third-place match"), default=False)
    best_of = models.PositiveSmallIntegerField(
        _("partite per match"),
        default=5,
        help_text=_("Briscola: best of N partite (odd). Burraco: smazzate per match."),
    )
    final_best_of = models.PositiveSmallIntegerField(
        _("partite in the final"), default=5
    )
    waiting_minutes = models.PositiveSmallIntegerField(
        _("waiting time (minutes)"),
        default=10,
        help_text=_("A pair absent after this time loses the match."),
    )
    size = models.PositiveSmallIntegerField(_("size"), default=0)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("confirmed by"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    confirmed_at = models.DateTimeField(_("confirmed at"))
    drawn_at = models.DateTimeField(_("drawn at"), null=True, blank=True)
    version = models.PositiveIntegerField(_("version"), default=0)

    class Meta:
        verbose_name = _("bracket")
        verbose_name_plural = _("brackets")
        constraints = [
            models.CheckConstraint(condition=Q(count__gte=2), name="bracket_two_pairs"),
            models.CheckConstraint(
                condition=Q(best_of__gte=1) & Q(final_best_of__gte=1),
                name="bracket_best_of_positive",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} – {self.name or self.stage}"

    def clean(self) -> None:
        """Its stages are its tournament's (issue 14 §6: clean() and the services, as no
        database constraint reaches across two foreign keys)."""
        super().clean()
        if references_trusted(self):
            return
        _same_tournament(
            self.tournament_id,
            {"stage": (Stage, self.stage_id), "source": (Stage, self.source_id)},
        )


class Entry(models.Model):
    """A confirmed qualifier: its seed, girone and place, and why (ties at the cut)."""

    bracket = models.ForeignKey(
        Bracket, on_delete=models.CASCADE, related_name="entries"
    )
    pair = models.ForeignKey(
        Pair, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    team = models.ForeignKey(
        Team, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    seed = models.PositiveSmallIntegerField(_("seed"))
    girone_label = models.CharField(_("girone"), max_length=20, blank=True)
    place = models.PositiveSmallIntegerField(_("place"), null=True, blank=True)
    slot = models.PositiveSmallIntegerField(_("slot"), null=True, blank=True)
    note = models.TextField(_("tie-break note"), blank=True)

    class Meta:
        ordering = ["bracket", "seed"]
        verbose_name = _("qualifier")
        verbose_name_plural = _("qualifiers")
        constraints = [
            models.UniqueConstraint(
                fields=["bracket", "seed"], name="unique_entry_seed"
            ),
            models.UniqueConstraint(
                fields=["bracket", "pair"], name="unique_entry_pair"
            ),
            models.UniqueConstraint(
                fields=["bracket", "team"], name="unique_entry_team"
            ),
            models.CheckConstraint(
                condition=Q(pair__isnull=True, team__isnull=False)
                | Q(pair__isnull=False, team__isnull=True),
                name="entry_pair_or_team",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.seed}. {self.entrant}"

    @property
    def entrant(self) -> Pair | Team | None:
        """The qualifier: its team in a team tournament, else its pair."""
        return self.team if self.team_id else self.pair

    @property
    def entrant_id(self) -> int | None:
        return self.team_id or self.pair_id

    def clean(self) -> None:
        super().clean()
        if references_trusted(self):
            return
        _same_tournament(
            _bracket_tournament(self.bracket_id),
            {"pair": (Pair, self.pair_id), "team": (Team, self.team_id)},
        )

    @property
    def tag(self) -> str:
        """``1A``: place and girone, as the tabellone shows it."""
        return f"{self.place}{self.girone_label}" if self.place else ""


class BracketMatch(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting", _("Waiting for its pairs")
        READY = "ready", _("To play")
        PLAYED = "played", _("Played")
        BYE = "bye", _("Bye")
        FLAGGED = "flagged", _("To check (a result before it changed)")

    class Side(models.TextChoices):
        NONE = "", _("—")
        A = "a", _("Upper pair")
        B = "b", _("Lower pair")

    bracket = models.ForeignKey(
        Bracket, on_delete=models.CASCADE, related_name="matches"
    )
    round = models.PositiveSmallIntegerField(_("round"))
    index = models.PositiveSmallIntegerField(_("match"))
    pair_a = models.ForeignKey(
        Pair, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    pair_b = models.ForeignKey(
        Pair, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    team_a = models.ForeignKey(
        Team, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    team_b = models.ForeignKey(
        Team, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    best_of = models.PositiveSmallIntegerField(_("best of"))
    third_place = models.BooleanField(_("third-place match"), default=False)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.WAITING
    )
    # What the referee entered.
    games = models.JSONField(_("partite / smazzate"), default=list, blank=True)
    spareggi = models.JSONField(_("spareggi"), default=list, blank=True)
    last_trick = models.CharField(
        _("last trick of the last spareggio"),
        max_length=1,
        choices=Side.choices,
        blank=True,
    )
    last_move = models.CharField(
        _("last move of the last smazzata"),
        max_length=1,
        choices=Side.choices,
        blank=True,
    )
    no_show = models.CharField(
        _("absent pair"), max_length=1, choices=Side.choices, blank=True
    )
    # What it gives.
    winner = models.ForeignKey(
        Pair, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    winner_team = models.ForeignKey(
        Team, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    score_a = models.IntegerField(_("score upper pair"), null=True, blank=True)
    score_b = models.IntegerField(_("score lower pair"), null=True, blank=True)
    decided_by = models.CharField(_("decided by"), max_length=12, blank=True)
    flag_note = models.TextField(_("why it must be checked"), blank=True)
    correction_reason = models.TextField(
        _("reason of the correction"),
        blank=True,
        help_text=_("Why a result already entered was changed (the last change)."),
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("entered by"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    entered_at = models.DateTimeField(_("entered at"), null=True, blank=True)

    class Meta:
        ordering = ["bracket", "round", "index"]
        verbose_name = _("bracket match")
        verbose_name_plural = _("bracket matches")
        constraints = [
            models.UniqueConstraint(
                fields=["bracket", "round", "index"], name="unique_bracket_match"
            ),
            models.CheckConstraint(
                condition=Q(winner__isnull=True)
                | Q(winner=models.F("pair_a"))
                | Q(winner=models.F("pair_b")),
                name="bracket_match_winner_plays",
            ),
            models.CheckConstraint(
                condition=Q(winner_team__isnull=True)
                | Q(winner_team=models.F("team_a"))
                | Q(winner_team=models.F("team_b")),
                name="bracket_match_winner_team_plays",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.bracket} – {self.round}.{self.index + 1}"

    def clean(self) -> None:
        super().clean()
        if references_trusted(self):
            return
        _same_tournament(
            _bracket_tournament(self.bracket_id),
            {
                name: (model, getattr(self, f"{name}_id"))
                for name, model in (
                    ("pair_a", Pair),
                    ("pair_b", Pair),
                    ("winner", Pair),
                    ("team_a", Team),
                    ("team_b", Team),
                    ("winner_team", Team),
                )
            },
        )

    @property
    def teams(self) -> bool:
        """A match of a team tabellone (its sides are teams)."""
        return self.team_a_id is not None or self.team_b_id is not None

    @property
    def side_a(self) -> Pair | Team | None:
        return self.team_a if self.teams else self.pair_a

    @property
    def side_b(self) -> Pair | Team | None:
        return self.team_b if self.teams else self.pair_b

    @property
    def winner_side(self) -> Pair | Team | None:
        return self.winner_team if self.winner_team_id else self.winner

    @property
    def loser(self) -> Pair | Team | None:
        winner_id = self.winner_team_id or self.winner_id
        if winner_id is None or self.status == self.Status.BYE:
            return None
        return self.side_b if winner_id == self.side_id("a") else self.side_a

    def side_id(self, side: str) -> int | None:
        """The id of side ``"a"`` or ``"b"`` (a team's or a pair's)."""
        if self.teams:
            return self.team_a_id if side == "a" else self.team_b_id
        return self.pair_a_id if side == "a" else self.pair_b_id


def _bracket_tournament(bracket_id: int | None) -> int | None:
    if bracket_id is None:
        return None
    return (
        Bracket.objects.filter(pk=bracket_id)
        .values_list("tournament_id", flat=True)
        .first()
    )


def _same_tournament(
    tournament_id: int | None, refs: dict[str, tuple[type[models.Model], int | None]]
) -> None:
    """ValidationError naming each field whose object is another tournament's."""
    if tournament_id is None:
        return
    errors = {}
    for name, (model, pk) in refs.items():
        if pk is None:
            continue
        theirs = model.objects.filter(pk=pk).values_list("tournament_id", flat=True)
        if theirs.first() != tournament_id:
            errors[name] = other_tournament_error()
    if errors:
        raise ValidationError(errors)
