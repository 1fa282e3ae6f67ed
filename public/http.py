"""Conditional GET for the public pages: ETags, 304 answers, short client caching.

Pages whose data is stored with a version (the standings) get an ETag from that
version, checked *before* rendering. The other pages get an ETag from their content,
minus the per-request CSRF token of the language switch (masked differently on every
render), so that an unchanged page still answers 304.
"""

from __future__ import annotations

import hashlib
import re
from functools import wraps

from django.utils.cache import get_conditional_response, patch_cache_control

_CSRF = re.compile(rb'name="csrfmiddlewaretoken" value="[^"]*"')


def client_tag(request, tag: str) -> str:
    """An ETag for one audience: the same data looks different per language and user."""
    user = getattr(request, "user", None)
    who = user.pk if user is not None and user.is_authenticated else 0
    return f'"{tag}-{getattr(request, "LANGUAGE_CODE", "it")}-{who}"'


def revalidate(response):
    """Phones may keep the page but must ask again: a cheap 304 when nothing changed."""
    patch_cache_control(response, no_cache=True, max_age=0)
    return response


def etag_from_content(view):
    """Set an ETag from the rendered page and answer 304 when the client has it."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        if request.method not in ("GET", "HEAD") or response.status_code != 200:
            return response
        if getattr(response, "streaming", False) or response.has_header("ETag"):
            return response
        if hasattr(response, "render") and callable(response.render):
            response.render()
        digest = hashlib.blake2s(_CSRF.sub(b"", response.content), digest_size=12)
        etag = client_tag(request, digest.hexdigest())
        response["ETag"] = etag
        revalidate(response)
        conditional = get_conditional_response(request, etag=etag, response=response)
        return conditional

    return wrapper
