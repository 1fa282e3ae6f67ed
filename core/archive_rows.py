"""Writing an archive's rows fast: batched updates, players already on the site.

Rows are written with ``bulk_create`` in batches (:mod:`core.archive_import`); the
deferred references and the automatic times go back with one ``executemany`` per set
of fields, so an archive of 50,000 rows imports in seconds
(``bench/bench_archive.py``).
"""

from __future__ import annotations

from typing import Any

from django.db import models

from people.models import Player

BATCH = 500


def update_many(model, fields: list[models.Field], rows: list[list[Any]]) -> None:
    """``UPDATE ... SET <fields> WHERE pk = ...`` once per row, in one executemany.

    ``rows`` are ``[value, ..., pk]`` (Python values). Far lighter than bulk_update's
    CASE expressions on thousands of rows.
    """
    from django.db import connection

    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    assignments = ", ".join(f"{quote(f.column)} = %s" for f in fields)
    sql = f"UPDATE {table} SET {assignments} WHERE {quote(model._meta.pk.column)} = %s"
    params = [
        [
            *(
                f.get_db_prep_save(value, connection)
                for f, value in zip(fields, row, strict=False)
            ),
            row[-1],
        ]
        for row in rows
    ]
    with connection.cursor() as cursor:
        for start in range(0, len(params), BATCH * 10):
            cursor.executemany(sql, params[start : start + BATCH * 10])


def player_key(player: Player) -> tuple:
    if player.membership_number:
        return ("t", player.membership_number)
    return ("n", player.first_name, player.last_name, player.club_id)


def existing_players(players: list[Player]) -> dict[tuple, int]:
    """The players already on the site that archive players match, by key."""
    found: dict[tuple, int] = {}
    numbers = sorted({p.membership_number for p in players if p.membership_number})
    for start in range(0, len(numbers), BATCH):
        chunk = numbers[start : start + BATCH]
        for pk, number in Player.objects.filter(
            membership_number__in=chunk
        ).values_list("pk", "membership_number"):
            found.setdefault(("t", number), pk)
    surnames = sorted({p.last_name for p in players if not p.membership_number})
    for start in range(0, len(surnames), BATCH):
        chunk = surnames[start : start + BATCH]
        rows = (
            Player.objects.filter(membership_number="", last_name__in=chunk)
            .order_by("pk")
            .values_list("pk", "first_name", "last_name", "club_id")
        )
        for pk, first, last, club in rows:
            found.setdefault(("n", first, last, club), pk)
    return found


def restore_automatic_times(model, fields, built) -> None:
    """bulk_create stamps auto_now fields with the present; put the archived time back."""
    automatic = [
        f
        for f in fields.values()
        if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)
    ]
    if not automatic or not built:
        return
    for field in automatic:
        rows = [
            # Validated (to_python) when the row was built.
            [field.to_python(row[field.name]), obj.pk]
            for row, obj in built
            if row.get(field.name) is not None
        ]
        if rows:
            update_many(model, [field], rows)
