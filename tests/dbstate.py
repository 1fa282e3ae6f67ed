"""Every row of a set of models, read in one query: what a request changed.

A fuzz test that asserts "a refused post changed nothing" compares the database before
and after each post. Reading every model with ``.values()`` costs one query (and the
conversion of every value) per model, twice per example; :func:`state` reads all the
tables in a single ``UNION ALL`` query that returns, per table, its rows as text in
the order of their primary keys (PostgreSQL: each row's own text form; SQLite: each
column as its type and the hex of its bytes, which keeps NULL, numbers and text apart
and sees past a NUL byte in a text, where ``quote()`` stops). Two
states are equal exactly when every table holds the same rows with the same values;
:func:`changed` names the tables that differ, and only those are read as values
(:func:`values`) for the checks that need Python values.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from django.apps import apps
from django.db import connection, models


def data_models(
    app_labels: Iterable[str], labels: Iterable[str] = ()
) -> tuple[type[models.Model], ...]:
    """The concrete models of the apps (their ``Historical*`` copies left out) and
    the models named ``app.Model``."""
    found = [m for a in app_labels for m in apps.get_app_config(a).get_models()]
    found += [apps.get_model(label) for label in labels]
    return tuple(m for m in found if not m.__name__.startswith("Historical"))


@cache
def _sql(vendor: str, found: tuple[type[models.Model], ...]) -> str:
    q = connection.ops.quote_name
    parts = []
    for model in found:
        table, pk = q(model._meta.db_table), q(model._meta.pk.column)
        label = model._meta.label.replace("'", "''")
        if vendor == "postgresql":
            parts.append(
                f"SELECT '{label}', string_agg(t::text, E'\\n' ORDER BY t.{pk}) "
                f"FROM {table} t"
            )
        else:
            row = " || ',' || ".join(
                f"typeof({q(f.column)}) || hex({q(f.column)})"
                for f in model._meta.concrete_fields
            )
            parts.append(
                f"SELECT '{label}', group_concat(r, char(10)) "
                f"FROM (SELECT {row} AS r FROM {table} ORDER BY {pk})"
            )
    return "\nUNION ALL\n".join(parts)


def state(found: tuple[type[models.Model], ...]) -> dict[str, str | None]:
    """Every row of ``found`` as text, by model label (None: no rows)."""
    with connection.cursor() as cursor:
        cursor.execute(_sql(connection.vendor, found))
        return dict(cursor.fetchall())


def changed(before: dict[str, str | None], after: dict[str, str | None]) -> list[str]:
    """The labels of the models whose rows differ between two states."""
    return [label for label in after if before.get(label) != after[label]]


def values(labels: Iterable[str]) -> dict[str, list[dict]]:
    """Every row of the labelled models, as ``.values()`` in primary-key order."""
    return {
        label: list(apps.get_model(label).objects.order_by("pk").values())
        for label in labels
    }
