"""Local mode (``make run``): the secret key, generated on the first run and kept.

A club runs the app on a laptop with ``make run``: no one sets ``DJANGO_SECRET_KEY``
there, and a key written in the repository would be everyone's. The first process
that starts (``migrate``, the worker, the server: ``make run`` starts all three)
writes a random key to ``var/secret_key`` (git-ignored; readable by its owner only)
and every later one reads it, so sessions and signed links survive a restart.
"""

from __future__ import annotations

import os
import secrets
import time
from pathlib import Path


def secret_key(path: Path) -> str:
    """The key kept in ``path``, made there first if there is none.

    >>> import tempfile
    >>> where = Path(tempfile.mkdtemp()) / "var" / "secret_key"
    >>> first = secret_key(where)
    >>> len(first) > 50 and secret_key(where) == first and oct(where.stat().st_mode)[-3:]
    '600'
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        # O_EXCL: of two processes starting at once, one writes and both read it.
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass
    else:
        with os.fdopen(fd, "w") as out:
            out.write(secrets.token_urlsafe(50) + "\n")
    for _ in range(50):  # the other process may be writing it this very moment
        key = path.read_text().strip()
        if key:
            return key
        time.sleep(0.01)
    raise RuntimeError(f"{path} is empty: remove it to make a new secret key")
