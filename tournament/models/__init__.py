"""Models of a tournament's frame: the tournament, its roles, stages, gironi, rounds.

Terminology: girone = group (``Girone``), turno = round (``Round``). Clubs and players
are ``people``'s, pairs and teams ``participants``', tables and team matches
``seating``'s (the apps split from this one by issue 29).
"""

from .rounds import Round
from .structure import Girone, Stage, Tournament, TournamentRole

__all__ = [
    "Girone",
    "Round",
    "Stage",
    "Tournament",
    "TournamentRole",
]
