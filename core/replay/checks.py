"""How a replay file is checked (:mod:`.format` holds its shapes): a checker per kind
of JSON value, and :func:`read`, which checks an object against a :data:`Shape`.

A checker takes the value and its path in the file (``rounds[0].results[2].hands``)
and returns the value, clean, or raises :class:`FormatError` with that path and the
reason, translated. An object's unknown key is refused, naming where it is.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

Checker = Callable[[Any, str], Any]


class FormatError(Exception):
    """The file does not have the shape of a replay: where, and why (translated)."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.message = message


def at(path: str, key: str | int) -> str:
    """The path of a member: ``at("rounds", 0) == "rounds[0]"``.

    >>> at(at(at("", "rounds"), 0), "results")
    'rounds[0].results'
    """
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


# --- checkers of one JSON value -----------------------------------------------------


def integer(value: Any, path: str) -> int:
    if type(value) is not int:
        raise FormatError(
            path, _("expected a whole number, found %(found)s") % found_word(value)
        )
    return value


def optional_integer(value: Any, path: str) -> int | None:
    return None if value is None else integer(value, path)


def text(value: Any, path: str) -> str:
    if not isinstance(value, str):
        raise FormatError(
            path, _("expected a text, found %(found)s") % found_word(value)
        )
    return value


def boolean(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise FormatError(
            path, _("expected true or false, found %(found)s") % found_word(value)
        )
    return value


def iso_date(value: Any, path: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text(value, path))
    except ValueError:
        raise FormatError(
            path,
            _("expected a date as YYYY-MM-DD, found %(found)s") % found_word(value),
        ) from None


def choice(*choices: str) -> Checker:
    def check(value: Any, path: str) -> str:
        if value not in choices:
            raise FormatError(
                path,
                _("expected one of %(choices)s, found %(found)s")
                % {
                    "choices": ", ".join(f'"{c}"' for c in choices),
                    **found_word(value),
                },
            )
        return str(value)

    return check


def list_of(item: Checker, *, size: int | None = None) -> Checker:
    def check(value: Any, path: str) -> list[Any]:
        if not isinstance(value, list):
            raise FormatError(
                path, _("expected a list, found %(found)s") % found_word(value)
            )
        if size is not None and len(value) != size:
            raise FormatError(
                path,
                _("expected a list of %(size)s, found %(count)s")
                % {"size": size, "count": len(value)},
            )
        return [item(v, at(path, i)) for i, v in enumerate(value)]

    return check


def by_girone(item: Checker) -> Checker:
    """An object keyed by girone label (``{"A": ..., "B": ...}``)."""

    def check(value: Any, path: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise FormatError(
                path,
                _("expected an object keyed by girone, found %(found)s")
                % found_word(value),
            )
        return {str(k): item(v, at(path, str(k))) for k, v in value.items()}

    return check


def either(*checkers: Checker) -> Checker:
    """The first checker that accepts the value; the last one's error otherwise."""

    def check(value: Any, path: str) -> Any:
        for checker in checkers[:-1]:
            try:
                return checker(value, path)
            except FormatError:
                continue
        return checkers[-1](value, path)

    return check


def found_word(value: Any) -> dict[str, str]:
    """``{"found": word}``: how a message names the value it refuses."""
    if value is None:
        word = "null"
    elif isinstance(value, bool):
        word = "true" if value else "false"
    elif isinstance(value, int | float):
        word = repr(value)
    elif isinstance(value, str):
        word = f'"{value[:40]}"'
    elif isinstance(value, list):
        word = _("a list")
    else:
        word = _("an object")
    return {"found": word}


# --- objects ---------------------------------------------------------------------


@dataclass(frozen=True)
class Key:
    """One key of an object: how its value is checked, and whether it must be there."""

    check: Checker
    required: bool = False
    default: Any = None


Shape = Mapping[str, Key]


def read(
    shape: Shape, value: Any, path: str, *, extra: Shape | None = None
) -> dict[str, Any]:
    """Check an object against ``shape`` (and ``extra``): unknown keys are refused."""
    if not isinstance(value, dict):
        raise FormatError(
            path, _("expected an object, found %(found)s") % found_word(value)
        )
    keys = {**shape, **(extra or {})}
    for name in value:
        if name not in keys:
            raise FormatError(
                at(path, str(name)),
                _("unknown key (this object takes: %(known)s)")
                % {"known": ", ".join(keys)},
            )
    out: dict[str, Any] = {}
    for name, key in keys.items():
        if name in value:
            out[name] = key.check(value[name], at(path, name))
        elif key.required:
            raise FormatError(at(path, name), _("missing (it is required)"))
        else:
            out[name] = key.default
    return out


def shaped(shape: Shape) -> Checker:
    return lambda value, path: read(shape, value, path)
