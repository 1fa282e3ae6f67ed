"""Demo team events for ``make run`` (docs/rules.md §11), through the real write path.

* **Coppa Toscana a squadre**: 8 teams of 4 to 6 players, all'italiana (7 rounds of 3
  smazzate): rounds 1-6 played and closed, round 7 generated as a draft (the director
  publishes it, the referees type it);
* **Campionato a squadre del Giglio**: 12 teams, first round by seeding order then
  Danese modificato (5 rounds, all played and closed), then a knockout of the first 4
  (semifinals and final, each over two tables).

Teams are registered with :func:`participants.services.teams.register_team`, rounds made
by the movements, some captains change their line-up (a roster of 5 or 6 players), and
every table's sheet goes through :func:`scoring.services.submit_sheet` as ``arbitro``:
pair scores, team scores, standings, as in a real event. Idempotent: each step looks
at what is there first. Called by ``manage.py seed_demo`` after the other apps' demos.
"""

from __future__ import annotations

import datetime
import random
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import F

from draw.demo_names import CLUBS
from draw.services import lineups, rounds
from participants.services import teams
from participants.services.team_entries import TeamEntry
from people.models import Club
from scoring import services as scoring
from scoring.models import TableResult
from scoring.services import Hand, Sheet
from seating.models import TeamMatch
from seating.services import gironi as gironi_services
from tournament.models import Girone, Round, Tournament, TournamentRole
from tournament.services.tournaments import create_tournament

from .demo_knockout import play_knockout

COPPA_SLUG = "coppa-toscana-a-squadre-2026"
GIGLIO_SLUG = "campionato-a-squadre-del-giglio-2026"

COPPA_TEAMS = [
    "Giglio Rosso", "Torre Pendente", "Le Mura", "Ponte Vecchio",
    "Palio", "Fortezza Medicea", "Piazza dei Miracoli", "Porta Elisa",
]  # fmt: skip
GIGLIO_TEAMS = [
    "Arno", "Chianti", "Maremma", "Apuane", "Val d'Orcia", "Versilia",
    "Mugello", "Casentino", "Garfagnana", "Lunigiana", "Valdarno", "Elba",
]  # fmt: skip
FIRST = [
    "Giulia", "Marco", "Chiara", "Luca", "Sara", "Paolo", "Elena", "Andrea",
    "Laura", "Stefano", "Silvia", "Roberto", "Marta", "Fabio", "Anna", "Davide",
]  # fmt: skip
LAST = [
    "Bartolini", "Cecchi", "Lotti", "Nardi", "Pieri", "Baldi", "Bini", "Cappelli",
    "Fani", "Landi", "Meini", "Niccolai", "Parenti", "Rossi", "Sarti", "Tozzi",
    "Vannucci", "Agostini", "Bandini", "Corsi", "Frosini", "Giannini", "Innocenti",
    "Lenzi", "Mazzoni", "Nesti", "Orsini", "Pacini", "Querci", "Ricci", "Salvini",
    "Taddei", "Ulivi", "Vestri", "Zanobini", "Biagini", "Ciampi", "Dei", "Empoli",
    "Fedi", "Gori", "Lapini", "Mori", "Nocentini", "Papi", "Rinaldi", "Sacchi",
    "Tani", "Berti", "Carli", "Doni", "Falchi", "Ghelli", "Iacopini", "Leoni",
    "Masi", "Nuti", "Pucci", "Ristori", "Sodi", "Tarchi", "Vitali", "Bellini",
    "Cioni", "Duranti", "Fabbri", "Guidi", "Lazzeri", "Matteini", "Nencini",
]  # fmt: skip


def _users() -> dict[str, Any]:
    names = ("direttore", "arbitro", "arbitro2")
    return {u.username: u for u in get_user_model().objects.filter(username__in=names)}


def _roles(tournament: Tournament, users: dict[str, Any]) -> None:
    wanted = [
        ("direttore", TournamentRole.Role.DIRECTOR),
        ("arbitro", TournamentRole.Role.REFEREE),
        ("arbitro", TournamentRole.Role.CHIEF_REFEREE),
        ("arbitro2", TournamentRole.Role.REFEREE),
    ]
    for name, role in wanted:
        if name in users:
            TournamentRole.objects.get_or_create(
                tournament=tournament, user=users[name], role=role
            )


def _create(
    users: dict[str, Any], slug: str, names: list[str], rng: random.Random, **kwargs
) -> Tournament:
    """The tournament and its teams (rosters of 4 to 6), split in one girone."""
    tournament = Tournament.objects.filter(slug=slug).first()
    if tournament is not None:
        return tournament
    clubs = []
    for name, city, code in CLUBS:
        club, _ = Club.objects.get_or_create(
            name=name, defaults={"city": city, "federation_code": code}
        )
        clubs.append(club)
    tournament = create_tournament(
        by=users["direttore"],
        game=Tournament.Game.BURRACO,
        rule_pack="fibur-2026",
        format=Tournament.Format.TEAMS,
        hands_per_round=3,
        organiser=clubs[0],
        **kwargs,
    )
    assert tournament.slug == slug, tournament.slug
    surnames = rng.sample(LAST, len(LAST))
    used = 0
    for number, name in enumerate(names, start=1):
        size = rng.choice((4, 5, 6, 6))
        roster = tuple(
            (surnames[(used + i) % len(surnames)], rng.choice(FIRST), "")
            for i in range(size)
        )
        used += size
        entry = TeamEntry(
            name=name,
            players=roster,
            club=clubs[number % len(clubs)].name,
            captain=1 + rng.randrange(size),
            seed=number,
        )
        teams.register_team(tournament, entry)
    tournament.status = Tournament.Status.RUNNING
    tournament.save(update_fields=["status"])
    gironi_services.split_teams_into_gironi(tournament, count=1)
    return tournament


