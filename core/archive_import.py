"""Importing a tournament archive (:func:`core.archive.import_tournament`).

An archive is a file that came from elsewhere: it is read as untrusted input.

* Only the models a tournament archive defines are read: those found by following
  foreign keys to the tournament, plus the clubs and players they point at. Any other
  section (``auth.user``, ``admin.logentry``, ``sessions.session``,
  ``contenttypes.contenttype``...) refuses the whole archive.
* Users are only names: a missing user is created inactive, without a password, staff
  or superuser flag (whatever else the archive says about it); the tournament roles
  that point at it are kept.
* Every row is validated as a form would (``clean_fields`` and the model's ``clean``:
  lengths, choices, ranges, a rule pack this site has), before anything is written.
* A refusal is one line naming the model, the row (its archive id) and the field.
* What the site derives from the results (scores, standings: ``core.archive.DERIVED``)
  is never read: it is rebuilt from the imported results (:mod:`core.archive_rebuild`).

The envelope (format, sections, users) is read in :mod:`core.archive_envelope`; rows
are written with ``bulk_create`` in batches and the deferred references with one
``executemany`` (:mod:`core.archive_rows`), so an archive of 50,000 rows imports in
seconds (``bench/bench_archive.py``).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import DatabaseError, IntegrityError, models, transaction

from people.models import Club
from scoring.models import TableResult
from tournament.models import Tournament
from tournament.text import CONTROL, REASON_MAX_LENGTH

from .archive import (
    PLACEHOLDERS,
    SHARED,
    ArchiveError,
    _data_fields,
    _label,
    _order,
)
from .archive_envelope import map_users, read_envelope, refuse, where
from .archive_rebuild import rebuild
from .archive_rows import (
    BATCH,
    existing_players,
    player_key,
    restore_automatic_times,
    update_many,
)

#: The longest text of a column without a length (a TextField), as the forms allow:
#: a reason 500 characters (:mod:`tournament.text`), any other note 10,000.
TEXT_LIMITS = {
    "scoring.resultversion.reason": REASON_MAX_LENGTH,
    "knockout.bracketmatch.correction_reason": REASON_MAX_LENGTH,
}
OTHER_TEXT_LIMIT = 10_000


def _check_text(label: str, row_id: int, field: models.Field, value: str) -> None:
    """No control character (a NUL is a 500 on PostgreSQL), no text past the forms'."""
    if CONTROL.search(value):
        raise ArchiveError(
            f"{where(label, row_id, field.name)}: a control character (such as NUL)"
        )
    if isinstance(field, models.TextField):
        limit = TEXT_LIMITS.get(f"{label}.{field.name}", OTHER_TEXT_LIMIT)
        if len(value) > limit:
            raise ArchiveError(
                f"{where(label, row_id, field.name)}: {len(value)} characters, "
                f"at most {limit}"
            )


