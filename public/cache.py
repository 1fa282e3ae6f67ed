"""A few seconds of shared cache in front of the public pages and the API (microcache).

Two thousand phones refreshing the same pages every 15-30 seconds ask for the same
bytes many times a second. For an anonymous visitor (no login, no pending message) a
``GET`` under ``/t/`` or ``/api/v1/`` that answered 200 is kept, plain and gzipped, for
``PUBLIC_CACHE_SECONDS`` (environment ``DJANGO_PUBLIC_CACHE_SECONDS``; 3 in production,
0 = off, the default with ``DJANGO_DEBUG=1``) under its path, query and language; the
next visitors get it without the view running, with its ETag (304 when they have it).
A result thus reaches the phones at most that many seconds late. With ``REDIS_URL`` the
cache is shared by every app server; otherwise each process keeps its own.

Public pages carry nothing per visitor (the language switch is a plain link, no form
token), which is what makes them safe to share; responses that set a cookie are never
kept.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponse
from django.utils.cache import get_conditional_response, patch_vary_headers
from django.utils.text import compress_string

from .http import client_tag, revalidate

PREFIXES = ("/t/", "/api/v1/")
#: Answers to URLs with a query string are kept only up to this size: any query makes
#: a new key, and a visitor inventing them must not fill the cache with big pages.
QUERY_MAX_BYTES = 32_000


class PublicCacheMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        seconds = int(getattr(settings, "PUBLIC_CACHE_SECONDS", 0))
        if not seconds or not self._shareable(request):
            return self.get_response(request)
        lang = getattr(request, "LANGUAGE_CODE", "it")
        path = request.get_full_path()
        key = (
            "public:micro:"
            + hashlib.blake2s(f"{lang}|{path}".encode(), digest_size=16).hexdigest()
        )
        hit = cache.get(key)
        accepts_gzip = "gzip" in request.META.get("HTTP_ACCEPT_ENCODING", "")
        if hit is None:
            # The view answers plain (the standings page would gzip its own): the
            # copy kept here is gzipped once, below.
            request.META.pop("HTTP_ACCEPT_ENCODING", None)
            response = self.get_response(request)
            if not self._keepable(request, response):
                return response
            plain = response.content
            if request.META.get("QUERY_STRING") and len(plain) > QUERY_MAX_BYTES:
                return response
            etag = response.get("ETag") or client_tag(
                request, hashlib.blake2s(plain, digest_size=12).hexdigest()
            )
            # Weak: the same tag names the plain and the gzipped body.
            etag = etag if etag.startswith("W/") else f"W/{etag}"
            hit = (plain, compress_string(plain), etag, response["Content-Type"])
            cache.set(key, hit, seconds)
        return self._answer(request, hit, accepts_gzip)

    @staticmethod
    def _shareable(request) -> bool:
        return (
            request.method == "GET"
            and request.path.startswith(PREFIXES)
            and not request.user.is_authenticated
            and "messages" not in request.COOKIES
        )

    @staticmethod
    def _keepable(request, response) -> bool:
        if response.status_code != 200 or getattr(response, "streaming", False):
            return False
        if hasattr(response, "render") and callable(response.render):
            response.render()
        if response.cookies or response.has_header("Content-Encoding"):
            return False
        # Something personal was made while answering (the middlewares outside set
        # its cookie later): a form token, a session, a message.
        if request.META.get("CSRF_COOKIE_NEEDS_UPDATE"):
            return False
        session = getattr(request, "session", None)
        if session is not None and session.modified:
            return False
        return not getattr(
            getattr(request, "_messages", None), "_queued_messages", None
        )

    @staticmethod
    def _answer(request, hit, accepts_gzip: bool) -> HttpResponse:
        plain, packed, etag, content_type = hit
        not_modified = get_conditional_response(request, etag=etag)
        if not_modified is not None:
            not_modified["ETag"] = etag
            patch_vary_headers(not_modified, ("Accept-Encoding", "Cookie"))
            return revalidate(not_modified)
        gzip_ok = accepts_gzip
        body = packed if gzip_ok and len(packed) < len(plain) else plain
        response = HttpResponse(body, content_type=content_type)
        if body is packed:  # GZipMiddleware leaves an encoded response alone
            response["Content-Encoding"] = "gzip"
        response["Content-Length"] = str(len(body))
        response["Content-Language"] = getattr(request, "LANGUAGE_CODE", "it")
        response["ETag"] = etag
        patch_vary_headers(response, ("Accept-Encoding", "Cookie"))
        return revalidate(response)
