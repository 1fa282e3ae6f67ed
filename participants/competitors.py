"""One competitor: a pair in a pair event, a team in a team event (issue 29).

The pages and services that list, count, register, withdraw, split into gironi or
seat "the competitors" do not ask which format an event is played in: they take the
event's :class:`Competitors` from :func:`competitors_of` and use what it holds. That
function is the one place the participants app asks the question, and the apps above
(seating, draw, the director's pages) ask it through it: what differs between the two
formats is here as data (the model, the pages, the words), never as a branch.

What truly differs stays in its own code: a team's roster and its pairs
(:mod:`participants.services.teams`), its line-ups and the two tables of its match
(``seating.services.team_rounds``, ``draw.services.lineups``).

The words are the messages the two formats said before (the same msgids, lazily
translated); the few a team never needed before (placing teams by hand) are new.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from participants.models import Pair, Team
from tournament.models import Girone, Tournament

__all__ = [
    "PAIRS",
    "TEAMS",
    "Competitors",
    "Words",
    "by_format",
    "competitors_of",
    "kind_of",
]


@dataclass(frozen=True)
class Words:
    """How the pages and messages name a format's competitor.

    Texts with ``%(number)s`` (and others) are lazy strings to fill with ``%``; the
    counted ones are :func:`ngettext_lazy` on their ``n`` (``words.count % {"n": 3}``).
    """

    singular: Promise  # a column's head: "Pair" / "Team"
    plural: Promise  # the register page's tab: "Pairs" / "Teams"
    count: Promise  # "3 pairs"
    registered: Promise  # "3 pairs registered"
    registered_as: Promise  # "Pair 7 registered: Rossi – Bianchi." (names, or name)
    imported: Promise  # "%(count)s pairs imported."
    withdrawn_done: Promise  # "Pair 7 withdrawn: ..."
    reinstated: Promise
    already_withdrawn: Promise
    not_withdrawn: Promise
    club_clash: Promise  # "These pairs share a girone ...": %(pairs)s, or %(teams)s
    avoid_clubs: Promise  # the gironi form's checkbox
    split_title: Promise  # "Split the pairs into gironi"
    by_hand: Promise  # the gironi page's grid: "By hand: the girone of each pair"
    register: Promise  # the dashboard's first step
    import_csv: Promise  # and its other way
    #: The step for those registered once the rounds have begun (a late pair joins a
    #: girone from the pairs page; a team joins none: None, the gironi page says why).
    late_join: Promise | None
    girone_of: Promise  # one field of it: "Girone of pair %(n)s"
    withdraw: Promise  # the withdrawal's page: "Withdraw pair %(n)s"
    withdraw_asked: Promise  # "... (%(names)s)?"
    withdraw_sure: Promise  # its confirmation box


@dataclass(frozen=True, eq=False)  # two of them, compared (and hashed) as themselves
class Competitors:
    """What one format's competitor is, for the code above the models.

    ``related_name`` is the reverse name on :class:`~tournament.models.Tournament` and
    :class:`~tournament.models.Girone` (``tournament.pairs``, ``girone.teams``);
    ``page`` and ``import_page`` the URL names of the register and import pages,
    ``withdraw_page`` of the withdrawal. ``seated_at``: where a round seats one, at a
    table's two lines (a pair) or on a match's two sides (a team, whose match is two
    tables: the one place the two-table structure shows here). ``pages_alone``: a
    change to one of them rewrites its own published pages (a pair), or the
    tournament's (a team, whose name stands on its pairs' pages and its matches).
    """

    model: type[Pair] | type[Team]
    related_name: str
    select: tuple[str, ...]  # what a list of them shows (select_related)
    page: str
    import_page: str
    withdraw_page: str
    prefetch: tuple[str, ...]  # and what its register page lists (prefetch_related)
    seated_at: tuple[str, str]  # a Round's lookups of its two sides (a table, a match)
    pages_alone: bool
    first_gironi: int  # what the gironi page offers first: a team event is one, often
    words: Words

    def of(self, owner: Tournament | Girone) -> QuerySet:
        """The competitors of a tournament or of a girone."""
        manager = getattr(owner, self.related_name)
        return manager.select_related(*self.select).order_by("number")


#: What a pair event's and a team event's competitors are, side by side: each field of
#: :class:`Competitors` (then of :class:`Words`) as (the pairs', the teams').
_FIELDS: dict[str, tuple[Any, Any]] = {
    "model": (Pair, Team),
    "related_name": ("pairs", "teams"),
    "select": (("player1", "player2", "club", "girone"), ("club", "captain", "girone")),
    "page": ("tournament:pairs", "tournament:teams"),
    "import_page": ("tournament:import", "tournament:import_teams"),
    "withdraw_page": ("tournament:withdraw", "tournament:withdraw_team"),
    "prefetch": ((), ("members__player",)),
    "seated_at": (
        ("tables__pair_ns", "tables__pair_ew"),
        ("team_matches__team_a", "team_matches__team_b"),
    ),
    "pages_alone": (True, False),
    "first_gironi": (2, 1),
}

_WORDS: dict[str, tuple[Promise, Promise | None]] = {
    "singular": (_("Pair"), _("Team")),
    "plural": (_("Pairs"), _("Teams")),
    "count": (
        ngettext_lazy("%(n)s pair", "%(n)s pairs", "n"),
        ngettext_lazy("%(n)s team", "%(n)s teams", "n"),
    ),
    "registered": (
        ngettext_lazy("%(n)s pair registered", "%(n)s pairs registered", "n"),
        ngettext_lazy("%(n)s team registered", "%(n)s teams registered", "n"),
    ),
    "registered_as": (
        _("Pair %(number)s registered: %(names)s."),
        _("Team %(number)s registered: %(name)s."),
    ),
    "imported": (
        ngettext_lazy("%(count)s pair imported.", "%(count)s pairs imported.", "count"),
        _("%(count)s teams imported."),
    ),
    "withdrawn_done": (
        _("Pair %(number)s withdrawn: it sits in no later round."),
        _("Team %(number)s withdrawn: it meets nobody in later rounds."),
    ),
    "reinstated": (
        _("Pair %(number)s reinstated."),
        _("Team %(number)s reinstated."),
    ),
    "already_withdrawn": (
        _("Pair %(number)s is already withdrawn."),
        _("Team %(number)s is already withdrawn."),
    ),
    "not_withdrawn": (
        _("Pair %(number)s is not withdrawn."),
        _("Team %(number)s is not withdrawn."),
    ),
    "club_clash": (
        _("These pairs share a girone with a pair of their club: %(pairs)s."),
        _("These teams share a girone with a team of their club: %(teams)s."),
    ),
    "avoid_clubs": (
        _("Keep pairs of the same club in different gironi"),
        _("Keep teams of the same club in different gironi"),
    ),
    "split_title": (
        _("Split the pairs into gironi"),
        _("Split the teams into gironi"),
    ),
    "by_hand": (
        _("By hand: the girone of each pair"),
        _("By hand: the girone of each team"),
    ),
    "girone_of": (_("Girone of pair %(n)s"), _("Girone of team %(n)s")),
    "register": (_("Register the pairs"), _("Register the teams")),
    "import_csv": (
        _("Import pairs from a CSV file"),
        _("Import teams from a CSV file"),
    ),
    "late_join": (_("Put the pairs without a girone into one (pairs page)"), None),
    "withdraw": (_("Withdraw pair %(n)s"), _("Withdraw team %(n)s")),
    "withdraw_asked": (
        _("Withdraw pair %(n)s (%(names)s)?"),
        _("Withdraw team %(n)s (%(names)s)?"),
    ),
    "withdraw_sure": (
        _("Yes, pair %(n)s withdraws from the tournament."),
        _("Yes, team %(n)s withdraws from the tournament."),
    ),
}


def _side(side: int) -> Competitors:
    words = Words(**{name: texts[side] for name, texts in _WORDS.items()})
    return Competitors(
        **{name: values[side] for name, values in _FIELDS.items()}, words=words
    )


PAIRS = _side(0)
TEAMS = _side(1)


def by_format[T](tournament: Tournament, pairs: T, teams: T) -> T:
    """``teams`` in a team tournament, else ``pairs``.

    The one place the code asks whether an event is of teams (``Tournament.is_teams``):
    each app keeps what differs between the two formats as two values side by side
    (this module's :data:`PAIRS` and :data:`TEAMS`; the standings', the tabellone's,
    the public site's, printing's and the replay's own) and picks its value here.
    """
    return teams if tournament.is_teams else pairs


def competitors_of(tournament: Tournament) -> Competitors:
    """The competitor of the event: its teams in a team tournament, else its pairs.

    What the participants app, seating, the draw and the director's pages read
    instead of asking the format: everything else reads the answer's data.
    """
    return by_format(tournament, PAIRS, TEAMS)


def kind_of(competitor: Pair | Team) -> Competitors:
    """The format of one competitor's row (the answer :func:`competitors_of` gives for
    its tournament, read from the row's model)."""
    return TEAMS if isinstance(competitor, Team) else PAIRS
