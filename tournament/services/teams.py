"""Teams: register them (form or CSV), give a match's line-up, withdraw, split in gironi.

docs/rules.md §11. A team's roster players form its pairs: ordinary
:class:`~tournament.models.Pair` rows with ``team`` set, numbered ``team number × 100 +
k`` (team 7: pairs 701, 702 ...), so that a referee reads the team in a pair's number.
Registering a team makes its default pairs from the roster order (players 1-2, 3-4,
5-6); a line-up naming two other roster players makes their pair on first use.

A line-up is the two pairs a team fields in one match: they sit at the match's two
tables (:func:`rules.team.seats`). It can change while no result of the match is entered
and the round is not closed; the tables' pairs are rewritten and the seats checked again
(:func:`rules.team.check_matches`).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from django.apps import apps
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from outbox.work import record_publish, record_rank
from rules.errors import TeamError
from rules.team import check_lineup, check_matches
from tournament import team_csv
from tournament.models import (
    Club,
    Girone,
    Pair,
    Player,
    Round,
    Table,
    Team,
    TeamMatch,
    TeamMember,
    Tournament,
)

from .clubs import club_key
from .entries import EntryError, clean_name
from .errors import GironiError, RegistrationError, RoundError
from .gironi import SplitOutcome, deal, group_stage, labels, place, split_reason
from .registration import EntriesInvalid, preview_errors, readable_entries
from .team_entries import TeamEntry, check_team_entries

__all__ = [
    "TeamImportPreview",
    "import_teams",
    "lineup_of",
    "pair_number",
    "preview_team_import",
    "register_team",
    "set_lineup",
    "set_team_withdrawn",
    "split_teams_into_gironi",
    "team_pair",
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


# --- line-ups ------------------------------------------------------------------------


def lineup_of(match: TeamMatch, side: str) -> tuple[Pair, Pair | None]:
    """The two pairs team A (``side="a"``) or B fields in ``match`` (one for a rest)."""
    t1, t2 = match.table_1, match.table_2
    if side == "a":
        return t1.pair_ns, (t2.pair_ew if t2 is not None else None)
    assert t1.pair_ew is not None and t2 is not None
    return t1.pair_ew, t2.pair_ns


def _match_has_results(match: TeamMatch) -> bool:
    table_result = apps.get_model("scoring", "TableResult")
    return (
        table_result.objects.filter(table__in=[t.pk for t in match.tables])
        .exclude(status="empty")
        .exists()
    )


def _lineup_message(exc: TeamError, names: dict[int, str]) -> str:
    p = exc.params
    if exc.code == "not_in_roster":
        players = p.get("players", [])
        shown = ", ".join(names.get(int(x), str(x)) for x in players)
        return _("%(players)s not in the team's roster.") % {"players": shown}
    if exc.code == "same_player":
        return _("%(player)s cannot fill both seats of a pair.") % {
            "player": names.get(int(p["player"]), "")
        }
    if exc.code == "player_twice":
        return _("%(player)s cannot play in both pairs.") % {
            "player": names.get(int(p["player"]), "")
        }
    return _("Choose two pairs of two players each.")


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
    return _team_pair(team, players)


def _team_pair(team: Team, players: tuple[int, int]) -> Pair:
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


@transaction.atomic
def set_lineup(
    match: TeamMatch, team: Team, pairs: Sequence[tuple[int, int]]
) -> TeamMatch:
    """Seat ``team``'s line-up (two pairs of player ids, from its roster) in ``match``."""
    match = TeamMatch.objects.select_for_update(of=("self",)).get(pk=match.pk)
    round_ = Round.objects.select_related("girone").get(pk=match.round_id)
    if round_.status == Round.Status.CLOSED:
        raise RoundError(
            _("Round %(number)s is closed: its line-ups can no longer change.")
            % {"number": round_.number}
        )
    if team.pk == match.team_a_id:
        side = "a"
    elif team.pk == match.team_b_id:
        side = "b"
    else:
        raise RoundError(_("This team does not play in this match."))
    if match.is_rest:
        raise RoundError(_("A resting team has no line-up to give."))
    if _match_has_results(match):
        raise RoundError(
            _("A result of this match is entered: its line-ups can no longer change.")
        )
    members = {
        m.player_id: str(m.player)
        for m in TeamMember.objects.filter(team=team).select_related("player")
    }
    try:
        check_lineup(members, [tuple(p) for p in pairs])
    except TeamError as exc:
        raise RoundError(_lineup_message(exc, members)) from exc
    first, second = (_team_pair(team, (p[0], p[1])) for p in pairs)
    t1 = Table.objects.select_for_update(of=("self",)).get(pk=match.table_1_id)
    t2 = Table.objects.select_for_update(of=("self",)).get(pk=match.table_2_id)
    if side == "a":
        t1.pair_ns, t2.pair_ew = first, second
        match.lineup_a_given = True
    else:
        t1.pair_ew, t2.pair_ns = first, second
        match.lineup_b_given = True
    # A team's pairs sit in its own columns only (A: NS at 1, EO at 2; B: the other
    # two), so no other table of the round can hold them: no unique clash.
    t1.save()
    t2.save()
    match.save(update_fields=["lineup_a_given", "lineup_b_given"])
    if round_.status != Round.Status.DRAFT:
        record_publish(team.tournament_id, gironi=[round_.girone_id], pages=True)
    verify_round_seats(round_)
    return match


