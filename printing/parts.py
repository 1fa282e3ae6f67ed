"""A long document rendered in parts, one per core, and joined with pypdf.

The sections of a document (each starts on a new page) are cut into contiguous parts of
about the same weight, one per process (``fork``: a child inherits the loaded fonts and
stylesheets). The parent renders the templates (children never use the database nor
Django's translations: they get HTML text and the page rules as plain strings), starts
the children, and reports progress as their sections are laid out.

Page numbers stay right across parts without laying anything out twice: a child lays out
its sections with the page margins held back (WeasyPrint builds the margin boxes after
pagination, from each page's counters), reports its page count, receives its first page
number as soon as the parts before it have reported theirs, then builds the margin boxes
with the page counter moved on by that offset and writes its PDF (``counter(pages)``
would count one section, as in the single-process render). The parent joins the parts
with pypdf. The pages come out as the single-process render (the tests compare the text
of every page). This relies on ``weasyprint.layout.make_margin_boxes`` and the page
states of WeasyPrint's page maker (pinned version 70).

Small documents, or a single part, render in the calling process
(:func:`printing.pdf.render_serial`). Call :func:`start_render` before starting a
thread (the worker's heartbeat): the children are forked there, while the process has
one thread.
"""

from __future__ import annotations

import copy
import gc
import io
import itertools
import logging
import multiprocessing
import os
import time
import traceback
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from typing import Any

from django.conf import settings
from pypdf import PdfReader, PdfWriter

from .documents.base import Document
from .pdf import (
    Pdf,
    Progress,
    lay_out,
    page_rules,
    render_serial,
    section_html,
    stylesheets,
)

logger = logging.getLogger(__name__)

#: A document of fewer rows than this renders in one process (forking costs more).
DEFAULT_PARTS_MIN_SIZE = 400


def max_parts() -> int:
    """Processes for one document: ``PRINTING_PARTS`` or the machine's cores."""
    configured = getattr(settings, "PRINTING_PARTS", None)
    if configured is not None:
        return max(1, int(configured))
    return max(
        1,
        len(os.sched_getaffinity(0))
        if hasattr(os, "sched_getaffinity")
        else os.cpu_count() or 1,
    )


def parts_for(document: Document) -> int:
    """How many parts ``document`` renders in (1: in this process)."""
    minimum = int(getattr(settings, "PRINTING_PARTS_MIN_SIZE", DEFAULT_PARTS_MIN_SIZE))
    if document.size < minimum:
        return 1
    return min(max_parts(), len(document.sections))


def split(weights: list[int], parts: int) -> list[range]:
    """Contiguous ranges of section indexes, ``parts`` of them, of about equal weight.

    >>> split([1, 1, 1, 1], 2)
    [range(0, 2), range(2, 4)]
    >>> split([5, 1, 1, 1, 1, 1], 2)
    [range(0, 1), range(1, 6)]
    >>> split([1, 1], 3)
    [range(0, 1), range(1, 2)]
    """
    parts = max(1, min(parts, len(weights)))
    total = sum(weights)
    prefix = list(itertools.accumulate(weights))
    cuts, start = [], 0
    for k in range(1, parts):
        # Cut after the section whose running weight is nearest to k/parts of the
        # total, leaving a section at least for each part still to come.
        last = len(weights) - (parts - k) - 1
        target = total * k / parts
        cut = min(range(start, last + 1), key=lambda i: abs(prefix[i] - target))
        cuts.append(cut + 1)
        start = cut + 1
    bounds = [0, *cuts, len(weights)]
    return [range(a, b) for a, b in itertools.pairwise(bounds)]


@dataclass
class Job:
    """A render started by :func:`start_render`; :meth:`finish` gives the PDF."""

    document: Document
    html: list[str]
    children: list[tuple[Any, Connection, range]] = field(default_factory=list)
    #: CPU seconds each part's process used (for the benchmark).
    cpu: dict[int, float] = field(default_factory=dict)

    @property
    def parts(self) -> int:
        return max(1, len(self.children))

    def finish(self, progress: Progress | None = None) -> Pdf:
        if not self.children:
            return render_serial(self.document, self.html, progress)
        try:
            return self._collect(progress)
        finally:
            for process, conn, _sections in self.children:
                conn.close()
                process.join(timeout=5)
                if process.is_alive():
                    process.kill()
                    process.join()

    def _collect(self, progress: Progress | None) -> Pdf:
        total = len(self.html) + 1
        done = 0
        count: dict[int, int] = {}
        data: dict[int, bytes] = {}
        joiner = Joiner()
        told = offset = 0  # parts told their offset, and the next part's offset
        by_conn = {conn: n for n, (_p, conn, _s) in enumerate(self.children)}
        waiting = set(by_conn)
        while waiting:
            for conn in wait(list(waiting)):
                assert isinstance(conn, Connection)
                n = by_conn[conn]
                try:
                    kind, value = conn.recv()
                except EOFError:
                    raise RuntimeError(f"PDF part {n + 1} stopped") from None
                if kind == "error":
                    message, trace = value
                    logger.error("PDF part %s failed:\n%s", n + 1, trace)
                    raise RuntimeError(message)
                if kind == "section":
                    done += 1
                    if progress:
                        progress(done, total)
                elif kind == "pages":
                    count[n] = value
                    # A part learns its first page once the parts before it counted.
                    while told in count:
                        self.children[told][1].send(offset)
                        offset += count[told]
                        told += 1
                elif kind == "pdf":
                    data[n], self.cpu[n] = value
                    waiting.discard(conn)
                    # Joined in order as they come: the first while the last writes.
                    while joiner.parts in data:
                        joiner.add(data.pop(joiner.parts))
        result = joiner.result()
        if progress:
            progress(total, total)
        return Pdf(data=result, pages=sum(count.values()))


