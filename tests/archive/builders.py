"""A small finished tournament built row by row: 5 pairs (one rests each round), two
gironi rounds with corrected results, stored standings, roles and referees."""

from __future__ import annotations

import datetime as dt
import itertools

from django.contrib.auth import get_user_model
from django.utils import timezone

from participants.models import Pair
from people.models import Club, Player
from scoring.models import HandScore, PairScore, ResultVersion, TableResult
from seating.models import Table
from standings.models import Row, Snapshot
from standings.refresh import refresh_gironi
from standings.services.store import refresh_tournament
from tournament.models import Girone, Round, Stage, Tournament, TournamentRole

HANDS = ((400, 120), (75, 360), (990, -45))
T0 = dt.datetime(2026, 5, 9, 15, 0, 0, 123456, tzinfo=dt.UTC)


def _user(username: str):
    user_model = get_user_model()
    user, _ = user_model.objects.get_or_create(username=username)
    return user


def build_finished_tournament(slug: str = "coppa-archivio") -> Tournament:
    director, referee = _user(f"{slug}-dir"), _user(f"{slug}-arb")
    clubs = [Club.objects.create(name=f"Circolo {c} {slug}", city="Roma") for c in "AB"]
    tournament = Tournament.objects.create(
        name="Coppa d'Archivio – «finale»",
        slug=slug,
        date=dt.date(2026, 5, 9),
        venue="Sala Verdi",
        organiser=clubs[0],
        game=Tournament.Game.BURRACO,
        rule_pack="fibur-2026",
        rule_pack_version=1,
        hands_per_round=3,
        rounds_planned=2,
        status=Tournament.Status.FINISHED,
    )
    TournamentRole.objects.create(
        tournament=tournament, user=director, role=TournamentRole.Role.DIRECTOR
    )
    TournamentRole.objects.create(
        tournament=tournament, user=referee, role=TournamentRole.Role.REFEREE
    )
    stage = Stage.objects.create(tournament=tournament, order=1, kind="groups")
    girone = Girone.objects.create(stage=stage, label="A")
    pairs = []
    for n in range(1, 6):
        club = clubs[n % 2] if n != 5 else None
        p1 = Player.objects.create(
            first_name=f"Anna{n}",
            last_name=f"Rossi{n}",
            membership_number=f"{slug[:6]}-{n}a" if n != 5 else "",
            club=club,
        )
        p2 = Player.objects.create(
            first_name=f"Bruno{n}", last_name=f"Bianchi{n}", club=club
        )
        pairs.append(
            Pair.objects.create(
                tournament=tournament,
                number=n,
                player1=p1,
                player2=p2,
                club=club,
                girone=girone,
                seed=n,
            )
        )
    seating = [((0, 1), (2, 3), (4, None)), ((0, 2), (1, 4), (3, None))]
    clock = itertools.count()
    for number, tables in enumerate(seating, start=1):
        round_ = Round.objects.create(
            girone=girone,
            number=number,
            hands=3,
            movement="danese",
            seed=42 + number,
            status=Round.Status.CLOSED,
            tables_public=True,
            results_public=True,
            published_at=T0,
        )
        for t, (ns, ew) in enumerate(tables, start=1):
            table = Table.objects.create(
                round=round_,
                number=t,
                pair_ns=pairs[ns],
                pair_ew=pairs[ew] if ew is not None else None,
            )
            _confirm(table, round_, girone, referee, director, clock)
    refresh_gironi([girone.pk])
    return tournament


