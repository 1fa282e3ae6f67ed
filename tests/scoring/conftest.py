"""Factories for scoring tests: a small tournament with one girone and its rounds."""

from __future__ import annotations

import datetime
from itertools import count

import pytest

from participants.models import Pair
from people.models import Player
from seating.models import Table
from tournament.models import Girone, Round, Stage, Tournament, TournamentRole

_seq = count(1)


def build_tournament(
    *,
    pairs: int = 4,
    game: str = "burraco",
    rule_pack: str = "fibur-2026",
    hands: int = 3,
    entry_mode: str = "single",
    slug: str | None = None,
) -> tuple[Tournament, Girone, list[Pair]]:
    n = next(_seq)
    tournament = Tournament.objects.create(
        name=f"Torneo {n}",
        slug=slug or f"torneo-{n}",
        date=datetime.date(2026, 5, 1),
        game=game,
        rule_pack=rule_pack,
        rule_pack_version=1,
        hands_per_round=hands,
        entry_mode=entry_mode,
        status=Tournament.Status.RUNNING,
    )
    stage = Stage.objects.create(tournament=tournament, order=1, kind="groups")
    girone = Girone.objects.create(stage=stage, label="A")
    players = Player.objects.bulk_create(
        Player(first_name=f"Nome{i}", last_name=f"Cognome{n}x{i}")
        for i in range(2 * pairs)
    )
    made = [
        Pair.objects.create(
            tournament=tournament,
            number=i + 1,
            player1=players[2 * i],
            player2=players[2 * i + 1],
            girone=girone,
        )
        for i in range(pairs)
    ]
    return tournament, girone, made


def build_round(
    girone: Girone,
    number: int,
    seating: list[tuple[Pair, Pair | None]],
    *,
    hands: int = 3,
    status: str = Round.Status.PUBLISHED,
) -> tuple[Round, list[Table]]:
    round_ = Round.objects.create(
        girone=girone, number=number, hands=hands, movement="danese", status=status
    )
    tables = [
        Table.objects.create(round=round_, number=i, pair_ns=ns, pair_ew=ew)
        for i, (ns, ew) in enumerate(seating, start=1)
    ]
    return round_, tables


def grant(user, tournament: Tournament, role: str = "referee") -> None:
    TournamentRole.objects.create(tournament=tournament, user=user, role=role)


@pytest.fixture
def world(db, make_user):
    """4 pairs, round 1 published with 2 tables; a referee, a chief referee, a director."""
    tournament, girone, pairs = build_tournament()
    round_, tables = build_round(
        girone, 1, [(pairs[0], pairs[1]), (pairs[2], pairs[3])]
    )
    referee = make_user("arbitro")
    referee2 = make_user("arbitro2")
    chief = make_user("capo")
    director = make_user("direttore")
    grant(referee, tournament)
    grant(referee2, tournament)
    grant(chief, tournament, "chief_referee")
    grant(director, tournament, "director")
    return type(
        "World",
        (),
        {
            "tournament": tournament,
            "girone": girone,
            "pairs": pairs,
            "round": round_,
            "tables": tables,
            "referee": referee,
            "referee2": referee2,
            "chief": chief,
            "director": director,
        },
    )
