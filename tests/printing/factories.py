"""A small tournament world for the printing tests and benchmarks (no mocks)."""

from __future__ import annotations

import datetime
import random

from django.db import transaction

from participants.models import Pair
from people.models import Club, Player
from seating.models import Table
from standings.models import Row, Snapshot
from tournament.models import Girone, Round, Stage, Tournament

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
        note = "Coppie {} a pari punti: classifica avulsa".format(
            ", ".join(str(s[2].number) for s in scores[1:4])
        )
        # The standings app keeps each tie's note once on the snapshot (newer) or on
        # every row of the tie (older); the reader gives rows their note either way.
        notes_on_rows = "note" in {f.name for f in Row._meta.get_fields()}
        if not notes_on_rows:
            snap.notes = [[note, note]]
            snap.save(update_fields=["notes"])
        snap.tie_note = note
        rows = []
        for i, (vp, diff, p) in enumerate(scores):
            tie = 1 if 1 <= i <= 3 else None
            extra = {"note": note if tie else ""} if notes_on_rows else {}
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
                    by_lot=False,
                    **extra,
                )
            )
        Row.objects.bulk_create(rows, batch_size=500)
        made.append(snap)
    return made


@transaction.atomic
def make_round_results(rnd: Round, user) -> dict[str, Table]:
    """Table 1: a confirmed forfeit (special, with reason); table 2: awaiting the
    second entry; the rest: no result. Returns the tables by role."""
    from django.utils import timezone

    from scoring.models import ResultVersion, TableResult

    tables = list(rnd.tables.order_by("number"))
    forfeit, pending = tables[0], tables[1]
    result = TableResult.objects.create(table=forfeit, round=rnd)
    version = ResultVersion.objects.create(
        result=result,
        number=1,
        game="burraco",
        kind=ResultVersion.Kind.FORFEIT,
        line="ns",
        reason="La coppia NS non si è presentata al tavolo",
        status=ResultVersion.Status.CONFIRMED,
        hands_table=rnd.hands,
        vp_ns=0,
        vp_ew=20,
        idempotency_key="k-forfeit",
        expected_lock_version=0,
        entered_by=user,
        confirmed_by=user,
        confirmed_at=timezone.now(),
    )
    TableResult.objects.filter(pk=result.pk).update(
        status=TableResult.Status.CONFIRMED, current=version
    )
    other = TableResult.objects.create(
        table=pending, round=rnd, status=TableResult.Status.ENTERED
    )
    ResultVersion.objects.create(
        result=other,
        number=1,
        game="burraco",
        status=ResultVersion.Status.ENTERED,
        hands_table=rnd.hands,
        mp_ns=500,
        mp_ew=300,
        vp_ns=13,
        vp_ew=7,
        idempotency_key="k-pending",
        expected_lock_version=0,
        entered_by=user,
    )
    return {"forfeit": forfeit, "pending": pending, "none": tables[2]}


@transaction.atomic
def make_bracket(t: Tournament, user, *, size: int = 8, name: str = "Tabellone"):
    """A drawn bracket of ``size`` pairs; the first round played (upper pair wins)."""
    from django.utils import timezone

    from knockout.models import Bracket, BracketMatch, Entry

    source = t.stages.get(order=1)
    stage = Stage.objects.create(
        tournament=t,
        order=source.order + 1 + t.brackets.count(),
        kind=Stage.Kind.KNOCKOUT,
    )
    bracket = Bracket.objects.create(
        tournament=t,
        stage=stage,
        source=source,
        name=name,
        status=Bracket.Status.DRAWN,
        count=size,
        size=size,
        confirmed_by=user,
        confirmed_at=timezone.now(),
        drawn_at=timezone.now(),
        version=1,
    )
    pairs = list(t.pairs.order_by("number")[:size])
    Entry.objects.bulk_create(
        Entry(
            bracket=bracket,
            pair=p,
            seed=i + 1,
            girone_label=p.girone.label if p.girone else "",
            place=i // 2 + 1,
            slot=i,
        )
        for i, p in enumerate(pairs)
    )
    rounds = size.bit_length() - 1
    matches = []
    for i in range(size // 2):
        a, b = pairs[i], pairs[size - 1 - i]
        matches.append(
            BracketMatch(
                bracket=bracket,
                round=1,
                index=i,
                pair_a=a,
                pair_b=b,
                best_of=3,
                status=BracketMatch.Status.PLAYED,
                winner=a,
                score_a=2,
                score_b=1,
                games=[[120, 80], [70, 110], [100, 90]],
            )
        )
    for r in range(2, rounds + 1):
        for i in range(size // 2**r):
            matches.append(
                BracketMatch(
                    bracket=bracket,
                    round=r,
                    index=i,
                    best_of=3,
                    pair_a=pairs[2 * i] if r == 2 else None,
                    pair_b=pairs[2 * i + 1] if r == 2 else None,
                    status=BracketMatch.Status.READY
                    if r == 2
                    else BracketMatch.Status.WAITING,
                )
            )
    BracketMatch.objects.bulk_create(matches)
    return bracket
