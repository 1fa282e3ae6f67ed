"""Demo results: every published (or closed) round of the demo tournaments gets its sheets.

Called by ``manage.py seed_demo`` after ``draw.demo``. The demo tournaments are
those in which the demo referee ``arbitro`` holds a role, so a real tournament in the
same database is never touched. Scores are drawn from a generator seeded by tournament,
round and table, and they go through the real write path (``services.submit_sheet``:
rules, VP, PairScore rows, standings refresh); a table that already has a result is
skipped, so a second run changes nothing. Double-entry tournaments get both sheets
(``arbitro`` then ``arbitro2``). A few special results (a late arrival, a second warning)
and every rest table show the other kinds of result.
"""

from __future__ import annotations

import random
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from seating.models import Table
from tournament.models import Round, Tournament, TournamentRole

from . import services
from .models import ResultVersion, TableResult
from .services import Hand, Sheet

Kind = ResultVersion.Kind
REFEREES = ("arbitro", "arbitro2")


def seed(stdout: Any) -> None:
    users = users_of_the_demo()
    referee = users.get("arbitro")
    if referee is None:
        return
    tournaments = Tournament.objects.filter(
        pk__in=TournamentRole.objects.filter(user=referee).values("tournament_id")
    ).order_by("pk")
    entered = 0
    for tournament in tournaments:
        _ensure_roles(tournament, users)
        rounds = Round.objects.filter(
            girone__stage__tournament=tournament,
            status__in=[Round.Status.PUBLISHED, Round.Status.CLOSED],
        ).order_by("girone__stage__order", "number", "girone__label")
        for round_ in rounds:
            if round_.status == Round.Status.PUBLISHED and _partly_typed(round_):
                continue  # a round under way in the story (core.demo_story)
            entered += enter_round(tournament, round_, users)
    if entered:
        stdout.write(f"  demo: {entered} table results entered (scoring)")


def _ensure_roles(tournament: Tournament, users: dict[str, Any]) -> None:
    for user in users.values():
        if not TournamentRole.objects.filter(tournament=tournament, user=user).exists():
            TournamentRole.objects.create(
                tournament=tournament, user=user, role=TournamentRole.Role.REFEREE
            )


def _partly_typed(round_: Round) -> bool:
    """A round the story leaves half typed: some tables have results, others none."""
    typed = TableResult.objects.filter(round=round_).count()
    return 0 < typed < Table.objects.filter(round=round_).count()


def users_of_the_demo() -> dict[str, Any]:
    """The demo's referees by username (``arbitro`` types, ``arbitro2`` checks)."""
    return {
        u.username: u for u in get_user_model().objects.filter(username__in=REFEREES)
    }


@transaction.atomic
def enter_round(
    tournament: Tournament,
    round_: Round,
    users: dict[str, Any],
    *,
    tables: int | None = None,
) -> int:
    """Type the results of the round's tables not typed yet (the first ``tables`` of
    them only, for a round under way), as the demo's referees would."""
    done = set(
        TableResult.objects.filter(
            round=round_, status=TableResult.Status.CONFIRMED
        ).values_list("table_id", flat=True)
    )
    tables_left = [
        t
        for t in Table.objects.filter(round=round_).order_by("number")
        if t.pk not in done
    ]
    if tables is not None:
        tables_left = tables_left[: max(tables - len(done), 0)]
    return _enter_tables(tournament, round_, tables_left, users)


def _enter_tables(tournament, round_, tables, users) -> int:
    if not tables:
        return 0
    closed = round_.status == Round.Status.CLOSED
    if closed:  # results of a closed demo round: entered as if before the closing
        Round.objects.filter(pk=round_.pk).update(status=Round.Status.PUBLISHED)
    count = 0
    for table in tables:
        rng = random.Random(
            f"{tournament.slug}/{round_.girone_id}/{round_.number}/{table.number}"
        )
        sheet = _sheet(tournament, round_, table, rng)
        count += _enter(table, sheet, users)
    if closed:
        Round.objects.filter(pk=round_.pk).update(status=Round.Status.CLOSED)
    return count


