"""Demo standings: the demo tournaments' standings stored, and a demo season ranking.

Called by ``manage.py seed_demo`` after ``scoring.demo``. Idempotent: the refresh keeps
a snapshot's version when nothing changed, and the season is created once.
"""

from __future__ import annotations

from typing import Any

from tournament.models import Tournament, TournamentRole

from .models import Season
from .services.store import refresh_tournament

SEASON_SLUG = "circuito-demo-2026"


def seed(stdout: Any) -> None:
    tournaments = list(
        Tournament.objects.filter(
            pk__in=TournamentRole.objects.filter(user__username="arbitro").values(
                "tournament_id"
            )
        )
        .exclude(status=Tournament.Status.DRAFT)
        .order_by("pk")
    )
    for tournament in tournaments:
        refresh_tournament(tournament)
    burraco = [t for t in tournaments if t.game == Tournament.Game.BURRACO]
    if burraco and not Season.objects.filter(slug=SEASON_SLUG).exists():
        season = Season.objects.create(
            name="Circuito demo 2026", slug=SEASON_SLUG, best=4
        )
        season.tournaments.add(*burraco)
        stdout.write(f"Season ranking: /t/stagioni/{SEASON_SLUG}/")
