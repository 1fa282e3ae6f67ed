"""What WeasyPrint may load while it lays out a PDF: the app's own files, nothing else.

A printed document is built from the tournament's data, and some of it (a tournament's
name, a club's) is typed by people. Should any of it ever reach a stylesheet or an
``src`` attribute as a URL, WeasyPrint's own fetcher would request any ``http(s)://``
address (from inside the venue's network) or embed any ``file://`` of the server's disk
in the PDF. :class:`AppFetcher` serves only:

* ``torneo:static/<path>``: a file of the app's static files (found by Django's
  staticfiles finders, as ``{% static %}`` would), e.g. ``torneo:static/css/print.css``;
* ``torneo:resource/<name>``: an image the document made itself (a score card's frame,
  :attr:`printing.documents.base.Document.resources`).

Everything else (``http``, ``https``, ``file``, ``data``, ``ftp``, a relative URL...) is
refused without being opened, and listed in :attr:`AppFetcher.refused`.
"""

from __future__ import annotations

import logging
import mimetypes
from pathlib import Path

from django.contrib.staticfiles import finders
from weasyprint.urls import URLFetcher, URLFetcherResponse

logger = logging.getLogger(__name__)

STATIC = "torneo:static/"
RESOURCE = "torneo:resource/"


class URLRefused(ValueError):
    """A URL outside the app's own files: never fetched."""


def static_url(path: str) -> str:
    """The URL a print template or stylesheet uses for static file ``path``."""
    return STATIC + path.lstrip("/")


def resource_url(name: str) -> str:
    """The URL of a document's own resource ``name``."""
    return RESOURCE + name


class AppFetcher(URLFetcher):
    """WeasyPrint's URL fetcher for the app: static files and the document's own images."""

    def __init__(self, resources: dict[str, bytes] | None = None) -> None:
        super().__init__(allowed_protocols=(), allow_redirects=False)
        self.resources = dict(resources or {})
        self.refused: list[str] = []

    def fetch(self, url, headers=None):
        if url.startswith(RESOURCE):
            name = url.removeprefix(RESOURCE)
            if name in self.resources:
                return URLFetcherResponse(
                    url, self.resources[name], {"Content-Type": _mime(name)}
                )
        elif url.startswith(STATIC):
            path = _static_file(url.removeprefix(STATIC))
            if path is not None:
                return URLFetcherResponse(
                    url, path.read_bytes(), {"Content-Type": _mime(path.name)}
                )
        self.refused.append(url)
        logger.warning("PDF: refused to fetch %.200r", url)
        raise URLRefused(f"not one of the app's own files: {url[:200]}")


def _static_file(path: str) -> Path | None:
    """The static file ``path`` (no absolute path, no ``..``), or None."""
    if not path or path.startswith("/") or "\\" in path or "\x00" in path:
        return None
    if any(part in ("", ".", "..") for part in path.split("/")):
        return None
    try:
        found = finders.find(path)
    except Exception:  # SuspiciousFileOperation and the like: not ours to serve
        return None
    if not found or isinstance(found, list):
        return None
    file = Path(found)
    return file if file.is_file() else None


def _mime(name: str) -> str:
    return mimetypes.guess_type(name)[0] or "application/octet-stream"
