"""A PDF render whose worker was killed is seen as lost and can be retried at once.

Before, such a render stayed "In preparazione · 23%" for ten minutes, asking for the
document again returned the same stuck render, and "Riprova" answered "non è fallito".
Now the worker touches ``heartbeat_at`` every few seconds while it renders; a running
render without a heartbeat for ``PRINTING_LOST_AFTER_SECONDS`` is lost.

On PostgreSQL a real worker process (``manage.py worker``) is started and killed with
SIGKILL in the
middle of a render; on both databases the state a killed worker leaves is rebuilt and
the live heartbeat is checked from a thread.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.db import connection
from django.urls import reverse
from django.utils import timezone

from outbox.models import Work
from printing import services
from printing.models import Render

from .factories import make_standings
from .test_views import doc_url, run_worker

worker_db = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def fast_heartbeat(settings):
    settings.PRINTING_INLINE_MAX_SIZE = 0
    settings.PRINTING_HEARTBEAT_SECONDS = 0.05
    settings.PRINTING_LOST_AFTER_SECONDS = 1.0
    return settings


def _wait_for(predicate, timeout=60.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("timed out")


def _as_a_killed_worker_leaves_it(render: Render) -> None:
    """Status running at 23%, its work claimed by a worker now dead (its lease not
    run out yet), the last heartbeat long ago."""
    long_ago = timezone.now() - services.lost_after() - timedelta(seconds=5)
    Render.objects.filter(pk=render.pk).update(
        status=Render.Status.RUNNING,
        progress=23,
        started_at=long_ago,
        heartbeat_at=long_ago,
        attempts=1,
    )
    Work.objects.filter(kind=Work.Kind.RENDER, key=render.pk).update(
        claimed_until=timezone.now() + timedelta(seconds=30), attempts=1
    )


@worker_db
def test_a_render_left_by_a_killed_worker_is_retried_at_once(
    director_client, world, fast_heartbeat
):
    make_standings(world)
    first = director_client.get(doc_url(world, "standings"))
    render = Render.objects.get()
    _as_a_killed_worker_leaves_it(render)
    page = director_client.get(first.url).content.decode()
    assert "Riprova" in page and "si è fermato" in page
    assert 'http-equiv="refresh"' not in page  # no endless "23%"

    # Asking for the document again queues it again (no need to find the button).
    again = director_client.get(doc_url(world, "standings"))
    assert again.url == first.url
    render.refresh_from_db()
    assert render.status == Render.Status.QUEUED and render.progress == 0
    # Recorded again: the worker takes the new work now, not after the old lease.
    assert Work.objects.filter(kind=Work.Kind.RENDER, key=render.pk).count() == 2
    run_worker()
    render.refresh_from_db()
    assert render.status == Render.Status.DONE and render.attempts == 2


@worker_db
def test_the_retry_button_works_at_once_on_a_lost_render(
    director_client, world, fast_heartbeat
):
    make_standings(world)
    director_client.get(doc_url(world, "standings"))
    render = Render.objects.get()
    _as_a_killed_worker_leaves_it(render)
    response = director_client.post(
        reverse("printing:render-retry", args=[world.slug, render.pk])
    )
    assert response.status_code == 302
    run_worker()
    render.refresh_from_db()
    assert render.status == Render.Status.DONE


@worker_db
def test_a_live_render_keeps_beating_and_is_never_lost(
    world, fast_heartbeat, monkeypatch
):
    """Rendering for longer than the lost delay: the heartbeat keeps it alive."""
    from printing.documents import build

    make_standings(world)
    render = services.request_render(world, build(world, "standings", ""))
    real = services.render_pdf
    release = threading.Event()

    def slow(document, progress=None, **options):
        release.wait(30)
        return real(document, progress)

    monkeypatch.setattr(services, "render_pdf", slow)
    worker = threading.Thread(target=_run_and_close, args=(render.pk,))
    worker.start()
    try:
        _wait_for(lambda: _status(render) == Render.Status.RUNNING)
        time.sleep(services.lost_after().total_seconds() * 1.5)
        render.refresh_from_db()
        assert render.status == Render.Status.RUNNING
        assert render.heartbeat_at > render.started_at
        assert not services.is_lost(render) and not services.retryable(render)
    finally:
        release.set()
        worker.join(60)
    render.refresh_from_db()
    assert render.status == Render.Status.DONE


@worker_db
@pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "").startswith("postgres"),
    reason="a second process needs the test database on PostgreSQL",
)
def test_a_worker_process_killed_mid_render(director_client, world, fast_heartbeat):
    """A real worker renders slowly, is killed with SIGKILL: lost, then retried."""
    make_standings(world)
    first = director_client.get(doc_url(world, "standings"))
    render = Render.objects.get()
    child = subprocess.Popen(
        [sys.executable, "-c", SLOW_WORKER],
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": _test_database_url()},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        _wait_for(lambda: _beaten(render), timeout=120)
        assert "Riprova" not in director_client.get(first.url).content.decode()
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait(30)
    render.refresh_from_db()
    assert render.status == Render.Status.RUNNING and render.progress == 25
    _wait_for(lambda: services.is_lost(Render.objects.get(pk=render.pk)), timeout=10)
    assert "Riprova" in director_client.get(first.url).content.decode()
    director_client.get(doc_url(world, "standings"))  # asking again requeues it
    run_worker()
    render.refresh_from_db()
    assert render.status == Render.Status.DONE and render.attempts == 2


#: A worker whose renders stop at 25% for ten minutes (the heartbeat keeps beating).
SLOW_WORKER = """
import os, time, django
os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
django.setup()
from django.conf import settings
settings.PRINTING_HEARTBEAT_SECONDS = 0.05
from outbox.models import Work
from printing import services
def slow(document, progress=None, **options):
    progress(1, 4)
    time.sleep(600)
services.render_pdf = slow
from django.core.management import call_command
call_command("worker", idle=0.05, verbosity=0)
"""


def _test_database_url() -> str:
    base = os.environ["DATABASE_URL"].rsplit("/", 1)[0]
    return f"{base}/{connection.settings_dict['NAME']}"


def _beaten(render: Render) -> bool:
    """Running at 25%, and the heartbeat has moved since the start."""
    fresh = Render.objects.get(pk=render.pk)
    return (
        fresh.status == Render.Status.RUNNING
        and fresh.progress == 25
        and fresh.heartbeat_at is not None
        and fresh.heartbeat_at > fresh.started_at + timedelta(seconds=0.1)
    )


def _status(render: Render) -> str:
    return Render.objects.filter(pk=render.pk).values_list("status", flat=True)[0]


def _run_and_close(render_id: int) -> None:
    try:
        services.run_render(render_id)
    finally:
        connection.close()