class _Importer:
    """Two passes: every row built and validated (references checked against the
    archive's ids), then inserted model by model (references turned into new keys).
    A refusal therefore comes before anything is written."""

    def __init__(
        self,
        users: dict[int, int],
        slug: str,
        name: str | None,
        ids: dict[Any, set[int]],
    ) -> None:
        self.users = users
        self.slug = slug
        self.name = name
        self.ids = ids
        self.user_model = get_user_model()
        self.pks: dict[Any, dict[int, int]] = {}

    # -- one row -----------------------------------------------------------------

    def build(self, model, fields, row: dict, deferred: set[str]):
        """An unsaved, validated instance of ``row`` (deferred references left out)."""
        label = _label(model)
        unknown = set(row) - set(fields) - {"id"}
        if unknown:
            raise ArchiveError(
                f"{where(label, row['id'])}: unknown fields {sorted(unknown)[:5]}"
            )
        kwargs: dict[str, Any] = {}
        relations: list[str] = []
        for field_name, field in fields.items():
            if field_name not in row or field_name in deferred:
                continue
            value = row[field_name]
            if field.is_relation:
                relations.append(field_name)
                kwargs[field.attname] = self.reference(model, row, field, value)
            else:
                kwargs[field_name] = self.value(label, row["id"], field, value)
        if model is Tournament:
            kwargs["slug"] = self.slug
            kwargs["name"] = self.name or kwargs.get("name")
        obj = model(**kwargs)
        # Its references are archive ids, each checked by ``reference`` to point inside
        # this archive (one tournament): clean() must not look them up as database keys.
        obj._references_trusted = True
        try:
            obj.clean_fields(exclude=relations + sorted(deferred))
            obj.clean()
        except ValidationError as exc:
            raise refuse(label, row["id"], exc) from None
        return obj

    def reference(
        self, model, row: dict, field, value: Any, *, resolve: bool = False
    ) -> int | None:
        """A user's key, or the archive id of the target (its new key if ``resolve``)."""
        label = _label(model)
        if value is None:
            if not field.null:
                raise ArchiveError(
                    f"{where(label, row['id'], field.name)}: a reference is required"
                )
            return None
        if type(value) is not int:
            raise ArchiveError(
                f"{where(label, row['id'], field.name)}: not an archive id ({value!r:.40})"
            )
        if field.related_model is self.user_model:
            if value not in self.users:
                raise ArchiveError(
                    f"{where(label, row['id'], field.name)}: user {value} is not "
                    "in the archive's users"
                )
            return self.users[value]
        if value not in self.ids.get(field.related_model, ()):
            raise ArchiveError(
                f"{label} {row['id']}: {field.name} points to "
                f"{_label(field.related_model)} {value}, not in the archive"
            )
        return self.pks[field.related_model][value] if resolve else value

    @staticmethod
    def value(label: str, row_id: int, field: models.Field, value: Any) -> Any:
        if value is None or isinstance(field, models.JSONField):
            return value
        if isinstance(value, dict | list):
            raise ArchiveError(
                f"{where(label, row_id, field.name)}: a single value is expected"
            )
        if isinstance(value, str):
            _check_text(label, row_id, field, value)
        try:
            return field.to_python(value)
        except ValidationError as exc:
            raise refuse(
                label, row_id, ValidationError({field.name: exc.messages})
            ) from None
        except (TypeError, ValueError, OverflowError, ArithmeticError):
            raise ArchiveError(
                f"{where(label, row_id, field.name)}: not a valid value "
                f"({type(value).__name__} {str(value)[:40]!r})"
            ) from None

    # -- one model ---------------------------------------------------------------

    def prepare(self, model, fields, rows: list[dict], deferred: set[str]):
        """Every row built and validated; the values held back for the deferred step."""
        placeholders = PLACEHOLDERS.get(_label(model), {})
        built, late = [], []
        for row in rows:
            later = {n: row[n] for n in deferred if row.get(n) is not None}
            # Validated with its real values; a placeholder stands in until the
            # deferred references are filled in.
            obj = self.build(model, fields, row, deferred)
            if later:
                for name, value in placeholders.items():
                    later[name] = getattr(obj, fields[name].attname)
                    setattr(obj, fields[name].attname, value)
                late.append((row["id"], later))
            built.append((row, obj))
        return built, late

    def relink(self, model, fields, built, deferred: set[str]) -> None:
        """Turn the archive ids of the references into the new rows' keys."""
        links = [
            (f.attname, self.pks[f.related_model])
            for name, f in fields.items()
            if f.is_relation
            and name not in deferred
            and f.related_model is not self.user_model
        ]
        for _row, obj in built:
            for attname, keys in links:
                value = getattr(obj, attname)
                if value is not None:
                    setattr(obj, attname, keys[value])

    def shared(self, model, built) -> None:
        """Clubs matched by name, players by membership number (or name and club)."""
        self.pks[model] = {}
        if model is Club:
            existing = {}
            for pk, club in Club.objects.order_by("-pk").values_list("pk", "name"):
                existing[club.casefold()] = pk
            keys = [obj.name.casefold() for _, obj in built]
        else:
            existing = existing_players([obj for _, obj in built])
            keys = [player_key(obj) for _, obj in built]
        new: dict[Any, tuple[dict, Any]] = {}
        same: list[tuple[int, Any]] = []  # archive rows that repeat a new row
        for (row, obj), key in zip(built, keys, strict=True):
            if key in existing:
                self.pks[model][row["id"]] = existing[key]
            elif key in new:
                same.append((row["id"], key))
            else:
                new[key] = (row, obj)
        created = self.insert(model, list(new.values()))
        for (key, (row, _obj)), pk in zip(new.items(), created, strict=True):
            self.pks[model][row["id"]] = pk
            existing[key] = pk
        for archive_id, key in same:
            self.pks[model][archive_id] = existing[key]

    def owned(self, model, fields, built) -> None:
        """Insert the rows of one model (their automatic times put back)."""
        self.pks[model] = dict(
            zip((r["id"] for r, _ in built), self.insert(model, built), strict=True)
        )
        restore_automatic_times(model, fields, built)

    def insert(self, model, built: list[tuple[dict, Any]]) -> list[int]:
        """``bulk_create`` in batches; a refused batch is searched for its bad row."""
        if not built:
            return []
        objs = [obj for _, obj in built]
        try:
            with transaction.atomic():
                created = model._default_manager.bulk_create(objs, batch_size=BATCH)
        except (IntegrityError, DatabaseError):
            raise self.culprit(model, built) from None
        return [obj.pk for obj in created]

    def culprit(self, model, built: list[tuple[dict, Any]]) -> ArchiveError:
        """The first row the database refuses, and why (its constraint or field)."""
        label = _label(model)
        for row, obj in built:
            obj.pk = None
            obj._state.adding = True
            try:
                obj.validate_unique()
                obj.validate_constraints()
            except ValidationError as exc:
                return refuse(label, row["id"], exc)
            try:
                with transaction.atomic():
                    model._default_manager.bulk_create([obj])
            except (IntegrityError, DatabaseError) as exc:
                first_line = str(exc).strip().splitlines()[0][:200]
                return ArchiveError(f"{where(label, row['id'])}: {first_line}")
        return ArchiveError(f"{label}: the database refused the rows")

    def fill_deferred(self, model, late: list[tuple[int, dict]]) -> None:
        """The references that close a cycle, with the values held back for them."""
        if not late:
            return
        label = _label(model)
        by_fields: dict[tuple[str, ...], list[list[Any]]] = defaultdict(list)
        for archive_id, values in late:
            names = tuple(sorted(values))
            row = {"id": archive_id}
            params = []
            for field_name in names:
                field = model._meta.get_field(field_name)
                value = values[field_name]
                if field.is_relation:
                    value = self.reference(model, row, field, value, resolve=True)
                params.append(value)
            by_fields[names].append([*params, self.pks[model][archive_id]])
        for names, rows in by_fields.items():
            fields = [model._meta.get_field(n) for n in names]
            try:
                with transaction.atomic():
                    update_many(model, fields, rows)
            except (IntegrityError, DatabaseError) as exc:
                first_line = str(exc).strip().splitlines()[0][:200]
                raise ArchiveError(f"{label}: {first_line}") from None


