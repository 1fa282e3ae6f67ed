"""Small builders of sheets for the scoring tests."""

from __future__ import annotations

from itertools import count
from typing import Any

from core.pipeline import drain
from scoring import services
from scoring.services import Hand, Sheet

_tokens = count(1)


def sheet(*hands: tuple[int | None, int | None], **extra: Any) -> Sheet:
    return Sheet(hands=tuple(Hand(ns, ew) for ns, ew in hands), **extra)


def save(table, user, the_sheet: Sheet, *, lock: int | None = None, token=None, **kw):
    """Submit ``the_sheet`` as ``user`` with the table's current lock version."""
    from scoring.models import TableResult

    if lock is None:
        lock = (
            TableResult.objects.filter(table=table)
            .values_list("lock_version", flat=True)
            .first()
            or 0
        )
    saved = services.submit_sheet(
        table=services.load_table(table.pk),
        sheet=the_sheet,
        by=user,
        expected_lock_version=lock,
        token=token or f"tok-{next(_tokens)}",
        **kw,
    )
    drain()  # the worker's ranking and publishing, as right after a save
    return saved
