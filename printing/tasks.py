"""Background tasks (django.tasks; run by ``manage.py db_worker``)."""

from __future__ import annotations

from django.tasks import task


@task(queue_name="printing")
def render_document(render_id: int) -> str:
    """Render stored document ``render_id`` (see printing.services.run_render)."""
    from .services import run_render

    return run_render(render_id)
