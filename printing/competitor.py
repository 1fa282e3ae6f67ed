"""The competitor the printed documents show: a pair in a pair event, a team in a team
event (docs/rules.md §11).

:func:`of` is the one place in ``printing`` that chooses by a tournament's format
(through ``participants.competitors.by_format``). The documents (standings, score
cards, the team sheets), the views and their templates read what differs from the
:class:`Competitor` it gives: the stored standings' rows and how a row names its
competitor, the columns' headings, the per-round documents of its own (a team match's
sheet, the line-ups) and whether a prize list is drawn up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from participants.competitors import by_format
from tournament.models import Tournament


@dataclass(frozen=True)
class Competitor:
    label: Promise  # "Pair" / "Team": the prize list's column
    #: The standings' two columns: its number's ("Pair" / "No.") and its names'.
    number_label: Promise
    names_label: Promise
    no_rows: Promise  # "No pair in these standings yet."
    #: (number, names) of one of its stored rows (read alike for both formats:
    #: ``standings.services.read``) and its note of when the competitor entered or
    #: withdrew (docs/rules.md §8: pairs).
    rank: Callable[[Any], tuple[int, str]]
    attendance: Callable[[Any], str]
    #: The kinds of per-round documents of this competitor only (beside the table
    #: list and the score cards).
    round_documents: tuple[str, ...]
    #: Whether a concluded event has a prize list (a team event's are not drawn up).
    prizes: bool


PAIRS = Competitor(
    label=_("Pair"),
    number_label=_("Pair"),
    names_label=_("Players"),
    no_rows=_("No pair in these standings yet."),
    rank=lambda row: (row.pair_number, row.players),
    attendance=lambda row: row.attendance,
    round_documents=(),
    prizes=True,
)

TEAMS = Competitor(
    label=_("Team"),
    number_label=_("No."),
    names_label=_("Team"),
    no_rows=_("No team in these standings yet."),
    rank=lambda row: (row.team_number, row.name),
    attendance=lambda row: "",
    round_documents=("teammatches", "lineups"),
    prizes=False,
)


def of(tournament: Tournament) -> Competitor:
    """The competitor of ``tournament``: its teams in a team event, else its pairs.

    Printing's values of the two formats, chosen where the code asks the format
    (``participants.competitors.by_format``; see the module's docstring).
    """
    return by_format(tournament, PAIRS, TEAMS)
