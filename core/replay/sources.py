"""What an export reads of a tournament, pairs or teams alike (:mod:`.export`).

The gironi of its groups stage, the rounds played in them (drafts left out), and the
result that counts now of each of their tables; what the format cannot say is added
to the export's notes, in words, in the order the file's reader meets it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext as _

from scoring.models import ResultVersion, TableResult
from standings.models import StandingsConfig
from tournament.models import Girone, Round, Stage, Tournament

from .format import VERSION


def groups_gironi(tournament: Tournament, notes: list[str]) -> list[Girone]:
    """The gironi of the first groups stage; a later phase is a note."""
    stage = (
        Stage.objects.filter(tournament=tournament, kind=Stage.Kind.GROUPS)
        .order_by("order")
        .first()
    )
    gironi = list(Girone.objects.filter(stage=stage).order_by("label")) if stage else []
    later = Stage.objects.filter(tournament=tournament).exclude(
        pk=getattr(stage, "pk", None)
    )
    for other in later.order_by("order"):
        notes.append(
            _(
                "The phase “%(stage)s” is left out: version %(version)s of the format "
                "covers the gironi only."
            )
            % {"stage": other, "version": VERSION}
        )
    return gironi


def decision_notes(tournament: Tournament) -> list[str]:
    """The note on the referee's decisions on ties, if there are some."""
    config = StandingsConfig.objects.filter(tournament=tournament).first()
    if config is not None and config.decisions:
        return [
            _("The referee's decisions on ties are left out: the lot decides instead.")
        ]
    return []


def played_rounds(gironi: list[Girone], notes: list[str]) -> list[Round]:
    """The rounds of ``gironi`` that are not drafts, by girone and number; a draft
    is a note."""
    played = list(
        Round.objects.filter(girone__in=gironi)
        .exclude(status=Round.Status.DRAFT)
        .select_related("girone")
        .order_by("girone__label", "number")
    )
    for draft in Round.objects.filter(girone__in=gironi, status=Round.Status.DRAFT):
        notes.append(
            _("Round %(number)s of %(girone)s is a draft: left out.")
            % {"number": draft.number, "girone": draft.girone}
        )
    return played


def rounds_by_girone(played: list[Round]) -> dict[str, list[Round]]:
    """The played rounds of each girone's label, in order."""
    by_girone: dict[str, list[Round]] = defaultdict(list)
    for round_ in played:
        by_girone[round_.girone.label].append(round_)
    return by_girone


def by_round(found: QuerySet[Any]) -> dict[int, list[Any]]:
    """``found``'s rows (a played round's tables, its team matches) by round id, in
    number order."""
    grouped: dict[int, list[Any]] = defaultdict(list)
    for row in found.order_by("number"):
        grouped[row.round_id].append(row)
    return grouped


def current_results(played: list[Round]) -> dict[int, ResultVersion]:
    """The version that counts now of each confirmed table's result, by table id."""
    return {
        r.table_id: r.current
        for r in TableResult.objects.filter(
            round__in=played, status=TableResult.Status.CONFIRMED
        )
        .select_related("current")
        .prefetch_related("current__hands", "current__games")
    }


@dataclass(frozen=True)
class Played:
    """What an export of pairs or of teams reads first: the notes so far, the gironi,
    the played rounds (by girone's label) and each table's result that counts."""

    notes: list[str]
    gironi: list[Girone]
    rounds: list[Round]
    by_girone: dict[str, list[Round]]
    current: dict[int, ResultVersion]

    def entries(self, keys: Sequence[str]) -> list[dict[str, Any]]:
        """A blank entry with ``keys`` (in the file's order) for each round and one
        after the last: "before", "lineups" and "results" lists, "open" a set of
        labels, the others dicts by girone's label."""
        count = max((len(r) for r in self.by_girone.values()), default=0)
        return [{key: _blank(key) for key in keys} for _ in range(count + 1)]


def _blank(key: str) -> Any:
    if key == "open":
        return set()
    return [] if key in ("before", "lineups", "results") else {}


def played(tournament: Tournament, competitors: Sequence[Any], left_out: str) -> Played:
    """The gironi and played rounds of ``tournament``; its ``competitors`` (pairs,
    teams) in no girone are a note each (``left_out``, with their ``number``)."""
    notes: list[str] = []
    gironi = groups_gironi(tournament, notes)
    labelled = {g.pk for g in gironi}
    notes += [
        left_out % {"number": c.number}
        for c in competitors
        if c.girone_id not in labelled
    ]
    notes += decision_notes(tournament)
    rounds = played_rounds(gironi, notes)
    return Played(
        notes, gironi, rounds, rounds_by_girone(rounds), current_results(rounds)
    )
