"""Reading a JSON file that came from elsewhere: a replay file or a tournament archive.

One reader for both commands (``manage.py replay``, ``manage.py import_tournament``),
which refuses in one line, before anything is built from the file:

- a file larger than the command's limit (read no further than the limit);
- bytes that are not UTF-8 (a byte order mark is allowed and skipped);
- text that is not JSON, with the line and column;
- an object with the same key twice (JSON parsers keep the last one silently: the
  file would not say what it seems to say);
- nesting deeper than :data:`MAX_DEPTH` (a 50,000-deep array made Python's parser
  fail with a traceback);
- a whole number longer than :data:`MAX_DIGITS` digits (no column holds one; Python
  refuses 4,300 digits with a traceback), ``NaN``, ``Infinity`` and floats past the
  float range.

What the values must be worth (a name's length, a reason's) is the services' word and
the archive's row validation (:mod:`core.archive_import`), as on the web pages.
"""

from __future__ import annotations

import json
import math
import sys
from typing import Any, BinaryIO

from django.utils.translation import gettext as _

#: The deepest nesting a replay or an archive needs is under 10 levels.
MAX_DEPTH = 64
#: A 64-bit integer has 19 digits; a sign and a margin.
MAX_DIGITS = 20
MEGABYTE = 1024 * 1024


class UnreadableFile(ValueError):
    """The file cannot be read as JSON; ``str()`` is one line saying why."""


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise UnreadableFile(
                _("the key “%(key)s” is given twice in the same object")
                % {"key": key[:60]}
            )
        found[key] = value
    return found


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise UnreadableFile(
            _("a number with %(digits)s digits (at most %(max)s)")
            % {"digits": len(text.lstrip("-")), "max": MAX_DIGITS}
        )
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise UnreadableFile(
            _("a number out of range (%(number)s)") % {"number": text[:30]}
        )
    return value


def _constant(name: str) -> Any:
    raise UnreadableFile(_("%(name)s is not a number JSON allows") % {"name": name})


def _nested() -> str:
    return _("nested deeper than %(max)s levels") % {"max": MAX_DEPTH}


def _check_depth(value: Any) -> None:
    """Walk the parsed value without recursion; refuse one nested too deeply."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > MAX_DEPTH:
            raise UnreadableFile(_nested())
        stack.extend((child, depth + 1) for child in children)


def parse(data: bytes) -> Any:
    """The JSON value of ``data`` (see the module), or :class:`UnreadableFile`."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UnreadableFile(
            _("not UTF-8 text (byte 0x%(byte)02x at position %(position)s)")
            % {"byte": data[exc.start], "position": exc.start}
        ) from None
    text = text.removeprefix("\ufeff")
    try:
        value = json.loads(
            text,
            object_pairs_hook=_no_duplicates,
            parse_int=_integer,
            parse_float=_float,
            parse_constant=_constant,
        )
    except UnreadableFile:
        raise
    except json.JSONDecodeError as exc:
        raise UnreadableFile(
            _("not JSON (line %(line)s, column %(column)s): %(why)s")
            % {"line": exc.lineno, "column": exc.colno, "why": exc.msg}
        ) from None
    except RecursionError:
        raise UnreadableFile(_nested()) from None
    except ValueError as exc:  # Python's own limits, should a value pass ours
        raise UnreadableFile(str(exc).splitlines()[0][:200]) from None
    _check_depth(value)
    return value


def read_bytes(handle: BinaryIO, max_bytes: int) -> bytes:
    """At most ``max_bytes`` of ``handle``; :class:`UnreadableFile` past them."""
    data = handle.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise UnreadableFile(
            _("larger than %(size)s MB, the most this command reads")
            % {"size": max_bytes // MEGABYTE}
        )
    return data


def read(path: str, *, max_bytes: int) -> Any:
    """The JSON value of the file at ``path`` (``-``: standard input)."""
    try:
        if path == "-":
            data = read_bytes(sys.stdin.buffer, max_bytes)
        else:
            with open(path, "rb") as handle:
                data = read_bytes(handle, max_bytes)
    except OSError as exc:
        raise UnreadableFile(exc.strerror or str(exc)) from None
    return parse(data)
