"""A heartbeat beside long work: a thread that calls ``touch`` every ``every`` seconds
while a block runs (an outbox claim's lease extended, a PDF render's heartbeat), so that
work still running is never taken for lost, and work whose process died is."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from django.db import DatabaseError, connection

logger = logging.getLogger("outbox")


@contextmanager
def beating(touch: Callable[[], object], every: float, name: str) -> Iterator[None]:
    """Call ``touch`` every ``every`` seconds from a thread (its own database
    connection, closed when it stops) until the block ends; a ``DatabaseError`` (the
    database away for a moment) is logged and the next beat tries again."""
    stop = threading.Event()

    def beat() -> None:
        try:
            while not stop.wait(every):
                try:
                    touch()
                except DatabaseError:
                    logger.warning("%s: heartbeat not written", name)
        finally:
            connection.close()  # this thread's own connection

    thread = threading.Thread(target=beat, name=name, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(timeout=10)
