"""Finding a competitor for "Dove gioco?": by number or by name, with a helpful message
when nothing is found, one code for pairs (:func:`public.services.find_pairs`) and teams
(:func:`public.teams.find_teams`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet
from django.utils.functional import Promise

from tournament.inputs import searchable


@dataclass(frozen=True)
class Search:
    """The answer to "Dove gioco?": one competitor (a pair, a team), several to choose
    from, or a message."""

    query: str
    found: list[Any]
    message: str = ""


@dataclass(frozen=True)
class SearchTexts:
    """What a search says when it finds nothing: asked nothing, no such number
    (``number``, ``last``), no such name (``name``)."""

    empty: Promise
    no_number: Promise
    no_name: Promise


def search(
    query: str,
    competitors: QuerySet[Any],
    by_name: Callable[[str], list[Any]],
    texts: SearchTexts,
    by_number: Callable[[int], list[Any]] | None = None,
) -> Search:
    """A competitor by number, or by name (``by_name``: at most 20, by number); a
    helpful message otherwise.

    Any text can be searched (control characters dropped, length capped). A number of
    any script's digits is a number (a phone's keyboard may type ١٢); "²" is a digit
    but not a number, and is searched as a name. ``by_number``: who else answers to a
    number none of ``competitors`` has (a team, to one of its pairs' numbers).
    """
    query = searchable(query, 60)
    if not query:
        return Search(query, [], str(texts.empty))
    number = query.lstrip("#").strip()
    if number.isdecimal():
        found = list(competitors.filter(number=int(number)))
        if not found and by_number is not None:
            found = by_number(int(number))
        if not found:
            top = (
                competitors.order_by("-number").values_list("number", flat=True).first()
            )
            return Search(
                query, [], texts.no_number % {"number": number, "last": top or 0}
            )
        return Search(query, found)
    found = by_name(query)
    if not found:
        return Search(query, [], texts.no_name % {"name": query})
    return Search(query, found)
