"""The project's settings without the microcache (bench_public's comparison): the
standings page is still kept per standings version, but every request checks it."""

from config.settings import *  # noqa: F403
