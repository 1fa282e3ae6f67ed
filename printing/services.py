"""Printing services: render small documents now, large ones in the worker, keep them.

* :func:`inline_or_queued` decides: a document of at most ``PRINTING_INLINE_MAX_SIZE``
  rows renders in the request (a girone's standings, one round's table list: well under
  a second); a larger one is looked up among the stored renders of its data version and
  queued for the worker when there is none, so a second request is served at once.
* :func:`run_render` is what the worker runs: it rebuilds the document, reports progress
  section by section, and stores the PDF and ``status=done`` in one UPDATE (nothing
  half-written is ever served). A failure is stored with its message; :func:`retry_render`
  queues it again.
* While it renders, a thread of the worker touches ``heartbeat_at`` every
  ``PRINTING_HEARTBEAT_SECONDS`` (5). A running render without a heartbeat for
  ``PRINTING_LOST_AFTER_SECONDS`` (30) lost its worker (killed, out of memory, the
  machine restarted): :func:`is_lost` says so, the page offers the retry at once, and
  asking for the same document again queues it again by itself.
"""

from __future__ import annotations

import logging
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from outbox.beat import beating
from outbox.work import record_render
from tournament.models import Tournament

from .documents import Document, DocumentError, build
from .models import Render
from .parts import start_render
from .pdf import Pdf, render_pdf

logger = logging.getLogger(__name__)

#: Documents up to this size (rows; a score card counts as several) render inline.
DEFAULT_INLINE_MAX_SIZE = 150
#: Finished renders kept per document (the newest versions); older ones are deleted.
DEFAULT_KEEP_VERSIONS = 3
#: Seconds between two heartbeats of a running render.
DEFAULT_HEARTBEAT_SECONDS = 5.0
#: Seconds without a heartbeat after which a running render is lost (six beats missed).
DEFAULT_LOST_AFTER_SECONDS = 30.0


def heartbeat_seconds() -> float:
    return float(
        getattr(settings, "PRINTING_HEARTBEAT_SECONDS", DEFAULT_HEARTBEAT_SECONDS)
    )


def lost_after() -> timedelta:
    seconds = getattr(
        settings, "PRINTING_LOST_AFTER_SECONDS", DEFAULT_LOST_AFTER_SECONDS
    )
    return timedelta(seconds=float(seconds))


def inline_max_size() -> int:
    return int(getattr(settings, "PRINTING_INLINE_MAX_SIZE", DEFAULT_INLINE_MAX_SIZE))


@dataclass(frozen=True)
class Outcome:
    """Either the PDF rendered now, or the stored render to wait for or serve."""

    document: Document
    pdf: Pdf | None = None
    render: Render | None = None


def inline_or_queued(
    tournament: Tournament,
    kind: str,
    scope: str,
    *,
    user=None,
    background: bool = False,
) -> Outcome:
    """Render ``kind`` now when small, else find or queue its stored render."""
    document = build(tournament, kind, scope)
    if document.size <= inline_max_size() and not background:
        return Outcome(document=document, pdf=render_pdf(document))
    return Outcome(document=document, render=request_render(tournament, document, user))


def request_render(tournament: Tournament, document: Document, user=None) -> Render:
    """The stored render of ``document`` at its version, queued if new."""
    existing = _find(tournament, document)
    if existing is not None:
        if is_lost(existing):
            try:
                return retry_render(existing.pk)
            except DocumentError:  # retried meanwhile by another request
                return _find(tournament, document) or existing
        return existing
    try:
        with transaction.atomic():
            render = Render.objects.create(
                tournament=tournament,
                kind=document.kind,
                scope=document.scope,
                version=document.version,
                title=_title(document),
                filename=document.filename,
                requested_by=user
                if user is not None and user.is_authenticated
                else None,
            )
            _enqueue(render)
    except IntegrityError:  # a concurrent request created it first
        found = _find(tournament, document)
        assert found is not None
        return found
    return render


def _find(tournament: Tournament, document: Document) -> Render | None:
    return (
        Render.objects.defer("pdf")
        .filter(
            tournament=tournament,
            kind=document.kind,
            scope=document.scope,
            version=document.version,
        )
        .first()
    )


def _title(document: Document) -> str:
    title = document.title.document
    return f"{title} · {document.title.scope}" if document.title.scope else title


def _enqueue(render: Render) -> None:
    """Record its rendering in the outbox, in the current transaction (the work
    exists if and only if the render row commits); the worker renders it."""
    record_render(render.pk)


def last_sign_of_life(render: Render):
    """When the worker last showed it was rendering ``render``."""
    times = [t for t in (render.heartbeat_at, render.started_at) if t is not None]
    return max(times) if times else render.created_at


