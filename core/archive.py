"""A whole tournament as one JSON archive: export, and import into any database.

The archive holds every row that belongs to the tournament (found by following foreign
keys to :class:`~tournament.models.Tournament`, so models added later are included
without touching this module): stages, gironi, pairs, rounds, tables, every version of
every result with its smazzate, the pair scores, the stored standings, the roles... and
the rows they point to outside the tournament: clubs, players and user names.

Format (``"format": "torneo-archive"``, ``"version": 1``), described in docs/replay.md
("The tournament archive")::

    {"format": "torneo-archive", "version": 1, "exported_at": "...",
     "tournament": {"slug": "...", "name": "..."},
     "users": [{"id": 1, "username": "arbitro"}],
     "models": [{"model": "people.club", "rows": [{"id": 1, "name": ...}, ...]},
                ...]}

Models come in an order where every row's references come before it, except nullable
references that close a cycle (a table result's version that counts), which the import
fills in afterwards. ``id`` is an archive id (1, 2, ... per model, in primary-key order);
a reference holds the archive id of its target, a user reference the archive id of a
user. Values are JSON: dates and times in ISO 8601, JSON fields as they are.

Import (:mod:`core.archive_import`) creates new rows (new primary keys) in one
transaction, after validating every row; the derived rows (:data:`DERIVED`: scores,
standings) are not read but rebuilt from the imported results. Clubs are matched by name and players by
membership number (or, without one, by name and club); users by username, created
inactive and without a password, staff or superuser flag when missing.
"""

from __future__ import annotations

import datetime as dt
import json
import uuid
from collections import defaultdict, deque
from typing import Any

from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import models
from django.utils import timezone
from django.utils.duration import duration_iso_string

from people.models import Club, Player
from tournament.models import Tournament

FORMAT = "torneo-archive"
VERSION = 1
#: The apps whose models hold tournament data. Printing is not one of them: its
#: documents are rendered again from the data.
DATA_APPS = (
    "people",
    "tournament",
    "participants",
    "seating",
    "scoring",
    "standings",
    "knockout",
    "public",
)
#: Models outside the tournament that its rows point to: matched on import.
SHARED = ("people.club", "people.player")
#: The labels of the models the split of ``tournament`` into apps moved (issue 29):
#: an archive written before it names them so, and is read under their labels now.
MOVED = {
    "tournament.club": "people.club",
    "tournament.player": "people.player",
    "tournament.pair": "participants.pair",
    "tournament.team": "participants.team",
    "tournament.teammember": "participants.teammember",
    "tournament.table": "seating.table",
    "tournament.teammatch": "seating.teammatch",
}
#: Models left out: regenerated on demand (caches) or audit trails kept by the site,
#: and the players' table codes (issue 30): credentials of a round in play, never
#: written to a file (a referee issues new ones for a round imported in play).
EXCLUDED: set[str] = {"seating.tablecode"}
#: What the site derives from the results: exported (an archive shows the standings as
#: they were), never imported: the import rebuilds them from the results
#: (:mod:`core.archive_rebuild`). Listed by label, so that an archive from a site that
#: still had a model (a bookkeeping table since removed) imports all the same.
DERIVED = frozenset(
    {
        "scoring.pairscore",
        "scoring.teamscore",
        "standings.snapshot",
        "standings.row",
        "standings.teamrow",
        "standings.refreshstate",
        "public.publishstate",
        "public.publishmark",
    }
)
#: Values a row gets until its deferred references are filled in (a database check
#: ties a confirmed table result to its version that counts).
PLACEHOLDERS = {"scoring.tableresult": {"status": "empty"}}


class ArchiveError(ValueError):
    """The archive cannot be read or imported; the message says why."""


def _label(model) -> str:
    return model._meta.label_lower


def _is_data_model(model) -> bool:
    return (
        model._meta.app_label in DATA_APPS
        and not model._meta.proxy
        and not model._meta.auto_created
        and not model.__name__.startswith("Historical")  # simple_history's copies
        and _label(model) not in EXCLUDED
    )


def _fks(model) -> list[models.ForeignKey]:
    return [f for f in model._meta.concrete_fields if f.is_relation]


def _owned_paths() -> dict[Any, str]:
    """For each model owned by a tournament, the lookup from it to the tournament."""
    paths: dict[Any, str] = {Tournament: "pk"}
    queue = deque([Tournament])
    candidates = [m for m in apps.get_models() if _is_data_model(m)]
    while queue:
        target = queue.popleft()
        for model in candidates:
            if model in paths:
                continue
            for field in _fks(model):
                if field.related_model is target and not field.null:
                    prefix = paths[target]
                    paths[model] = (
                        field.name if prefix == "pk" else f"{field.name}__{prefix}"
                    )
                    queue.append(model)
                    break
    return paths


def _order(model_set: list) -> tuple[list, dict[Any, set[str]]]:
    """Models so that references come first; the references to defer, per model."""
    deferred: dict[Any, set[str]] = defaultdict(set)
    remaining = list(model_set)
    ordered: list = []
    while remaining:
        for model in remaining:
            needs = {
                f.related_model
                for f in _fks(model)
                if f.related_model in model_set
                and f.related_model is not model
                and f.name not in deferred[model]
            }
            if needs <= set(ordered):
                ordered.append(model)
                remaining.remove(model)
                break
        else:
            # A cycle: defer one nullable reference of a model still waiting.
            for model in remaining:
                cyclic = [
                    f
                    for f in _fks(model)
                    if f.null
                    and f.related_model in remaining
                    and f.name not in deferred[model]
                ]
                if cyclic:
                    deferred[model].add(cyclic[0].name)
                    break
            else:
                raise ArchiveError(f"cannot order {remaining}: a cycle without null")
    for model in ordered:
        deferred[model] |= {
            f.name for f in _fks(model) if f.related_model is model
        }  # self references
    return ordered, deferred


