"""URL converters that refuse, before any view runs, what no database could look up.

Django's ``int`` matches any run of digits and ``str`` anything but a slash (NUL bytes
included, which PostgreSQL refuses with an error). Every URL pattern of the site uses
these instead (a test walks the resolver and refuses the unbounded converters):

- ``<id:...>``: a number of 1 to 18 ASCII digits (any larger one cannot be a row's id
  or number on any database): a longer one, or non-ASCII digits, is a plain 404;
- ``<label:...>``: a short name (a girone's label) without control characters.

They are registered once, when the ``tournament`` app is ready (``TournamentConfig``).
"""

from __future__ import annotations

from django.urls import register_converter

#: Bigint's largest value has 19 digits: 18 always fit.
MAX_ID_DIGITS = 18
#: Longer than any label (``Girone.label`` has 20 characters at most).
MAX_LABEL = 40


class IdConverter:
    regex = f"[0-9]{{1,{MAX_ID_DIGITS}}}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int | str) -> str:
        return str(value)


class LabelConverter:
    regex = f"[^/\\x00-\\x1f\\x7f]{{1,{MAX_LABEL}}}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return str(value)


def register() -> None:
    register_converter(IdConverter, "id")
    register_converter(LabelConverter, "label")
