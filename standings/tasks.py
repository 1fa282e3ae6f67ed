"""Background tasks (django.tasks; run by ``manage.py db_worker``)."""

from __future__ import annotations

from django.tasks import task


@task(queue_name="standings", priority=50)
def refresh_standings(girone_id: int) -> dict[str, object]:
    """Rank a girone's results saved since its last refresh (worker mode).

    Returns the number of rankings made and the delay of each (seconds from the
    oldest result it included being saved to the standings showing it).
    """
    from .refresh import refresh_pending

    lags = refresh_pending(girone_id)
    return {"girone": girone_id, "passes": len(lags), "lags": lags}
