"""Demo of ``make run``: the circuit's two concluded Burraco events, through the real
write path.

* **Trofeo di Carnevale** (14 February): 12 pairs, one girone, two Mitchell rounds and
  a Danese modificato of 2 smazzate; concluded.
* **Coppa di Primavera** (21 March): 16 pairs, one girone, the same plan, then the
  first four in a tabellone (semifinals and final of 4 smazzate); the organiser's
  prizes; concluded.

Their pairs are pairs of the Trofeo del Giglio (``draw.demo``), registered by
their membership numbers: the same players in the federation's registry, so the season
ranking (``standings.demo``) adds up each player's placings. Every round is generated
by the movements, published, typed by the demo's referees
(:func:`scoring.demo.enter_round`), closed, released and past its correction period;
then each tournament is set "Concluso" as a director would. Idempotent: each step looks
at what is there first. Called by ``manage.py seed_demo`` after ``scoring.demo``.
"""

from __future__ import annotations

import datetime
import random
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import F

from draw.services import rounds
from participants import csv_import
from participants.models import Pair
from participants.services import registration
from printing.models import PrizeSlot
from scoring import demo as scoring_demo
from scoring.services import close_round
from seating.services import gironi
from tournament.models import Round, Tournament, TournamentRole
from tournament.services.tournaments import create_tournament, set_status

from .demo_knockout import play_knockout

GIGLIO_SLUG = "trofeo-del-giglio-2026"
CARNEVALE_SLUG = "trofeo-di-carnevale-2026"
PRIMAVERA_SLUG = "coppa-di-primavera-2026"

#: (slug, name, date, venue, the Giglio's pair numbers it takes, a tabellone of 4)
EVENTS = (
    (
        CARNEVALE_SLUG,
        "Trofeo di Carnevale",
        datetime.date(2026, 2, 14),
        "Circolo Arci Livorno",
        range(1, 13),
        False,
    ),
    (
        PRIMAVERA_SLUG,
        "Coppa di Primavera",
        datetime.date(2026, 3, 21),
        "Burraco Club Firenze",
        range(5, 21),
        True,
    ),
)
PRIZES = (
    (1, "Coppa di Primavera e due buoni da 100 €"),
    (2, "Due buoni da 60 €"),
    (3, "Due buoni da 40 €"),  # the two semifinalists, third ex aequo
    (4, "Due buoni da 40 €"),
)


def seed(stdout: Any) -> None:
    users = {
        u.username: u
        for u in get_user_model().objects.filter(
            username__in=("direttore", "arbitro", "arbitro2")
        )
    }
    giglio = Tournament.objects.filter(slug=GIGLIO_SLUG).first()
    if giglio is None or len(users) < 3:
        return
    for slug, name, date, venue, numbers, knockout in EVENTS:
        with transaction.atomic():
            tournament = Tournament.objects.filter(slug=slug).first()
            if tournament is None:
                tournament = _create(users, giglio, name, date, venue, numbers)
                stdout.write(f"  demo: {name} ({len(numbers)} pairs, concluded)")
            if tournament.status == Tournament.Status.FINISHED:
                continue
            _play(tournament, users)
            if knockout:
                _knockout(tournament, users)
                for place, prize in PRIZES:
                    PrizeSlot.objects.get_or_create(
                        tournament=tournament, position=place, defaults={"prize": prize}
                    )
            set_status(tournament, Tournament.Status.FINISHED)


def _create(users, giglio: Tournament, name, date, venue, numbers) -> Tournament:
    tournament = create_tournament(
        by=users["direttore"],
        name=name,
        date=date,
        game=Tournament.Game.BURRACO,
        rule_pack="fibur-2026",
        venue=venue,
        organiser=giglio.organiser,
        hands_per_round=2,
        rounds_planned=3,
        movement_plan="2xmitchell+danese_modificato",
    )
    for username in ("arbitro", "arbitro2"):
        TournamentRole.objects.create(
            tournament=tournament,
            user=users[username],
            role=TournamentRole.Role.REFEREE,
        )
    pairs = (
        Pair.objects.filter(tournament=giglio, number__in=numbers)
        .select_related("player1", "player2", "club")
        .order_by("number")
    )
    lines = [csv_import.EXAMPLE_HEADER]
    for pair in pairs:
        p1, p2 = pair.player1, pair.player2
        club = pair.club.name if pair.club else ""
        lines.append(
            f"{p1.last_name};{p1.first_name};{p1.membership_number};"
            f"{p2.last_name};{p2.first_name};{p2.membership_number};{club}"
        )
    registration.import_pairs(tournament, "\n".join(lines))
    tournament.status = Tournament.Status.RUNNING
    tournament.save(update_fields=["status"])
    gironi.split_into_gironi(tournament, count=1, method="snake")
    return tournament


def _play(tournament: Tournament, users: dict[str, Any]) -> None:
    """Every round of the plan: generated, published, typed, closed, released, final."""
    girone = gironi.group_stage(tournament).gironi.get()
    referees = scoring_demo.users_of_the_demo()
    while True:
        last = girone.rounds.order_by("-number").first()
        if last is None or last.status == Round.Status.CLOSED:
            if last is not None and last.number >= tournament.rounds_planned:
                return
            last = rounds.generate_round(girone, seed=7)
        if last.status == Round.Status.DRAFT:
            rounds.publish_round(last)
        scoring_demo.enter_round(tournament, last, referees)
        close_round(round_id=last.pk, by=users["arbitro"])
        rounds.set_visibility(last, tables=True, results=True)
        # Played weeks ago: the correction period is long over, the results final.
        Round.objects.filter(pk=last.pk).update(provisional_until=F("closed_at"))


def _knockout(tournament: Tournament, users: dict[str, Any]) -> None:
    """The first four in a tabellone: semifinals and final of 4 smazzate each."""
    play_knockout(tournament, users, best_of=4, games=_games)


def _games(rng: random.Random, count: int) -> list[tuple[int, int]]:
    return [_smazzata(rng) for _ in range(count)]


def _smazzata(rng: random.Random) -> tuple[int, int]:
    winner, loser = 5 * rng.randint(60, 240), 5 * rng.randint(-40, 80)
    return (winner, loser) if rng.random() < 0.5 else (loser, winner)
