"""An archive's envelope, read as untrusted input before any row is built.

The format and version, the sections (only the models a tournament archive defines;
any other section refuses the whole archive; the derived ones are skipped unread), the
row ids, and the users, who are only
names (:mod:`core.archive_import`). Also the wording of a refusal: one line naming the
model, the row (its archive id) and the field.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError

from tournament.models import Tournament

from .archive import (
    DERIVED,
    FORMAT,
    MOVED,
    SHARED,
    VERSION,
    ArchiveError,
    _label,
    _owned_paths,
)

#: Apps whose rows an archive may never create, whatever it says.
FORBIDDEN_APPS = ("auth", "admin", "sessions", "contenttypes")


def allowed_models() -> dict[str, Any]:
    """label -> model of every model a tournament archive may hold."""
    from django.apps import apps

    found = {_label(m): m for m in _owned_paths()}
    found.update({label: apps.get_model(label) for label in SHARED})
    return {
        label: model
        for label, model in found.items()
        if model._meta.app_label not in FORBIDDEN_APPS
    }


def where(label: str, row_id: Any, field: str | None = None) -> str:
    """How a refusal names its place: the model, the row (archive id), the field."""
    place = f"{label} row {row_id}"
    return f"{place}, field {field}" if field else place


def _messages(error: ValidationError) -> list[tuple[str | None, str]]:
    if hasattr(error, "error_dict"):
        return [
            (name, "; ".join(str(m) for m in ValidationError(errors).messages))
            for name, errors in error.error_dict.items()
        ]
    return [(None, "; ".join(str(m) for m in error.messages))]


def refuse(label: str, row_id: Any, error: ValidationError) -> ArchiveError:
    """The refusal of a row that failed validation: its first message, one line."""
    name, message = _messages(error)[0]
    if name == "__all__":
        name = None
    return ArchiveError(f"{where(label, row_id, name)}: {message}")


def read_envelope(archive: Any) -> tuple[list[dict], dict[Any, list[dict]]]:
    """The users and the rows by model, after checking the archive's structure."""
    if not isinstance(archive, dict) or archive.get("format") != FORMAT:
        raise ArchiveError("not a tournament archive (format is not torneo-archive)")
    if archive.get("version") != VERSION:
        raise ArchiveError(
            f"archive version {archive.get('version')!r} is not supported "
            f"(this site reads version {VERSION})"
        )
    users = archive.get("users", [])
    if not isinstance(users, list) or not all(isinstance(u, dict) for u in users):
        raise ArchiveError("users: a list of {id, username} objects is expected")
    sections = archive.get("models")
    if not isinstance(sections, list):
        raise ArchiveError("models: a list of sections is expected")
    allowed = allowed_models()
    by_model: dict[Any, list[dict]] = {}
    for number, section in enumerate(sections, start=1):
        if not isinstance(section, dict) or not isinstance(section.get("model"), str):
            raise ArchiveError(f"models section {number}: no model name")
        label = section["model"].lower()
        label = MOVED.get(label, label)  # written before the split of issue 29
        if label in DERIVED:
            continue  # rebuilt from the results, never read (core.archive_rebuild)
        model = allowed.get(label)
        if model is None:
            raise ArchiveError(
                f"{section['model'][:80]}: not part of a tournament archive "
                "(only the tournament's own data can be imported)"
            )
        if model in by_model:
            raise ArchiveError(f"{label}: the section is given twice")
        rows = section.get("rows")
        if not isinstance(rows, list):
            raise ArchiveError(f"{label}: rows must be a list")
        seen: set[int] = set()
        for row in rows:
            row_id = row.get("id") if isinstance(row, dict) else None
            if type(row_id) is not int:
                raise ArchiveError(f"{label}: a row without a whole-number id")
            if row_id in seen:
                raise ArchiveError(f"{where(label, row_id)}: the id is given twice")
            seen.add(row_id)
        by_model[model] = rows
    if len(by_model.get(Tournament, [])) != 1:
        raise ArchiveError("tournament.tournament: exactly one row is expected")
    return users, by_model


def map_users(entries: list[dict]) -> dict[int, int]:
    """archive user id -> user pk; a missing user is created, inactive, powerless."""
    user_model = get_user_model()
    username_field = user_model._meta.get_field(user_model.USERNAME_FIELD)
    mapping: dict[int, int] = {}
    for entry in entries:
        user_id, username = entry.get("id"), entry.get("username")
        if type(user_id) is not int or user_id in mapping:
            raise ArchiveError(f"users: id {user_id!r} is not a new whole number")
        if not isinstance(username, str):
            raise ArchiveError(f"users row {user_id}, field username: not a text")
        try:
            username_field.clean(username, None)
        except ValidationError as exc:
            raise ArchiveError(
                f"users row {user_id}, field username: {'; '.join(exc.messages)}"
            ) from None
        user = user_model._default_manager.filter(
            **{user_model.USERNAME_FIELD: username}
        ).first()
        if user is None:
            user = user_model(**{user_model.USERNAME_FIELD: username})
            user.is_active = False
            for flag in ("is_staff", "is_superuser"):
                if hasattr(user, flag):
                    setattr(user, flag, False)
            user.set_unusable_password()
            user.save()
        mapping[user_id] = user.pk
    return mapping
