"""The project's settings with the public pages' caches off (bench_public's comparison):
neither the microcache (public/cache.py) nor the standings page kept per version."""

from config.settings import *  # noqa: F403

PUBLIC_CACHE_SECONDS = 0
PUBLIC_PAGE_CACHE = False
