"""The demo's knockouts (:mod:`core.demo_circuit`, :mod:`core.demo_teams`): the first
four of a tournament in a tabellone, semifinals and final entered by the referee.

What differs between the two events is the games of one match (``games``: a pair
match's smazzate, or a team match's over two tables) and their number; each match draws
them from a generator seeded by the tournament and the match, so the demo is the same
on every run.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from knockout.models import Bracket, BracketMatch
from knockout.services import MatchEntry, confirm_qualifiers, draw_bracket, enter_result
from tournament.models import Tournament

Games = Callable[[random.Random, int], list[tuple[int, int]]]


def play_knockout(
    tournament: Tournament, users: dict[str, Any], *, best_of: int, games: Games
) -> int:
    """Qualify the first four (``best_of`` games a match, the final too), draw the
    tabellone and enter every ready match of the semifinals and the final with
    ``games(rng, best_of)``; how many matches it entered (0 when already played)."""
    bracket = Bracket.objects.filter(tournament=tournament).first()
    if bracket is None:
        bracket = confirm_qualifiers(
            tournament,
            by=users["direttore"],
            per_girone=4,
            name="Finali",
            best_of=best_of,
            final_best_of=best_of,
        )
    if bracket.status == Bracket.Status.CONFIRMED:
        draw_bracket(bracket.pk, by=users["direttore"])
    count = 0
    for round_ in (1, 2):
        for match in BracketMatch.objects.filter(
            bracket=bracket, round=round_, status=BracketMatch.Status.READY
        ).order_by("index"):
            rng = random.Random(f"{tournament.slug}/ko/{round_}/{match.index}")
            played = games(rng, match.best_of)
            a, b = sum(g[0] for g in played), sum(g[1] for g in played)
            enter_result(
                bracket.pk,
                round_,
                match.index,
                MatchEntry(games=played, last_move="a" if a == b else ""),
                by=users["arbitro"],
                confirm=True,
            )
            count += 1
    return count
