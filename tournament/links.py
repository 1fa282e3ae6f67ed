"""Absolute links to the players' pages, and their QR codes (SVG, drawn by segno).

A QR code must carry an absolute address: the one in ``PUBLIC_BASE_URL`` (environment
``DJANGO_PUBLIC_BASE_URL``, e.g. ``https://torneo.example.it``) when set, otherwise the
address the request came in on. A document prepared by the background worker has no
request: it uses the request that asked for it when rendered inline (see
:func:`request_base`) and, in the worker, ``PUBLIC_BASE_URL`` or the first allowed host.
Set ``DJANGO_PUBLIC_BASE_URL`` wherever the site is reached under more than one name.

The codes are drawn server-side as SVG (no image service, nothing leaves the site); a
printed score card carries a small PNG instead (:func:`qr_png`: a PDF draws it at once,
where an SVG's path is parsed and drawn card by card).
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import io
import ipaddress
from collections.abc import Iterator
from urllib.parse import urlsplit

import segno
from django.conf import settings
from django.urls import reverse
from django.utils.translation import gettext as _

_request_base: contextvars.ContextVar[str] = contextvars.ContextVar(
    "public_request_base", default=""
)

#: Error correction "M" (15%): survives a crease or a smudge on a card.
ERROR_LEVEL = "m"


def _from_request(request) -> str:
    return request.build_absolute_uri("/").rstrip("/")


def public_base_url(request=None) -> str:
    """``https://host`` (no trailing slash) under which the players reach the site."""
    configured = str(getattr(settings, "PUBLIC_BASE_URL", "") or "").rstrip("/")
    if configured:
        return configured
    if request is not None:
        return _from_request(request)
    current = _request_base.get()
    if current:
        return current
    hosts = [h for h in settings.ALLOWED_HOSTS if h and not h.startswith((".", "*"))]
    return f"http://{hosts[0] if hosts else 'localhost'}"


def loopback(host: str | None) -> bool:
    """Whether ``host`` names this computer only (no phone in the hall reaches it).

    >>> loopback("127.0.0.1"), loopback("localhost"), loopback("::1"), loopback("torneo.lan")
    (True, True, True, False)
    """
    if not host:
        return True
    host = host.strip("[]").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified


def address_warning(request) -> str | None:
    """What to check before printing QR codes (translated), or None when the codes
    carry ``PUBLIC_BASE_URL`` and it is not an address of this computer only."""
    base = public_base_url(request)
    if loopback(urlsplit(base).hostname):
        return _(
            "The QR codes and printed links will carry %(address)s, an address of "
            "this computer only: the phones in the hall cannot open it. Set "
            "DJANGO_PUBLIC_BASE_URL to the address the players reach (for example "
            "http://192.168.1.10:8000) and start the site again before printing."
        ) % {"address": base}
    if not str(getattr(settings, "PUBLIC_BASE_URL", "") or ""):
        return _(
            "DJANGO_PUBLIC_BASE_URL is not set: the QR codes will carry %(address)s, "
            "the address you are using now. Print them only if the phones in the "
            "hall reach the site at this address; otherwise set "
            "DJANGO_PUBLIC_BASE_URL and start the site again."
        ) % {"address": base}
    return None


@contextlib.contextmanager
def request_base(request) -> Iterator[None]:
    """Within this block, links without a request use ``request``'s address."""
    token = _request_base.set(_from_request(request))
    try:
        yield
    finally:
        _request_base.reset(token)


def pair_url(slug: str, number: int, request=None) -> str:
    """The absolute address of a pair's public page."""
    path = reverse("public:pair", kwargs={"slug": slug, "number": number})
    return public_base_url(request) + path


@functools.lru_cache(maxsize=8192)
def qr_png(data: str, *, border: int = 1) -> bytes:
    """``data`` as a QR code PNG, one pixel per module: print it scaled without
    smoothing (CSS ``image-rendering: pixelated``), at any size.

    For documents with a code on every card (500 tables: 1,000 codes): the mask is
    the fixed pattern 0 instead of the best of the eight (choosing it costs 80% of
    the encoding, and any mask gives a valid code that phones read: the tests read
    the printed cards back); and each address's code is made once per process (a
    pair's card carries the same code every round).

    >>> png = qr_png("https://example.org/t/x/coppia/1/")
    >>> png.startswith(bytes.fromhex("89504e47")) and len(png) < 600
    True
    """
    code = segno.make(data, error=ERROR_LEVEL, micro=False, mask=0)
    out = io.BytesIO()
    code.save(out, kind="png", scale=1, border=border)
    return out.getvalue()


@functools.lru_cache(maxsize=4096)
def qr_svg(data: str, *, border: int = 2) -> str:
    """``data`` as an inline SVG QR code that scales to its box (no width/height).

    Kept for the next time (a pair page is published again after each of its saves,
    and in both languages: its address never changes). The mask is the fixed
    pattern 0, as :func:`qr_png`'s (choosing the best of eight was 80% of the
    encoding: 9 ms a code, 1,000 pair pages published at once).

    >>> svg = qr_svg("https://example.org/t/x/coppia/1/")
    >>> svg.startswith("<svg") and "viewBox" in svg and "<path" in svg
    True
    """
    code = segno.make(data, error=ERROR_LEVEL, micro=False, mask=0)
    return code.svg_inline(
        scale=1, border=border, omitsize=True, svgclass="qr", lineclass=None
    )


class RequestBaseMiddleware:
    """Lets code without the request (a printed document) link to the request's host."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        with request_base(request):
            return self.get_response(request)
