"""Briscola scoring: a partita's points, a match (incontro) of best of N, knockout spareggi.

Seeds 001 and 002, docs/rules.md §10:

* 40 cards worth 120 points in all (A 11, 3 10, K 4, Q/cavallo 3, J/fante 2, the rest 0),
  so a partita's two totals add up to 120 and 61 or more wins it;
* 60-60 follows the pack's ``tie_60``: ``"replay"`` (seed 001: "il round è considerato
  nullo e deve essere ripetuto", so the partita does not count and is played again) or
  ``"draw"`` (seed 002: "la smazzata finisce in parità");
* a match is best of N partite, N odd (seed 002: "il numero di smazzate deve sempre essere
  dispari"; seed 001: 2 of 3, finals 3 of 5). It stops as soon as one side cannot be
  caught (without drawn partite at ceil(N/2) wins), or, under the pack's
  ``play_all_partite`` (seed 001: "due partite su tre giocate"), after all N partite. A
  partita typed after that, or too few partite, is rejected;
* standings points per match from the pack: 1/0 (seed 001) or 20/10/0 VP (seed 002);
* a knockout match that ends level (only possible with drawn partite) goes to up to
  ``knockout_spareggi`` extra partite (seed 002: "1°, 2°, 3° spareggio", most points
  wins); if the last one is level too, the side that made its last trick loses.

Sides are ``"a"`` and ``"b"`` (the scoring app maps them to NS and EO). Terminology:
partita = game (seed 002 says "smazzata", seed 001 "round"); incontro = match; spareggio =
tie-break game; presa = trick; girone = group; tabellone = knockout bracket.

Modules: :mod:`~rules.briscola.partita` (card points, sides, one partita),
:mod:`~rules.briscola.tally` (counting a match's partite), :mod:`~rules.briscola.match`,
:mod:`~rules.briscola.spareggi` and :mod:`~rules.briscola.forfeit`; everything public is
importable from ``rules.briscola``.
"""

from rules.briscola.forfeit import ForfeitResult, forfeit_result
from rules.briscola.match import MatchResult, match_result
from rules.briscola.partita import (
    CARD_POINTS,
    DECK_POINTS,
    WINNING_POINTS,
    Side,
    check_partita,
    partita_winner,
)
from rules.briscola.spareggi import Spareggio, SpareggioResult, resolve_spareggi

__all__ = [
    "CARD_POINTS",
    "DECK_POINTS",
    "WINNING_POINTS",
    "ForfeitResult",
    "MatchResult",
    "Side",
    "Spareggio",
    "SpareggioResult",
    "check_partita",
    "forfeit_result",
    "match_result",
    "partita_winner",
    "resolve_spareggi",
]
