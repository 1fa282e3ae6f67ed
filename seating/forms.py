"""The form of the gironi page: how to split the competitors."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.forms import DRAW_SEED_MAX, NoSuffix


class SplitForm(NoSuffix, forms.Form):
    count = forms.IntegerField(label=_("Number of gironi"), min_value=1, max_value=26)
    method = forms.ChoiceField(
        label=_("How"),
        choices=[
            ("snake", _("Snake by seed (serpentina)")),
            ("random", _("Random draw")),
            ("manual", _("By hand")),
        ],
        widget=forms.RadioSelect,
        initial="snake",
    )
    seed = forms.IntegerField(
        label=_("Draw seed"),
        required=False,
        min_value=0,
        max_value=DRAW_SEED_MAX,
        help_text=_("Empty = a new draw; give the recorded seed to repeat one."),
    )
    avoid_clubs = forms.BooleanField(
        label=_("Keep pairs of the same club in different gironi"), required=False
    )