def _enter(table: Table, sheet: Sheet, users: dict[str, Any]) -> int:
    loaded = services.load_table(table.pk)
    for username in REFEREES:
        user = users.get(username)
        if user is None:
            break
        lock = (
            TableResult.objects.filter(table=table)
            .values_list("lock_version", flat=True)
            .first()
            or 0
        )
        saved = services.submit_sheet(
            table=loaded,
            sheet=sheet,
            by=user,
            expected_lock_version=lock,
            token=f"demo-{table.pk}-{username}",
            # Drawn sheets can be unlikely (the seed holds a database id): the demo's
            # referee confirms at the table what it typed, as a referee would.
            confirm=True,
        )
        if saved.result.status == TableResult.Status.CONFIRMED:
            return 1
    return 0


def _sheet(
    tournament: Tournament, round_: Round, table: Table, rng: random.Random
) -> Sheet:
    if table.pair_ew_id is None:
        return Sheet(kind=Kind.REST, reason="Riposo (coppie dispari)")
    if tournament.game == Tournament.Game.BRISCOLA:
        section = services.pack_of(tournament).require_briscola()
        return Sheet(
            hands=_briscola_games(round_.hands, rng, every=section.play_all_partite)
        )
    hands = tuple(_burraco_hand(rng) for _ in range(round_.hands))
    if round_.number == 1 and table.number == 2:
        return Sheet(
            hands=hands, kind=Kind.LATE_ARRIVAL, line="ew", reason="Ritardo 7'"
        )
    if round_.number == 2 and table.number == 3:
        return Sheet(
            hands=hands,
            kind=Kind.SECOND_WARNING,
            line="ns",
            reason="Seconda ammonizione",
        )
    return Sheet(hands=hands)


def _burraco_hand(rng: random.Random) -> Hand:
    """A plausible smazzata: the closing line well ahead, the other often negative."""
    winner = 5 * rng.randint(60, 240)  # 300-1200
    loser = 5 * rng.randint(-40, 80)  # -200-400
    return Hand(winner, loser) if rng.random() < 0.5 else Hand(loser, winner)


def _briscola_games(
    best_of: int, rng: random.Random, *, every: bool = False
) -> tuple[Hand, ...]:
    """Partite until one line has won the match, or all of them when the pack plays
    every partita (``play_all_partite``, docs/rules.md §10.2); no 60-60, which some
    packs replay."""
    need = best_of // 2 + 1
    wins = [0, 0]
    games: list[Hand] = []
    while (len(games) < best_of) if every else (max(wins) < need):
        points = rng.choice([p for p in range(30, 91) if p != 60])
        games.append(Hand(points, 120 - points))
        wins[0 if points > 60 else 1] += 1
    return tuple(games)


def players_at_work(tournament: Tournament, round_: Round, first: int) -> list[int]:
    """The players' entry in the room (issue 30): from table ``first`` on, one table
    entered by its NS line (waiting for EO's confirmation) and one whose lines typed
    different sheets (contested). The numbers of the tables used."""
    tables = list(
        Table.objects.filter(
            round=round_, number__gte=first, pair_ew__isnull=False
        ).order_by("number")[:2]
    )
    used = []
    for i, table in enumerate(tables):
        if TableResult.objects.filter(table=table).exclude(status="empty").exists():
            continue
        rng = random.Random(f"{tournament.slug}/players/{round_.pk}/{table.number}")
        sheet = _sheet(tournament, round_, table, rng)
        loaded = services.load_table(table.pk)
        services.player_submit(
            table=loaded,
            line="ns",
            sheet=sheet,
            expected_lock_version=0,
            token=f"demo-players-{table.pk}-ns",
            confirm=True,
        )
        if i == 1:  # EO remembers the last smazzata otherwise: both sheets shown
            last = sheet.hands[-1]
            other = Sheet(
                hands=(*sheet.hands[:-1], Hand(last.ns, (last.ew or 0) + 100))
            )
            services.player_submit(
                table=loaded,
                line="ew",
                sheet=other,
                expected_lock_version=1,
                token=f"demo-players-{table.pk}-ew",
                confirm=True,
            )
        used.append(table.number)
    return used
