"""Stored standings: one snapshot per scope, rewritten when a result changes.

A :class:`Snapshot` is the ranking of one girone (or of a whole stage, or of one
Mitchell line) over one set of results, with a version number that goes up each time
its content changes. Its :class:`Row` rows are denormalised (pair number, players,
club) so that a reader renders them with one query and never aggregates.

Two kinds are kept: ``confirmed`` (every confirmed result: the director's official
standings) and ``public`` (confirmed results of the rounds whose results the director
released: what the public site and the API show). :class:`StandingsConfig` holds the
per-tournament settings the rule pack does not: the recorded lot seed, Mitchell lines
ranked apart, and the referee's decisions on ties.

Terminology: classifica = standings; girone = group; linea NS/EO = line; sorteggio =
lot; classifica avulsa = head-to-head table.
"""

from __future__ import annotations

import secrets
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


def _new_lot_seed() -> int:
    return secrets.randbelow(1_000_000) + 1


class StandingsConfig(models.Model):
    """Settings of a tournament's standings that the rule pack does not carry."""

    tournament = models.OneToOneField(
        Tournament,
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        related_name="standings_config",
    )
    lot_seed = models.PositiveIntegerField(
        _("lot seed"),
        default=_new_lot_seed,
        help_text=_("Drawn once and recorded: the same seed gives the same lot."),
    )
    lines_apart = models.BooleanField(
        _("rank the NS and EO lines apart"),
        default=False,
        help_text=_("Mitchell: a ranking per line besides the girone's."),
    )
    decisions = models.JSONField(
        _("referee's decisions"),
        default=list,
        blank=True,
        help_text=_(
            "Orders of tied pairs decided by the referee: lists of pair numbers."
        ),
    )

    class Meta:
        verbose_name = _("standings settings")
        verbose_name_plural = _("standings settings")

    def __str__(self) -> str:
        return f"{self.tournament} – {self._meta.verbose_name}"

    def clean(self) -> None:
        """The decisions are lists of pair numbers, each pair in one of them at most
        (an archive's nested list made every later ranking fail)."""
        super().clean()
        problem = decisions_problem(self.decisions)
        if problem is not None:
            raise ValidationError({"decisions": problem})


#: The largest pair number a decision may hold (a pair number's column).
_MAX_NUMBER = 2_147_483_647


def decisions_problem(value: object) -> str | None:
    """Why ``value`` is not a list of referee's decisions (translated), or None.

    >>> decisions_problem([[3, 1], [7, 5, 6]]) is None
    True
    >>> decisions_problem([[3, [1]]]) is not None, decisions_problem([[2, 1], [1, 4]]) is not None
    (True, True)
    """
    if not isinstance(value, list):
        return gettext("A list of decisions is expected.")
    seen: set[int] = set()
    for order in value:
        if not (
            isinstance(order, list)
            and len(order) >= 2
            and all(type(n) is int and 1 <= n <= _MAX_NUMBER for n in order)
        ):
            return gettext("Each decision is a list of at least two pair numbers.")
        if len(set(order)) != len(order) or not seen.isdisjoint(order):
            return gettext("A pair is in more than one decision.")
        seen.update(order)
    return None


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


class Row(models.Model):
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


class TeamRow(models.Model):
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

    @property
    def average_display(self) -> str:
        """The average per match as the active language writes it ("12,67" in
        Italian); stored as "12.67" (the CSV's form), like a pair's row."""
        return local_decimal(self.average)

    @property
    def mp_diff(self) -> int:
        return self.mp_for - self.mp_against

    @property
    def signed_diff(self) -> str:
        diff = self.mp_diff
        return f"+{diff}" if diff > 0 else str(diff)


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
        "people.Club",
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
