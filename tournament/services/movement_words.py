"""Movements and plans in words: what the forms, the pages and the log call them."""

from __future__ import annotations

from django.utils.translation import gettext as _

from rules.errors import PairingError
from rules.pairing import REGISTRY, parse_plan

from .plans import plan_words


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
    """A movement plan in words: "Turni 1–3: Mitchell · turno 4: Danese" for
    ``3xmitchell+danese`` (the plan as stored, when it cannot be read)."""
    try:
        plan = parse_plan(text)
    except PairingError:
        return text
    return plan_words(plan)
