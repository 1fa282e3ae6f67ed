"""The stored rankings: a snapshot per scope and its rows (pairs, or teams), denormalised
so that a reader renders them with one query and never aggregates."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils.formats import number_format
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from participants.models import Pair, Team
from tournament.models import Girone, Stage, Tournament
from tournament.models.structure import other_tournament_error, references_trusted


def attendance_note(missed: int, entered: int | None, withdrew: int | None) -> str:
    """What a row says of the rounds its pair missed (docs/rules.md §8), translated:
    "entrata al turno 2", "ritirata dopo il turno 3", else "turni saltati: 1"."""
    parts = []
    if entered is not None:
        parts.append(gettext("entered at round %(n)s") % {"n": entered})
    if withdrew is not None:
        parts.append(gettext("withdrew after round %(n)s") % {"n": withdrew})
    if not parts and missed:
        parts.append(gettext("rounds missed: %(n)s") % {"n": missed})
    return " · ".join(parts)


def local_decimal(value: str) -> str:
    """A stored decimal ("12.67") written by the locale ("12,67"); "" stays "".

    >>> from django.utils import translation
    >>> with translation.override("it"):
    ...     local_decimal("12.67"), local_decimal("")
    ('12,67', '')
    """
    if not value:
        return ""
    try:
        number = Decimal(value)
    except InvalidOperation:
        return value
    return number_format(number, decimal_pos=len(value.partition(".")[2]))


class RowFigures:
    """What a standings row shows besides its stored values: the MP difference, the
    average as the language writes it, the rounds missed. Shared by the pairs' and the
    teams' rows (:class:`Row`, :class:`TeamRow`) and the rows before they are stored
    (``standings.services.rows.RowData``)."""

    __slots__ = ()

    mp_for: int
    mp_against: int
    average: str
    missed: int
    entered_round: int | None
    withdrew_after: int | None

    @property
    def mp_diff(self) -> int:
        return self.mp_for - self.mp_against

    @property
    def signed_diff(self) -> str:
        """The MP difference as shown: +250, 0, -750."""
        diff = self.mp_diff
        return f"+{diff}" if diff > 0 else str(diff)

    @property
    def attendance(self) -> str:
        """ "entrata al turno 2", "ritirata dopo il turno 3" (translated), or ""."""
        return attendance_note(self.missed, self.entered_round, self.withdrew_after)

    @property
    def average_display(self) -> str:
        """The average per round as the active language writes it ("12,67" in
        Italian); stored as "12.67" (the CSV's form)."""
        return local_decimal(self.average)


class Snapshot(models.Model):
    """The stored ranking of one scope; ``version`` goes up when its content changes."""

    class Kind(models.TextChoices):
        CONFIRMED = "confirmed", _("Confirmed results")
        PUBLIC = "public", _("Released results")

    class Line(models.TextChoices):
        ALL = "", _("All")
        NS = "ns", _("NS line")
        EW = "ew", _("EO line")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="standings_snapshots"
    )
    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="+")
    girone = models.ForeignKey(
        Girone,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="standings_snapshots",
        help_text=_("Empty: the overall standings of the stage."),
    )
    line = models.CharField(
        _("line"), max_length=2, choices=Line.choices, default=Line.ALL, blank=True
    )
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    version = models.PositiveIntegerField(_("version"), default=0)
    digest = models.CharField(_("content digest"), max_length=64, blank=True)
    # Empty lists are values (no round released yet, no tie): blank, so that a
    # validated archive import accepts them.
    chain = models.JSONField(_("tie-break chain"), default=list, blank=True)
    settings_note = models.TextField(_("settings note"), blank=True)
    # Both may be empty (no round released yet; no tie): an archive import validates
    # every field, and an empty list must pass (blank=True).
    rounds = models.JSONField(_("rounds counted"), default=list, blank=True)
    notes = models.JSONField(
        _("tie-break notes"),
        default=list,
        blank=True,
        help_text=_("One [Italian, English] explanation per tie; rows point at them."),
    )
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        ordering = ["pk"]  # readers sort by stage order and girone label
        verbose_name = _("standings snapshot")
        verbose_name_plural = _("standings snapshots")
        constraints = [
            models.UniqueConstraint(
                fields=["girone", "line", "kind"],
                condition=Q(girone__isnull=False),
                name="unique_snapshot_girone",
            ),
            models.UniqueConstraint(
                fields=["stage", "line", "kind"],
                condition=Q(girone__isnull=True),
                name="unique_snapshot_stage",
            ),
        ]

    def __str__(self) -> str:
        scope = str(self.girone) if self.girone_id else str(self.stage)
        return f"{scope} {self.line} {self.kind} v{self.version}"

    def clean(self) -> None:
        """Its stage is its tournament's and its girone the stage's (issue 14 §6)."""
        super().clean()
        if references_trusted(self):
            return
        errors = {}
        stage = Stage.objects.filter(pk=self.stage_id).values_list(
            "tournament_id", flat=True
        )
        if self.stage_id is not None and stage.first() != self.tournament_id:
            errors["stage"] = other_tournament_error()
        if self.girone_id is not None:
            of = Girone.objects.filter(pk=self.girone_id).values_list(
                "stage_id", flat=True
            )
            if of.first() != self.stage_id:
                errors["girone"] = other_tournament_error()
        if errors:
            raise ValidationError(errors)

    @property
    def etag(self) -> str:
        return f"s{self.pk}v{self.version}"


