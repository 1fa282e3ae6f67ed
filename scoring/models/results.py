"""A table's result and its versions: every submission kept, one of them counting.

The states of :class:`TableResult` and the events between them are the lifecycle's
(``scoring/lifecycle.py``).
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q
from django.db.models.lookups import LessThanOrEqual
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from seating.models import Table
from tournament.models import Round
from tournament.models.structure import other_tournament_error, references_trusted

from .lines import Line, multiple_of_5


class TableResult(models.Model):
    """The result of one table: its state, lock version and the version that counts."""

    class Status(models.TextChoices):
        EMPTY = "empty", _("Missing")
        ENTERED = "entered", _("Awaiting second entry")
        #: Players' entry: the two lines typed different sheets once (issue 30).
        CONTESTED = "contested", _("Lines disagree")
        DISPUTED = "disputed", _("Sheets differ")
        CONFIRMED = "confirmed", _("Confirmed")

    table = models.OneToOneField(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="result"
    )
    round = models.ForeignKey(
        Round, verbose_name=_("round"), on_delete=models.CASCADE, related_name="+"
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.EMPTY
    )
    lock_version = models.PositiveIntegerField(_("lock version"), default=0)
    current = models.OneToOneField(
        "ResultVersion",
        verbose_name=_("version that counts"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        ordering = ["round", "table__number"]
        verbose_name = _("table result")
        verbose_name_plural = _("table results")
        indexes = [models.Index(fields=["round", "status"], name="result_round_status")]
        constraints = [
            # A confirmed table has exactly one version that counts; no other state has.
            models.CheckConstraint(
                condition=(Q(status="confirmed") & Q(current__isnull=False))
                | (~Q(status="confirmed") & Q(current__isnull=True)),
                name="result_confirmed_iff_current",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} – {self.get_status_display()}"

    def clean(self) -> None:
        """Its round is its table's (issue 14 §6); the services write both together."""
        super().clean()
        if references_trusted(self):
            return
        if self.table_id is not None and self.round_id is not None:
            of = Table.objects.filter(pk=self.table_id).values_list(
                "round_id", flat=True
            )
            if of.first() != self.round_id:
                raise ValidationError({"round": other_tournament_error()})


