"""Movements and plans in words: what the forms, the pages and the log call them."""

from __future__ import annotations

from itertools import groupby

from django.utils.translation import gettext as _

from rules.errors import PairingError
from rules.pairing import REGISTRY, calendar_movement, parse_plan


def movement_label(name: str) -> str:
    """A movement's label in the user's language: each movement names itself
    (``rules.pairing.REGISTRY``); a word no movement has is shown as it is."""
    found = REGISTRY.get(name)
    return _(found.label) if found is not None else name


def movement_labels() -> dict[str, str]:
    """Every movement's label by plan word, in the registry's order (the tournament
    form lists them): a movement added to the registry is listed too."""
    return {name: movement_label(name) for name in REGISTRY}


def plan_label(text: str) -> str:
    """A movement plan in words: "Mitchell × 3 + Danese" for ``3xmitchell+danese``
    (the plan as typed, when it cannot be read)."""
    try:
        plan = parse_plan(text)
    except PairingError:
        return text
    calendar = calendar_movement(plan)
    if calendar is not None:
        return movement_label(calendar)
    runs = [(name, len(list(group))) for name, group in groupby(plan)]
    return " + ".join(
        movement_label(name) + (f" × {count}" if count != 1 else "")
        for name, count in runs
    )
