"""Season rankings from the stored public standings of each tournament.

A tournament's final placings are its first groups stage's public standings: the
overall ranking when the stage has several gironi, else its girone's. Both players of a
pair get the placing's points (``rules.standings.season``). Only a concluded
tournament counts (``tournament.visibility.counts_in_seasons``: every round's results
released and final), and only with results released: never placings by lot. A
tournament that leaves "Concluso" leaves its seasons. Read-only and small (a season
has tens of tournaments), so it is computed when a page asks for it.
"""

from __future__ import annotations

from dataclasses import dataclass

from participants.models import Pair
from people.models import Player
from rules.standings.season import SeasonRow, season_ranking
from tournament.models import Tournament
from tournament.visibility import counts_in_seasons_q

from ..models import Row, Season, Snapshot


@dataclass(frozen=True)
class SeasonTable:
    season: Season
    tournaments: list[Tournament]  # the concluded ones with results, by date
    rows: list[SeasonRow]
    players: dict[int, Player]

    @property
    def entries(self) -> list[tuple[SeasonRow, Player]]:
        return [(r, self.players[r.player]) for r in self.rows]


def final_placings(tournament: Tournament) -> dict[int, int]:
    """Pair id -> placing in the tournament's public standings (first groups stage)."""
    snaps = list(
        Snapshot.objects.filter(
            tournament=tournament, kind=Snapshot.Kind.PUBLIC, line=""
        ).select_related("stage")
    )
    if not any(s.rounds for s in snaps):
        return {}  # no result released: a ranking by lot is no placing
    first = min(s.stage.order for s in snaps)
    snaps = [s for s in snaps if s.stage.order == first]
    chosen = next((s for s in snaps if s.girone_id is None), snaps[0])
    return dict(Row.objects.filter(snapshot=chosen).values_list("pair_id", "position"))


def season_table(season: Season) -> SeasonTable:
    candidates = season.tournaments.filter(counts_in_seasons_q()).order_by("date", "pk")
    events: dict[str, dict[int, int]] = {}
    tournaments = []
    for t in candidates:
        placings = final_placings(t)
        if not placings:
            continue
        tournaments.append(t)
        by_player: dict[int, int] = {}
        for pair_id, p1, p2 in Pair.objects.filter(pk__in=placings).values_list(
            "pk", "player1_id", "player2_id"
        ):
            by_player[p1] = by_player[p2] = placings[pair_id]
        events[t.slug] = by_player
    rows = season_ranking(
        events, scale=season.scale, best=season.best, participation=season.participation
    )
    players = Player.objects.select_related("club").in_bulk([r.player for r in rows])
    return SeasonTable(season, tournaments, rows, players)
