"""Background tasks (django.tasks; run by ``manage.py db_worker``)."""

from __future__ import annotations

import contextlib
import time

from django.db import DatabaseError, InterfaceError, OperationalError, connections
from django.tasks import task

#: Tries of a refresh when the database goes away: waits of 0.5, 1, 2, 4, 8, 8, 8 s
#: between them (half a minute: a restart takes a second or two).
ATTEMPTS = 8


@task(queue_name="standings", priority=50)
def refresh_standings(girone_id: int) -> dict[str, object]:
    """Rank a girone's results saved since its last refresh (worker mode).

    Returns the number of rankings made and the delay of each (seconds from the
    oldest result it included being saved to the standings showing it). When the
    database is restarting it tries again for about half a minute. If it fails all
    the same, it says so in the girone's state (``queued`` off), so that the next
    save queues a new refresh at once; the task is recorded as failed.
    """
    from .refresh import refresh_pending, release

    try:
        for attempt in range(ATTEMPTS):
            try:
                lags = refresh_pending(girone_id)
            except (OperationalError, InterfaceError):
                if attempt == ATTEMPTS - 1:
                    raise
                connections.close_all()
                time.sleep(min(8.0, 0.5 * 2**attempt))
            else:
                return {"girone": girone_id, "passes": len(lags), "lags": lags}
        raise AssertionError("unreachable")
    except BaseException:
        with contextlib.suppress(DatabaseError):
            connections.close_all()
            release(girone_id)
        raise
