"""Background publishing (django.tasks; run by ``manage.py db_worker``)."""

from __future__ import annotations

from django.tasks import task


@task(queue_name="default", priority=40)
def publish_changes(tournament_id: int) -> dict[str, int] | None:
    """Write the files of what changed in a tournament (:func:`public.queue.run`)."""
    from .queue import run

    result = run(tournament_id)
    if result is None:
        return None
    return {
        "written": result.written,
        "unchanged": result.unchanged,
        "removed": result.removed,
    }