def verify_round_seats(round_: Round) -> None:
    """The independent check of a team round's seats; RoundError on a bug."""
    matches = TeamMatch.objects.filter(round=round_, team_b__isnull=False)
    tables = {t.pk: t for t in Table.objects.filter(round=round_)}
    seated = [
        (
            (tables[m.table_1_id].pair_ns_id, tables[m.table_1_id].pair_ew_id),
            (tables[m.table_2_id].pair_ns_id, tables[m.table_2_id].pair_ew_id),
        )
        for m in matches
    ]
    team_of = dict(
        Pair.objects.filter(tournament_id=round_.girone.stage.tournament_id)
        .exclude(team__isnull=True)
        .values_list("pk", "team_id")
    )
    found = check_matches(seated, team_of)
    if found:
        raise RoundError(
            _("The seats of the team matches fail the independent check."),
            [f"{code} (match {number})" for code, number in found],
        )


# --- gironi --------------------------------------------------------------------------


@transaction.atomic
def split_teams_into_gironi(
    tournament: Tournament,
    *,
    count: int,
    method: str = "snake",
    seed: int | None = None,
    avoid_clubs: bool = False,
    assignment: dict[int, str] | None = None,
) -> SplitOutcome:
    """(Re)make the gironi of a team tournament: snake by seed, a recorded draw, or by
    hand (``method="manual"``, ``assignment``: team number -> girone label)."""
    Tournament.objects.select_for_update(of=("self",)).get(pk=tournament.pk)
    if method not in ("snake", "random", "manual"):
        raise GironiError(_("Unknown split method “%(method)s”.") % {"method": method})
    stage = group_stage(tournament)
    if Round.objects.filter(girone__stage=stage).exists():
        raise GironiError(
            _("Rounds have already been generated: the gironi can no longer change.")
        )
    teams = list(tournament.teams.filter(withdrawn=False))
    if count < 1 or count > 26:
        raise GironiError(_("The number of gironi must be between 1 and 26."))
    if len(teams) < 2 * count:
        raise GironiError(
            _("%(teams)s teams cannot make %(count)s gironi of at least 2 teams.")
            % {"teams": len(teams), "count": count}
        )
    names = labels(count)
    clashes: list[str] = []
    if method == "manual":
        seed = None
        given = dict(assignment or {})
        missing = [t.number for t in teams if given.get(t.number) not in names]
        if missing:
            raise GironiError(
                _("Choose a girone for teams %(teams)s.")
                % {"teams": ", ".join(map(str, missing))}
            )
        dealt = [[t for t in teams if given[t.number] == name] for name in names]
    elif method == "random":
        seed = seed if seed is not None else secrets.randbits(31)
        ordered = sorted(teams, key=lambda t: t.number)
        random.Random(seed).shuffle(ordered)
        dealt, clashes = deal(ordered, count, avoid_clubs)
    else:
        seed = None
        ordered = sorted(teams, key=lambda t: (t.seed is None, t.seed or 0, t.number))
        dealt, clashes = deal(ordered, count, avoid_clubs)
    gironi = [
        Girone.objects.get_or_create(stage=stage, label=name)[0] for name in names
    ]
    place(
        tournament.teams.all(),
        zip(gironi, dealt, strict=True),
        split_reason(method, seed),
    )
    stage.gironi.exclude(label__in=names).delete()
    stage.name = _("Gironi")
    stage.save(update_fields=["name"])
    record_publish(tournament.pk, everything=True)
    return SplitOutcome(gironi, seed, clashes)
