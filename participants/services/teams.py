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
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from outbox.work import record_publish, record_rank
from participants import team_csv
from participants.models import Pair, Team, TeamMember
from participants.services.clubs import club_key
from participants.services.entries import EntryError, clean_name
from participants.services.registration import (
    EntriesInvalid,
    preview_errors,
    readable_entries,
)
from participants.services.team_entries import TeamEntry, check_team_entries
from people.models import Club, Player
from tournament.models import Tournament
from tournament.services.errors import RegistrationError

__all__ = [
    "TeamImportPreview",
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


@dataclass(frozen=True)
class TeamImportPreview:
    """What an import would do: the teams, every error by line, clubs to create."""

    entries: list[TeamEntry]
    errors: list[EntryError]
    clubs_to_create: list[str]

    @property
    def ok(self) -> bool:
        return bool(self.entries) and not self.errors

    def errors_by_line(self) -> dict[int | None, list[str]]:
        by_line: dict[int | None, list[str]] = {}
        for error in self.errors:
            by_line.setdefault(error.line, []).append(error.message)
        return by_line


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


def _save(
    tournament: Tournament, entries: Sequence[TeamEntry], *, create_clubs: bool
) -> list[Team]:
    """Check again under the tournament lock, then create clubs, players, teams."""
    Tournament.objects.select_for_update(of=("self",)).get(pk=tournament.pk)
    checked = check_team_entries(tournament, entries, create_clubs=create_clubs)
    if not checked.ok:
        raise EntriesInvalid(checked.errors)
    clubs = dict(checked.clubs)
    for key, name in checked.clubs_to_create.items():
        clubs[key] = Club.objects.create(name=name)
    used = {e.number for e in entries if e.number is not None}
    top = tournament.teams.aggregate(top=Max("number"))["top"] or 0
    next_number = max([top, *used]) + 1
    created = []
    for entry in entries:
        club = clubs.get(club_key(entry.club)) if entry.club.strip() else None
        number = entry.number
        if number is None:
            number, next_number = next_number, next_number + 1
        players = [_player(p, club, checked.players) for _i, p in entry.roster]
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
    record_publish(tournament.pk, everything=True)
    return created


def _check_open(tournament: Tournament) -> None:
    if tournament.status == Tournament.Status.FINISHED:
        raise RegistrationError(_("The tournament is finished."))
    if not tournament.is_teams:
        raise RegistrationError(_("This tournament is played in pairs, not in teams."))


@transaction.atomic
def register_team(
    tournament: Tournament, entry: TeamEntry, *, create_club: bool = False
) -> Team:
    """Register one team with its roster and default pairs."""
    _check_open(tournament)
    return _save(tournament, [entry], create_clubs=create_club)[0]


def preview_team_import(
    tournament: Tournament, text: str, *, create_clubs: bool = False
) -> TeamImportPreview:
    """Read a CSV text and check every line; saves nothing."""
    parsed = team_csv.parse_teams_csv(text)
    checked = check_team_entries(tournament, parsed.entries, create_clubs=create_clubs)
    errors = preview_errors(
        parsed.entries, [*parsed.errors, *checked.errors], _("The file holds no teams.")
    )
    return TeamImportPreview(
        parsed.entries, errors, sorted(checked.clubs_to_create.values())
    )


@transaction.atomic
def import_teams(
    tournament: Tournament, text: str, *, create_clubs: bool = False
) -> list[Team]:
    """Register every team of a CSV text in one transaction, or none at all."""
    _check_open(tournament)
    parsed = team_csv.parse_teams_csv(text)
    entries = readable_entries(
        parsed.entries, parsed.errors, _("The file holds no teams.")
    )
    return _save(tournament, entries, create_clubs=create_clubs)


@transaction.atomic
def set_team_withdrawn(team: Team, withdrawn: bool) -> Team:
    """Withdraw a team (it meets nobody in later rounds) or reinstate it."""
    team = Team.objects.select_for_update(of=("self",)).get(pk=team.pk)
    if team.withdrawn == withdrawn:
        if withdrawn:
            message = _("Team %(number)s is already withdrawn.")
        else:
            message = _("Team %(number)s is not withdrawn.")
        raise RegistrationError(message % {"number": team.number})
    team.withdrawn = withdrawn
    team.save(update_fields=["withdrawn"])
    if team.girone_id is not None:
        record_rank(team.girone_id)
    record_publish(team.tournament_id, everything=True)
    return team


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
