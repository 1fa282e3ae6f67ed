"""Hall numbers: one table numbering across the gironi that share a room.

Each girone's tables are numbered from 1 (``Table.number``: what the movements, the
score entry and the checks use). With the tournament's ``hall_numbering`` setting, the
players and the table lists see the hall's numbers instead: girone A's tables first,
then girone B's after them, and so on (gironi of the same stage, by label).

A girone's place in the hall is the number of tables the gironi before it use in the
same round (their round of that number; while one is not generated yet, its latest
round's; before any round, half its pairs still in play, rounded up). So a round's
numbers do not move once every girone's round of that number exists.

Every number here is computed, never stored: turning the setting off gives back the
girone numbers everywhere.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from django.db.models import Count, Max, Q

from seating.models import Table
from tournament.models import Girone, Round, Tournament


def _gironi(stage_id: int) -> list[Girone]:
    return list(Girone.objects.filter(stage_id=stage_id).order_by("label"))


def offsets(stage_id: int, round_number: int) -> dict[int, int]:
    """Girone id -> tables before it in the hall, for round ``round_number``."""
    gironi = _gironi(stage_id)
    ids = [g.pk for g in gironi]
    spans = dict(
        Round.objects.filter(girone_id__in=ids, number=round_number)
        .annotate(top=Max("tables__number"))
        .values_list("girone_id", "top")
    )
    missing = [pk for pk in ids if not spans.get(pk)]
    if missing:
        latest: dict[int, int] = {}
        for girone_id, _number, top in (
            Round.objects.filter(girone_id__in=missing)
            .annotate(top=Max("tables__number"))
            .values_list("girone_id", "number", "top")
            .order_by("girone_id", "number")
        ):
            if top:
                latest[girone_id] = top  # the last round's, by number
        pairs = dict(
            Girone.objects.filter(pk__in=missing)
            .annotate(n=Count("pairs", filter=Q(pairs__withdrawn=False)))
            .values_list("pk", "n")
        )
        for pk in missing:
            spans[pk] = latest.get(pk) or (pairs.get(pk, 0) + 1) // 2
    out, before = {}, 0
    for pk in ids:
        out[pk] = before
        before += spans.get(pk) or 0
    return out


def uses_hall(tournament: Tournament) -> bool:
    return bool(tournament.hall_numbering)


def hall_numbers(tables: Iterable[Table]) -> dict[int, int]:
    """Table id -> the number players see (the hall's when the setting is on).

    The tables must come with ``round__girone__stage__tournament`` (select_related).
    """
    tables = list(tables)
    out: dict[int, int] = {}
    wanted: dict[tuple[int, int], list[Table]] = defaultdict(list)
    for table in tables:
        rnd = table.round
        tournament = rnd.girone.stage.tournament
        if uses_hall(tournament):
            wanted[(rnd.girone.stage_id, rnd.number)].append(table)
        else:
            out[table.pk] = table.number
    for (stage_id, number), group in wanted.items():
        before = offsets(stage_id, number)
        for table in group:
            out[table.pk] = before.get(table.round.girone_id, 0) + table.number
    return out


def hall_number(table: Table) -> int:
    """The number players see for one table."""
    return hall_numbers([table])[table.pk]


def hall_round(round_: Round) -> list[Round]:
    """Every girone's round of the same number in the same stage (one hall list)."""
    return list(
        Round.objects.filter(
            girone__stage_id=round_.girone.stage_id, number=round_.number
        )
        .exclude(status=Round.Status.DRAFT)
        .select_related("girone__stage__tournament")
        .order_by("girone__label")
    )
