"""Faults during the load: a worker killed inside a save, PostgreSQL restarted."""

from __future__ import annotations

import os
import signal
import time
from dataclasses import dataclass, field


@dataclass
class FaultLog:
    worker_kills: list[dict] = field(default_factory=list)
    pg_restarts: list[float] = field(default_factory=list)


def kill_worker_mid_save(server, log: FaultLog, *, timeout: float) -> bool:
    """SIGKILL a gunicorn worker while it is inside a save's transaction.

    A save is caught in the act in pg_stat_activity: a backend of a gunicorn worker
    (``application_name`` torneo-<pid>) whose transaction has written (it has an xid)
    and is still open. Killing the worker drops the connection mid-transaction.
    """
    # A database session of its own (psycopg's, not a signal's receiver).
    from psycopg import connect as open_session

    url = os.environ["DATABASE_URL"]
    deadline = time.monotonic() + timeout
    with open_session(url, autocommit=True) as conn:
        while time.monotonic() < deadline:
            workers = set(server.workers())
            rows = conn.execute(
                "SELECT application_name, left(query, 80), now() - xact_start "
                "FROM pg_stat_activity WHERE application_name LIKE 'torneo-%%' "
                "AND backend_xid IS NOT NULL AND xact_start IS NOT NULL"
            ).fetchall()
            for name, query, age in rows:
                pid = int(name.split("-", 1)[1])
                if pid in workers:
                    os.kill(pid, signal.SIGKILL)
                    log.worker_kills.append(
                        {"pid": pid, "query": query, "in_transaction_for": str(age)}
                    )
                    return True
            time.sleep(0.002)
    return False
