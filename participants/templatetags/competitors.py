"""The event's competitor in templates: ``{% competitors tournament as kind %}`` gives
its :class:`~participants.competitors.Competitors` (pages, words), so that a page shared
by pair and team events names them without asking which format it is;
``{{ n|counted:kind.words.count }}`` says "3 pairs" (or "3 teams") with the plural of
the language."""

from django import template

from participants.competitors import Competitors, competitors_of

register = template.Library()


@register.simple_tag
def competitors(tournament) -> Competitors:
    return competitors_of(tournament)


@register.filter
def counted(n: int, text) -> str:
    """A counted text of :class:`~participants.competitors.Words` filled with ``n``."""
    return text % {"n": n}
