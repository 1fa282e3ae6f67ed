"""The project's settings with the standings' tables rendered on every request
(bench_public's comparison: no cache of them per standings version)."""

from config.settings import *  # noqa: F403

PUBLIC_PAGE_CACHE = False
