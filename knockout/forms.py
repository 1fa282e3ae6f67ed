"""Forms of the tabellone: the director's qualification settings, a match's result."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.forms import PARSE_LIMIT

from .models import Bracket, BracketMatch
from .services.decide import MatchEntry

#: Extra partita rows beyond best of N (60-60 partite replayed).
EXTRA_ROWS = 3
SPAREGGI_ROWS = 3


class QualifyForm(forms.Form):
    name = forms.CharField(
        label=_("Name of the tabellone"), max_length=80, required=False
    )
    gironi = forms.CharField(
        label=_("Gironi (labels, e.g. A, B; empty: all)"),
        max_length=200,
        required=False,
    )
    qualify = forms.ChoiceField(
        label=_("Qualification"),
        choices=Bracket.Qualify.choices,
        initial=Bracket.Qualify.PER_GIRONE,
    )
    per_girone = forms.IntegerField(
        label=_("Qualifiers per girone"),
        min_value=0,
        max_value=64,
        initial=4,
        required=False,
    )
    best_next = forms.IntegerField(
        label=_("Best next-placed pairs"),
        min_value=0,
        max_value=64,
        initial=0,
        required=False,
    )
    count = forms.IntegerField(
        label=_("Qualifiers (best placed across gironi)"),
        min_value=2,
        max_value=512,
        required=False,
    )
    tiers_by_overall = forms.BooleanField(
        label=_("Seeds within each place by the overall standings (else A B, B A ...)"),
        required=False,
    )
    seeding = forms.ChoiceField(
        label=_("Seeding"),
        choices=Bracket.Seeding.choices,
        initial=Bracket.Seeding.SEPARATE_GIRONI,
    )
    third_place = forms.BooleanField(label=_("Third-place match"), required=False)
    best_of = forms.IntegerField(
        label=_("Partite (or smazzate) per match"),
        min_value=1,
        max_value=9,
        required=False,
    )
    final_best_of = forms.IntegerField(
        label=_("Partite (or smazzate) in the final"),
        min_value=1,
        max_value=9,
        required=False,
    )
    waiting_minutes = forms.IntegerField(
        label=_("Waiting time for an absent pair (minutes)"),
        min_value=0,
        max_value=60,
        initial=10,
    )

    def __init__(
        self, *args, briscola: bool | None = None, teams: bool = False, **kwargs
    ):
        super().__init__(*args, **kwargs)
        if briscola is not None:  # the tournament's game: its own word only
            labels = (
                (_("Games per match"), _("Games in the final"))
                if briscola
                else (_("Smazzate per match"), _("Smazzate in the final"))
            )
            self.fields["best_of"].label, self.fields["final_best_of"].label = labels
        self.teams = teams
        if teams:  # a team tournament's tabellone (docs/rules.md §11)
            self.fields["best_next"].label = _("Best next-placed teams")
            self.fields["waiting_minutes"].label = _(
                "Waiting time for an absent team (minutes)"
            )
            self.fields["seeding"].choices = [
                (Bracket.Seeding.SEPARATE_GIRONI, _("Keep teams of one girone apart")),
                (Bracket.Seeding.OVERALL, _("By overall seed only")),
            ]
            self.fields["best_of"].label = _("Smazzate per table in a match")
            self.fields["final_best_of"].label = _("Smazzate per table in the final")

    def clean(self):
        data = super().clean()
        if data.get("qualify") == Bracket.Qualify.OVERALL:
            if not data.get("count"):
                if self.teams:
                    self.add_error("count", _("Say how many teams qualify."))
                else:
                    self.add_error("count", _("Say how many pairs qualify."))
        elif not data.get("per_girone"):
            if self.teams:
                message = _("Say how many teams of each girone qualify.")
            else:
                message = _("Say how many pairs of each girone qualify.")
            self.add_error("per_girone", message)
        return data

    def options(self) -> dict:
        d = self.cleaned_data
        return {
            "qualify": d["qualify"],
            "per_girone": d.get("per_girone") or 0,
            "best_next": d.get("best_next") or 0,
            "count": d.get("count") or 0,
            "tiers_by_overall": bool(d.get("tiers_by_overall")),
            "gironi": [
                label.strip()
                for label in (d.get("gironi") or "").replace(";", ",").split(",")
                if label.strip()
            ],
        }


SIDE_CHOICES = [
    ("", _("—")),
    ("a", _("Upper pair")),
    ("b", _("Lower pair")),
]


class MatchForm(forms.Form):
    """One match: partite (or smazzate) rows, spareggi, and the referee's decisions."""

    no_show = forms.ChoiceField(
        label=_("Absent after the waiting time (loses)"),
        choices=SIDE_CHOICES,
        required=False,
    )
    last_trick = forms.ChoiceField(
        label=_("Last trick of the last spareggio (loses)"),
        choices=SIDE_CHOICES,
        required=False,
    )
    last_move = forms.ChoiceField(
        label=_("Last move of the last smazzata, MP level (loses)"),
        choices=SIDE_CHOICES,
        required=False,
    )

    #: Why a result already entered is changed (docs/rules.md §5e).
    reason = forms.CharField(
        label=_("Reason of the correction"),
        required=False,
        max_length=500,
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )
    #: The confirmation key of unlikely smazzate the referee confirmed (docs/rules.md §5).
    confirm = forms.CharField(max_length=64, required=False, widget=forms.HiddenInput)

    def __init__(
        self, *args, match: BracketMatch, briscola: bool, teams: bool = False, **kwargs
    ):
        super().__init__(*args, **kwargs)
        self.match = match
        self.briscola = briscola
        self.teams = teams
        self._add_games()
        if teams:
            choices = [("", _("—")), ("a", _("Team A")), ("b", _("Team B"))]
            for name in ("no_show", "last_move"):
                self.fields[name].choices = choices
            self.fields["last_move"].label = _(
                "Last move of the last smazzata, MP level (that team loses)"
            )
        self.spareggio_names = []
        if briscola:
            self._add_spareggi()
            del self.fields["last_move"]
        else:
            del self.fields["last_trick"]
        if match.games and not self.is_bound:
            for (_n, a, b), game in zip(self.game_names, match.games, strict=False):
                self.initial[a], self.initial[b] = game
            for (_n, a, b), game in zip(
                self.spareggio_names, match.spareggi, strict=False
            ):
                self.initial[a], self.initial[b] = game

    def _add_games(self) -> None:
        """A row per partita or smazzata (a team match: table 1's, then table 2's)."""
        best_of, briscola, teams = self.match.best_of, self.briscola, self.teams
        rows = best_of * (2 if teams else 1) + (EXTRA_ROWS if briscola else 0)
        self.game_names = []
        for n in range(1, rows + 1):
            label = n
            if teams:
                table, hand = divmod(n - 1, best_of)
                label = _("table %(t)s · %(n)s") % {"t": table + 1, "n": hand + 1}
            for side in ("a", "b"):
                if briscola:
                    text = _("Partita %(n)s, %(side)s") % {"n": n, "side": side.upper()}
                elif teams:
                    text = _("%(row)s, team %(side)s") % {
                        "row": label,
                        "side": side.upper(),
                    }
                else:
                    text = _("Smazzata %(n)s, %(side)s") % {
                        "n": n,
                        "side": side.upper(),
                    }
                self.fields[f"g{n}{side}"] = forms.IntegerField(
                    label=text,
                    required=False,
                    # Only a parse guard: the bounds of a smazzata or a partita are the
                    # services' (scoring.services.bounds), with a message that says why.
                    min_value=-PARSE_LIMIT,
                    max_value=PARSE_LIMIT,
                )
            self.game_names.append((label, f"g{n}a", f"g{n}b"))

    def _add_spareggi(self) -> None:
        """Briscola: the spareggi of a level match."""
        for n in range(1, SPAREGGI_ROWS + 1):
            for side in ("a", "b"):
                self.fields[f"s{n}{side}"] = forms.IntegerField(
                    label=_("Spareggio %(n)s, %(side)s")
                    % {"n": n, "side": side.upper()},
                    required=False,
                    min_value=-PARSE_LIMIT,
                    max_value=PARSE_LIMIT,
                )
            self.spareggio_names.append((n, f"s{n}a", f"s{n}b"))

    def _rows(self, names, typed: list[tuple[str, str]]) -> list[tuple[int, int]]:
        """The rows typed in full; ``typed`` gets each one's two field names."""
        out = []
        for n, a, b in names:
            va, vb = self.cleaned_data.get(a), self.cleaned_data.get(b)
            if va is None and vb is None:
                continue
            if va is None or vb is None:
                self.add_error(
                    a if va is None else b,
                    _("Type both scores of row %(n)s.") % {"n": n},
                )
                continue
            out.append((va, vb))
            typed.append((a, b))
        return out

    def clean(self):
        data = super().clean()
        data["fields"], data["spareggio_fields"] = [], []
        data["games"] = self._rows(self.game_names, data["fields"])
        data["spareggi"] = self._rows(self.spareggio_names, data["spareggio_fields"])
        if not data["games"] and not data.get("no_show"):
            raise forms.ValidationError(
                _("Type the partite, or the absent pair.")
                if self.briscola
                else _("Type the smazzate, or the absent pair.")
            )
        return data

    def entry(self) -> MatchEntry:
        """The typed result, as the services take it (a valid form's)."""
        d = self.cleaned_data
        return MatchEntry(
            games=d["games"],
            spareggi=d["spareggi"],
            last_trick=d.get("last_trick") or "",
            last_move=d.get("last_move") or "",
            no_show=d.get("no_show") or "",
            reason=d.get("reason") or "",
            fields=d["fields"],
            spareggio_fields=d["spareggio_fields"],
        )

    def ask_confirmation(self, key: str) -> None:
        """Render the form again with ``key`` in ``confirm``: saving it confirms."""
        data = self.data.copy()
        data[self.add_prefix("confirm")] = key
        self.data = data

    def add_service_errors(self, errors: dict[str, list[str]]) -> None:
        for field, messages in errors.items():
            for message in messages:
                self.add_error(field if field in self.fields else None, message)

    def rows(self):
        return [(n, self[a], self[b]) for n, a, b in self.game_names]

    def spareggio_rows(self):
        return [(n, self[a], self[b]) for n, a, b in self.spareggio_names]
