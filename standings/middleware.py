"""Rank the standings after the answer (inline mode, issue 19 item 2).

A referee's save answers as soon as its result is committed: the ranking of the
girone it changed (100-1,000 stored rows rewritten at 1,000 pairs) runs in the same
process once the answer is written out (the response's ``close()``, which the WSGI
server calls after sending it; the test client calls it before it returns). See
``standings.refresh.answer_first``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from django.http import HttpRequest, HttpResponseBase

from . import refresh

#: Methods that never save a result: no scope, nothing to rank.
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


class RankAfterAnswer:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if request.method in SAFE_METHODS or refresh.mode() == "worker":
            return self.get_response(request)
        with refresh.answer_first() as pending:
            response = self.get_response(request)
        if pending:
            # Run by response.close(), after the answer is sent (Django's own hook
            # for a response's resources; request_finished follows it).
            response._resource_closers.append(
                partial(refresh.rank_after_answer, set(pending))
            )
        return response
