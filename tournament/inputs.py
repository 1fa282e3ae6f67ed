"""Limits on what people type, checked the same way on every database.

SQLite stores any integer and any length of text; PostgreSQL refuses a number past its
column's range, text longer than the column and a NUL byte, with an error (a 500 if
nothing checked first). The forms check first, with PostgreSQL's limits on both
databases, so a value is refused with the same clear message wherever the app runs, and
a database constraint stays the last guard, never the message:

- :func:`integer_field` builds a form field bounded by the model column's range (and
  any tighter bounds of the domain), :func:`text_field` one bounded by its length;
  Django's ``CharField`` already refuses NUL bytes ("Null characters are not allowed");
- :func:`searchable` cleans free text read straight from a query string (a search box),
  where a refusal would help nobody: control characters go, the length is capped;
- URL path values are bounded by the converters of :mod:`tournament.converters`.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations

#: The integer ranges of PostgreSQL's columns (Django's reference values), per field type.
RANGES: dict[str, tuple[int, int]] = BaseDatabaseOperations.integer_field_ranges


def column_range(model: type[models.Model], name: str) -> tuple[int, int]:
    """The values ``model.name`` can hold on every database.

    >>> from tournament.models import Round
    >>> column_range(Round, "seed")
    (-9223372036854775808, 9223372036854775807)
    """
    field = model._meta.get_field(name)
    return RANGES[field.get_internal_type()]


def integer_field(
    model: type[models.Model],
    name: str,
    *,
    min_value: int | None = None,
    max_value: int | None = None,
    **kwargs: Any,
) -> forms.IntegerField:
    """A form field for ``model.name``: never outside its column, nor ``min``/``max``.

    >>> from tournament.models import Tournament
    >>> f = integer_field(Tournament, "mitchell_step", min_value=1, required=False)
    >>> (f.min_value, f.max_value)
    (1, 32767)
    """
    low, high = column_range(model, name)
    return forms.IntegerField(
        min_value=low if min_value is None else max(low, min_value),
        max_value=high if max_value is None else min(high, max_value),
        **kwargs,
    )


def text_field(model: type[models.Model], name: str, **kwargs: Any) -> forms.CharField:
    """A form field for the text column ``model.name``, as long as the column at most.

    >>> from people.models import Player
    >>> text_field(Player, "last_name").max_length
    60
    """
    max_length = model._meta.get_field(name).max_length
    kwargs["max_length"] = min(max_length, kwargs.get("max_length") or max_length)
    return forms.CharField(**kwargs)


def searchable(text: str, max_length: int = 60) -> str:
    """Free text of a search box, as it can be searched: printable, spaced, capped.

    >>> searchable("  Rossi\\x00  \\tBianchi ")
    'Rossi Bianchi'
    >>> len(searchable("x" * 500))
    60
    """
    printable = "".join(ch if ch.isprintable() else " " for ch in text)
    return " ".join(printable.split())[:max_length]
