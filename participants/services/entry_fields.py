"""The text fields of a pair entry: their names, labels, lengths and stored values.

Lengths come from the columns (:class:`~people.models.Player`,
:class:`~people.models.Club`) and are checked in
:mod:`participants.services.checks` the same on SQLite and PostgreSQL.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext as _

from participants.services.entries import clean_name
from people.models import Club, Player

NAME_FIELDS = ("last_name1", "first_name1", "last_name2", "first_name2")
TEXT_FIELDS = (*NAME_FIELDS, "membership1", "membership2", "club")
#: Characters no name may hold (C0 and C1 controls, NUL included; not tab or newline,
#: which clean_name turns into spaces).
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


def max_lengths() -> dict[str, int]:
    """The longest value each text field may hold (its column's length)."""
    name = Player._meta.get_field("last_name").max_length
    first = Player._meta.get_field("first_name").max_length
    card = Player._meta.get_field("membership_number").max_length
    club = Club._meta.get_field("name").max_length
    assert name and first and card and club
    return {
        "last_name1": name,
        "first_name1": first,
        "last_name2": name,
        "first_name2": first,
        "membership1": card,
        "membership2": card,
        "club": club,
    }


def field_labels() -> dict[str, str]:
    """How a message names each text field (translated)."""
    return {
        "last_name1": _("The surname of player 1"),
        "first_name1": _("The name of player 1"),
        "last_name2": _("The surname of player 2"),
        "first_name2": _("The name of player 2"),
        "membership1": _("The membership number of player 1"),
        "membership2": _("The membership number of player 2"),
        "club": _("The club"),
    }


def stored_value(field_name: str, value: str) -> str:
    """What would be stored for ``value``: names cleaned, membership numbers trimmed."""
    if field_name.startswith("membership"):
        return value.strip()
    return clean_name(value)
