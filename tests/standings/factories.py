"""Small factories for a tournament with gironi, rounds, tables and results.

Results are written the way result entry stores them: a TableResult, its version and
the PairScore rows of the version that counts; then ``refresh_gironi`` is called, as
result entry does inside its transaction.
"""

from __future__ import annotations

import datetime as dt
import itertools

from django.contrib.auth import get_user_model
from django.utils import timezone

from participants.models import Pair
from people.models import Club, Player
from seating.models import Table
from standings.refresh import refresh_gironi
from tournament.models import Girone, Round, Stage, Tournament

_counter = itertools.count(1)


def make_tournament(
    slug: str = "coppa",
    *,
    name: str = "Coppa d'autunno",
    game: str = "burraco",
    status: str = "running",
    date: dt.date | None = None,
    rule_pack: str = "fibur-2026",
    rule_pack_version: int = 1,
    movement_plan: str = "danese_modificato",
) -> Tournament:
    return Tournament.objects.create(
        name=name,
        slug=slug,
        date=date or timezone.localdate(),
        venue="Circolo Aurora",
        game=game,
        rule_pack=rule_pack,
        rule_pack_version=rule_pack_version,
        movement_plan=movement_plan,
        status=status,
    )


def make_girone(tournament: Tournament, label: str = "A", order: int = 1) -> Girone:
    stage, _ = Stage.objects.get_or_create(
        tournament=tournament, order=order, defaults={"kind": "groups"}
    )
    return Girone.objects.create(stage=stage, label=label)


def make_pairs(
    tournament: Tournament, girone: Girone, numbers, *, club: str | None = "Aurora"
) -> dict[int, Pair]:
    club_obj = Club.objects.get_or_create(name=club)[0] if club else None
    out = {}
    for n in numbers:
        k = next(_counter)
        p1 = Player.objects.create(first_name="Anna", last_name=f"Rossi{k}")
        p2 = Player.objects.create(first_name="Bruno", last_name=f"Verdi{k}")
        out[n] = Pair.objects.create(
            tournament=tournament,
            number=n,
            player1=p1,
            player2=p2,
            club=club_obj,
            girone=girone,
        )
    return out


def make_round(
    girone: Girone,
    number: int,
    *,
    tables_public: bool | None = None,
    results_public: bool | None = None,
    status: str = "published",
) -> Round:
    """A round, public unless it is a draft (a draft never is: tournament.visibility)."""
    public = status != "draft"
    return Round.objects.create(
        girone=girone,
        number=number,
        hands=3,
        movement="danese",
        status=status,
        tables_public=public if tables_public is None else tables_public,
        results_public=public if results_public is None else results_public,
    )


def seat(rnd: Round, number: int, ns: Pair, ew: Pair | None) -> Table:
    return Table.objects.create(round=rnd, number=number, pair_ns=ns, pair_ew=ew)


def referee():
    user, _ = get_user_model().objects.get_or_create(username="arbitro-test")
    return user


def add_result(
    table: Table,
    mp_ns: int,
    mp_ew: int | None,
    vp_ns: int,
    vp_ew: int | None,
    *,
    status: str = "confirmed",
    kind: str = "normal",
    refresh: bool = True,
):
    """Store a table's result as result entry does; confirmed results count."""
    from scoring.models import PairScore, ResultVersion, TableResult

    user = referee()
    rnd = table.round
    result, _ = TableResult.objects.get_or_create(table=table, defaults={"round": rnd})
    confirmed = status == "confirmed"
    version = ResultVersion.objects.create(
        result=result,
        number=result.versions.count() + 1,
        game=rnd.girone.stage.tournament.game,
        kind=kind,
        reason="" if kind == "normal" else "test",
        status=ResultVersion.Status.CONFIRMED
        if confirmed
        else ResultVersion.Status.ENTERED,
        hands_table=3,
        hands_played=3,
        mp_ns=mp_ns,
        mp_ew=mp_ew,
        vp_ns=vp_ns,
        vp_ew=vp_ew,
        idempotency_key=f"k{next(_counter)}",
        expected_lock_version=result.lock_version,
        entered_by=user,
        confirmed_by=user if confirmed else None,
        confirmed_at=timezone.now() if confirmed else None,
    )
    if not confirmed:
        result.status = TableResult.Status.ENTERED
        result.save()
        return version
    result.status = TableResult.Status.CONFIRMED
    result.current = version
    result.save()
    PairScore.objects.filter(table=table).delete()
    played = kind not in ("rest", "forfeit", "both_absent")
    common = {
        "round": rnd,
        "girone_id": rnd.girone_id,
        "round_number": rnd.number,
        "table": table,
        "version": version,
    }
    PairScore.objects.create(
        pair=table.pair_ns,
        opponent=table.pair_ew,
        line="ns",
        vp=vp_ns,
        mp_for=mp_ns,
        mp_against=mp_ew or 0,
        played=played and table.pair_ew_id is not None,
        **common,
    )
    if table.pair_ew_id is not None:
        PairScore.objects.create(
            pair=table.pair_ew,
            opponent=table.pair_ns,
            line="ew",
            vp=vp_ew,
            mp_for=mp_ew,
            mp_against=mp_ns,
            played=played,
            **common,
        )
    if refresh:
        refresh_gironi([rnd.girone_id])
    return version


def play(girone: Girone, rounds: dict[int, list[tuple]], **round_kwargs) -> list[Round]:
    """Rounds of ``(ns, ew, mp_ns, mp_ew, vp_ns, vp_ew)`` between pair numbers."""
    pairs = {p.number: p for p in Pair.objects.filter(girone=girone)}
    made = []
    for number, matches in rounds.items():
        rnd = make_round(girone, number, **round_kwargs)
        for t, (ns, ew, mp_ns, mp_ew, vp_ns, vp_ew) in enumerate(matches, start=1):
            table = seat(rnd, t, pairs[ns], pairs[ew] if ew else None)
            add_result(table, mp_ns, mp_ew, vp_ns, vp_ew, refresh=False)
        made.append(rnd)
    refresh_gironi([girone.pk])
    return made


# The known-answer three-way tie of tests/rules/standings_cases.py (pairs 4, 9, 12 on
# 32 VP, 20 last), as three rounds for ``play``.
THREE_WAY = {
    1: [(12, 4, 1100, 900, 12, 8), (9, 20, 1500, 650, 17, 3)],
    2: [(12, 9, 1300, 850, 14, 6), (4, 20, 1150, 850, 13, 7)],
    3: [(4, 9, 1000, 900, 11, 9), (12, 20, 800, 1200, 6, 14)],
}


def make_three_way(
    tournament: Tournament, rounds: tuple[int, ...] = (1, 2, 3)
) -> tuple[Girone, dict[int, Pair], list[Round]]:
    """Girone A of ``tournament``: pairs 4, 9, 12, 20 playing ``rounds`` of THREE_WAY."""
    girone = make_girone(tournament)
    pairs = make_pairs(tournament, girone, [4, 9, 12, 20])
    return girone, pairs, play(girone, {n: THREE_WAY[n] for n in rounds})
