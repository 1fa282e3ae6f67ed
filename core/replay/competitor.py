"""The competitor a replay registers, seats and ranks: a pair in a pair event, a team in
a team event (docs/rules.md §11).

:func:`of` is the one place in the ``core`` app that chooses by a tournament's format
(``participants.competitors.by_format``; the archive's rebuild needs not: it writes the
team scores of whatever team matches there are; the home page reads
:mod:`public.competitor`). The runner (:mod:`.run`), the output (:mod:`.output`) and
the export (:mod:`.export`) read what differs from the :class:`Competitor` it gives: how the file's
competitors are registered and withdrawn (the runner's own steps for each), who rests
in a round, the stored standings' rows and the key a row names its competitor by, the
team matches a round lists, and which export writes the file (a team event's has its
teams, line-ups and team matches: version 2). The rest is one code for both.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from participants.competitors import by_format
from seating.models import Table, TeamMatch
from tournament.models import Round, Tournament


@dataclass(frozen=True)
class Competitor:
    #: "pair" / "team": the key a standings row of the output names it by.
    noun: str
    #: The competitor's number in one of its stored rows (read alike for both
    #: formats: ``standings.services.read``).
    number: Callable[[Any], int]
    #: The numbers resting in a round, sorted.
    resting: Callable[[Round], list[int]]
    #: Round id -> its team matches (A, B numbers; B None: A rests), of these rounds;
    #: None: the output lists no matches.
    matches: Callable[[list[Round]], dict[int, list[tuple[int, int | None]]]] | None
    #: The runner's steps (:class:`.run.Runner`): register the file's competitors,
    #: and a withdrawal, a return or a late entry before a round.
    register: Callable[[Any], None]
    before: Callable[[Any, str, str, Any], None]
    #: Which export writes the file: ``export(tournament, Export)``.
    export: Callable[[Tournament, Any], Any]


def _resting_pairs(round_: Round) -> list[int]:
    return sorted(
        Table.objects.filter(round=round_, pair_ew__isnull=True).values_list(
            "pair_ns__number", flat=True
        )
    )


def _resting_teams(round_: Round) -> list[int]:
    return sorted(
        TeamMatch.objects.filter(round=round_, team_b__isnull=True).values_list(
            "team_a__number", flat=True
        )
    )


def _matches(rounds: list[Round]) -> dict[int, list[tuple[int, int | None]]]:
    found: dict[int, list[tuple[int, int | None]]] = {}
    for round_id, a, b in (
        TeamMatch.objects.filter(round__in=rounds)
        .order_by("round_id", "number")
        .values_list("round_id", "team_a__number", "team_b__number")
    ):
        found.setdefault(round_id, []).append((a, b))
    return found


def _export_pairs(tournament: Tournament, export_class: Any) -> Any:
    from .export import export_pairs

    return export_pairs(tournament, export_class)


def _export_teams(tournament: Tournament, export_class: Any) -> Any:
    from .export_teams import export_teams

    return export_teams(tournament, export_class)


PAIRS = Competitor(
    noun="pair",
    number=lambda row: row.pair_number,
    resting=_resting_pairs,
    matches=None,
    register=lambda runner: runner.register_pairs(),
    before=lambda runner, path, kind, value: runner.pair_event(path, kind, value),
    export=_export_pairs,
)

TEAMS = Competitor(
    noun="team",
    number=lambda row: row.team_number,
    resting=_resting_teams,
    matches=_matches,
    register=lambda runner: runner.register_teams(),
    before=lambda runner, path, kind, value: runner.team_event(path, kind, value),
    export=_export_teams,
)


def of(tournament: Tournament) -> Competitor:
    """The competitor of ``tournament``: its teams in a team event, else its pairs.

    The replay's values of the two formats, chosen where the code asks the format
    (``participants.competitors.by_format``; see the module's docstring).
    """
    return by_format(tournament, PAIRS, TEAMS)