def _sheet(rng: random.Random, hands: int) -> Sheet:
    """A plausible table: the closing line well ahead, the other often negative."""
    out = []
    for _ in range(hands):
        winner, loser = 5 * rng.randint(60, 240), 5 * rng.randint(-40, 80)
        out.append(Hand(winner, loser) if rng.random() < 0.5 else Hand(loser, winner))
    return Sheet(hands=tuple(out))


def _lineups(round_: Round, rng: random.Random) -> None:
    """Now and then a captain of a larger roster fields another of its pairs."""
    for match in TeamMatch.objects.filter(round=round_, team_b__isnull=False):
        for team in (match.team_a, match.team_b):
            members = [m.player_id for m in team.members.order_by("order")]
            if len(members) < 5 or rng.random() < 0.5:
                continue
            # The registered pairs (1-2, 3-4, 5-6); a fifth player pairs with the first.
            pairs = [tuple(members[i : i + 2]) for i in range(0, len(members) - 1, 2)]
            if len(members) % 2:
                pairs.append((members[-1], members[1]))
                pairs = [p for p in pairs if p != tuple(members[0:2])]
            first, second = rng.sample(pairs, 2)
            if set(first) & set(second):
                continue
            lineups.set_lineup(match, team, [first, second])


def _play(round_: Round, users: dict[str, Any], slug: str) -> None:
    """Enter every table of the round as ``arbitro``, then close it."""
    referee = users["arbitro"]
    done = set(
        TableResult.objects.filter(
            round=round_, status=TableResult.Status.CONFIRMED
        ).values_list("table_id", flat=True)
    )
    for table in round_.tables.order_by("number"):
        if table.pk in done:
            continue
        rng = random.Random(f"{slug}/{round_.number}/{table.number}")
        if table.pair_ew_id is None:
            sheet = Sheet(kind="rest", reason="Riposo (squadre dispari)")
        else:
            sheet = _sheet(rng, round_.hands)
        scoring.submit_sheet(
            table=scoring.load_table(table.pk),
            sheet=sheet,
            by=referee,
            expected_lock_version=0,
            token=f"demo-{table.pk}",
            confirm=True,  # the values are the table's, as a referee confirms them
        )
    scoring.close_round(round_id=round_.pk, by=referee)
    # The demo's rounds were played earlier: their correction periods are over, so
    # their results are final (the knockout and the season read only final ones).
    Round.objects.filter(pk=round_.pk).update(provisional_until=F("closed_at"))


def _rounds(girone: Girone, users, slug: str, *, played: int, drafts: int) -> int:
    """Play and close rounds 1 to ``played``; leave the next ``drafts`` as a draft."""
    count = 0
    while True:
        last = girone.rounds.order_by("-number").first()
        if last is None or last.status == Round.Status.CLOSED:
            number = (last.number if last else 0) + 1
            if number > played + drafts:
                return count
            round_ = rounds.generate_round(girone)
            if number > played:
                return count  # left to the director and the referees
        else:
            round_ = last
            if round_.number > played:
                return count
        if round_.status == Round.Status.DRAFT:
            _lineups(round_, random.Random(f"{slug}/lineups/{round_.number}"))
            rounds.publish_round(round_)
        _play(round_, users, slug)
        rounds.set_visibility(round_, tables=True, results=True)
        count += 1


#: The two events: slug, team names, the seed of their rosters, the tournament's
#: fields, and how many rounds are played (then how many left as drafts).
EVENTS = [
    (
        COPPA_SLUG,
        COPPA_TEAMS,
        8,
        {
            "name": "Coppa Toscana a squadre",
            "date": datetime.date(2026, 10, 3),
            "venue": "Circolo del Burraco, Prato",
            "rounds_planned": 7,
            "movement_plan": "round_robin",
        },
        (6, 1),
    ),
    (
        GIGLIO_SLUG,
        GIGLIO_TEAMS,
        12,
        {
            "name": "Campionato a squadre del Giglio",
            "date": datetime.date(2026, 11, 14),
            "venue": "Palazzo dei Congressi, Firenze",
            "rounds_planned": 5,
            "movement_plan": "seeded+4xdanese_modificato",
        },
        (5, 0),
    ),
]


def seed(stdout: Any) -> None:
    users = _users()
    if set(users) != {"direttore", "arbitro", "arbitro2"}:
        return
    made, played = [], 0
    for slug, names, roster_seed, fields, (rounds_played, drafts) in EVENTS:
        with transaction.atomic():
            event = _create(users, slug, names, random.Random(roster_seed), **fields)
            _roles(event, users)
            girone = event.teams.first().girone
            played += _rounds(girone, users, slug, played=rounds_played, drafts=drafts)
        made.append(event)
    coppa, giglio = made
    with transaction.atomic():
        matches = _knockout(giglio, users)
    if played or matches:
        stdout.write(
            f"  demo: {coppa.name} (8 teams, all'italiana) and {giglio.name}"
            f" (12 teams, Danese modificato, knockout of 4): {played} rounds and"
            f" {matches} knockout matches played"
        )


def _knockout(tournament: Tournament, users: dict[str, Any]) -> int:
    """The first four teams in a tabellone (semifinals, final), each match over two
    tables of 3 smazzate, entered by the referee."""
    return play_knockout(tournament, users, best_of=3, games=_two_tables)


def _two_tables(rng: random.Random, best_of: int) -> list[tuple[int, int]]:
    """A team match's games: both tables' smazzate, table 1's first."""
    return [(h.ns, h.ew) for _table in range(2) for h in _sheet(rng, best_of).hands]
