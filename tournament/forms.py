"""The director's forms: they read and validate input; the services do the work."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from people.models import Club
from tournament.inputs import integer_field, text_field
from tournament.models import Tournament
from tournament.services.packs import default_pack, hands_groups, pack_choices

from .plan_fields import PlanFields

#: The draws' seeds are 31-bit numbers (``gironi.split_into_gironi`` draws one so).
DRAW_SEED_MAX = 2**31 - 1


class NoSuffix:
    """Labels without the trailing colon: they sit above the field."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)


class DateInput(forms.DateInput):
    input_type = "date"

    def __init__(self, **kwargs):
        super().__init__(format="%Y-%m-%d", **kwargs)


class GameSelect(forms.Select):
    """A select whose options say which game they belong to (``data-game``), so that
    the page offers only the chosen game's rule packs and counts."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.value_games: dict[str, str] = {}  # option value -> game
        self.group_games: list[str] = []  # option group index -> game

    def create_option(
        self, name, value, label, selected, index, subindex=None, attrs=None
    ):
        option = super().create_option(
            name, value, label, selected, index, subindex, attrs
        )
        game = self.value_games.get(str(value))
        if game is None and subindex is not None and index < len(self.group_games):
            game = self.group_games[index]
        if game:
            option["attrs"]["data-game"] = game
        return option


class TournamentForm(NoSuffix, PlanFields):
    """Create or edit a tournament; the game and the rule pack are fixed at creation.

    The rule pack follows the game (each game's default first, for Burraco the
    federation's latest); the movement plan is built from blocks (:class:`PlanFields`).
    """

    name = text_field(Tournament, "name", label=_("Name"))
    date = forms.DateField(label=_("Date"), widget=DateInput())
    venue = text_field(Tournament, "venue", label=_("Venue"), required=False)
    organiser = forms.ModelChoiceField(
        label=_("Organiser club"),
        queryset=Club.objects.all(),
        required=False,
        empty_label=_("— none —"),
    )
    game = forms.ChoiceField(
        label=_("Card game"),
        choices=Tournament.Game.choices,
        initial=Tournament.Game.BURRACO,
    )
    format = forms.ChoiceField(
        label=_("Format"),
        choices=Tournament.Format.choices,
        initial=Tournament.Format.PAIRS,
        required=False,  # not given: pairs
        help_text=_("Teams: two pairs a team, matches over two tables (Burraco)."),
    )
    rule_pack = forms.ChoiceField(label=_("Rule pack"), widget=GameSelect)
    hands_per_round = forms.TypedChoiceField(
        label=_("Hands per round"),
        coerce=int,
        initial=3,
        widget=GameSelect,
        help_text=_(
            "Burraco: smazzate per round, those the rule pack has a VP table for."
            " Briscola: games per match (best of an odd number)."
        ),
    )
    #: A turn played to points (docs/rules.md §4.4): seed 004's "TURNI CON 4 SMAZZATE
    #: o 2005 pt". The hands above then do not count: the pack's table converts it.
    to_points = forms.BooleanField(
        label=_("Turns played to 2,005 points"),
        required=False,
        help_text=_(
            "Burraco: each table plays until a line reaches 2,005 points, as many hands"
            " as that takes, and the VP table of 4 hands converts the turn (the hands"
            " per round above are then not used)."
        ),
    )
    mitchell_step = integer_field(
        Tournament,
        "mitchell_step",
        label=_("Mitchell step"),
        min_value=1,
        required=False,
        help_text=_("Tables the EO pairs move each round; empty = automatic."),
    )
    entry_mode = forms.ChoiceField(
        label=_("Result entry"),
        choices=Tournament.EntryMode.choices,
        initial=Tournament.EntryMode.SINGLE,
    )
    entry_by = forms.ChoiceField(
        label=_("Who enters the results"),
        choices=Tournament.EntryBy.choices,
        initial=Tournament.EntryBy.REFEREES,
        required=False,  # not posted (an older client, a script): the referees
        help_text=_(
            "Players: each table's code, printed on its score card, opens its sheet on"
            " a phone with no login; one line types it, the other line confirms it, and"
            " the referees settle what the lines do not agree on. Both: the referees"
            " can also type every sheet as ever."
        ),
    )
    idle_minutes = integer_field(
        Tournament,
        "idle_minutes",
        label=_("Tables late after (minutes)"),
        min_value=1,
        max_value=600,
        required=False,
        help_text=_(
            "The entry page marks the tables with no result this long after the round"
            " was published. Empty = never."
        ),
    )
    totals_only = forms.BooleanField(
        label=_("Type only each line's total"),
        required=False,
        help_text=_(
            "The entry page asks for the two MP totals of each table instead of every"
            " hand (the same checks); the per-hand sheet stays on the table's page."
        ),
    )
    hold_results = forms.BooleanField(
        label=_("Hold results after closing a round"),
        required=False,
        help_text=_(
            "Closing a round releases its results to the public pages, unless this is"
            " ticked: then each round's results wait for your release."
        ),
    )
    correction_minutes = integer_field(
        Tournament,
        "correction_minutes",
        label=_("Correction period (minutes)"),
        min_value=0,
        max_value=1440,
        required=False,
        help_text=_(
            "How long a closed round stays provisional: a referee may still correct a"
            " table. Empty = the rule pack's."
        ),
    )
    avoid_same_club = forms.BooleanField(
        label=_("Keep pairs of the same club apart"), required=False
    )
    rematch_in_last_round = forms.BooleanField(
        label=_("Danese modificato: allow a rematch in the last round"),
        required=False,
        initial=True,
    )
    #: "Never the same opponents" (docs/rules.md §9.3): a field of its own, rendered in
    #: the template's ``rematch_choice`` block.
    never_rematch = forms.BooleanField(
        label=_("Never the same opponents"),
        required=False,
        help_text=_(
            "Every Danese round avoids every earlier opponent, in the last round too"
            " (without it, a Danese modificato avoids only the previous round's"
            " opponent, as the sources say, and allows a rematch in the last round)."
        ),
    )
    hall_numbering = forms.BooleanField(
        label=_("One table list for the hall (tables numbered across gironi)"),
        required=False,
        help_text=_(
            "For gironi sharing a room: girone A plays at tables 1-8, girone B at "
            "9-16... on the table lists, score cards and the players' pages."
        ),
    )

    #: The fields shown before the movement plan's blocks (the rest come after).
    BEFORE_PLAN = (
        "name",
        "date",
        "venue",
        "organiser",
        "game",
        "format",
        "rule_pack",
        "hands_per_round",
        "to_points",
    )

    def __init__(self, *args, editing: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        packs = pack_choices()
        pack = self.fields["rule_pack"]
        pack.choices = [(p.name, p.title) for p in packs]
        pack.widget.value_games = {p.name: p.game for p in packs}
        default = default_pack(Tournament.Game.BURRACO)
        pack.initial = default.name if default else None
        groups = hands_groups()
        hands = self.fields["hands_per_round"]
        hands.choices = [(label, options) for _game, label, options in groups]
        hands.widget.group_games = [game for game, _label, _options in groups]
        self.add_plan_fields()
        if editing:
            for name in ("game", "format", "rule_pack"):
                self.fields[name].disabled = True
                self.fields[name].required = False
                self.fields[name].help_text = _(
                    "Fixed when the tournament was created."
                )

    def clean(self):
        data = super().clean()
        game, name = data.get("game"), data.get("rule_pack")
        if game and name and not self.fields["rule_pack"].disabled:
            pack_game = self.fields["rule_pack"].widget.value_games.get(name)
            if pack_game and pack_game != game:
                self.add_error(
                    "rule_pack",
                    _("This rule pack is for %(pack_game)s: choose one for %(game)s.")
                    % {
                        "pack_game": Tournament.Game(pack_game).label,
                        "game": Tournament.Game(game).label,
                    },
                )
        self.clean_plan(format=data.get("format") or Tournament.Format.PAIRS)
        return data

    def general_fields(self, before_plan: bool):
        """The bound fields shown before (or after) the plan's blocks."""
        return [
            self[name]
            for name in self.fields
            if name not in self.PLAN_FIELD_NAMES
            and name != "never_rematch"  # its own block, after the plan
            and (name in self.BEFORE_PLAN) == before_plan
        ]

    def clean_entry_by(self) -> str:
        return self.cleaned_data.get("entry_by") or Tournament.EntryBy.REFEREES

    @property
    def fields_before_plan(self):
        return self.general_fields(True)

    @property
    def fields_after_plan(self):
        return self.general_fields(False)

    @classmethod
    def initial_for(cls, tournament: Tournament) -> dict:
        return {
            "name": tournament.name,
            "date": tournament.date,
            "venue": tournament.venue,
            "organiser": tournament.organiser,
            "game": tournament.game,
            "format": tournament.format,
            "rule_pack": tournament.rule_pack,
            "hands_per_round": tournament.hands_per_round,
            "to_points": tournament.target_points is not None,
            "mitchell_step": tournament.mitchell_step,
            "entry_mode": tournament.entry_mode,
            "entry_by": tournament.entry_by,
            "idle_minutes": tournament.idle_minutes,
            "avoid_same_club": tournament.avoid_same_club,
            "rematch_in_last_round": tournament.rematch_in_last_round,
            "never_rematch": tournament.never_rematch,
            "hall_numbering": tournament.hall_numbering,
            "totals_only": tournament.totals_only,
            "correction_minutes": tournament.correction_minutes,
            "hold_results": tournament.hold_results,
            **cls.plan_initial(tournament.movement_plan, tournament.rounds_planned),
        }


class ClubForm(NoSuffix, forms.ModelForm):
    class Meta:
        model = Club
        fields = ["name", "city", "federation_code"]
        labels = {
            "name": _("Name"),
            "city": _("City"),
            "federation_code": _("Federation code"),
        }