def _confirm(table, round_, girone, referee, director, clock) -> None:
    result = TableResult.objects.create(table=table, round=round_)
    when = T0 + dt.timedelta(minutes=next(clock))
    if table.pair_ew_id is None:
        version = ResultVersion.objects.create(
            result=result,
            number=1,
            game="burraco",
            kind=ResultVersion.Kind.REST,
            reason="riposo",
            status=ResultVersion.Status.CONFIRMED,
            hands_table=3,
            mp_ns=0,
            vp_ns=12,
            idempotency_key=f"rest-{table.pk}",
            expected_lock_version=0,
            entered_by=referee,
            entered_at=when,
            confirmed_by=referee,
            confirmed_at=when,
        )
        scores = [(table.pair_ns_id, "ns", None, 12, 0, 0, False)]
    else:
        first = ResultVersion.objects.create(
            result=result,
            number=1,
            game="burraco",
            status=ResultVersion.Status.SUPERSEDED,
            hands_table=3,
            hands_played=3,
            mp_ns=1460,
            mp_ew=435,
            vp_ns=17,
            vp_ew=3,
            idempotency_key=f"t{table.pk}-a",
            expected_lock_version=0,
            entered_by=referee,
            entered_at=when,
            confirmed_by=referee,
            confirmed_at=when,
        )
        for h, (ns, ew) in enumerate(HANDS, start=1):
            HandScore.objects.create(
                version=first,
                number=h,
                ns=ns,
                ew=ew,
                ns_breakdown={"clean": 1, "closed": h == 1} if h == 1 else None,
            )
        version = ResultVersion.objects.create(
            result=result,
            number=2,
            game="burraco",
            purpose=ResultVersion.Purpose.CORRECTION,
            reason="errore di trascrizione, smazzata 3",
            status=ResultVersion.Status.CONFIRMED,
            hands_table=3,
            hands_played=3,
            mp_ns=1065,
            mp_ew=435,
            vp_ns=15,
            vp_ew=5,
            idempotency_key=f"t{table.pk}-b",
            expected_lock_version=1,
            entered_by=director,
            entered_at=when + dt.timedelta(seconds=30),
            confirmed_by=director,
            confirmed_at=when + dt.timedelta(seconds=30),
            supersedes=first,
            impact={"moved": [[1, 2]], "note": "à"},
        )
        for h, (ns, ew) in enumerate(HANDS, start=1):
            HandScore.objects.create(
                version=version, number=h, ns=ns if h < 3 else 595, ew=ew
            )
        scores = [
            (table.pair_ns_id, "ns", table.pair_ew_id, 15, 1065, 435, True),
            (table.pair_ew_id, "ew", table.pair_ns_id, 5, 435, 1065, True),
        ]
    for pair_id, line, opponent, vp, mp_for, mp_against, played in scores:
        PairScore.objects.create(
            pair_id=pair_id,
            round=round_,
            girone=girone,
            round_number=round_.number,
            table=table,
            version=version,
            line=line,
            opponent_id=opponent,
            vp=vp,
            mp_for=mp_for,
            mp_against=mp_against,
            played=played,
        )
    TableResult.objects.filter(pk=result.pk).update(
        status=TableResult.Status.CONFIRMED,
        current=version,
        lock_version=2,
        updated_at=timezone.now(),
    )


def stored(tournament) -> dict:
    """The stored scores and standings of ``tournament``, comparable across sites."""
    rows = Row.objects.filter(snapshot__tournament=tournament).order_by(
        "snapshot__kind", "snapshot__girone__label", "index"
    )
    return {
        "scores": sorted(
            PairScore.objects.filter(pair__tournament=tournament).values_list(
                "pair__number", "round_number", "vp", "mp_for", "mp_against", "played"
            )
        ),
        "rows": list(
            rows.values_list(
                "snapshot__kind",
                "position",
                "pair_number",
                "players",
                "vp",
                "mp_for",
                "mp_against",
                "played",
                "byes",
                "tie",
                "by_lot",
                "average",
                "missed",
            )
        ),
        "snapshots": sorted(
            Snapshot.objects.filter(tournament=tournament).values_list(
                "kind", "girone__label", "line", "rounds", "chain"
            ),
            key=repr,
        ),
    }


def recomputed_equals_stored(tournament) -> bool:
    """The stored standings are those a recomputation gives (it changes nothing)."""
    before = stored(tournament)
    versions = dict(
        Snapshot.objects.filter(tournament=tournament).values_list("pk", "version")
    )
    refresh_tournament(tournament)
    after_versions = dict(
        Snapshot.objects.filter(tournament=tournament).values_list("pk", "version")
    )
    return stored(tournament) == before and after_versions == versions
