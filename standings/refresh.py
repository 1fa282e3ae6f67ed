"""The hook that keeps stored standings in step with results.

Result entry calls :func:`refresh_gironi` inside the transaction that changes what
counts, so that readers never aggregate.
"""

from __future__ import annotations

from collections.abc import Iterable


def refresh_gironi(girone_ids: Iterable[int]) -> None:
    """Recompute and store the standings of these gironi (same transaction)."""
    from .services.store import refresh_gironi as refresh

    refresh(girone_ids)
