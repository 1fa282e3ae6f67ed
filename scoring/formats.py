"""Where scoring differs in a team tournament: its tables are played in team matches.

A table is scored the same way in both formats (its sheet, its MP and VP, the PairScore
rows of its two pairs). In a team tournament two tables make a team match
(docs/rules.md §11): the match's result is converted from both tables
(:func:`scoring.services.teams.write_team_scores`, the two-table conversion) and shown
on the entry cards and the round's recap. :func:`in_team_matches` is the one place
scoring chooses by a tournament's format (``participants.competitors.by_format``), so
that a pair event never looks for team matches (a save of a table is the hot path: no
query for what cannot exist).
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from participants.competitors import by_format
from tournament.models import Tournament


def in_team_matches(tournament: Tournament) -> bool:
    """Whether the tournament's tables are played in team matches (a team event)."""
    return by_format(tournament, False, True)


def rest_reason(tournament: Tournament) -> str:
    """The reason a rest's sheet is given: an odd number of pairs, or of teams."""
    if in_team_matches(tournament):
        return _("Rest (odd number of teams)")
    return _("Rest (odd number of pairs)")
