"""Results of the tables, versioned: every submission is kept, one of them counts.

* :class:`TableResult` is one row per table (tavolo): the lock row that optimistic
  locking bumps (``lock_version``), the table's state and the version that counts
  (``current``).
* :class:`ResultVersion` is one submission: a typed sheet, a second sheet of a double
  entry, a settlement, a correction, a special result (riposo, forfeit, ...), or an
  attempt that lost an optimistic-locking conflict (kept, never counted). Its MP and VP
  are computed by :mod:`rules` when it is saved, never typed (except a referee-set
  score, whose typed values are kept apart in ``set_*``).
* :class:`HandScore` holds one smazzata of a Burraco sheet (the NS and EO line scores
  and, optionally, each line's breakdown); :class:`BriscolaGame` one partita of a
  Briscola match.
* :class:`PairScore` is what the version that counts gives each pair in the round
  (VP, MP for and against): the rows the totals and the standings read, rewritten in the
  transaction that changes the version that counts.
* :class:`TeamScore` is what a team match gives each team (team tournaments), once every
  table of the match has a version that counts; rewritten in the same transaction.

Terminology: smazzata = hand; partita = game (Briscola); turno = round; tavolo = table;
linea = line (NS / EO, ``ns`` / ``ew`` in code); riposo = rest; ammonizione = warning.
"""

from .lines import MAX_HAND_MP, Line
from .results import ResultVersion, TableResult
from .scores import PairScore, TeamScore
from .sheets import BriscolaGame, HandScore

__all__ = [
    "MAX_HAND_MP",
    "BriscolaGame",
    "HandScore",
    "Line",
    "PairScore",
    "ResultVersion",
    "TableResult",
    "TeamScore",
]