class Joiner:
    """PDFs joined one after the other with pypdf (the metadata of the first)."""

    def __init__(self) -> None:
        self.writer = PdfWriter()
        self.parts = 0

    def add(self, data: bytes) -> None:
        reader = PdfReader(io.BytesIO(data))
        if not self.parts and reader.metadata:
            self.writer.add_metadata(dict(reader.metadata))
        self.writer.append(reader, import_outline=False)
        self.parts += 1

    def result(self) -> bytes:
        out = io.BytesIO()
        self.writer.write(out)
        return out.getvalue()


def start_render(document: Document, *, parts: int | None = None) -> Job:
    """Render the templates and, for a long document, fork the parts' processes."""
    html = section_html(document)
    wanted = parts_for(document) if parts is None else parts
    ranges = split([len(text) for text in html], wanted)
    job = Job(document=document, html=html)
    if len(ranges) < 2:
        return job
    context = multiprocessing.get_context("fork")
    gc.freeze()  # the inherited objects stay out of the children's collections
    rules = page_rules(document)  # translated here, in the parent
    stylesheets(document)  # parsed once, here, for every child
    for sections in ranges:
        parent_end, child_end = context.Pipe()
        process = context.Process(
            target=_child,
            args=(child_end, document, rules, [html[i] for i in sections]),
            name=f"pdf-part-{sections.start}",
            daemon=True,
        )
        process.start()
        child_end.close()
        job.children.append((process, parent_end, sections))
    gc.unfreeze()
    return job


# --- in the child -------------------------------------------------------------


def _child(conn: Connection, document: Document, rules: str, html: list[str]) -> None:
    """Lay out ``html`` (this part's sections), wait for the first page, write."""
    # Short-lived: what it allocates goes with it. No collection walks the inherited
    # heap (each would touch, and so copy, the parent's pages).
    gc.disable()
    try:
        _forget_database()
        margins = _hold_margins()
        first, pages = lay_out(
            document, html, rules, lambda _i, count: conn.send(("section", count))
        )
        conn.send(("pages", len(pages)))
        margins.build(conn.recv())
        data = first.copy(pages).write_pdf()
        conn.send(("pdf", (data, time.process_time())))
    except BaseException as exc:  # the parent raises it
        conn.send(("error", (str(exc) or type(exc).__name__, traceback.format_exc())))
    finally:
        conn.close()


#: The parent's database connections, kept referenced so a child never closes them.
_inherited: list[Any] = []


def _forget_database() -> None:
    """Drop (without closing) the database connections inherited from the parent."""
    from django.db import connections

    for conn in connections.all(initialized_only=True):
        _inherited.append(conn.connection)
        conn.connection = None


class _HeldMargins:
    """The margin boxes of every page laid out in this process, built later."""

    def __init__(self, make: Any) -> None:
        self.make = make
        self.held: list[tuple[Any, Any, int, Any]] = []

    def hold(self, context: Any, page: Any, state: Any) -> list:
        self.held.append((context, page, context.current_page, state))
        return []

    def build(self, offset: int) -> None:
        from weasyprint.layout.background import layout_box_backgrounds

        for context, page, number, state in self.held:
            moved = copy.deepcopy(state)
            counters = moved[1]
            counters["page"] = [counters["page"][0] + offset]
            context.current_page = number
            boxes = list(self.make(context, page, moved))
            for box in boxes:
                layout_box_backgrounds(page, box, context.get_image_from_uri)
            page.children = (*page.children, *boxes)
        self.held = []


def _hold_margins() -> _HeldMargins:
    import weasyprint.layout as layout

    margins = _HeldMargins(layout.make_margin_boxes)
    layout.make_margin_boxes = margins.hold  # this process only (a forked child)
    return margins
