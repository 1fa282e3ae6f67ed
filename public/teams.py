"""What the public site shows of a team tournament (docs/rules.md §11): where a team
plays, its matches and results, found by team number, team name or a player's surname.

The one visibility rule of the pair pages (:mod:`tournament.visibility`): a match is shown
only when its round's tables are public, its result only when the round's results are.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from participants.models import Pair, Team, TeamMember
from people.search import query_words
from seating.models import Table, TeamMatch
from tournament import visibility
from tournament.models import Round, Tournament

from .search import Search, SearchTexts, search

TEAM_TEXTS = SearchTexts(
    _("Type your team number, its name or a surname."),
    _("No team has number %(number)s in this tournament (teams: 1–%(last)s)."),
    _('No team or player named "%(name)s" in this tournament.'),
)


def find_teams(tournament: Tournament, query: str) -> Search:
    """A team by number, by (part of) its name or a roster player's name.

    As for pairs (:func:`public.services.find_pairs`, the same
    :func:`public.search.search`): players' names are compared folded
    (``dangelo`` finds "D'Angelo").
    """
    teams = Team.objects.filter(tournament=tournament).select_related("club")

    def by_name(query: str) -> list[Team]:
        by_player = TeamMember.objects.filter(tournament=tournament)
        folded = query_words(query)
        for word in folded:
            by_player = by_player.filter(player__search_key__contains=word)
        if not folded:
            by_player = by_player.none()
        by_name = Q()
        for word in query.split():
            by_name &= Q(name__icontains=word)
        found = teams.filter(by_name | Q(pk__in=by_player.values("team_id")))
        return list(found.order_by("number")[:20])

    def by_pair_number(number: int) -> list[Team]:
        # The number a player reads on a table's card or sheet is the pair's (101).
        return list(teams.filter(pairs__number=number).distinct())

    return search(query, teams, by_name, TEAM_TEXTS, by_number=by_pair_number)


@dataclass(frozen=True)
class TableSeat:
    """One of the team's pairs in a match: its table, line and the opposing pair."""

    table: Table
    line: str  # "NS" / "EO"
    pair: Pair
    opponent: Pair | None
    mp_for: int | None = None
    mp_against: int | None = None


@dataclass(frozen=True)
class MatchView:
    """One of a team's matches (or rests) as a player reads it."""

    round: Round
    match: TeamMatch
    opponent: Team | None
    seats: list[TableSeat]
    vp: int | None = None  # only when the round's results are public and complete
    mp_for: int | None = None
    mp_against: int | None = None

    @property
    def signed_diff(self) -> str:
        if self.mp_for is None or self.mp_against is None:
            return ""
        diff = self.mp_for - self.mp_against
        return f"+{diff}" if diff > 0 else str(diff)


def team_matches(team: Team) -> list[MatchView]:
    """The team's matches in the rounds whose tables are released, in play order."""
    from scoring.models import PairScore, TeamScore

    matches = list(
        TeamMatch.objects.filter(
            Q(team_a=team) | Q(team_b=team), visibility.tables_public_q("round__")
        )
        .select_related(
            "round__girone__stage",
            "team_a",
            "team_b",
            "table_1__pair_ns__player1",
            "table_1__pair_ns__player2",
            "table_1__pair_ew__player1",
            "table_1__pair_ew__player2",
            "table_2__pair_ns__player1",
            "table_2__pair_ns__player2",
            "table_2__pair_ew__player1",
            "table_2__pair_ew__player2",
        )
        .order_by("round__girone__stage__order", "round__number")
    )
    released = [
        m for m in matches if visibility.results_are_public(m.round, team.tournament)
    ]
    scores = {
        s.match_id: s for s in TeamScore.objects.filter(team=team, match__in=released)
    }
    pair_scores = {
        (s.table_id, s.pair_id): s
        for s in PairScore.objects.filter(
            table__in=[t for m in released for t in m.tables]
        )
    }
    out = []
    for m in matches:
        side_a = m.team_a_id == team.pk
        score = scores.get(m.pk)
        out.append(
            MatchView(
                m.round,
                m,
                m.team_b if side_a else m.team_a,
                _seats(m, side_a, pair_scores),
                score.vp if score else None,
                score.mp_for if score else None,
                score.mp_against if score else None,
            )
        )
    return out


def _seats(m: TeamMatch, side_a: bool, pair_scores: dict) -> list[TableSeat]:
    """Where the team sits in match ``m`` (team A NS at table 1 and EO at table 2,
    team B the other way round), each pair with its MP when they are released."""
    seats = []
    for t in m.tables:
        mine_ns = (t == m.table_1) == side_a
        pair = t.pair_ns if mine_ns else t.pair_ew
        if pair is None:
            continue
        other = t.pair_ew if mine_ns else t.pair_ns
        ps = pair_scores.get((t.pk, pair.pk))
        seats.append(
            TableSeat(
                t,
                "NS" if mine_ns else "EO",
                pair,
                other,
                ps.mp_for if ps else None,
                ps.mp_against if ps else None,
            )
        )
    return seats
