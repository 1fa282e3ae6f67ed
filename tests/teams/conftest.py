"""Team tests: a clean cache each (the public pages cache by tournament id and
version, and ids come back after a test's rollback)."""

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def _clean_cache():
    cache.clear()
    yield
    cache.clear()
