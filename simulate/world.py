"""The simulated tournament, built and advanced with the director's own services."""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass

PASSWORD = "simula-arbitro-2026"


@dataclass(frozen=True)
class World:
    slug: str
    girone_ids: tuple[int, ...]
    referees: tuple[str, ...]
    pairs: int


def build(
    *,
    pairs: int,
    referees: int,
    rounds: int,
    gironi: int,
    seed: int,
    entry_by: str = "referees",
) -> World:
    """A running tournament with its pairs in gironi, referees and a director;
    ``entry_by``: who enters the results (``players``: the tables' codes open their
    sheets on the players' phones, issue 30)."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.db import transaction

    from participants.models import Pair
    from people.models import Player
    from seating.services.gironi import split_into_gironi
    from tournament.models import TournamentRole
    from tournament.services.tournaments import create_tournament, set_status

    user_model = get_user_model()
    rng = random.Random(seed)
    with transaction.atomic():
        director = user_model.objects.create_user("direttore-sim", password=PASSWORD)
        tournament = create_tournament(
            by=director,
            name="Campionato nazionale simulato",
            date=dt.date(2026, 6, 13),
            game="burraco",
            rule_pack="fibur-2026",
            hands_per_round=3,
            rounds_planned=rounds,
            movement_plan=(
                f"random+{rounds - 1}xdanese_modificato" if rounds > 1 else "random"
            ),
            entry_by=entry_by,
        )
        hashed = make_password(PASSWORD)
        users = user_model.objects.bulk_create(
            user_model(username=f"arbitro-sim-{i:02d}", password=hashed)
            for i in range(1, referees + 1)
        )
        TournamentRole.objects.bulk_create(
            TournamentRole(tournament=tournament, user=u, role="referee") for u in users
        )
        players = Player.objects.bulk_create(
            Player(
                first_name=rng.choice(["Anna", "Luca", "Maria", "Paolo", "Giulia"]),
                last_name=f"Simulato{i:05d}",
                membership_number=f"SIM{i:06d}",
            )
            for i in range(2 * pairs)
        )
        Pair.objects.bulk_create(
            Pair(
                tournament=tournament,
                number=n + 1,
                player1=players[2 * n],
                player2=players[2 * n + 1],
            )
            for n in range(pairs)
        )
    split_into_gironi(tournament, count=gironi, seed=seed)
    set_status(tournament, "registration")
    set_status(tournament, "running")
    from tournament.models import Girone

    girone_ids = tuple(
        Girone.objects.filter(stage__tournament=tournament)
        .order_by("label")
        .values_list("id", flat=True)
    )
    return World(tournament.slug, girone_ids, tuple(u.username for u in users), pairs)


def next_round(world: World, seed: int) -> list[tuple[int, int, int, bool]]:
    """Generate, publish and release the next round of every girone.

    Returns ``(round id, table number, table id)`` for every table where two pairs meet
    (rest tables are recorded by a referee too, as a rest).
    """
    from draw.services.publishing import publish_round
    from draw.services.rounds import generate_round
    from seating.models import Table
    from tournament.models import Girone
    from tournament.services.publication import set_visibility

    tables = []
    for girone_id in world.girone_ids:
        girone = Girone.objects.get(pk=girone_id)
        round_ = generate_round(girone, seed=seed)
        round_ = publish_round(round_)
        set_visibility(round_, tables=True, results=True)
        rows = Table.objects.filter(round=round_).order_by("number")
        tables += [
            (round_.pk, number, pk, ew is None)
            for pk, number, ew in rows.values_list("pk", "number", "pair_ew_id")
        ]
    return tables


def watched_pairs(tables: list[tuple[int, int, int, bool]]) -> dict[int, int]:
    """The NS pair's number at each table where two pairs meet (by table id)."""
    from seating.models import Table

    ids = [table_id for _round, _number, table_id, rest in tables if not rest]
    return dict(Table.objects.filter(pk__in=ids).values_list("pk", "pair_ns__number"))


#: A table's MP difference the pack asks the referee to confirm above (fibur-2026
#: ``[entry] unlikely_diff_above``, docs/rules.md §5): simulated sheets stay ordinary.
ORDINARY_DIFF = 3000


def sheet_for(rng: random.Random) -> list[tuple[int, int]]:
    """Three plausible smazzate: multiples of 5, one line often well ahead.

    Drawn again until the table's difference is ordinary (at most 3,000 MP): an unlikely
    sheet would wait for a confirmation at the table, which a load test does not give.
    """
    while True:
        hands = []
        for _ in range(3):
            winner = rng.randrange(100, 1500, 5)
            loser = rng.randrange(-300, 700, 5)
            hands.append((winner, loser) if rng.random() < 0.5 else (loser, winner))
        if abs(sum(ns - ew for ns, ew in hands)) <= ORDINARY_DIFF:
            return hands
