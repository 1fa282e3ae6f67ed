"""Teams: register them (form or CSV), give a match's line-up, withdraw, split in gironi.

docs/rules.md §11. A team's roster players form its pairs: ordinary
:class:`~participants.models.Pair` rows with ``team`` set, numbered ``team number × 100 +
k`` (team 7: pairs 701, 702 ...), so that a referee reads the team in a pair's number.
Registering a team makes its default pairs from the roster order (players 1-2, 3-4,
5-6); a line-up naming two other roster players makes their pair on first use.

A line-up is the two pairs a team fields in one match: they sit at the match's two
tables (:func:`rules.team.seats`). It can change while no result of the match is entered
and the round is not closed; the tables' pairs are rewritten and the seats checked again
(:func:`rules.team.check_matches`).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db.models import Max
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from participants import team_csv
from participants.competitors import TEAMS
from participants.models import Pair, Team, TeamMember
from participants.services.entries import clean_name
from participants.services.registration import (
    EntryFormat,
    ImportPreview,
    club_of,
    import_entries,
    preview,
    register,
    set_withdrawn,
)
from participants.services.team_entries import TeamEntry, check_team_entries
from people.models import Club, Player
from tournament.models import Tournament
from tournament.services.errors import RegistrationError

__all__ = [
    "TEAM_ENTRIES",
    "import_teams",
    "pair_number",
    "preview_team_import",
    "register_team",
    "set_team_withdrawn",
    "team_pair",
    "team_pair_of",
]


def pair_number(team_number: int, k: int) -> int:
    """The number of a team's k-th pair (from 1): team 7's second pair is 702."""
    return team_number * 100 + k


def _player(
    player: tuple[str, str, str], club: Club | None, known: dict[str, Player]
) -> Player:
    last, first, tessera = player
    tessera = tessera.strip()
    if tessera and tessera in known:
        return known[tessera]
    created = Player.objects.create(
        last_name=clean_name(last),
        first_name=clean_name(first),
        membership_number=tessera,
        club=club,
    )
    if tessera:
        known[tessera] = created
    return created


def _create_teams(
    tournament: Tournament,
    entries: Sequence[TeamEntry],
    numbers: list[int],
    clubs: dict[str, Club],
    known: dict[str, Player],
) -> list[Team]:
    """Each team with its roster and its default pairs (players 1-2, 3-4, 5-6)."""
    created = []
    for entry, number in zip(entries, numbers, strict=True):
        club = club_of(entry, clubs)
        players = [_player(p, club, known) for _i, p in entry.roster]
        captain = players[(entry.captain or 1) - 1]
        team = Team.objects.create(
            tournament=tournament,
            number=number,
            name=clean_name(entry.name),
            club=club,
            captain=captain,
            seed=entry.seed,
        )
        TeamMember.objects.bulk_create(
            TeamMember(tournament=tournament, team=team, player=p, order=i)
            for i, p in enumerate(players, start=1)
        )
        for k in range(len(players) // 2):
            Pair.objects.create(
                tournament=tournament,
                team=team,
                number=pair_number(number, k + 1),
                player1=players[2 * k],
                player2=players[2 * k + 1],
                club=club,
            )
        created.append(team)
    return created


TEAM_ENTRIES = EntryFormat(
    competitors=TEAMS,
    parse=team_csv.parse_teams_csv,
    check=check_team_entries,
    create=_create_teams,
    empty=gettext_lazy("The file holds no teams."),
    refused=gettext_lazy("This tournament is played in pairs, not in teams."),
)


def register_team(
    tournament: Tournament, entry: TeamEntry, *, create_club: bool = False
) -> Team:
    """Register one team with its roster and default pairs (:func:`register`)."""
    return register(TEAM_ENTRIES, tournament, entry, create_club=create_club)


def preview_team_import(
    tournament: Tournament, text: str, *, create_clubs: bool = False
) -> ImportPreview:
    """The preview of a teams' CSV text (:func:`preview`)."""
    return preview(TEAM_ENTRIES, tournament, text, create_clubs=create_clubs)


def import_teams(
    tournament: Tournament, text: str, *, create_clubs: bool = False
) -> list[Team]:
    """Register every team of a CSV text, or none (:func:`import_entries`)."""
    return import_entries(TEAM_ENTRIES, tournament, text, create_clubs=create_clubs)


def set_team_withdrawn(team: Team, withdrawn: bool) -> Team:
    """Withdraw a team (it meets nobody in later rounds) or reinstate it."""
    return set_withdrawn(team, withdrawn)


# --- a team's pairs ----------------------------------------------------------------


def team_pair(team: Team, players: tuple[int, int]) -> Pair:
    """The team's pair of these two players (either order), made on first use.

    Both must be on the team's roster (RegistrationError otherwise); a new pair takes
    the team's next pair number."""
    roster = set(
        TeamMember.objects.filter(team=team).values_list("player_id", flat=True)
    )
    if not set(players) <= roster or players[0] == players[1]:
        raise RegistrationError(
            _("A team's pair is two different players of its roster.")
        )
    return team_pair_of(team, players)


def team_pair_of(team: Team, players: tuple[int, int]) -> Pair:
    """The team's pair of these two players (either order), made on first use."""
    a, b = players
    found = Pair.objects.filter(team=team, player1_id=a, player2_id=b).first()
    found = found or Pair.objects.filter(team=team, player1_id=b, player2_id=a).first()
    if found is not None:
        return found
    top = Pair.objects.filter(team=team).aggregate(top=Max("number"))["top"]
    k = (top - pair_number(team.number, 0)) + 1 if top else 1
    return Pair.objects.create(
        tournament_id=team.tournament_id,
        team=team,
        number=pair_number(team.number, k),
        player1_id=a,
        player2_id=b,
        club_id=team.club_id,
    )
