"""The director's forms for team tournaments: a team with its roster, a line-up."""

from __future__ import annotations

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournament.forms import NoSuffix
from tournament.inputs import integer_field, text_field
from tournament.models import Club, Player, Team, TeamMember
from tournament.services.team_entries import MAX_TEAM_NUMBER, TeamEntry

_player_label = lazy(lambda n: gettext("Player %(n)s") % {"n": n}, str)

#: Player rows of the one-team form (the pack allows at most 6 under fibur-2026).
FORM_ROSTER = 6


class TeamForm(NoSuffix, forms.Form):
    """One team, typed fast: its name and club, then the roster in pair order.

    Every field is bounded by its column (``tournament.inputs``), as the pair form.
    """

    name = text_field(Team, "name", label=_("Team name"), required=False)
    club = text_field(
        Club,
        "name",
        label=_("Club"),
        required=False,
        widget=forms.TextInput(attrs={"list": "clubs", "autocomplete": "off"}),
    )
    captain = forms.TypedChoiceField(
        label=_("Captain"),
        coerce=int,
        # Lazy: translated when shown ("%" on a lazy text would translate it at
        # import, in whatever language is active then).
        choices=[(i, _player_label(i)) for i in range(1, FORM_ROSTER + 1)],
        initial=1,
    )
    seed = integer_field(
        Team,
        "seed",
        label=_("Seed"),
        min_value=1,
        max_value=MAX_TEAM_NUMBER,
        required=False,
    )
    number = integer_field(
        Team,
        "number",
        label=_("Number"),
        min_value=1,
        max_value=MAX_TEAM_NUMBER,
        required=False,
        help_text=_("Empty = next free number."),
    )
    create_club = forms.BooleanField(
        label=_("Create the club if unknown"), required=False
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for n in range(1, FORM_ROSTER + 1):
            self.fields[f"last_name{n}"] = text_field(
                Player, "last_name", label=_("Surname %(n)s") % {"n": n}, required=False
            )
            self.fields[f"first_name{n}"] = text_field(
                Player, "first_name", label=_("Name %(n)s") % {"n": n}, required=False
            )
            self.fields[f"membership{n}"] = text_field(
                Player,
                "membership_number",
                label=_("Card %(n)s") % {"n": n},
                required=False,
            )
        self.fields["name"].widget.attrs["autofocus"] = True
        for name, field in self.fields.items():
            field.widget.attrs.setdefault("autocomplete", "off")
            if name[-1].isdigit():  # the roster table's cells have no visible label
                field.widget.attrs["aria-label"] = str(field.label)

    @property
    def team_fields(self):
        return [self[n] for n in ("name", "club", "captain", "seed", "number")]

    @property
    def player_rows(self):
        return [
            (n, self[f"last_name{n}"], self[f"first_name{n}"], self[f"membership{n}"])
            for n in range(1, FORM_ROSTER + 1)
        ]

    def entry(self) -> TeamEntry:
        data = self.cleaned_data
        players = tuple(
            (data[f"last_name{n}"], data[f"first_name{n}"], data[f"membership{n}"])
            for n in range(1, FORM_ROSTER + 1)
        )
        while players and not any(p.strip() for p in players[-1]):
            players = players[:-1]
        return TeamEntry(
            name=data["name"],
            players=players,
            club=data["club"],
            captain=data["captain"],
            seed=data["seed"],
            number=data["number"],
        )


class LineupForm(NoSuffix, forms.Form):
    """The two pairs a team fields in one match, chosen from its roster."""

    def __init__(self, *args, members: list[TeamMember], current=None, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [(m.player_id, str(m.player)) for m in members]
        labels = {
            "p1a": _("Pair 1, first player"),
            "p1b": _("Pair 1, second player"),
            "p2a": _("Pair 2, first player"),
            "p2b": _("Pair 2, second player"),
        }
        for i, (name, label) in enumerate(labels.items()):
            self.fields[name] = forms.TypedChoiceField(
                label=label, choices=choices, coerce=int
            )
            if current is not None:
                self.fields[name].initial = current[i]

    def pairs(self) -> list[tuple[int, int]]:
        data = self.cleaned_data
        return [(data["p1a"], data["p1b"]), (data["p2a"], data["p2b"])]
