"""A small tournament world for the printing tests and benchmarks (no mocks)."""

from __future__ import annotations

import datetime
import random

from django.db import transaction

from standings.models import Row, Snapshot
from tournament.models import (
    Club,
    Girone,
    Pair,
    Player,
    Round,
    Stage,
    Table,
    Tournament,
)

SURNAMES = [
    "Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo", "Ricci",
    "Marino", "Greco", "Bruno", "Gallo", "Conti", "De Luca", "Mancini", "Costa",
    "Giordano", "Rizzo", "Lombardi", "Moretti", "Barbieri", "Fontana", "Santoro",
    "Mariani", "Rinaldi", "Caruso", "Ferrara", "Galli", "Martini", "Leone",
]  # fmt: skip
FIRST = ["Mario", "Anna", "Luca", "Giulia", "Paolo", "Chiara", "Marco", "Sara"]


@transaction.atomic
def make_world(
    *,
    pairs: int = 8,
    gironi: int = 1,
    rounds: int = 1,
    hands: int = 3,
    published: int | None = None,
    slug: str = "torneo-stampa",
    seed: int = 7,
) -> Tournament:
    """A tournament with ``pairs`` pairs split over ``gironi`` and ``rounds`` rounds.

    Rounds 1..``published`` are published (all by default), the others drafts. Each
    round seats the girone's pairs two by two (a rest table when odd).
    """
    rng = random.Random(seed)
    t = Tournament.objects.create(
        name="Torneo di Natale",
        slug=slug,
        date=datetime.date(2026, 12, 13),
        venue="Circolo del Burraco, Roma",
        game="burraco",
        rule_pack="fibur-2026",
        rule_pack_version=1,
        hands_per_round=hands,
        status=Tournament.Status.RUNNING,
    )
    club = Club.objects.create(name=f"Circolo {slug}", city="Roma")
    stage = Stage.objects.create(tournament=t, order=1, kind=Stage.Kind.GROUPS)
    groups = [
        Girone.objects.create(stage=stage, label=chr(ord("A") + i))
        for i in range(gironi)
    ]
    players = Player.objects.bulk_create(
        Player(
            first_name=rng.choice(FIRST),
            last_name=f"{rng.choice(SURNAMES)}{n}",
            club=club,
        )
        for n in range(1, 2 * pairs + 1)
    )
    made = Pair.objects.bulk_create(
        Pair(
            tournament=t,
            number=n + 1,
            player1=players[2 * n],
            player2=players[2 * n + 1],
            club=club,
            girone=groups[n % gironi],
        )
        for n in range(pairs)
    )
    published = rounds if published is None else published
    for g in groups:
        members = [p for p in made if p.girone_id == g.pk]
        for r in range(1, rounds + 1):
            rnd = Round.objects.create(
                girone=g,
                number=r,
                hands=hands,
                movement="danese",
                status=Round.Status.PUBLISHED if r <= published else Round.Status.DRAFT,
            )
            order = members[r - 1 :] + members[: r - 1]
            Table.objects.bulk_create(
                Table(
                    round=rnd,
                    number=k // 2 + 1,
                    pair_ns=order[k],
                    pair_ew=order[k + 1] if k + 1 < len(order) else None,
                )
                for k in range(0, len(order), 2)
            )
    return t


@transaction.atomic
def make_standings(t: Tournament, *, seed: int = 3, version: int = 1) -> list[Snapshot]:
    """Stored standings (confirmed) per girone and overall, with one 3-way tie each."""
    rng = random.Random(seed)
    stage = t.stages.get(order=1)
    made = []
    pairs = list(t.pairs.select_related("player1", "player2", "club", "girone"))
    scopes = [
        (g, [p for p in pairs if p.girone_id == g.pk]) for g in stage.gironi.all()
    ]
    scopes.append((None, pairs))
    for girone, members in scopes:
        snap = Snapshot.objects.create(
            tournament=t,
            stage=stage,
            girone=girone,
            kind=Snapshot.Kind.CONFIRMED,
            version=version,
            chain=["points", "h2h_points", "diff", "lot"],
            rounds=[1, 2],
        )
        scores = sorted(
            ((rng.randrange(10, 40), rng.randrange(-400, 400), p) for p in members),
            key=lambda s: (-s[0], -s[1], s[2].number),
        )
        rows = []
        for i, (vp, diff, p) in enumerate(scores):
            tie = 1 if 1 <= i <= 3 else None
            rows.append(
                Row(
                    snapshot=snap,
                    index=i,
                    position=2 if tie else i + 1,
                    pair=p,
                    pair_number=p.number,
                    players=p.names,
                    club=p.club.name if p.club else "",
                    girone_label=p.girone.label if p.girone else "",
                    vp=scores[1][0] if tie else vp,
                    mp_for=1000 + diff if diff > 0 else 1000,
                    mp_against=1000 if diff > 0 else 1000 - diff,
                    played=2,
                    byes=0,
                    tie=tie,
                    note=(
                        "Coppie {} a pari punti: classifica avulsa".format(
                            ", ".join(str(s[2].number) for s in scores[1:4])
                        )
                        if tie
                        else ""
                    ),
                    by_lot=False,
                )
            )
        Row.objects.bulk_create(rows, batch_size=500)
        made.append(snap)
    return made
