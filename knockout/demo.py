"""Demo of ``make run``: the Briscola tournament of seed 001 goes end to end.

``draw.demo`` creates "Briscola L'Approdo" (men's gironi A and B of 9 pairs, the
women's girone C of 8) with round 1 published, and ``scoring.demo`` enters its results.
Here the gironi are played to the end (every round of the all'italiana generated,
published, its results entered by ``scoring.demo`` and closed by the referee), then
two tabelloni are drawn as seed 001 says: the first four of A and B (men's, finals
best of 5) and the first four of C (women's: single partite, final best of 5), and
their matches are played through the referee's entry service.

Idempotent: every step looks at what is there first, so a second run changes
nothing. Skipped quietly when the demo tournament or the demo users are missing.
"""

from __future__ import annotations

import random
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import F

from participants.models import Pair
from tournament.models import Girone, Round, Stage, Tournament

from .models import Bracket, BracketMatch
from .services import MatchEntry, confirm_qualifiers, draw_bracket, enter_result

BRISCOLA_SLUG = "briscola-lapprodo-2026"

#: (name, gironi, partite per match before the final, partite in the final)
BRACKETS = (
    ("Tabellone maschile", ["A", "B"], 3, 5),
    ("Tabellone femminile", ["C"], 1, 5),
)


def seed(stdout: Any) -> None:
    tournament = Tournament.objects.filter(slug=BRISCOLA_SLUG).first()
    users = get_user_model().objects
    director = users.filter(username="direttore").first()
    referee = users.filter(username="arbitro").first()
    if tournament is None or director is None or referee is None:
        return
    stage = (
        Stage.objects.filter(tournament=tournament, kind=Stage.Kind.GROUPS)
        .order_by("order")
        .first()
    )
    if stage is None:
        return
    gironi = list(Girone.objects.filter(stage=stage).order_by("label"))
    if not _complete_gironi(gironi, referee, stdout):
        return
    played = 0
    for name, labels, best_of, final_best_of in BRACKETS:
        if not all(any(g.label == label for g in gironi) for label in labels):
            continue
        bracket = Bracket.objects.filter(tournament=tournament, name=name).first()
        if bracket is None:
            bracket = confirm_qualifiers(
                tournament,
                by=director,
                per_girone=4,
                gironi=labels,
                name=name,
                best_of=best_of,
                final_best_of=final_best_of,
                third_place=False,
            )
        if bracket.status == Bracket.Status.CONFIRMED:
            bracket = draw_bracket(bracket.pk, by=director)  # its size is set now
        played += _play(bracket, referee, every=_every_partita(tournament))
    if played:
        stdout.write(f"  demo: tabelloni of {tournament.name}, {played} matches played")


def _complete_gironi(gironi: list[Girone], referee, stdout: Any) -> bool:
    """Generate, publish, score and close every round of the all'italiana."""
    from draw.services.publishing import publish_round
    from draw.services.rounds import generate_round
    from scoring import demo as scoring_demo
    from scoring.services import close_round

    for girone in gironi:
        pairs = Pair.objects.filter(girone=girone, withdrawn=False).count()
        needed = pairs if pairs % 2 else pairs - 1
        with transaction.atomic():
            while girone.rounds.count() < needed:
                round_ = girone.rounds.order_by("-number").first()
                if round_ is None or round_.status != Round.Status.DRAFT:
                    round_ = generate_round(girone)
                publish_round(round_)
            for round_ in girone.rounds.filter(status=Round.Status.DRAFT):
                publish_round(round_)
    scoring_demo.seed(stdout)  # results of the rounds just published
    for girone in gironi:
        for round_ in girone.rounds.exclude(status=Round.Status.CLOSED).order_by(
            "number"
        ):
            close_round(round_id=round_.pk, by=referee)
    # The gironi were played earlier: their correction periods are over, so their
    # results are final (the qualifiers are taken from final results only).
    Round.objects.filter(girone__in=gironi).update(provisional_until=F("closed_at"))
    return True


def _every_partita(tournament: Tournament) -> bool:
    """Whether the pack plays every partita of a match (docs/rules.md §10.2)."""
    from rules.packs import load_pack

    pack = load_pack(tournament.rule_pack, tournament.rule_pack_version)
    return pack.require_briscola().play_all_partite


def _play(bracket: Bracket, referee, *, every: bool = False) -> int:
    """Play every match whose pairs are known, round by round (a seeded draw)."""
    count = 0
    rounds = bracket.size.bit_length() - 1
    for round_ in range(1, rounds + 1):
        matches = BracketMatch.objects.filter(
            bracket=bracket, round=round_, status=BracketMatch.Status.READY
        ).order_by("index")
        for match in matches:
            rng = random.Random(f"{bracket.pk}/{match.round}/{match.index}")
            enter_result(
                bracket.pk,
                match.round,
                match.index,
                MatchEntry(games=_games(match.best_of, rng, every=every)),
                by=referee,
            )
            count += 1
    return count


def _games(
    best_of: int, rng: random.Random, *, every: bool = False
) -> list[tuple[int, int]]:
    """Partite until one pair has won the majority (all of them when ``every``:
    seed 001's reading); now and then a 60-60 replayed."""
    need = best_of // 2 + 1
    won = [0, 0]
    games: list[tuple[int, int]] = []
    while (sum(won) < best_of) if every else (max(won) < need):
        if best_of > 1 and rng.random() < 0.08:
            games.append((60, 60))  # seed 001: a 60-60 partita is played again
            continue
        points = rng.randint(61, 100)
        if rng.random() < 0.5:
            games.append((points, 120 - points))
            won[0] += 1
        else:
            games.append((120 - points, points))
            won[1] += 1
    return games
