"""A property test's number of examples under the hypothesis profile in use.

``ci`` (the default, derandomised) gives each test the count it states, its budget in
the suite's ≤ 8 minutes; ``explore`` (``HYPOTHESIS_PROFILE=explore make test``) gives
ten times as many to every test, those that state no count included (1,000 instead of
hypothesis's 100: tests/conftest.py).
"""

import os

SCALE = {"ci": 1, "explore": 10}


def examples(count: int) -> int:
    """``count`` under ``ci``, ten times it under ``explore``."""
    return count * SCALE[os.environ.get("HYPOTHESIS_PROFILE", "ci")]
