"""Models of the director's world: clubs, players, pairs, tournaments, gironi, rounds.

Terminology: girone = group (``Girone``), turno = round (``Round``), tavolo = table
(``Table``), coppia = pair (``Pair``), circolo = club (``Club``), linea = line (NS/EO);
squadra = team (``Team``), incontro a squadre = team match (``TeamMatch``).
"""

from .accounts import PasswordToChange
from .codes import TableCode
from .people import Club, Player
from .rounds import Round, Table
from .structure import Girone, Pair, Stage, Tournament, TournamentRole
from .teams import Team, TeamMatch, TeamMember

__all__ = [
    "Club",
    "Girone",
    "Pair",
    "PasswordToChange",
    "Player",
    "Round",
    "Stage",
    "Table",
    "TableCode",
    "Team",
    "TeamMatch",
    "TeamMember",
    "Tournament",
    "TournamentRole",
]