class Row(RowFigures, models.Model):
    """One pair's line in a snapshot, in order; ``note`` explains its tie, if any."""

    snapshot = models.ForeignKey(
        Snapshot, on_delete=models.CASCADE, related_name="rows"
    )
    index = models.PositiveIntegerField(_("order"))
    position = models.PositiveIntegerField(_("position"))
    pair = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="+")
    pair_number = models.PositiveIntegerField(_("pair"))
    players = models.CharField(_("players"), max_length=130)
    club = models.CharField(_("club"), max_length=120, blank=True)
    girone_label = models.CharField(_("girone"), max_length=20, blank=True)
    vp = models.IntegerField(_("VP"))
    mp_for = models.IntegerField(_("MP scored"))
    mp_against = models.IntegerField(_("MP conceded"))
    played = models.PositiveIntegerField(_("matches played"))
    byes = models.PositiveIntegerField(_("rests"))
    average = models.CharField(_("VP per match"), max_length=12, blank=True)
    tie = models.PositiveIntegerField(
        _("tie group"),
        null=True,
        blank=True,
        help_text=_("Number of the tie in the snapshot's notes (from 1)."),
    )
    by_lot = models.BooleanField(_("placed by lot"), default=False)
    missed = models.PositiveSmallIntegerField(
        _("rounds missed"),
        default=0,
        help_text=_("Rounds the pair sat at no table (entered late, withdrew)."),
    )
    entered_round = models.PositiveSmallIntegerField(
        _("entered at round"), null=True, blank=True
    )
    withdrew_after = models.PositiveSmallIntegerField(
        _("withdrew after round"), null=True, blank=True
    )

    #: The tie's explanation (Italian, English): stored once per tie in
    #: ``Snapshot.notes`` and set on the rows by ``standings.services.read.tables``.
    note = ""
    note_en = ""

    class Meta:
        ordering = ["snapshot", "index"]
        verbose_name = _("standings row")
        verbose_name_plural = _("standings rows")
        constraints = [
            models.UniqueConstraint(
                fields=["snapshot", "index"], name="unique_standings_row_index"
            ),
            models.UniqueConstraint(
                fields=["snapshot", "pair"], name="unique_standings_row_pair"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.position}. {self.pair_number} {self.players}"


class TeamRow(RowFigures, models.Model):
    """One team's line in a snapshot of a team tournament (docs/rules.md §11), in order;
    ``note`` explains its tie, if any. A team girone's snapshot holds these rows."""

    snapshot = models.ForeignKey(
        Snapshot, on_delete=models.CASCADE, related_name="team_rows"
    )
    index = models.PositiveIntegerField(_("order"))
    position = models.PositiveIntegerField(_("position"))
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    team_number = models.PositiveIntegerField(_("team"))
    name = models.CharField(_("name"), max_length=120)
    club = models.CharField(_("club"), max_length=120, blank=True)
    girone_label = models.CharField(_("girone"), max_length=20, blank=True)
    vp = models.IntegerField(_("VP"))
    mp_for = models.IntegerField(_("MP scored"))
    mp_against = models.IntegerField(_("MP conceded"))
    played = models.PositiveIntegerField(_("matches played"))
    byes = models.PositiveIntegerField(_("rests"))
    average = models.CharField(_("VP per match"), max_length=12, blank=True)
    tie = models.PositiveIntegerField(_("tie group"), null=True, blank=True)
    by_lot = models.BooleanField(_("placed by lot"), default=False)

    note = ""
    note_en = ""
    #: A team's attendance is not known (a team match has no seats to miss): its row
    #: never says a round missed.
    missed = 0
    entered_round = None
    withdrew_after = None

    class Meta:
        ordering = ["snapshot", "index"]
        verbose_name = _("team standings row")
        verbose_name_plural = _("team standings rows")
        constraints = [
            models.UniqueConstraint(
                fields=["snapshot", "index"], name="unique_team_row_index"
            ),
            models.UniqueConstraint(
                fields=["snapshot", "team"], name="unique_team_row_team"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.position}. {self.team_number} {self.name}"

    # The competitor under the names a pair's row gives it (``Row``, and ``RowData``
    # before it is stored), so that a reader of standings rows reads either table.
    @property
    def pair_id(self) -> int:
        return self.team_id

    @property
    def pair_number(self) -> int:
        return self.team_number

    @property
    def players(self) -> str:
        return self.name
