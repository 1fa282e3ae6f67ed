"""Login rate limiting (django-axes) for every login made over HTTP.

axes' backend refuses ``authenticate()`` calls without a request (it needs the client's
address). Every login over HTTP (the login page, the admin) passes the request, so it is
counted and locked out after too many failures. A call without a request never comes
from a browser: Django's test client, a shell. Those are let through to the next
backend (which still checks the password) instead of failing with an exception.
"""

from __future__ import annotations

from axes.backends import AxesStandaloneBackend


class LoginRateLimitBackend(AxesStandaloneBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(
            request, username=username, password=password, **kwargs
        )
