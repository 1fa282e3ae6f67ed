"""How many competitors a tournament has: registered, playing, withdrawn, per girone.

Counted once, so that the dashboard, the girone page and the pairs page agree.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count, Q

from participants.competitors import competitors_of
from tournament.models import Girone, Tournament


@dataclass(frozen=True)
class GironeCount:
    """The pairs (teams) of one girone: those still playing and those withdrawn."""

    playing: int = 0
    withdrawn: int = 0

    @property
    def total(self) -> int:
        return self.playing + self.withdrawn


@dataclass(frozen=True)
class PairCounts:
    """Every pair of a tournament counted once (withdrawn pairs counted apart)."""

    registered: int = 0
    withdrawn: int = 0
    unassigned: int = 0  # playing pairs without a girone
    by_girone: dict[int, GironeCount] = field(default_factory=dict)

    @property
    def playing(self) -> int:
        return self.registered - self.withdrawn

    def of(self, girone: Girone) -> GironeCount:
        return self.by_girone.get(girone.pk, GironeCount())


def pair_counts(tournament: Tournament) -> PairCounts:
    """The tournament's pair counts, in one query (a team tournament: its teams')."""
    rows = (
        competitors_of(tournament)
        .model.objects.filter(tournament=tournament)
        .values("girone_id")
        .annotate(
            playing=Count("id", filter=Q(withdrawn=False)),
            withdrawn=Count("id", filter=Q(withdrawn=True)),
        )
    )
    registered = withdrawn = unassigned = 0
    by_girone: dict[int, GironeCount] = {}
    for row in rows:
        registered += row["playing"] + row["withdrawn"]
        withdrawn += row["withdrawn"]
        if row["girone_id"] is None:
            unassigned += row["playing"]
        else:
            by_girone[row["girone_id"]] = GironeCount(row["playing"], row["withdrawn"])
    return PairCounts(registered, withdrawn, unassigned, by_girone)