def _data_fields(model) -> list[models.Field]:
    return [f for f in model._meta.concrete_fields if not f.primary_key]


def export_tournament(tournament: Tournament) -> dict[str, Any]:
    """The archive of ``tournament`` as a JSON-ready dictionary."""
    querysets = _querysets(tournament)
    ordered, _deferred = _order(list(querysets))
    ids: dict[Any, dict[Any, int]] = {}
    user_ids: dict[int, int] = {}
    sections = [
        {"model": _label(model), "rows": _rows(model, querysets, ids, user_ids)}
        for model in ordered
    ]
    # Resolve references to rows that came later (deferred cycles, self references).
    for section, model in zip(sections, ordered, strict=True):
        for row in section["rows"]:
            for field in _fks(model):
                value = row[field.name]
                if isinstance(value, tuple):
                    row[field.name] = ids[field.related_model][value[1]]
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "tournament": {"slug": tournament.slug, "name": tournament.name},
        "users": _users(user_ids),
        "models": sections,
    }


def _querysets(tournament: Tournament) -> dict[Any, models.QuerySet]:
    """The rows of each model the archive holds: the tournament's own, and the shared
    ones (clubs, players) they point to."""
    paths = _owned_paths()
    querysets = {
        model: model._default_manager.filter(**{path: tournament.pk})
        for model, path in paths.items()
    }
    shared_pks: dict[Any, set[int]] = {apps.get_model(lbl): set() for lbl in SHARED}
    for model, qs in querysets.items():
        for field in _fks(model):
            if field.related_model in shared_pks:
                shared_pks[field.related_model] |= set(
                    qs.exclude(**{f"{field.attname}__isnull": True}).values_list(
                        field.attname, flat=True
                    )
                )
    # Players point at their clubs.
    shared_pks[Club] |= set(
        Player.objects.filter(
            pk__in=shared_pks[Player], club__isnull=False
        ).values_list("club_id", flat=True)
    )
    for model, pks in shared_pks.items():
        querysets[model] = model._default_manager.filter(pk__in=pks)
    return querysets


def _rows(
    model,
    querysets: dict[Any, models.QuerySet],
    ids: dict[Any, dict[Any, int]],
    user_ids: dict[int, int],
) -> list[dict[str, Any]]:
    """``model``'s rows, numbered from 1 (recorded in ``ids``), references by those
    numbers: a user's by ``user_ids``, a row further on as ``("defer", pk)``."""
    fields = _data_fields(model)
    user_model = get_user_model()
    values = querysets[model].order_by("pk").values("pk", *(f.attname for f in fields))
    ids[model] = {}
    raw = list(values)
    for number, row in enumerate(raw, start=1):
        ids[model][row["pk"]] = number
    rows = []
    for row in raw:
        out: dict[str, Any] = {"id": ids[model][row["pk"]]}
        for field in fields:
            value = row[field.attname]
            if field.is_relation and value is not None:
                target = field.related_model
                if target is user_model:
                    if value not in user_ids:
                        user_ids[value] = len(user_ids) + 1
                    value = user_ids[value]
                elif target in ids and value in ids[target]:
                    value = ids[target][value]
                elif target in querysets:
                    value = ("defer", value)  # a target exported further on
                else:
                    raise ArchiveError(
                        f"{_label(model)} {row['pk']}: {field.name} points "
                        f"outside the tournament ({_label(target)} {value})"
                    )
            out[field.name] = value
        rows.append(out)
    return rows


def _users(user_ids: dict[int, int]) -> list[dict[str, Any]]:
    """The users the rows name, by their numbers in the archive, with their names."""
    user_model = get_user_model()
    names = dict(
        user_model._default_manager.filter(pk__in=user_ids).values_list(
            "pk", user_model.USERNAME_FIELD
        )
    )
    users = [{"id": n, "username": names[pk]} for pk, n in user_ids.items()]
    users.sort(key=lambda u: u["id"])
    return users


class _Encoder(json.JSONEncoder):
    """ISO 8601 with every microsecond (Django's encoder drops the last three)."""

    def default(self, o):
        if isinstance(o, dt.datetime | dt.date | dt.time):
            return o.isoformat()
        if isinstance(o, dt.timedelta):
            return duration_iso_string(o)
        if isinstance(o, uuid.UUID):
            return str(o)
        if hasattr(o, "as_tuple"):  # Decimal
            return str(o)
        return super().default(o)


def dumps(archive: dict[str, Any]) -> str:
    """The archive as JSON text (UTF-8, one value per line: friendly to diff)."""
    return json.dumps(archive, cls=_Encoder, ensure_ascii=False, indent=1)


def import_tournament(
    archive: dict[str, Any], *, slug: str | None = None, name: str | None = None
) -> Tournament:
    """Create the archived tournament (optionally under a new slug and name).

    The archive is untrusted input: see :mod:`core.archive_import`.
    """
    from core.archive_import import import_archive

    return import_archive(archive, slug=slug, name=name)