@transaction.atomic
def import_archive(
    archive: dict[str, Any], *, slug: str | None = None, name: str | None = None
) -> Tournament:
    """Create the archived tournament (optionally under a new slug and name)."""
    users, sections = read_envelope(archive)
    tournament_info = archive.get("tournament")
    archived_slug = (
        tournament_info.get("slug") if isinstance(tournament_info, dict) else None
    )
    slug = slug or archived_slug or sections[Tournament][0].get("slug")
    if not isinstance(slug, str) or not slug:
        raise ArchiveError("tournament: no slug (give one with --slug)")
    if Tournament.objects.filter(slug=slug).exists():
        raise ArchiveError(
            f"a tournament with slug {slug!r} exists already: choose another slug"
        )
    ids = {model: {row["id"] for row in rows} for model, rows in sections.items()}
    importer = _Importer(map_users(users), slug, name, ids)
    ordered, deferred = _order(list(sections))
    prepared = []
    for model in ordered:  # every row validated before anything is written
        fields = {f.name: f for f in _data_fields(model)}
        built, late = importer.prepare(model, fields, sections[model], deferred[model])
        prepared.append((model, fields, built, late))
    for model, fields, built, _late in prepared:
        importer.relink(model, fields, built, deferred[model])
        if _label(model) in SHARED:
            importer.shared(model, built)
        else:
            importer.owned(model, fields, built)
    for model, _fields, _built, late in prepared:
        importer.fill_deferred(model, late)
    tournament_id = sections[Tournament][0]["id"]
    tournament = Tournament.objects.get(pk=importer.pks[Tournament][tournament_id])
    result_ids = {
        pk: archive_id for archive_id, pk in importer.pks.get(TableResult, {}).items()
    }
    rebuild(tournament, result_ids)
    return tournament
