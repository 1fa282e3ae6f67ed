"""The forms of the staff page."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.forms import NoSuffix
from tournament.models import TournamentRole

ROLE_CHOICES = [
    (TournamentRole.Role.REFEREE, _("Referee")),
    (TournamentRole.Role.CHIEF_REFEREE, _("Chief referee")),
    (TournamentRole.Role.DIRECTOR, _("Co-director")),
]


class AddStaffForm(NoSuffix, forms.Form):
    """Give a role to a user who has an account already."""

    username = forms.CharField(
        label=_("Username"),
        max_length=150,
        widget=forms.TextInput(
            attrs={"list": "known-users", "autocomplete": "off", "spellcheck": "false"}
        ),
    )
    role = forms.ChoiceField(label=_("Role"), choices=ROLE_CHOICES)


class NewStaffForm(NoSuffix, forms.Form):
    """Create an account with a one-time password and give it a role."""

    first_name = forms.CharField(label=_("First name"), max_length=150, required=False)
    last_name = forms.CharField(label=_("Surname"), max_length=150, required=False)
    username = forms.CharField(
        label=_("Username"),
        max_length=150,
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )
    role = forms.ChoiceField(label=_("Role"), choices=ROLE_CHOICES)
