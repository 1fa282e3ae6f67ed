"""The project's settings with the public pages' cache off (bench_public's comparison)."""

from config.settings import *  # noqa: F403

PUBLIC_PAGE_CACHE = False
