"""Pairs or teams: what a tabellone of each format truly differs in.

A tabellone qualifies, seeds, draws and advances its entrants the same way whether they
are pairs or teams (docs/rules.md §11): the qualifiers are read from the stored
standings of the tournament's competitors (``standings.services.competitors``), the
rules (``rules.knockout``) see only ids. What differs is gathered here:

- the columns an entry and a match keep them in (``pair`` / ``team``, ``pair_a`` /
  ``team_a`` ...: the models keep both, one of them empty);
- a team match is played over two tables of ``best_of`` smazzate each and decided by
  the MP of both (``decide._decide_burraco``): the two-table form and its bounds;
- the words that name them ("pairs", "teams").

:func:`entrants_of` is the one place the tabellone chooses by a tournament's format
(``participants.competitors.by_format``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import models
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from participants.competitors import by_format
from participants.models import Pair, Team
from tournament.models import Tournament


@dataclass(frozen=True)
class Entrants:
    """How a tabellone stores and names one format's entrants."""

    model: type[models.Model]  # Pair or Team
    entry_field: str  # the Entry's column
    #: The match's columns: side a, side b, winner.
    match_fields: tuple[str, str, str]
    row_field: str  # the competitor's id in a standings row (Row, TeamRow)
    #: Teams: a match is played over two tables (its form, its bounds, its decision)
    #: and the director's forms and pages name teams.
    teams: bool
    tables: int  # the tables a match is played at (its smazzate: best_of at each)
    match_not_over: Promise  # fewer smazzate typed than the match has
    level_mp: Promise  # the MP level: who made the last move must be said
    not_known: Promise  # the flag note's word for a side not known yet
    sides_unknown: Promise  # a match whose sides are not known yet
    #: A tie at the cut with no stored note: placed by the chain, or by the lot.
    level_by_chain: Promise
    level_by_lot: Promise


PAIRS = Entrants(
    model=Pair,
    entry_field="pair",
    match_fields=("pair_a", "pair_b", "winner"),
    row_field="pair_id",
    teams=False,
    tables=1,
    match_not_over=_("%(n)s of %(total)s smazzate entered: the match is not over."),
    level_mp=_(
        "The MP are level (%(mp)s): say which line made the last move of the "
        "last smazzata (it loses)."
    ),
    not_known=_("a pair not known yet"),
    sides_unknown=_(
        "%(match)s: its pairs are not known yet, no result can be entered."
    ),
    level_by_chain=_(
        "Pairs %(pairs)s are level on points (%(points)s): placed by the tie-break "
        "chain of the standings (direct match, classifica avulsa, differences)."
    ),
    level_by_lot=_(
        "Pairs %(pairs)s are level on points (%(points)s): the tie-break chain of "
        "the standings ended with the lot."
    ),
)

TEAMS = Entrants(
    model=Team,
    entry_field="team",
    match_fields=("team_a", "team_b", "winner_team"),
    row_field="team_id",
    teams=True,
    tables=2,
    match_not_over=_(
        "%(n)s of %(total)s smazzate entered (%(each)s at each of the two "
        "tables): the match is not over."
    ),
    level_mp=_(
        "The teams' MP are level (%(mp)s): say which team made the last move "
        "of the last smazzata (it loses)."
    ),
    not_known=_("a team not known yet"),
    sides_unknown=_(
        "%(match)s: its teams are not known yet, no result can be entered."
    ),
    level_by_chain=_(
        "Teams %(teams)s are level on points (%(points)s): placed by the "
        "tie-break chain of the standings (direct match, classifica avulsa, "
        "differences)."
    ),
    level_by_lot=_(
        "Teams %(teams)s are level on points (%(points)s): the tie-break "
        "chain of the standings ended with the lot."
    ),
)


def entrants_of(tournament: Tournament) -> Entrants:
    """Pairs, or teams in a team tournament: the tabellone's values of the two formats
    (its qualifiers are the standings' competitors), chosen where the code asks the
    format (``participants.competitors.by_format``)."""
    return by_format(tournament, PAIRS, TEAMS)
