"""Team events built through the real services: tournament, teams, gironi, rounds,
results typed as a referee types them (docs/rules.md §11)."""

from __future__ import annotations

import datetime
from itertools import count

from django.contrib.auth import get_user_model
from django.db.models import F

from draw.services import rounds
from participants.models import Team
from participants.services import teams
from participants.services.team_entries import TeamEntry
from scoring import services as scoring
from scoring.services import Hand, Sheet
from seating.models import TeamMatch
from seating.services import gironi as gironi_services
from tests.scoring.helpers import save
from tournament.models import Round, Tournament, TournamentRole
from tournament.services.tournaments import create_tournament

_seq = count(1)

SURNAMES = [
    "Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo", "Ricci",
    "Marino", "Greco", "Bruno", "Gallo", "Conti", "De Luca", "Mancini", "Costa",
]  # fmt: skip


def director(username: str = "direttore"):
    user, _ = get_user_model().objects.get_or_create(username=username)
    return user


def team_entry(n: int, roster: int = 4, **kwargs) -> TeamEntry:
    players = tuple(
        (f"{SURNAMES[(n + i) % len(SURNAMES)]}{n}", f"Nome{i + 1}", "")
        for i in range(roster)
    )
    kwargs.setdefault("name", f"Squadra {n}")
    return TeamEntry(players=players, **kwargs)


def make_team_event(
    *,
    teams_count: int = 4,
    plan: str = "round_robin",
    hands: int = 3,
    rounds_planned: int = 4,
    by=None,
    roster: int = 4,
    entry_mode: str = Tournament.EntryMode.SINGLE,
    gironi: int = 1,
    to_points: bool = False,
) -> tuple[Tournament, list[Team]]:
    """A team tournament of ``teams_count`` teams, split into gironi, no round yet."""
    by = by or director()
    tournament = create_tournament(
        by=by,
        name=f"Squadre {next(_seq)}",
        date=datetime.date(2026, 6, 1),
        game="burraco",
        rule_pack="fibur-2026",
        format=Tournament.Format.TEAMS,
        movement_plan=plan,
        hands_per_round=hands,
        rounds_planned=rounds_planned,
        entry_mode=entry_mode,
        to_points=to_points,
    )
    TournamentRole.objects.get_or_create(
        tournament=tournament, user=by, role=TournamentRole.Role.REFEREE
    )
    TournamentRole.objects.get_or_create(
        tournament=tournament, user=by, role=TournamentRole.Role.CHIEF_REFEREE
    )
    made = [
        teams.register_team(tournament, team_entry(n, roster, seed=n))
        for n in range(1, teams_count + 1)
    ]
    if gironi:
        gironi_services.split_teams_into_gironi(tournament, count=gironi)
    return tournament, list(Team.objects.filter(pk__in=[t.pk for t in made]))


def enter(table, user, the_sheet: Sheet, **kw):
    """Submit a sheet at one of a match's tables, as at a pair's (``helpers.save``)."""
    return save(table, user, the_sheet, **kw)


def hands(*pairs: tuple[int, int]) -> Sheet:
    return Sheet(hands=tuple(Hand(ns, ew) for ns, ew in pairs))


def play_round(round_: Round, user, scores=None) -> None:
    """Publish if needed, enter every table ({table number: [(ns, ew), ...]}), close."""
    round_.refresh_from_db()
    if round_.status == Round.Status.DRAFT:
        rounds.publish_round(round_)
    scores = scores or {}
    for table in round_.tables.order_by("number"):
        if table.pair_ew_id is None:
            sheet = Sheet(kind="rest", reason="Riposo")
        else:
            default = [(300, 100)] * round_.hands
            sheet = hands(*scores.get(table.number, default))
        enter(table, user, sheet)
    scoring.close_round(round_id=round_.pk, by=user)
    # Its correction period is over (the qualifiers are taken from final results).
    Round.objects.filter(pk=round_.pk).update(provisional_until=F("closed_at"))


def match_of(round_: Round, number: int) -> TeamMatch:
    return TeamMatch.objects.select_related(
        "table_1", "table_2", "team_a", "team_b"
    ).get(round=round_, number=number)
