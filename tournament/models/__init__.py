"""Models of the director's world: clubs, players, pairs, tournaments, gironi, rounds.

Terminology: girone = group (``Girone``), turno = round (``Round``), tavolo = table
(``Table``), coppia = pair (``Pair``), circolo = club (``Club``), linea = line (NS/EO).
"""

from .people import Club, Player
from .rounds import Round, Table
from .structure import Girone, Pair, Stage, Tournament, TournamentRole

__all__ = [
    "Club",
    "Girone",
    "Pair",
    "Player",
    "Round",
    "Stage",
    "Table",
    "Tournament",
    "TournamentRole",
]
