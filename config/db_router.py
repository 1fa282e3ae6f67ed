"""Send the public pages' reads to a PostgreSQL read replica, when there is one.

Set ``DATABASE_REPLICA_URL`` and the settings add a ``replica`` database, this router and
:class:`PublicReadsMiddleware`. The middleware marks a request as *public* when it is a
GET or HEAD under the public site (``/t/``) or the API (``/api/v1/``); while it runs,
reads of the tournament's data go to the replica. Everything else reads and writes the
primary: the referees' and directors' pages (they must see what they just saved), every
write, and the login and session tables (a fresh login must not look lost because the
replica is a few milliseconds behind).
"""

from __future__ import annotations

from contextvars import ContextVar

from public.paths import READ_ONLY

REPLICA = "replica"
PUBLIC_PREFIXES = READ_ONLY  # the public site and the API (public/paths.py)
#: Apps whose rows are always read from the primary.
PRIMARY_ONLY_APPS = frozenset({"auth", "sessions", "axes", "admin"})

_public_read: ContextVar[bool] = ContextVar("public_read", default=False)


class PublicReadsMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        public = request.method in ("GET", "HEAD") and request.path.startswith(
            PUBLIC_PREFIXES
        )
        token = _public_read.set(public)
        try:
            return self.get_response(request)
        finally:
            _public_read.reset(token)


class PublicReadReplicaRouter:
    def db_for_read(self, model, **hints):
        if _public_read.get() and model._meta.app_label not in PRIMARY_ONLY_APPS:
            return REPLICA
        return "default"

    def db_for_write(self, model, **hints):
        return "default"

    def allow_relation(self, obj1, obj2, **hints):
        # Both aliases hold the same data: PostgreSQL replicates the primary.
        return True

    def allow_migrate(self, db, app_label, model_name=None, **hints):
        return db == "default"
