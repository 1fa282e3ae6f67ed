"""Labels for code values in templates: ``{{ round.movement|movement }}``,
``{{ tournament.movement_plan|plan }}`` (never a raw identifier on a page)."""

from django import template

from tournament.services.movement_words import movement_label, plan_label

register = template.Library()


@register.filter
def movement(name: str) -> str:
    return movement_label(name)


@register.filter
def plan(text: str) -> str:
    return plan_label(text)