class ResultVersion(models.Model):
    """One submission for a table; who entered it and who confirmed it, and when."""

    class Kind(models.TextChoices):
        NORMAL = "normal", _("Normal")
        REST = "rest", _("Rest (riposo)")
        FORFEIT = "forfeit", _("Forfeit or no-show")
        LATE_ARRIVAL = "late_arrival", _("Late arrival")
        LATE_FORFEIT = "late_forfeit", _("Late over 10 minutes (match awarded)")
        SECOND_WARNING = "second_warning", _("Second warning")
        REFEREE_SET = "referee_set", _("Referee-set score")
        BOTH_ABSENT = "both_absent", _("Both pairs absent")

    class Status(models.TextChoices):
        ENTERED = "entered", _("Entered")
        CONFIRMED = "confirmed", _("Confirmed")
        MATCHED = "matched", _("Matches the first entry")
        DISPUTED = "disputed", _("Differs")
        SUPERSEDED = "superseded", _("Superseded")
        REJECTED = "rejected", _("Rejected (conflict)")

    class Source(models.TextChoices):
        """Who made a submission (issue 30): a referee, a player of one line at the
        table (through the table's code, no account), an import or a replay."""

        REFEREE = "referee", _("Referee")
        PLAYER_NS = "player_ns", _("Player of line NS")
        PLAYER_EW = "player_ew", _("Player of line EO")
        IMPORT = "import", _("Import")
        REPLAY = "replay", _("Replay")

    #: The sources with no user account behind them.
    PLAYER_SOURCES = frozenset({Source.PLAYER_NS, Source.PLAYER_EW})

    class Purpose(models.TextChoices):
        ENTRY = "entry", _("Entry")
        SECOND_ENTRY = "second_entry", _("Second entry")
        SETTLEMENT = "settlement", _("Settlement")
        CORRECTION = "correction", _("Correction")

    #: Kinds whose typed sheet (smazzate or partite) decides the result; the others are
    #: adjudications of the referee and may come with no sheet at all.
    SHEET_KINDS = frozenset({Kind.NORMAL, Kind.LATE_ARRIVAL, Kind.SECOND_WARNING})
    #: Kinds that name a line (the offender, the late line, the warned line).
    LINE_KINDS = frozenset(
        {Kind.FORFEIT, Kind.LATE_ARRIVAL, Kind.LATE_FORFEIT, Kind.SECOND_WARNING}
    )

    result = models.ForeignKey(
        TableResult, on_delete=models.CASCADE, related_name="versions"
    )
    number = models.PositiveIntegerField(_("version"))
    game = models.CharField(_("game"), max_length=10)
    purpose = models.CharField(
        _("purpose"), max_length=12, choices=Purpose.choices, default=Purpose.ENTRY
    )
    kind = models.CharField(
        _("kind"), max_length=15, choices=Kind.choices, default=Kind.NORMAL
    )
    line = models.CharField(_("line"), max_length=2, choices=Line.choices, blank=True)
    reason = models.TextField(_("reason"), blank=True)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices)
    hands_table = models.PositiveSmallIntegerField(
        _("hands of the round"),
        help_text=_("The smazzate of the round: they pick the VP table."),
    )
    hands_played = models.PositiveSmallIntegerField(_("hands played"), default=0)
    #: The round was played to these points (docs/rules.md §4.4): as many smazzate as
    #: that took, up to ``rules.to_points.MAX_HANDS``; ``hands_table`` names the table.
    target_points = models.PositiveSmallIntegerField(
        _("played to points"), null=True, blank=True
    )
    # A referee-set score (punteggio arbitrale), as typed.
    set_mp_ns = models.IntegerField(_("set MP NS"), null=True, blank=True)
    set_mp_ew = models.IntegerField(_("set MP EO"), null=True, blank=True)
    set_vp_ns = models.IntegerField(_("set VP NS"), null=True, blank=True)
    set_vp_ew = models.IntegerField(_("set VP EO"), null=True, blank=True)
    # Computed by rules when the version is saved. EO is empty at a rest table.
    mp_ns = models.IntegerField(_("MP NS"), null=True, blank=True)
    mp_ew = models.IntegerField(_("MP EO"), null=True, blank=True)
    vp_ns = models.IntegerField(_("VP NS"), null=True, blank=True)
    vp_ew = models.IntegerField(_("VP EO"), null=True, blank=True)
    #: What the line named by ``line`` loses in its standings totals outside the
    #: meeting (a second ammonizione under ``second_warning_scope = "standings"``,
    #: docs/rules.md §6.5): its MP and VP above already count the loss; the meeting is
    #: them plus these. 0 when the result folds a penalty into the meeting (v1-v3).
    penalty_vp = models.PositiveSmallIntegerField(_("penalty VP"), default=0)
    penalty_mp = models.PositiveIntegerField(_("penalty MP"), default=0)
    idempotency_key = models.CharField(_("idempotency key"), max_length=64)
    expected_lock_version = models.PositiveIntegerField(_("expected lock version"))
    source = models.CharField(
        _("entered as"), max_length=10, choices=Source.choices, default=Source.REFEREE
    )
    #: Empty for a player's submission (players have no account): ``source`` says who.
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("entered by"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    entered_at = models.DateTimeField(_("entered at"), default=timezone.now)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("confirmed by"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    #: Who confirmed it: a referee (``confirmed_by``) or the other line's player.
    confirmed_as = models.CharField(
        _("confirmed as"), max_length=10, choices=Source.choices, blank=True
    )
    confirmed_at = models.DateTimeField(_("confirmed at"), null=True, blank=True)
    supersedes = models.ForeignKey(
        "self",
        verbose_name=_("replaces"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    impact = models.JSONField(_("impact report"), null=True, blank=True)
    late = models.BooleanField(
        _("late correction"),
        default=False,
        help_text=_("A correction made after the round's correction period."),
    )

    class Meta:
        # By the result's id (see HandScore's): a version's number orders it within one.
        ordering = ["result_id", "number"]
        get_latest_by = "number"
        verbose_name = _("result version")
        verbose_name_plural = _("result versions")
        constraints = [
            models.UniqueConstraint(
                fields=["result", "number"], name="unique_version_number"
            ),
            # A double submission of one form (same token) never makes two versions.
            models.UniqueConstraint(
                fields=["result", "idempotency_key"], name="unique_version_token"
            ),
            models.CheckConstraint(
                condition=~Q(idempotency_key=""), name="version_has_token"
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1), name="version_number_positive"
            ),
            models.CheckConstraint(
                condition=Q(hands_table__gte=1)
                & (
                    LessThanOrEqual(F("hands_played"), F("hands_table"))
                    # A turn to points: as many as were played (rules.to_points).
                    | Q(target_points__isnull=False, hands_played__lte=9)
                ),
                name="version_no_more_hands_than_round",
            ),
            models.CheckConstraint(
                condition=Q(kind="normal", purpose__in=["entry", "second_entry"])
                | ~Q(reason=""),
                name="version_special_or_correction_has_reason",
            ),
            models.CheckConstraint(
                condition=~Q(kind__in=["forfeit", "late_arrival", "second_warning"])
                | ~Q(line=""),
                name="version_special_names_line",
            ),
            # Only a second ammonizione takes a penalty outside the meeting (§6.5).
            models.CheckConstraint(
                condition=Q(penalty_vp=0, penalty_mp=0) | Q(kind="second_warning"),
                name="version_penalty_only_for_second_warning",
            ),
            # A user's submission names its user; a player's has none.
            models.CheckConstraint(
                condition=(
                    Q(source__in=["player_ns", "player_ew"])
                    & Q(entered_by__isnull=True)
                )
                | (
                    ~Q(source__in=["player_ns", "player_ew"])
                    & Q(entered_by__isnull=False)
                ),
                name="version_user_unless_player",
            ),
            models.CheckConstraint(
                condition=(
                    Q(confirmed_by__isnull=True)
                    & Q(confirmed_at__isnull=True)
                    & Q(confirmed_as="")
                )
                | (
                    Q(confirmed_at__isnull=False)
                    & (
                        Q(confirmed_by__isnull=False)
                        | Q(confirmed_as__in=["player_ns", "player_ew"])
                    )
                ),
                name="version_confirmed_by_and_at",
            ),
            models.CheckConstraint(
                condition=~Q(status__in=["confirmed", "matched"])
                | Q(confirmed_at__isnull=False),
                name="version_confirmed_has_confirmer",
            ),
            models.CheckConstraint(
                condition=~Q(game="burraco")
                | (
                    (Q(mp_ns__isnull=True) | multiple_of_5("mp_ns"))
                    & (Q(mp_ew__isnull=True) | multiple_of_5("mp_ew"))
                    & (Q(set_mp_ns__isnull=True) | multiple_of_5("set_mp_ns"))
                    & (Q(set_mp_ew__isnull=True) | multiple_of_5("set_mp_ew"))
                ),
                name="version_burraco_mp_multiple_of_5",
            ),
            models.CheckConstraint(
                condition=Q(vp_ns__isnull=True) | Q(vp_ns__gte=-20, vp_ns__lte=40),
                name="version_vp_ns_in_range",
            ),
            models.CheckConstraint(
                condition=Q(vp_ew__isnull=True) | Q(vp_ew__gte=-20, vp_ew__lte=40),
                name="version_vp_ew_in_range",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.result.table} – v{self.number} ({self.get_status_display()})"

    @property
    def who(self) -> str:
        """Who made it, in words: the referee's user name (with "import" or
        "replay" when not typed), or the line whose player typed it."""
        if self.entered_by_id is None:
            return str(self.get_source_display())
        name = self.entered_by.get_username() if self.entered_by else ""
        if self.source in (self.Source.IMPORT, self.Source.REPLAY):
            return f"{name} ({self.get_source_display()})"
        return name

    @property
    def confirmer(self) -> str:
        """Who confirmed it, in words ("" when nobody did)."""
        if self.confirmed_by_id is not None and self.confirmed_by is not None:
            return self.confirmed_by.get_username()
        if self.confirmed_as:
            return str(self.get_confirmed_as_display())
        return ""

    @property
    def counts(self) -> bool:
        return (
            self.status == self.Status.CONFIRMED and self.result.current_id == self.pk
        )
