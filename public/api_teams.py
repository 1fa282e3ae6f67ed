"""The API's endpoints of team tournaments (docs/rules.md §11), mounted on ``api``.

The same rule as the rest of the API: public tournaments only, the matches of rounds
whose tables are released, team results only once the round's results are released,
and the stored public team standings (never recomputed here).
"""

from __future__ import annotations

from ninja import Router
from pydantic import BaseModel as Schema

from participants.models import Pair, Team, TeamMember
from seating.models import TeamMatch
from tournament.models import Tournament

from . import api_parts
from .api_answer import answer

router = Router(tags=["teams"])


class PlayerOut(Schema):
    last_name: str
    first_name: str
    captain: bool


class TeamOut(Schema):
    number: int
    name: str
    club: str
    girone: str
    withdrawn: bool
    roster: list[PlayerOut]


class TeamRef(Schema):
    number: int
    name: str


class SeatOut(Schema):
    table: int
    pair_ns: int  # pair numbers (a team's pairs: team number x 100 + k)
    pair_ew: int | None  # None: a resting team's rest table
    players_ns: str
    players_ew: str | None


class TeamMatchOut(Schema):
    number: int
    team_a: TeamRef
    team_b: TeamRef | None  # None: team A rests
    tables: list[SeatOut]
    vp_a: int | None  # None until the round's results are released and complete
    vp_b: int | None
    mp_a: int | None
    mp_b: int | None


class TeamStandingRowOut(Schema):
    rank: int
    team_number: int
    name: str
    club: str
    girone: str
    vp: int
    mp_difference: int
    mp_scored: int
    matches_played: int
    rests: int
    vp_per_match: str | None
    tie_break_note: str | None


class TeamStandingsOut(Schema):
    girone: str | None  # None: the overall standings of the stage
    stage: int
    version: int
    rounds: list[int]
    chain: list[str]
    rows: list[TeamStandingRowOut]


_team_tournament = api_parts.public_tournament  # a pair event has no teams: []


@router.get(
    "/tournaments/{slug:slug}/teams",
    response={200: list[TeamOut], 404: api_parts.ErrorOut},
)
def teams(request, slug: str):
    """The teams of a team tournament, with their rosters (captain marked)."""
    return answer(list[TeamOut], teams_data(_team_tournament(slug)))


def teams_data(t: Tournament) -> list[dict]:
    """The teams and their rosters (a pair event has none: an empty list)."""
    found = Team.objects.filter(tournament=t).select_related("club", "girone")
    members: dict[int, list[dict]] = {}
    for m in (
        TeamMember.objects.filter(tournament=t)
        .select_related("player", "team")
        .order_by("team_id", "order")
    ):
        members.setdefault(m.team_id, []).append(
            {
                "last_name": m.player.last_name,
                "first_name": m.player.first_name,
                "captain": m.player_id == m.team.captain_id,
            }
        )
    return [
        {
            "number": team.number,
            "name": team.name,
            "club": team.club.name if team.club else "",
            "girone": team.girone.label if team.girone else "",
            "withdrawn": team.withdrawn,
            "roster": members.get(team.pk, []),
        }
        for team in found.order_by("number")
    ]


def _players(pair: Pair | None) -> str | None:
    if pair is None:
        return None
    return f"{pair.player1.last_name} {pair.player1.first_name} – " + (
        f"{pair.player2.last_name} {pair.player2.first_name}"
    )


@router.get(
    "/tournaments/{slug:slug}/rounds/{id:round_id}/matches",
    response={200: list[TeamMatchOut], 404: api_parts.ErrorOut},
)
def matches(request, slug: str, round_id: int):
    """The team matches of a released round: the two tables and their line-ups; the
    team result once the round's results are released (and both tables count)."""
    return answer(list[TeamMatchOut], matches_data(_team_tournament(slug), round_id))


def matches_data(t: Tournament, round_id: int) -> list[dict]:
    rnd = api_parts.shown_round(t, round_id)
    # A pair event's round has no team match: an empty list.
    from scoring.models import TeamScore

    scores = api_parts.released_scores(
        t, rnd, TeamScore.objects.all(), "match_id", "side"
    )
    related = [
        f"{table}__{side}__{player}"
        for table in ("table_1", "table_2")
        for side in ("pair_ns", "pair_ew")
        for player in ("player1", "player2")
    ]
    return [
        {
            "number": m.number,
            "team_a": {"number": m.team_a.number, "name": m.team_a.name},
            "team_b": (
                {"number": m.team_b.number, "name": m.team_b.name} if m.team_b else None
            ),
            "tables": [
                {
                    "table": table.number,
                    "pair_ns": table.pair_ns.number,
                    "pair_ew": table.pair_ew.number if table.pair_ew else None,
                    "players_ns": _players(table.pair_ns),
                    "players_ew": _players(table.pair_ew),
                }
                for table in m.tables
            ],
            **api_parts.results(scores, m.pk, ("a", "b")),
        }
        for m in TeamMatch.objects.filter(round=rnd)
        .select_related("team_a", "team_b", *related)
        .order_by("number")
    ]


@router.get(
    "/tournaments/{slug:slug}/team-standings",
    response={200: list[TeamStandingsOut], 404: api_parts.ErrorOut},
)
def team_standings(request, slug: str, lang: str = "it"):
    """Stored team standings per girone (and overall), released results only.

    ``lang`` picks the language of the tie-break notes: ``it`` (default) or ``en``.
    """
    data = team_standings_data(_team_tournament(slug), lang)
    return answer(list[TeamStandingsOut], data)


def team_standings_data(t: Tournament, lang: str = "it") -> list[dict]:
    return api_parts.standings_data(
        t, lang, "team", lambda r: {"team_number": r.team_number, "name": r.name}
    )
