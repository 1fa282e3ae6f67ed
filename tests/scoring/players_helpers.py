"""Builders of the players' entry tests (issue 30)."""

from __future__ import annotations

from itertools import count

from core.pipeline import drain
from scoring import services
from scoring.models import TableResult

_tokens = count(1)


def lock_of(table) -> int:
    return (
        TableResult.objects.filter(table=table)
        .values_list("lock_version", flat=True)
        .first()
        or 0
    )


def enter(table, line, the_sheet, *, lock=None, token=None, **kw):
    """Submit ``the_sheet`` as the player of ``line``."""
    saved = services.player_submit(
        table=services.load_table(table.pk),
        line=line,
        sheet=the_sheet,
        expected_lock_version=lock_of(table) if lock is None else lock,
        token=token or f"ptok-{next(_tokens)}",
        **kw,
    )
    drain()
    return saved


def confirm(table, line, version, *, lock=None):
    saved = services.player_confirm(
        table=services.load_table(table.pk),
        line=line,
        version_id=version.pk,
        expected_lock_version=lock_of(table) if lock is None else lock,
    )
    drain()
    return saved


def status(table) -> str:
    return TableResult.objects.get(table=table).status
