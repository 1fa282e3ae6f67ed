"""Errors the scoring services raise: the referee's mistakes, shown translated.

Each carries a message already translated (``gettext`` at raise time, in the request's
language) and, where one field caused it, the field's name in the sheet form
(``h2_ew``, ``reason``, ``set_mp_ns`` ...) so the page shows it next to that field.
Anything else raised by a service is a bug.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

NON_FIELD = "__all__"


class ScoringError(Exception):
    """Base class: a user error; nothing was saved (except a rejected attempt)."""

    code = "invalid"
    http_status = 400

    def __init__(self, message: str, *, field: str = NON_FIELD) -> None:
        super().__init__(message)
        self.message = message
        self.field = field

    @property
    def errors(self) -> dict[str, list[str]]:
        """Messages by form field, as a form's ``add_error`` wants them."""
        return {self.field: [self.message]}


class SheetError(ScoringError):
    """The typed sheet is wrong: one or more messages, each next to its field."""

    code = "sheet"

    def __init__(self, errors: Mapping[str, Sequence[str]]) -> None:
        first = next(iter(errors.values()))[0]
        super().__init__(first, field=next(iter(errors)))
        self._errors = {field: list(messages) for field, messages in errors.items()}

    @property
    def errors(self) -> dict[str, list[str]]:
        return dict(self._errors)


class ConflictError(ScoringError):
    """Someone saved this table since the form was opened (optimistic locking).

    The losing attempt is kept as a version with status ``rejected`` (see
    ``entry.submit_sheet``); ``lock_version`` is the table's lock version now.
    """

    code = "conflict"
    http_status = 409

    def __init__(self, message: str, *, lock_version: int) -> None:
        super().__init__(message)
        self.lock_version = lock_version


class AlreadyConfirmedError(ScoringError):
    """The table is confirmed: changing it is a correction, with a reason."""

    code = "confirmed"
    http_status = 409

    def __init__(self, message: str) -> None:
        super().__init__(message, field="reason")


class RoundStateError(ScoringError):
    """The round does not accept this (a draft, or closed)."""

    code = "round_state"
    http_status = 409


class NotAllowedError(ScoringError):
    """The user lacks the role this needs (e.g. chief referee for a closed round)."""

    code = "forbidden"
    http_status = 403


class RoundNotReadyError(ScoringError):
    """A round cannot close: ``missing`` lists the numbers of unconfirmed tables."""

    code = "not_ready"
    http_status = 409

    def __init__(self, message: str, *, missing: list[int]) -> None:
        super().__init__(message)
        self.missing = missing