def is_lost(render: Render, *, now=None) -> bool:
    """Running, but its worker gave no sign of life for ``lost_after()``: it died."""
    if render.status != Render.Status.RUNNING:
        return False
    return (now or timezone.now()) - last_sign_of_life(render) > lost_after()


def retryable(render: Render, *, now=None) -> bool:
    return render.status == Render.Status.FAILED or is_lost(render, now=now)


@transaction.atomic
def retry_render(render_id: int) -> Render:
    """Queue a failed (or lost) render again."""
    render = (
        Render.objects.select_for_update(of=("self",)).defer("pdf").get(pk=render_id)
    )
    if not retryable(render):
        raise DocumentError(
            _("“%(title)s” is not failed: there is nothing to retry.")
            % {"title": render.title}
        )
    render.status = Render.Status.QUEUED
    render.progress = 0
    render.error = ""
    render.heartbeat_at = None
    render.save(update_fields=["status", "progress", "error", "heartbeat_at"])
    _enqueue(render)
    return render


def _heartbeat(render_id: int) -> AbstractContextManager[None]:
    """Touch the render's ``heartbeat_at`` from a thread while the block runs."""

    def touch() -> None:
        Render.objects.filter(pk=render_id, status=Render.Status.RUNNING).update(
            heartbeat_at=timezone.now()
        )

    return beating(touch, heartbeat_seconds(), f"render-{render_id}-heartbeat")


def run_render(render_id: int) -> str:
    """Render a stored document (the worker's job); returns the final status."""
    render = Render.objects.defer("pdf").select_related("tournament").get(pk=render_id)
    if render.status in (Render.Status.DONE, Render.Status.SUPERSEDED):
        return render.status
    now = timezone.now()
    Render.objects.filter(pk=render.pk).update(
        status=Render.Status.RUNNING,
        started_at=now,
        heartbeat_at=now,
        attempts=render.attempts + 1,
        progress=0,
        error="",
    )
    try:
        document = build(render.tournament, render.kind, render.scope)
        if document.version != render.version:
            return _supersede(render, document)

        def progress(done: int, total: int) -> None:
            percent = min(99, done * 100 // total)
            Render.objects.filter(pk=render.pk).update(
                progress=percent, heartbeat_at=timezone.now()
            )

        # The parts' processes fork before the heartbeat thread starts.
        job = start_render(document)
        with _heartbeat(render.pk):
            pdf = render_pdf(document, progress, job=job)
    except DocumentError as exc:
        _fail(render, str(exc))
        raise
    except Exception as exc:
        logger.exception("Render %s (%s) failed", render.pk, render.title)
        _fail(render, _("Rendering failed: %(error)s") % {"error": exc})
        raise
    Render.objects.filter(pk=render.pk).update(
        status=Render.Status.DONE,
        pdf=pdf.data,
        pages=pdf.pages,
        progress=100,
        finished_at=timezone.now(),
    )
    prune(render)
    return Render.Status.DONE


def prune(render: Render) -> int:
    """Delete the finished renders of ``render``'s document beyond the newest few."""
    keep = int(getattr(settings, "PRINTING_KEEP_VERSIONS", DEFAULT_KEEP_VERSIONS))
    finished = (
        Render.objects.filter(
            tournament_id=render.tournament_id, kind=render.kind, scope=render.scope
        )
        .exclude(status__in=[Render.Status.QUEUED, Render.Status.RUNNING])
        .order_by("-created_at", "-pk")
        .values_list("pk", flat=True)
    )
    old = list(finished[keep:])
    if old:
        Render.objects.filter(pk__in=old).delete()
    return len(old)


def _fail(render: Render, message: str) -> None:
    Render.objects.filter(pk=render.pk).update(
        status=Render.Status.FAILED, error=message, finished_at=timezone.now()
    )


def _supersede(render: Render, document: Document) -> str:
    """The data changed since the request: render the new version instead."""
    Render.objects.filter(pk=render.pk).update(
        status=Render.Status.SUPERSEDED, finished_at=timezone.now()
    )
    newer = request_render(render.tournament, document, render.requested_by)
    return f"{Render.Status.SUPERSEDED}:{newer.pk}"


def latest_for(render: Render) -> Render:
    """The newest render of the same document (for a superseded one)."""
    return (
        Render.objects.defer("pdf")
        .filter(
            tournament_id=render.tournament_id, kind=render.kind, scope=render.scope
        )
        .order_by("-created_at", "-pk")
        .first()
        or render
    )


def recent_renders(tournament: Tournament, limit: int = 20) -> list[Render]:
    return list(Render.objects.defer("pdf").filter(tournament=tournament)[:limit])
