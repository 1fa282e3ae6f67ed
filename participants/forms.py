"""The registration forms: a pair, a team with its roster, a CSV file; a federation
code."""

from __future__ import annotations

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from participants.csv_import import CsvFileError, decode_csv
from participants.models import Pair, Team
from participants.services.entries import MAX_PAIR_NUMBER, PairEntry
from participants.services.team_entries import MAX_TEAM_NUMBER, TeamEntry
from people.models import Club, Player
from tournament.forms import NoSuffix
from tournament.inputs import integer_field, text_field

_player_label = lazy(lambda n: gettext("Player %(n)s") % {"n": n}, str)

#: Player rows of the one-team form (the pack allows at most 6 under fibur-2026).
FORM_ROSTER = 6


#: An uploaded CSV: 10,000 pairs with clubs and membership numbers take about 1 MB;
#: the deploy's nginx takes requests of up to 2 MB (the preview posts the text again).
MAX_CSV_BYTES = 1536 * 1024


def club_field() -> forms.CharField:
    """An entry's club, typed (the known clubs offered): a pair's and a team's."""
    return text_field(
        Club,
        "name",
        label=_("Club"),
        required=False,
        widget=forms.TextInput(attrs={"list": "clubs", "autocomplete": "off"}),
    )


def number_field(model: type[Pair] | type[Team], top: int | None = None):
    """A pair's or a team's number (``top`` at the most); empty, the next free one."""
    return integer_field(
        model,
        "number",
        label=_("Number"),
        min_value=1,
        max_value=top,
        required=False,
        help_text=_("Empty = next free number."),
    )


def create_club_field() -> forms.BooleanField:
    return forms.BooleanField(label=_("Create the club if unknown"), required=False)


class TeamForm(NoSuffix, forms.Form):
    """One team, typed fast: its name and club, then the roster in pair order.

    Every field is bounded by its column (``tournament.inputs``), as the pair form.
    """

    name = text_field(Team, "name", label=_("Team name"), required=False)
    club = club_field()
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
    number = number_field(Team, MAX_TEAM_NUMBER)
    create_club = create_club_field()

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


class PairForm(NoSuffix, forms.Form):
    """One pair, typed fast: the fields follow the order of the federation's sheets."""

    last_name1 = text_field(Player, "last_name", label=_("Surname 1"), required=False)
    first_name1 = text_field(Player, "first_name", label=_("Name 1"), required=False)
    membership1 = text_field(
        Player, "membership_number", label=_("Card 1"), required=False
    )
    last_name2 = text_field(Player, "last_name", label=_("Surname 2"), required=False)
    first_name2 = text_field(Player, "first_name", label=_("Name 2"), required=False)
    membership2 = text_field(
        Player, "membership_number", label=_("Card 2"), required=False
    )
    club = club_field()
    seed = integer_field(Pair, "seed", label=_("Seed"), min_value=1, required=False)
    number = number_field(Pair, MAX_PAIR_NUMBER)
    create_club = create_club_field()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["last_name1"].widget.attrs["autofocus"] = True
        for field in self.fields.values():
            field.widget.attrs.setdefault("autocomplete", "off")

    def entry(self) -> PairEntry:
        data = self.cleaned_data
        return PairEntry(
            last_name1=data["last_name1"],
            first_name1=data["first_name1"],
            last_name2=data["last_name2"],
            first_name2=data["first_name2"],
            membership1=data["membership1"],
            membership2=data["membership2"],
            club=data["club"],
            seed=data["seed"],
            number=data["number"],
        )


class PairEditForm(PairForm):
    """A registered pair corrected: the same fields but its number."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        del self.fields["number"]

    @classmethod
    def initial_for(cls, entry: PairEntry) -> dict:
        return {
            name: getattr(entry, name)
            for name in (
                "last_name1",
                "first_name1",
                "membership1",
                "last_name2",
                "first_name2",
                "membership2",
                "club",
                "seed",
            )
        }

    def entry(self) -> PairEntry:
        self.cleaned_data.setdefault("number", None)
        return super().entry()


class ImportForm(NoSuffix, forms.Form):
    """A CSV pasted or uploaded; ``confirm`` is set by the preview's button."""

    text = forms.CharField(
        label=_("Paste the CSV here"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 10, "spellcheck": "false", "wrap": "off"}),
    )
    file = forms.FileField(label=_("…or upload a CSV file"), required=False)
    create_clubs = forms.BooleanField(
        label=_("Create the clubs that are not known yet"), required=False
    )
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # A NUL in the text is reported on its line by the preview, not refused here
        # as a whole.
        self.fields["text"].validators = []

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        if upload:
            if upload.size > MAX_CSV_BYTES:
                self.add_error(
                    "file",
                    _("The file is too large (%(size)s KB, at most %(max)s KB).")
                    % {"size": upload.size // 1024, "max": MAX_CSV_BYTES // 1024},
                )
                return data
            try:
                data["text"] = decode_csv(upload.read())
            except CsvFileError as error:
                self.add_error("file", str(error))
                return data
        if not (data.get("text") or "").strip():
            if upload:
                self.add_error("file", _("The file is empty."))
            else:
                raise forms.ValidationError(_("Paste the CSV text or choose a file."))
        return data


class CodeForm(NoSuffix, forms.Form):
    """A membership number or a club code typed in the federation check (the service
    cleans and bounds it; the field refuses a NUL and absurd lengths first)."""

    value = forms.CharField(label=_("Code"), max_length=100, required=False)
