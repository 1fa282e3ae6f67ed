"""How the standings tell the apps above them that they stored new standings.

The layers go one way (… → standings → public): the standings never import
``public``. :data:`standings_stored` is sent (with ``girone_ids`` and ``background``)
inside the transaction that stored the gironi' standings; ``background`` is True when
the standings worker ranked them (worker mode), so that what listens may do its own
work there, after the commit, instead of in a request.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.dispatch import Signal

#: Sent with ``girone_ids`` (a list) and ``background`` (bool).
standings_stored = Signal()

_BACKGROUND: ContextVar[bool] = ContextVar("standings_background", default=False)


def in_background() -> bool:
    """Whether the code runs in a background task (not in a request)."""
    return _BACKGROUND.get()


@contextmanager
def background() -> Iterator[None]:
    """Within this block the work is a background task's (the standings worker)."""
    token = _BACKGROUND.set(True)
    try:
        yield
    finally:
        _BACKGROUND.reset(token)
