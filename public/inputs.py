"""What a published page was made from: a digest of its inputs, kept beside its file.

Publishing a girone's pair pages again (a round closed, its correction period over)
mostly finds them as they were: rendering each only to compare it with its file was
most of the cost. So the publisher computes, from the rows it loaded anyway, a digest
of everything the page shows (every field of every row read, the language, the site's
address) and of the code that renders it (:func:`code_version`: the templates, the
translations, the static files' manifest, this app's Python), keeps it beside the file
(``.index.html.key``: never served, nginx and the middleware look for ``index.*``
only), and skips a page whose digest and file are there already. ``manage.py
publish`` renders everything whatever the digests say.
"""

from __future__ import annotations

import functools
import hashlib
import os
import time
from pathlib import Path

from django.conf import settings
from django.db import models


def _tree_stamp(folder: Path, suffixes: tuple[str, ...]) -> list[tuple[str, int, int]]:
    found = []
    for dirpath, _dirs, files in os.walk(folder):
        for name in files:
            if name.endswith(suffixes):
                stat = os.stat(os.path.join(dirpath, name))
                found.append(
                    (os.path.join(dirpath, name), stat.st_mtime_ns, stat.st_size)
                )
    return sorted(found)


@functools.lru_cache(maxsize=1)
def code_version() -> str:
    """A digest of what renders the pages besides the data (computed once per process:
    the templates are cached per process too, a deploy restarts it)."""
    base = Path(settings.BASE_DIR)
    stamps: list[tuple[str, int, int]] = []
    for folder, suffixes in (
        (base / "templates", (".html", ".txt")),
        (base / "locale", (".mo",)),
        (base / "public", (".py", ".html")),
        (base / "tournament", (".py",)),
    ):
        stamps += _tree_stamp(folder, suffixes)
    manifest = (
        Path(str(getattr(settings, "STATIC_ROOT", "") or "")) / "staticfiles.json"
    )
    if manifest.is_file():
        stat = manifest.stat()
        stamps.append((str(manifest), stat.st_mtime_ns, stat.st_size))
    return hashlib.blake2s(repr(stamps).encode(), digest_size=16).hexdigest()


def row(obj: models.Model | None) -> tuple:
    """Every stored field of a row (None: no row)."""
    if obj is None:
        return ()
    return tuple(getattr(obj, f.attname) for f in obj._meta.concrete_fields)


def digest(*parts: object) -> str:
    from tournament.links import public_base_url

    text = repr((code_version(), public_base_url(), *parts))
    return hashlib.blake2s(text.encode(), digest_size=16).hexdigest()


def key_file(target: Path) -> Path:
    return target.with_name(f".{target.name}.key")


def _stamped(target: Path, key: str) -> str:
    stat = target.stat()
    # The file's own version too (nginx's ETag: whole seconds and size; every rewrite
    # moves the mtime on): a digest never vouches for a file another publisher wrote.
    return f"{key} {int(stat.st_mtime):x}-{stat.st_size:x}"


def unchanged(target: Path, key: str) -> bool:
    """Whether ``target`` exists and was made from inputs of digest ``key``."""
    try:
        return key_file(target).read_text() == _stamped(target, key)
    except (FileNotFoundError, NotADirectoryError):
        return False


def store(target: Path, key: str) -> None:
    """Remember the digest of the inputs ``target`` (as it is now) was made from."""
    from .published import atomic_write

    atomic_write(key_file(target), _stamped(target, key).encode(), time.time())
