"""The competitor the public site shows: a pair in a pair event, a team in a team event
(docs/rules.md §11).

:func:`of` is the one place in ``public`` that chooses by a tournament's format (through
``participants.competitors.by_format``). The page
builders (:mod:`public.pages`), the venue screen, the publisher (:mod:`public.entries`)
and the API call it and read what differs from the :class:`Competitor` it gives: how a
competitor is found by number or name, where it plays now (a table, or a team match
over two tables) and the template that shows it, the rows of its standings, the API
answers of its own. Everything else is one code for both formats: a page does not ask
the format, it reads its competitor.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from participants.competitors import by_format
from tournament.models import Tournament

from . import services, teams
from .search import Search


@dataclass(frozen=True)
class Competitor:
    #: "pair" / "team": its page's URL name (``public:<noun>``), its API's answers.
    noun: str
    label: Promise  # "Pair" / "Team", a column's heading
    names_label: Promise  # what its names are: "Players" / "Name"
    placeholder: Promise  # what "Dove gioco?" asks for
    #: "Pairs found: %(n)s. Choose yours." (``n``: how many the search found)
    found_text: Promise
    find: Callable[[Tournament, str], Search]
    #: What "Dove gioco?" says of a withdrawn one.
    withdrawn_note: Promise
    #: Where one competitor plays now (None: no released round), and the template
    #: that shows it (``current`` in its context).
    current: Callable[[Any], Any]
    current_template: str
    #: Its names in a list of found competitors (a pair: its players' full names).
    card_names: Callable[[Any], str]
    #: Its standings (the stored rows are read alike: ``standings.services.read``): the
    #: headings of its number and names (``public/_standings_tables.html``), and what a
    #: table ranked by the average says (None: the game's words, per round).
    standings_headings: tuple[Promise, Promise]
    average_note: Promise | None
    #: (number, names) of one of its standings rows, and the row's note of when the
    #: competitor entered or withdrew (docs/rules.md §8: pairs; "" for a team).
    rank: Callable[[Any], tuple[int, str]]
    attendance: Callable[[Any], str]
    #: The API's answer of a round's seating: ``/rounds/{id}/<round_api>``.
    round_api: str
    #: The tournament's API answers of this competitor only (beside the common ones).
    own_api: tuple[str, ...]
    #: The URL name of the page of what each pair brought its team ("": none).
    butler_page: str
    #: Whether a concluded event has a prize list (a team event's are not drawn up).
    prizes: bool
    #: Whether a list of tournaments names the format (pairs, the usual, are not).
    named_format: bool

    @property
    def page(self) -> str:
        """The URL name of one competitor's page (its number the last argument)."""
        return f"public:{self.noun}"


def _current_match(team: Any) -> Any:
    matches = teams.team_matches(team)
    return matches[-1] if matches else None


PAIRS = Competitor(
    noun="pair",
    label=_("Pair"),
    names_label=_("Players"),
    placeholder=_("Pair no. or surname"),
    found_text=_("Pairs found: %(n)s. Choose yours."),
    withdrawn_note=_("This pair has withdrawn: it plays no further round."),
    find=services.find_pairs,
    current=services.current_seat,
    current_template="public/includes/_seat.html",
    card_names=lambda pair: f"{pair.player1} – {pair.player2}",
    standings_headings=(_("Pair"), _("Players")),
    average_note=None,
    rank=lambda row: (row.pair_number, row.players),
    attendance=lambda row: row.attendance,
    round_api="tables",
    own_api=(),
    butler_page="",
    prizes=True,
    named_format=False,
)

TEAMS = Competitor(
    noun="team",
    label=_("Team"),
    names_label=_("Name"),
    placeholder=_("Team no., name or surname"),
    found_text=_("Teams found: %(n)s. Choose yours."),
    withdrawn_note=_("This team has withdrawn: it plays no further round."),
    find=teams.find_teams,
    current=_current_match,
    current_template="public/includes/_team_match.html",
    card_names=lambda team: team.name,
    standings_headings=(_("No."), _("Team")),
    average_note=_("ranked by VP per match: the gironi differ in size"),
    rank=lambda row: (row.team_number, row.name),
    attendance=lambda row: "",
    round_api="matches",
    own_api=("/teams", "/team-standings"),
    butler_page="public:team_pairs",
    prizes=False,
    named_format=True,
)


def of(tournament: Tournament) -> Competitor:
    """The competitor of ``tournament``: its teams in a team event, else its pairs.

    The public site's values of the two formats, chosen where the code asks the format
    (``participants.competitors.by_format``; see the module's docstring).
    """
    return by_format(tournament, PAIRS, TEAMS)
