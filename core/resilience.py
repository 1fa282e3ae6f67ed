"""What the referee sees when the server fails: retry, and a retry never counts twice.

``server_error`` is the site's ``handler500``. When the database is unreachable (a
restart, a failover) it answers 503 with ``Retry-After``; otherwise 500. Either way the
message says to try again, in JSON for the entry page's script (which keeps the typed
sheet and its idempotency key, so the retry is a replay if the first attempt was saved)
and as a plain page otherwise. Nothing here touches the database.
"""

from __future__ import annotations

import sys

from django import db
from django.http import HttpResponse, JsonResponse
from django.template import loader
from django.utils.translation import gettext as _

RETRY_AFTER_SECONDS = 5


def server_error(request, *args, **kwargs):
    exc = sys.exc_info()[1]
    unavailable = isinstance(exc, db.OperationalError | db.InterfaceError)
    if unavailable:
        status, code = 503, "unavailable"
        message = _(
            "The server cannot reach its database right now: try again in a few "
            "seconds. A sheet that was saved already is never counted twice."
        )
    else:
        status, code = 500, "server_error"
        message = _(
            "Something went wrong on the server: try again. A sheet that was saved "
            "already is never counted twice."
        )
    if "application/json" in request.headers.get("Accept", ""):
        response = JsonResponse(
            {
                "ok": False,
                "code": code,
                "retry": True,
                "errors": {"__all__": [message]},
            },
            status=status,
        )
    else:
        html = loader.get_template("500.html").render({"message": message})
        response = HttpResponse(html, status=status)
    if unavailable:
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response
