"""The director's forms: they read and validate input; the services do the work."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from people.models import Club
from tournament.inputs import integer_field, text_field
from tournament.models import Tournament
from tournament.services.movement_words import movement_labels
from tournament.services.tournaments import SUGGESTED_PLANS, hands_groups, pack_choices

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


class TournamentForm(NoSuffix, forms.Form):
    """Create or edit a tournament; the game and the rule pack are fixed at creation."""

    name = text_field(Tournament, "name", label=_("Name"))
    date = forms.DateField(label=_("Date"), widget=DateInput())
    venue = text_field(Tournament, "venue", label=_("Venue"), required=False)
    organiser = forms.ModelChoiceField(
        label=_("Organiser club"),
        queryset=Club.objects.all(),
        required=False,
        empty_label=_("— none —"),
    )
    game = forms.ChoiceField(label=_("Card game"), choices=Tournament.Game.choices)
    format = forms.ChoiceField(
        label=_("Format"),
        choices=Tournament.Format.choices,
        initial=Tournament.Format.PAIRS,
        required=False,  # not given: pairs
        help_text=_("Teams: two pairs a team, matches over two tables (Burraco)."),
    )
    rule_pack = forms.ChoiceField(label=_("Rule pack"))
    hands_per_round = forms.TypedChoiceField(
        label=_("Hands per round"),
        coerce=int,
        initial=3,
        help_text=_(
            "Burraco: smazzate per round, those the rule pack has a VP table for."
            " Briscola: games per match (best of an odd number)."
        ),
    )
    rounds_planned = forms.IntegerField(
        label=_("Number of rounds"), min_value=1, max_value=60, initial=4
    )
    movement_plan = text_field(
        Tournament,
        "movement_plan",
        label=_("Movement plan"),
        initial="3xmitchell+danese",
        help_text=_(
            "One movement per round joined by “+”, each with how many rounds it plays;"
            " the words to type are below."
        ),
        widget=forms.TextInput(attrs={"list": "plans"}),
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
        label=_("Result entry"), choices=Tournament.EntryMode.choices
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

    plans = SUGGESTED_PLANS

    @property
    def plan_words(self) -> dict[str, str]:
        """The words a plan is typed with, and what each means (shown as code, with its
        label): every movement of ``rules.pairing.REGISTRY``."""
        return movement_labels()

    def __init__(self, *args, editing: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["rule_pack"].choices = [
            (p.name, f"{p.title} ({p.name} v{p.version})") for p in pack_choices()
        ]
        self.fields["hands_per_round"].choices = hands_groups()
        if editing:
            for name in ("game", "format", "rule_pack"):
                self.fields[name].disabled = True
                self.fields[name].required = False
                self.fields[name].help_text = _(
                    "Fixed when the tournament was created."
                )

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
            "rounds_planned": tournament.rounds_planned,
            "movement_plan": tournament.movement_plan,
            "mitchell_step": tournament.mitchell_step,
            "entry_mode": tournament.entry_mode,
            "avoid_same_club": tournament.avoid_same_club,
            "rematch_in_last_round": tournament.rematch_in_last_round,
            "never_rematch": tournament.never_rematch,
            "hall_numbering": tournament.hall_numbering,
            "totals_only": tournament.totals_only,
            "correction_minutes": tournament.correction_minutes,
            "hold_results": tournament.hold_results,
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
