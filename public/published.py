"""The published files: where a public URL's file is, how it is written and served.

The contract with the web server (docs/deployment.md, "Pagine pubblicate"): a public URL path ``P``
(no query string) in language ``L`` is ``<PUBLISH_ROOT>/<L><P>index.html`` (a page) or
``index.json`` (an answer of the API under ``/api/v1/``; an API path without its final
``/`` gets one), with a gzipped sibling ``index.html.gz`` of the same mtime for nginx's
``gzip_static``. Files are written atomically (a temporary file in the same folder,
then ``os.replace``): a reader never sees half a file. The ETag is nginx's,
``"<mtime hex>-<size hex>"`` of the file sent.

:class:`PublishedFilesMiddleware` serves the same files under ``make run`` (and
whenever no web server stands in front): a ``GET``/``HEAD`` without query string and
without a session or message cookie gets the file, with its ETag (304 when the client
has it), ``Cache-Control: no-cache`` and gzip when accepted; anything else, and any
missing file, goes to the views.
"""

from __future__ import annotations

import gzip
import os
import shutil
import tempfile
import time
from email.utils import formatdate
from pathlib import Path

from django.conf import settings
from django.http import HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_vary_headers

from . import paths
from .http import revalidate

#: URL prefixes whose pages may be published (the rest is always Django's).
PREFIXES = paths.PUBLISHED
API = paths.API
LANGUAGES = ("it", "en")
#: gzip's level for the ``.gz`` siblings: 4 compresses a 1,000-row standings page
#: twice as fast as 6 (the 1,000-row pages are written after every save) for a few
#: per cent more bytes.
GZIP_LEVEL = 4
CONTENT_TYPES = {
    "index.html": "text/html; charset=utf-8",
    "index.json": "application/json; charset=utf-8",
}


def root() -> Path | None:
    """The folder of the published files (``PUBLISH_ROOT``); None: publishing is off."""
    value = getattr(settings, "PUBLISH_ROOT", "")
    return Path(value) if value else None


def file_name(path: str) -> str:
    return "index.json" if path.startswith(API) else "index.html"


def file_for(base: Path, lang: str, path: str) -> Path:
    """The file of URL ``path`` in ``lang`` under ``base``."""
    if not path.endswith("/"):
        path += "/"
    return base / lang / path.lstrip("/") / file_name(path)


def language(request) -> str:
    """The language of the page: the ``django_language`` cookie when it is ``it`` or
    ``en``, else Italian. The site is Italian first: its views ignore
    ``Accept-Language`` (``core.middleware.ItalianFirstMiddleware``), so the files
    served must too, or an English browser would get an English file where the view
    answers in Italian."""
    cookie = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
    return cookie if cookie in LANGUAGES else "it"


def atomic_write(target: Path, data: bytes, mtime: float) -> None:
    fd, temp = tempfile.mkstemp(dir=target.parent, prefix=".tmp-")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.chmod(temp, 0o644)
        os.utime(temp, (mtime, mtime))
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def write(target: Path, body: bytes) -> bool:
    """Write ``body`` and its gzipped sibling; False when the file already holds it
    (left untouched: its ETag stays, phones get their 304)."""
    gz = target.with_name(target.name + ".gz")
    mtime = float(int(time.time()))
    try:
        if target.read_bytes() == body and gz.exists():
            return False
        # A new ETag even when rewritten within the same second at the same size.
        mtime = max(mtime, int(target.stat().st_mtime) + 1)
    except FileNotFoundError:
        pass
    target.parent.mkdir(parents=True, exist_ok=True)
    # The gzipped copy first: nginx never finds a new page with an old .gz.
    atomic_write(gz, gzip.compress(body, compresslevel=GZIP_LEVEL, mtime=0), mtime)
    atomic_write(target, body, mtime)
    return True


def remove(target: Path) -> bool:
    """Remove a page's file and its gzipped sibling; whether there was one."""
    existed = target.exists()
    target.unlink(missing_ok=True)
    target.with_name(target.name + ".gz").unlink(missing_ok=True)
    target.with_name(f".{target.name}.key").unlink(missing_ok=True)  # public.inputs
    return existed


def remove_tree(folder: Path) -> None:
    shutil.rmtree(folder, ignore_errors=True)


def etag(stat: os.stat_result) -> str:
    """nginx's ETag of a static file."""
    return f'"{int(stat.st_mtime):x}-{stat.st_size:x}"'


def servable(request) -> bool:
    path = request.path
    return (
        request.method in ("GET", "HEAD")
        and not request.META.get("QUERY_STRING")
        and path.startswith(PREFIXES)
        # No "." or ".." segment, no backslash or NUL: nothing outside the folder.
        and "/." not in path
        and "\\" not in path
        and "\x00" not in path
        and "sessionid" not in request.COOKIES
        and settings.SESSION_COOKIE_NAME not in request.COOKIES
        and "messages" not in request.COOKIES
    )


def serve(request) -> HttpResponse | None:
    """The published file for this request, or None (the view answers)."""
    base = root()
    if base is None or not servable(request):
        return None
    lang = language(request)
    plain = file_for(base, lang, request.path)
    gzip_ok = "gzip" in request.META.get("HTTP_ACCEPT_ENCODING", "")
    sent = plain.with_name(plain.name + ".gz") if gzip_ok else plain
    try:
        with open(sent, "rb") as handle:
            stat = os.fstat(handle.fileno())
            body = handle.read()
    except OSError:
        # No such file, or no file can have this name (a segment past 255 bytes,
        # a path past PATH_MAX, a folder where a file was): the views answer.
        if sent is plain:
            return None
        return _plain_only(request, plain, lang)
    return _answer(request, body, stat, plain.name, lang, gzipped=gzip_ok)


def _plain_only(request, plain: Path, lang: str) -> HttpResponse | None:
    try:
        with open(plain, "rb") as handle:
            stat = os.fstat(handle.fileno())
            body = handle.read()
    except OSError:
        return None
    return _answer(request, body, stat, plain.name, lang, gzipped=False)


def _answer(request, body, stat, name, lang, *, gzipped: bool) -> HttpResponse:
    tag = etag(stat)
    asked = request.META.get("HTTP_IF_NONE_MATCH", "")
    if tag in [t.strip().removeprefix("W/") for t in asked.split(",")]:
        response: HttpResponse = HttpResponseNotModified()
    else:
        response = HttpResponse(
            b"" if request.method == "HEAD" else body,
            content_type=CONTENT_TYPES[name],
        )
        response["Content-Length"] = str(len(body))
        if gzipped:  # GZipMiddleware leaves an encoded response alone
            response["Content-Encoding"] = "gzip"
    response["ETag"] = tag
    response["Last-Modified"] = formatdate(stat.st_mtime, usegmt=True)
    response["Content-Language"] = lang
    patch_vary_headers(response, ("Accept-Encoding", "Cookie"))
    return revalidate(response)


class PublishedFilesMiddleware:
    """Serve the published files (see the module); before the views and the microcache."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return serve(request) or self.get_response(request)
