"""The director's audit log: result versions and the history of pairs, rounds, tables.

Result history is the :class:`~scoring.models.ResultVersion` rows themselves (every
submission, who and when, before and after through ``supersedes``). The tournament
models keep their own history through django-simple-history; here each historical
record is compared with the previous record of the same object, so a row says what
changed, in words ("Stato: Pubblicato → Chiuso", never the field's or the value's code).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.utils.formats import date_format, number_format
from django.utils.text import capfirst
from django.utils.timezone import localtime
from django.utils.translation import gettext as _

from participants.models import Pair
from seating.models import Table
from seating.services.gironi import SPLIT_REASON
from tournament.models import Girone, Round, Tournament
from tournament.services.movement_words import movement_label

from ..models import ResultVersion

#: Fields of the historical records that are bookkeeping, not content.
_SKIP = {
    "history_id",
    "history_date",
    "history_change_reason",
    "history_type",
    "history_user",
    "history_user_id",
    "id",
    # The log is one tournament's: naming it on every row says nothing.
    "tournament",
    "tournament_id",
}


@dataclass(frozen=True)
class HistoryRow:
    """One change of a tournament object, for the log page."""

    when: datetime
    who: str
    model: str
    object: str
    action: str
    changes: str


def result_versions(tournament: Tournament, limit: int = 500) -> list[ResultVersion]:
    """The latest result versions of a tournament, newest first."""
    return list(
        ResultVersion.objects.filter(
            result__round__girone__stage__tournament=tournament
        )
        .select_related(
            "result__table__round__girone",
            "entered_by",
            "confirmed_by",
            "supersedes",
        )
        .order_by("-entered_at", "-pk")[:limit]
    )


def several_gironi(tournament: Tournament) -> bool:
    """Whether the log must say each row's girone (round 2's table 3 is in several)."""
    return (
        Girone.objects.filter(stage__tournament=tournament)
        .values("label")
        .distinct()
        .count()
        > 1
    )


def history_rows(tournament: Tournament, limit: int = 500) -> list[HistoryRow]:
    """Changes of the tournament's pairs, rounds and tables, newest first."""
    round_ids = list(
        Round.objects.filter(girone__stage__tournament=tournament).values_list(
            "id", flat=True
        )
    )
    rounds = {
        pk: (number, label)
        for pk, number, label in Round.objects.filter(id__in=round_ids).values_list(
            "id", "number", "girone__label"
        )
    }
    # With several gironi, every round and table says its girone ("T2 tav. 3" twice
    # would be ambiguous).
    several = several_gironi(tournament)
    labels = dict(
        Girone.objects.filter(stage__tournament=tournament).values_list("id", "label")
    )

    def in_girone(text: str, label: str | None) -> str:
        if not several or label is None:
            return text
        return _("%(what)s, girone %(girone)s") % {"what": text, "girone": label}

    def pair_name(r: Any) -> str:
        return _("Pair %(n)s") % {"n": r.number}

    def round_name(r: Any) -> str:
        return in_girone(_("Round %(n)s") % {"n": r.number}, labels.get(r.girone_id))

    def table_name(r: Any) -> str:
        number, label = rounds.get(r.round_id, ("?", None))
        return in_girone(
            _("Table %(n)s, round %(r)s") % {"n": r.number, "r": number}, label
        )

    sources: list[tuple[str, Any, Any]] = [
        (_("Pair"), Pair.history.filter(tournament_id=tournament.pk), pair_name),
        (_("Round"), Round.history.filter(id__in=round_ids), round_name),
        (_("Table"), Table.history.filter(round_id__in=round_ids), table_name),
    ]
    rows: list[HistoryRow] = []
    for label, records, name in sources:
        rows.extend(_diff_records(label, records.select_related("history_user"), name))
    rows.sort(key=lambda r: r.when, reverse=True)
    return rows[:limit]


class _Values:
    """A historical record's fields in words: the field's label, a choice's label,
    yes/no, a local date and time, the name of the object a key points to (never a
    code value or a raw id: issue 17 §6)."""

    def __init__(self) -> None:
        self._names: dict[tuple[type, object], str] = {}

    def label(self, field: Any) -> str:
        return capfirst(str(field.verbose_name))

    def value(self, record: Any, field: Any) -> str:
        value = getattr(record, field.attname)
        if value is None or value == "":
            return "—"
        if field.choices:
            return str(dict(field.flatchoices).get(value, value))
        if field.name == "movement":  # a round's movement: its label, not its code
            return movement_label(str(value))
        if isinstance(value, bool):
            return str(_("yes") if value else _("no"))
        if isinstance(value, datetime):
            return date_format(localtime(value), "SHORT_DATETIME_FORMAT")
        if field.is_relation and field.related_model is not None:
            return self._name(field.related_model, value)
        if isinstance(value, int):
            return number_format(value)
        return str(value)

    def _name(self, model: type, pk: object) -> str:
        key = (model, pk)
        if key not in self._names:
            obj = model._default_manager.filter(pk=pk).first()  # type: ignore[attr-defined]
            self._names[key] = str(obj) if obj is not None else "—"
        return self._names[key]


def _diff_records(label: str, records: Iterable[Any], name: Any) -> list[HistoryRow]:
    previous: dict[int, Any] = {}
    rows = []
    actions = {"+": _("created"), "~": _("changed"), "-": _("deleted")}
    words = _Values()
    for record in sorted(records, key=lambda r: (r.id, r.history_date, r.history_id)):
        fields = [
            f
            for f in record._meta.fields
            if f.attname not in _SKIP and f.name not in _SKIP
        ]
        before = previous.get(record.id)
        if before is None:
            changes = ", ".join(
                f"{words.label(f)}: {words.value(record, f)}"
                for f in fields
                if getattr(record, f.attname) not in (None, "")
            )
        else:
            changes = ", ".join(
                f"{words.label(f)}: {words.value(before, f)} → {words.value(record, f)}"
                for f in fields
                if getattr(before, f.attname) != getattr(record, f.attname)
            )
        previous[record.id] = record
        how = split_words(getattr(record, "history_change_reason", None) or "")
        if how:
            changes = f"{changes} ({how})"
        user = record.history_user
        rows.append(
            HistoryRow(
                when=record.history_date,
                who=user.get_username() if user else "—",
                model=label,
                object=name(record),
                action=str(actions.get(record.history_type, record.history_type)),
                changes=changes or "—",
            )
        )
    return rows


def split_words(reason: str) -> str:
    """A split's change reason (``gironi:random:121860940``) in words; "" otherwise."""
    if not reason.startswith(SPLIT_REASON):
        return ""
    method, _sep, seed = reason.removeprefix(SPLIT_REASON).partition(":")
    if method == "random":
        return _("gironi by draw, seed %(seed)s") % {"seed": seed}
    if method == "manual":
        return _("gironi made by hand")
    return _("gironi by seeding (snake)")
