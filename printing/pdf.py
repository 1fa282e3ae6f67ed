"""Render a :class:`~printing.documents.base.Document` to PDF bytes with WeasyPrint.

Each section is laid out on its own (it starts on a new page) and the pages are then
written as one PDF, so a long document reports progress section by section. The print
stylesheet is parsed once per process. A running header (tournament, document) and the
page number are in the page margins of every page; table headers repeat by CSS
(``thead`` is a table-header-group) and rows never split across pages.

Text typed by people (a tournament's name) enters the page stylesheet only as a CSS
string with every character that could end it escaped (:func:`css_string`), and
WeasyPrint fetches nothing but the app's own files (:mod:`printing.fetcher`).
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.contrib.staticfiles import finders
from django.template.loader import render_to_string
from django.utils import translation
from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration

from .documents.base import Document
from .fetcher import AppFetcher

if TYPE_CHECKING:
    from .parts import Job

#: progress(done, total): called after each section and once more when written.
Progress = Callable[[int, int], None]


@functools.cache
def _fonts() -> FontConfiguration:
    return FontConfiguration()


class PrintHTML(HTML):
    """WeasyPrint's HTML with a lean user-agent stylesheet (``printing/css/ua.css``).

    The full HTML5 one has many attribute and ``:is()`` rules that are matched against
    every cell of a long table; the print templates use a handful of elements, and the
    pages come out identical (checked page by page) with about 15% less work. Relies on
    WeasyPrint's ``_ua_stylesheets``/``_ph_stylesheets`` hooks (pinned version 70).
    """

    def _ua_stylesheets(self, forms=False):
        return [_user_agent()]

    def _ph_stylesheets(self):
        return []


@functools.cache
def _user_agent() -> CSS:
    return CSS(
        filename=str(Path(__file__).parent / "css" / "ua.css"), url_fetcher=AppFetcher()
    )


@functools.cache
def _stylesheet(name: str) -> CSS:
    """``static/css/<name>.css``, parsed once per process."""
    path = finders.find(f"css/{name}.css")
    if path is None:
        raise FileNotFoundError(f"static/css/{name}.css")
    return CSS(filename=path, font_config=_fonts(), url_fetcher=AppFetcher())


#: Kept as they are in a CSS string: letters, digits and harmless punctuation.
_CSS_PLAIN = frozenset(" .,:!?-–—·'’&+*=#%$€°ºª_|~^")


def css_string(value: str) -> str:
    """``value`` as a quoted CSS string that nothing in it can end.

    Letters, digits and harmless punctuation are kept; every other character (quotes,
    backslashes, braces, parentheses, ``;``, ``@``, line breaks, control characters)
    becomes a hexadecimal escape followed by the one space that ends it (``\\a `` for
    a line break), so a name like ``x"}@page{...`` stays text. NUL, which CSS cannot
    hold, becomes U+FFFD.
    """
    out = []
    for char in value:
        if char == "\x00":
            char = "\ufffd"
        if (char.isalnum() and char.isprintable()) or char in _CSS_PLAIN:
            out.append(char)
        else:
            out.append(f"\\{ord(char):x} ")
    return '"' + "".join(out) + '"'


def page_rules(document: Document) -> str:
    """The page stylesheet of ``document`` but its page counter (text made in the parent)."""
    title = document.title
    header = f"{title.tournament} · {title.document}"
    if title.scope:
        header += f" · {title.scope}"
    size = "A4 landscape" if document.landscape else "A4"
    state = f"{title.state} · {title.generated_at:%d/%m/%Y %H:%M}"
    return (
        f"@page {{ size: {size};"
        f" @top-left {{ content: {css_string(header)}; }}"
        f" @bottom-left {{ content: {css_string(state)}; }} }}" + document.extra_css
    )


def page_css(rules: str, first_page: int, fetcher: AppFetcher) -> CSS:
    """``rules`` (see :func:`page_rules`) with the section's first page number."""
    return CSS(
        # Sections are laid out one by one: carry the page number on.
        string=f"@page :first {{ counter-reset: page {first_page}; }} " + rules,
        font_config=_fonts(),
        url_fetcher=fetcher,
    )


def section_html(document: Document) -> list[str]:
    """The HTML of each section (templates rendered in the active language)."""
    with translation.override(translation.get_language() or settings.LANGUAGE_CODE):
        return [
            render_to_string(document.template, document.context_for(index))
            for index in range(len(document.sections))
        ]


def stylesheets(document: Document) -> list[CSS]:
    return [_stylesheet("print"), _stylesheet(f"print-{document.kind}")]


@dataclass(frozen=True)
class Pdf:
    data: bytes
    pages: int


def render_pdf(
    document: Document,
    progress: Progress | None = None,
    *,
    parts: int | None = None,
    job: Job | None = None,
) -> Pdf:
    """The PDF of ``document``, in Italian unless another language is active.

    A long document is rendered in parts on the machine's cores (:mod:`printing.parts`;
    ``parts`` overrides how many, 1 renders here; ``job`` is the render already
    started by :func:`printing.parts.start_render`).
    """
    from .parts import start_render

    if job is None:
        job = start_render(document, parts=parts)
    return job.finish(progress)


def render_serial(
    document: Document, html: list[str], progress: Progress | None = None
) -> Pdf:
    """Render ``document`` (its sections' ``html``) section by section in this process."""
    with collections_paused():
        return _render_serial(document, html, progress)


@contextmanager
def collections_paused() -> Iterator[None]:
    """No cyclic garbage collection while WeasyPrint builds its many boxes.

    A collection walks every live object, the tens of thousands of boxes of a long
    document among them, again and again as they are made: 10–20% of the render.
    What the render leaves behind is collected when it ends.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def lay_out(
    document: Document,
    html: list[str],
    rules: str,
    after_section: Callable[[int, int], None],
) -> tuple[Any, list]:
    """Lay out the sections one after the other: the first rendered document (to
    write the pages with) and every page; ``after_section(index, pages so far)``.

    Shared by the single-process render and each part of a render in parts.
    """
    # No base URL: a relative reference resolves to nothing, and the fetcher serves
    # only torneo:static/ and the document's own torneo:resource/ URLs.
    fetcher = AppFetcher(document.resources)
    pages: list = []
    first = None
    # Shared by the sections: an image (a score card's frame) is embedded once.
    cache: dict = {}
    for index, text in enumerate(html):
        rendered = PrintHTML(string=text, url_fetcher=fetcher).render(
            stylesheets=[
                *stylesheets(document),
                page_css(rules, len(pages) + 1, fetcher),
            ],
            font_config=_fonts(),
            cache=cache,
        )
        first = first or rendered
        pages.extend(rendered.pages)
        after_section(index, len(pages))
    assert first is not None
    return first, pages


def _render_serial(
    document: Document, html: list[str], progress: Progress | None = None
) -> Pdf:
    total = len(html) + 1

    def counted(index: int, _pages: int) -> None:
        if progress:
            progress(index + 1, total)

    first, pages = lay_out(document, html, page_rules(document), counted)
    data = first.copy(pages).write_pdf()
    if progress:
        progress(total, total)
    return Pdf(data=data, pages=len(pages))
