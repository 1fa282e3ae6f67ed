"""A tournament with gironi played to the end through the real result entry.

Every table's sheet goes through ``scoring.services.submit_sheet`` (which refreshes the
stored standings in its transaction) and every round through ``close_round``, so the
tabellone reads exactly what a real tournament would have stored.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from itertools import count

from django.contrib.auth import get_user_model
from django.urls import reverse

from participants.models import Pair
from people.models import Player
from rules.pairing.round_robin import round_robin
from scoring import services as scoring
from scoring.services import Hand, Sheet
from seating.models import Table
from tournament.models import Girone, Round, Stage, Tournament, TournamentRole

_seq = count(1)

#: winner(pair_a_number, pair_b_number) -> the number of the pair that wins.
Winner = Callable[[int, int], int]


def lower_number_wins(a: int, b: int) -> int:
    return min(a, b)


def staff(tournament: Tournament):
    """A director and a referee of the tournament (created once per test database)."""
    users = get_user_model().objects
    director, _ = users.get_or_create(username="direttore-ko")
    referee, _ = users.get_or_create(username="arbitro-ko")
    for user, role in ((director, "director"), (referee, "referee")):
        TournamentRole.objects.get_or_create(
            tournament=tournament, user=user, role=role
        )
    return director, referee


def make_tournament(
    *,
    game: str = "briscola",
    slug: str | None = None,
    hands: int = 3,
    rule_pack: str | None = None,
) -> Tournament:
    n = next(_seq)
    return Tournament.objects.create(
        name=f"Torneo KO {n}",
        slug=slug or f"torneo-ko-{n}",
        date=datetime.date(2026, 6, 1),
        game=game,
        rule_pack=rule_pack
        or ("briscola-approdo" if game == "briscola" else "fibur-2026"),
        rule_pack_version=1,
        hands_per_round=hands,
        status=Tournament.Status.RUNNING,
    )


def make_gironi(tournament: Tournament, sizes: dict[str, int]) -> dict[str, list[Pair]]:
    stage = Stage.objects.create(tournament=tournament, order=1, kind="groups")
    out: dict[str, list[Pair]] = {}
    number = 1
    for label, size in sizes.items():
        girone = Girone.objects.create(stage=stage, label=label)
        players = Player.objects.bulk_create(
            Player(
                first_name=f"N{label}{i}",
                last_name=f"Cognome{label}{i}x{tournament.pk}",
            )
            for i in range(2 * size)
        )
        out[label] = []
        for i in range(size):
            out[label].append(
                Pair.objects.create(
                    tournament=tournament,
                    number=number,
                    player1=players[2 * i],
                    player2=players[2 * i + 1],
                    girone=girone,
                )
            )
            number += 1
    return out


def _sheet(tournament: Tournament, ns: int, ew: int, winner: int) -> Sheet:
    if tournament.game == "briscola":
        game = Hand(70, 50) if winner == ns else Hand(50, 70)
        return Sheet(hands=(game, game))
    hand = Hand(900, 300) if winner == ns else Hand(300, 900)
    return Sheet(hands=(hand,) * tournament.hands_per_round)


def play_gironi(
    tournament: Tournament,
    gironi: dict[str, list[Pair]],
    *,
    winner: Winner = lower_number_wins,
    leave_open: int = 0,
) -> None:
    """Play every girone all'italiana and close its rounds (the last ``leave_open``
    rounds of each girone stay published)."""
    _, referee = staff(tournament)
    tokens = count(1)
    for label, pairs in gironi.items():
        girone = Girone.objects.get(stage__tournament=tournament, label=label)
        by_number = {p.number: p for p in pairs}
        calendar = round_robin([p.number for p in pairs])
        for r, plan in enumerate(calendar, start=1):
            round_ = Round.objects.create(
                girone=girone,
                number=r,
                hands=tournament.hands_per_round,
                movement="round_robin",
                status=Round.Status.PUBLISHED,
            )
            seating = [(a, b) for a, b in plan.tables]
            if plan.resting is not None:
                seating.append((plan.resting, None))
            for t, (a, b) in enumerate(seating, start=1):
                table = Table.objects.create(
                    round=round_,
                    number=t,
                    pair_ns=by_number[a],
                    pair_ew=by_number[b] if b else None,
                )
                sheet = (
                    Sheet(kind="rest", reason="riposo")
                    if b is None
                    else _sheet(tournament, a, b, winner(a, b))
                )
                scoring.submit_sheet(
                    table=scoring.load_table(table.pk),
                    sheet=sheet,
                    by=referee,
                    expected_lock_version=0,
                    token=f"ko-{next(tokens)}",
                )
            if r <= len(calendar) - leave_open:
                scoring.close_round(round_id=round_.pk, by=referee)


def entry_url(tournament, bracket, round_: int = 1, index: int = 0) -> str:
    """The referee's entry page of a match of the tabellone (the first, by default)."""
    return reverse(
        "knockout:match",
        kwargs={
            "slug": tournament.slug,
            "bracket_id": bracket.pk,
            "round_": round_,
            "index": index,
        },
    )
