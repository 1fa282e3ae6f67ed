"""Tournaments, their roles, stages and gironi."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords


class Tournament(models.Model):
    class Game(models.TextChoices):
        BURRACO = "burraco", _("Burraco")
        BRISCOLA = "briscola", _("Briscola")

    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        REGISTRATION = "registration", _("Registration")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    class EntryMode(models.TextChoices):
        SINGLE = "single", _("Single entry")
        DOUBLE = "double", _("Double entry")

    class EntryBy(models.TextChoices):
        """Who enters the tables' results (issue 30, docs/rules.md §5g)."""

        REFEREES = "referees", _("Referees only")
        PLAYERS = "players", _("Players, the opponents confirming")
        BOTH = "both", _("Players and referees")

    class Format(models.TextChoices):
        PAIRS = "pairs", _("Pairs (a coppie)")
        TEAMS = "teams", _("Teams (a squadre)")

    name = models.CharField(_("name"), max_length=150)
    slug = models.SlugField(_("slug"), max_length=80, unique=True)
    date = models.DateField(_("date"))
    venue = models.CharField(_("venue"), max_length=150, blank=True)
    organiser = models.ForeignKey(
        "people.Club",
        verbose_name=_("organiser club"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="organised_tournaments",
    )
    game = models.CharField(_("game"), max_length=10, choices=Game.choices)
    format = models.CharField(
        _("format"), max_length=5, choices=Format.choices, default=Format.PAIRS
    )
    rule_pack = models.CharField(_("rule pack"), max_length=40)
    rule_pack_version = models.PositiveSmallIntegerField(_("rule pack version"))
    hands_per_round = models.PositiveSmallIntegerField(
        _("hands per round"),
        default=3,
        help_text=_("Burraco: smazzate per round (1-4). Briscola: games per match."),
    )
    target_points = models.PositiveSmallIntegerField(
        _("turns played to points"),
        null=True,
        blank=True,
        help_text=_(
            "Burraco: each table plays until a line reaches these points (the rule"
            " pack's, 2005), as many hands as that takes; the VP table of the rule"
            " pack's hands converts it. Empty = a number of hands."
        ),
    )
    rounds_planned = models.PositiveSmallIntegerField(_("number of rounds"), default=4)
    movement_plan = models.CharField(
        _("movement plan"),
        max_length=200,
        default="danese_modificato",
        help_text=_("e.g. 'round_robin', 'mitchell', '3xmitchell+danese'."),
    )
    entry_mode = models.CharField(
        _("entry mode"),
        max_length=10,
        choices=EntryMode.choices,
        default=EntryMode.SINGLE,
    )
    avoid_same_club = models.BooleanField(
        _("keep pairs of the same club apart"), default=False
    )
    mitchell_step = models.PositiveSmallIntegerField(
        _("Mitchell step"),
        null=True,
        blank=True,
        help_text=_(
            "Tables the EO pairs move each round; empty = the smallest step that "
            "avoids repeat meetings."
        ),
    )
    rematch_in_last_round = models.BooleanField(
        _("allow rematches in the last round"),
        default=True,
        help_text=_(
            "Danese modificato: the sources allow a rematch in the last round."
        ),
    )
    never_rematch = models.BooleanField(
        _("never the same opponents"),
        default=False,
        help_text=_(
            "Every round paired by the standings (Danese, Danese modificato) avoids"
            " every earlier opponent, in the last round too."
        ),
    )
    hall_numbering = models.BooleanField(
        _("one table list for the hall"),
        default=False,
        help_text=_(
            "The gironi share a room: tables are numbered across the gironi (girone A "
            "1-8, girone B 9-16...) on the table lists, score cards and players' pages."
        ),
    )
    correction_minutes = models.PositiveSmallIntegerField(
        _("correction period (minutes)"),
        null=True,
        blank=True,
        help_text=_(
            "After a round is closed its results stay provisional this long: a referee"
            " may still correct a table, with a reason. Later, only the chief referee,"
            " and the correction is marked as late. Empty = the rule pack's."
        ),
    )
    hold_results = models.BooleanField(
        _("hold results after closing a round"),
        default=False,
        help_text=_(
            "Closing a round releases its results to the public pages, unless this is"
            " ticked: then each round's results wait for the director's release."
        ),
    )
    totals_only = models.BooleanField(
        _("type only each line's total"),
        default=False,
        help_text=_(
            "The entry page asks for the two lines' MP totals of each table instead of"
            " every hand; the per-hand sheet stays on the table's page."
        ),
    )
    entry_by = models.CharField(
        _("who enters the results"),
        max_length=10,
        choices=EntryBy.choices,
        default=EntryBy.REFEREES,
        help_text=_(
            "Players: each table's code (printed on its score card) opens its sheet on"
            " a phone; one line types it, the other line confirms it."
        ),
    )
    idle_minutes = models.PositiveSmallIntegerField(
        _("tables late after (minutes)"),
        null=True,
        blank=True,
        help_text=_(
            "The entry page marks the tables with no result this many minutes after"
            " the round was published. Empty = never."
        ),
    )
    status = models.CharField(
        _("status"), max_length=15, choices=Status.choices, default=Status.DRAFT
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["-date", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(
                condition=Q(hands_per_round__gte=1) & Q(hands_per_round__lte=9),
                name="tournament_hands_in_range",
            ),
            models.CheckConstraint(
                condition=Q(rounds_planned__gte=1), name="tournament_has_rounds"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("public:tournament", kwargs={"slug": self.slug})

    def clean(self) -> None:
        """The rule pack must be one this site has, at that version, for this game."""
        from django.core.exceptions import ValidationError

        from rules.errors import RulePackError
        from rules.packs import load_pack

        if not self.rule_pack or self.rule_pack_version is None:
            return  # clean_fields reports the missing value
        try:
            pack = load_pack(self.rule_pack, self.rule_pack_version)
        except RulePackError:
            raise ValidationError(
                {
                    "rule_pack": _("Unknown rule pack %(pack)s v%(version)s.")
                    % {"pack": self.rule_pack, "version": self.rule_pack_version}
                }
            ) from None
        if self.game and pack.game != self.game:
            raise ValidationError(
                {
                    "rule_pack": _("Rule pack %(pack)s is not for %(game)s.")
                    % {"pack": self.rule_pack, "game": self.get_game_display()}
                }
            )

    @property
    def is_teams(self) -> bool:
        """A team tournament (a squadre, docs/rules.md §11)."""
        return self.format == self.Format.TEAMS


class TournamentRole(models.Model):
    """Who may direct or referee one tournament (roles are per tournament)."""

    class Role(models.TextChoices):
        DIRECTOR = "director", _("Director")
        REFEREE = "referee", _("Referee")
        CHIEF_REFEREE = "chief_referee", _("Chief referee")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="roles"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="tournament_roles",
    )
    role = models.CharField(_("role"), max_length=15, choices=Role.choices)

    class Meta:
        verbose_name = _("tournament role")
        verbose_name_plural = _("tournament roles")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "user", "role"], name="unique_tournament_role"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} – {self.get_role_display()} – {self.tournament}"


class Stage(models.Model):
    """An ordered phase of a tournament: gironi first, then a knockout."""

    class Kind(models.TextChoices):
        GROUPS = "groups", _("Groups")
        KNOCKOUT = "knockout", _("Knockout")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="stages"
    )
    order = models.PositiveSmallIntegerField(_("order"))
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    name = models.CharField(_("name"), max_length=80, blank=True)

    class Meta:
        ordering = ["tournament", "order"]
        verbose_name = _("stage")
        verbose_name_plural = _("stages")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "order"], name="unique_stage_order"
            )
        ]

    def __str__(self) -> str:
        return self.name or self.get_kind_display()


class Girone(models.Model):
    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="gironi")
    label = models.CharField(_("label"), max_length=20)

    history = HistoricalRecords()

    class Meta:
        ordering = ["stage", "label"]
        verbose_name = _("girone")
        verbose_name_plural = _("gironi")
        constraints = [
            models.UniqueConstraint(
                fields=["stage", "label"], name="unique_girone_label"
            )
        ]

    def __str__(self) -> str:
        return f"Girone {self.label}"


def tournament_of_girone(girone_id: int) -> int | None:
    """The tournament a girone belongs to (one query)."""
    return (
        Girone.objects.filter(pk=girone_id)
        .values_list("stage__tournament_id", flat=True)
        .first()
    )


def references_trusted(obj: models.Model) -> bool:
    """Whether ``obj``'s references were checked by its builder instead of by lookups.

    The archive import builds rows whose references are still archive ids; it checks
    that each one points inside the archive's single tournament (``core.archive_import``),
    so the cross-tournament lookups of ``clean()`` would compare unrelated rows.
    """
    return bool(getattr(obj, "_references_trusted", False))


def other_tournament_error() -> ValidationError:
    return ValidationError(
        _("This belongs to another tournament: choose one of this tournament's."),
        code="other_tournament",
    )
