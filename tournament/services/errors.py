"""The errors the director's services raise: the director's fault, with a message to show.

A :class:`ServiceError` carries a translated message (and, optionally, one translated line
per detail) that the view shows as it is. Anything else a service raises is a bug.
"""

from __future__ import annotations

from collections.abc import Sequence


class ServiceError(Exception):
    """A request the rules refuse; ``message`` and ``details`` are already translated."""

    def __init__(self, message: str, details: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.details = tuple(details)

    def __str__(self) -> str:
        return self.message


class RegistrationError(ServiceError):
    """A pair (or a line of an import) cannot be registered."""


class GironiError(ServiceError):
    """The pairs cannot be split into gironi as asked."""


class RoundError(ServiceError):
    """A round cannot be generated, changed, published or unpublished."""
