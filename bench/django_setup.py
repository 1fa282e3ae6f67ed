"""Django for the benchmarks that need the database.

``make bench`` runs under ``scripts/with-postgres.sh``, so ``DATABASE_URL`` points at a
throwaway PostgreSQL; without it a temporary SQLite file is used. :func:`setup` is
idempotent: it configures Django once and migrates the database once.
"""

from __future__ import annotations

import os
import tempfile

_done = False


def setup() -> None:
    """Configure Django and migrate the benchmark database (once per process)."""
    global _done
    if _done:
        return
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    if not os.environ.get("DATABASE_URL"):
        path = os.path.join(tempfile.mkdtemp(prefix="torneo-bench-"), "bench.sqlite3")
        os.environ["DJANGO_SQLITE_PATH"] = path
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", interactive=False, verbosity=0)
    _done = True
