"""Demo tournaments for ``make run`` (``manage.py seed_demo`` calls :func:`seed`).

* a Burraco pairs tournament: 40 pairs from six Tuscan clubs in two gironi of 20,
  three Mitchell rounds then a Danese modificato; rounds 1 and 2 published;
* a Briscola tournament shaped like seed 001 (L'Approdo, Finale PA): two men's gironi
  of 9 pairs (A, B) and one women's girone (C, single partita), all'italiana;
  round 1 published.

``direttore`` directs both; ``arbitro`` and ``arbitro2`` referee them. Idempotent: a
tournament whose slug exists is left alone. Results are added by ``scoring.demo``.
"""

from __future__ import annotations

import datetime
import random

from django.contrib.auth import get_user_model
from django.db import transaction

from draw.services import rounds
from participants.models import Pair
from people.models import Club, Player
from seating.services import gironi
from tournament.models import Round, Tournament, TournamentRole
from tournament.services.tournaments import create_tournament

from .demo_names import (
    BRISCOLA_CLUB,
    CLUBS,
    FIRST_NAMES,
    MEN,
    SICILIAN_SURNAMES,
    SURNAMES,
    WOMEN,
)

BURRACO_SLUG = "trofeo-del-giglio-2026"
BRISCOLA_SLUG = "briscola-lapprodo-2026"


def _user(name: str):
    return get_user_model().objects.filter(username=name).first()


def _roles(tournament: Tournament) -> None:
    for username, role in (
        ("direttore", TournamentRole.Role.DIRECTOR),
        ("arbitro", TournamentRole.Role.REFEREE),
        ("arbitro2", TournamentRole.Role.REFEREE),
    ):
        user = _user(username)
        if user is not None:
            TournamentRole.objects.get_or_create(
                tournament=tournament, user=user, role=role
            )


def _creator():
    """The demo director, or any superuser, or a fresh demo director."""
    user = (
        _user("direttore") or get_user_model().objects.filter(is_superuser=True).first()
    )
    if user is None:
        user = get_user_model().objects.create_user(
            "direttore", password="direttore-demo-2026"
        )
    return user


def _pair(tournament, number, names, club, tessera=None, seed=None) -> Pair:
    (last1, first1), (last2, first2) = names
    players = []
    for i, (last, first) in enumerate(((last1, first1), (last2, first2))):
        code = f"{tessera}{2 * number - 1 + i:04d}" if tessera else ""
        players.append(
            Player.objects.create(
                first_name=first, last_name=last, membership_number=code, club=club
            )
        )
    return Pair.objects.create(
        tournament=tournament,
        number=number,
        player1=players[0],
        player2=players[1],
        club=club,
        seed=seed,
    )


def demo_clubs() -> list[Club]:
    """The demo's Tuscan clubs (:data:`CLUBS`), made on first use: the pair events' and
    the team events' (``core.demo_teams`` may take them from here)."""
    return [
        Club.objects.get_or_create(
            name=name, defaults={"city": city, "federation_code": code}
        )[0]
        for name, city, code in CLUBS
    ]


def seed_burraco(stdout) -> Tournament | None:
    if Tournament.objects.filter(slug=BURRACO_SLUG).exists():
        return None
    rng = random.Random(2026)
    clubs = demo_clubs()
    tournament = create_tournament(
        by=_creator(),
        name="Trofeo del Giglio",
        date=datetime.date(2026, 5, 16),
        game=Tournament.Game.BURRACO,
        rule_pack="fibur-2026",
        venue="Palazzo dei Congressi, Firenze",
        organiser=clubs[0],
        hands_per_round=3,
        rounds_planned=4,
        movement_plan="3xmitchell+danese_modificato",
        avoid_same_club=True,
        # The players enter too (issue 30): the codes on the score cards.
        entry_by=Tournament.EntryBy.BOTH,
        idle_minutes=25,
    )
    assert tournament.slug == BURRACO_SLUG, tournament.slug
    surnames = rng.sample(SURNAMES, 80)
    for number in range(1, 41):
        names = (
            (surnames[2 * number - 2], rng.choice(FIRST_NAMES)),
            (surnames[2 * number - 1], rng.choice(FIRST_NAMES)),
        )
        club = clubs[(number * 7) % len(clubs)]
        seed = number if number <= 8 else None  # the federal ranking's top eight
        _pair(tournament, number, names, club, tessera="BF26", seed=seed)
    tournament.status = Tournament.Status.RUNNING
    tournament.save(update_fields=["status"])
    outcome = gironi.split_into_gironi(
        tournament, count=2, method="snake", avoid_clubs=True
    )
    for girone in outcome.gironi:
        for _number in (1, 2):
            rounds.publish_round(rounds.generate_round(girone))
    stdout.write(f"  demo: {tournament.name} (40 pairs, gironi A and B, 2 rounds)")
    return tournament


def seed_briscola(stdout) -> Tournament | None:
    if Tournament.objects.filter(slug=BRISCOLA_SLUG).exists():
        return None
    rng = random.Random(1)
    name, city, _code = BRISCOLA_CLUB
    club, _ = Club.objects.get_or_create(name=name, defaults={"city": city})
    tournament = create_tournament(
        by=_creator(),
        name="Briscola L'Approdo",
        date=datetime.date(2026, 8, 9),
        game=Tournament.Game.BRISCOLA,
        rule_pack="briscola-approdo",
        venue="Via Libertà 62, Finale (PA)",
        organiser=club,
        hands_per_round=3,
        rounds_planned=9,
        movement_plan="round_robin",
    )
    assert tournament.slug == BRISCOLA_SLUG, tournament.slug
    surnames = rng.sample(SICILIAN_SURNAMES, 52)
    assignment = {}
    for number in range(1, 27):
        women = number > 18
        first = WOMEN if women else MEN
        names = (
            (surnames[2 * number - 2], rng.choice(first)),
            (surnames[2 * number - 1], rng.choice(first)),
        )
        _pair(tournament, number, names, club)
        assignment[number] = "C" if women else ("A" if number % 2 else "B")
    tournament.status = Tournament.Status.RUNNING
    tournament.save(update_fields=["status"])
    outcome = gironi.split_into_gironi(
        tournament, count=3, method="manual", assignment=assignment
    )
    stage = tournament.stages.get()
    stage.name = "Gironi: A e B maschili, C femminile (partita secca)"
    stage.save(update_fields=["name"])
    for girone in outcome.gironi:
        round_ = rounds.generate_round(girone)
        if girone.label == "C":
            # seed 001: "per il torneo femminile si giocherà una partita secca".
            Round.objects.filter(pk=round_.pk).update(hands=1)
        rounds.publish_round(round_)
    stdout.write(
        f"  demo: {tournament.name} (gironi A, B of 9 men's pairs, C of 8 women's)"
    )
    return tournament


def seed(stdout) -> None:
    """Create the two demo tournaments if missing, and the demo users' roles."""
    with transaction.atomic():
        seed_burraco(stdout)
        seed_briscola(stdout)
        for slug in (BURRACO_SLUG, BRISCOLA_SLUG):
            tournament = Tournament.objects.filter(slug=slug).first()
            if tournament is not None:
                _roles(tournament)
