"""How a replay says no: the element of the file, where it is in words, and why.

Every refusal of the services (the director's :class:`ServiceError`, a pair's
:class:`EntriesInvalid`, the referee's :class:`ScoringError`, ...) becomes a
:class:`ReplayError` at the path of the element that caused it; a sheet's form field
(``h2_ew``) becomes the file's key (``hands[1][1]``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from django.db import IntegrityError
from django.utils.translation import gettext as _

from participants.services.registration import EntriesInvalid
from scoring.services.errors import ScoringError
from standings.services.lot import LotSeedError
from tournament.services.errors import ServiceError

from .format import at

#: The entry form's field of a pair's registration -> the replay file's key.
PAIR_FIELDS = {
    "number": "number",
    "last_name1": "players[0]",
    "first_name1": "players[0]",
    "membership1": "players[0]",
    "last_name2": "players[1]",
    "first_name2": "players[1]",
    "membership2": "players[1]",
    "club": "club",
    "seed": "seed",
}


class ReplayError(Exception):
    """A refusal: the element of the file (path and, in words, where) and why."""

    def __init__(
        self, path: str, message: str, *, where: str = "", details: Sequence[str] = ()
    ) -> None:
        self.path, self.where, self.message = path, where, message
        self.details = tuple(details)
        super().__init__(self.line())

    def line(self) -> str:
        """The one line the command prints on standard error."""
        head = self.path or _("file")
        if self.where:
            head += f" ({self.where})"
        text = self.message
        if self.details:
            text = f"{text.rstrip('.')}: {'; '.join(self.details)}"
        return " ".join(f"{head}: {text}".split())


def sheet_field_path(field: str) -> str:
    """A field of the sheet form in the file's terms: ``h2_ew`` -> ``hands[1][1]``.

    >>> sheet_field_path("h2_ew"), sheet_field_path("set_vp_ns"), sheet_field_path("reason")
    ('hands[1][1]', 'set_vp[0]', 'reason')
    """
    side = {"ns": 0, "ew": 1}
    parts = field.split("_")
    if field.startswith("h") and parts[0][1:].isdigit():
        path = f"hands[{int(parts[0][1:]) - 1}]"
        if len(parts) == 2 and parts[1] in side:
            path += f"[{side[parts[1]]}]"
        return path
    if field.startswith("set_") and len(parts) == 3 and parts[2] in side:
        return f"{parts[0]}_{parts[1]}[{side[parts[2]]}]"
    return "" if field == "__all__" else field


@contextmanager
def refusals(path: str, where: str = "") -> Iterator[None]:
    """Turn a service's refusal into a :class:`ReplayError` at ``path``."""
    try:
        yield
    except EntriesInvalid as exc:
        first = exc.errors[0]
        sub = PAIR_FIELDS.get(first.field or "", "")
        raise ReplayError(
            at(path, sub) if sub else path,
            first.message,
            where=where,
            details=[e.message for e in exc.errors[1:]],
        ) from exc
    except ServiceError as exc:
        raise ReplayError(path, exc.message, where=where, details=exc.details) from exc
    except ScoringError as exc:
        fields = list(exc.errors.items())
        field, messages = fields[0]
        sub = sheet_field_path(field)
        details = [
            f"{sheet_field_path(f) or '-'}: {' '.join(m)}" for f, m in fields[1:]
        ]
        raise ReplayError(
            at(path, sub) if sub else path,
            " ".join(messages),
            where=where,
            details=details,
        ) from exc
    except LotSeedError as exc:
        raise ReplayError(path, str(exc), where=where) from exc
    except IntegrityError as exc:
        # The database's own bounds are the last guard: the services should have
        # said why first. Still a refusal, never a traceback.
        raise ReplayError(
            path,
            _("the database refused this value (%(detail)s)") % {"detail": exc},
            where=where,
        ) from exc
