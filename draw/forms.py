"""The forms of the round pages: a swap, the visibility, a team match's line-ups."""

from __future__ import annotations

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext_lazy as _

from participants.models import Pair, Team, TeamMember
from seating.models import TeamMatch
from seating.services.team_rounds import lineup_of
from tournament.forms import NoSuffix
from tournament.inputs import integer_field


class SwapForm(NoSuffix, forms.Form):
    first = integer_field(Pair, "number", label=_("Pair"), min_value=1)
    second = integer_field(Pair, "number", label=_("with pair"), min_value=1)


class VisibilityForm(NoSuffix, forms.Form):
    tables_public = forms.BooleanField(label=_("Tables public"), required=False)
    results_public = forms.BooleanField(label=_("Results public"), required=False)


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


def lineup_forms(
    post: QueryDict, match: TeamMatch
) -> dict[str, tuple[Team, LineupForm]]:
    """Each side's team and its line-up form: bound to ``post`` for the side it names,
    else showing the line-up the match has."""
    forms = {}
    for side, team in (("a", match.team_a), ("b", match.team_b)):
        members = list(team.members.select_related("player"))
        first, second = lineup_of(match, side)
        current = [first.player1_id, first.player2_id]
        current += [second.player1_id, second.player2_id] if second else [None, None]
        posted = post if post.get("side") == side else None
        forms[side] = (
            team,
            LineupForm(posted, members=members, current=current, prefix=side),
        )
    return forms
