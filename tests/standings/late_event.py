"""Issue 14 §1 as data: 16 pairs in two gironi; pair 17 added to girone B after round
1, pair 8 withdrawn from girone A after round 1.

Shared by the stored-standings tests (``test_overall.py``) and the browser screens
(``tests/browser/test_standings_screens.py``).
"""

from __future__ import annotations

from participants.models import Pair
from participants.services.registration import set_withdrawn
from tests.standings.factories import make_girone, make_pairs, make_tournament, play
from tournament.models import Girone, Tournament

# Round 1: two gironi of 8. Every match is close (at most 13 VP), so after two rounds
# no pair averages more than 13 VP a match.
ROUND_1_A = [
    (1, 2, 1100, 900, 12, 8),
    (3, 4, 1050, 950, 11, 9),
    (5, 6, 1000, 1000, 10, 10),
    (7, 8, 1200, 900, 13, 7),
]
ROUND_1_B = [
    (9, 10, 1100, 900, 12, 8),
    (11, 12, 1050, 950, 11, 9),
    (13, 14, 1300, 1000, 13, 7),
    (15, 16, 1000, 1000, 10, 10),
]
# Round 2: pair 8 has withdrawn (girone A: 7 pairs, 7 rests); pair 17 entered girone B
# (9 pairs, 16 rests) and won 16-4.
ROUND_2_A = [
    (1, 7, 1100, 900, 12, 8),
    (3, 5, 1000, 1000, 10, 10),
    (2, 4, 1050, 950, 11, 9),
    (6, None, 355, None, 14, None),
]
ROUND_2_B = [
    (9, 13, 1100, 900, 12, 8),
    (10, 11, 1000, 1000, 10, 10),
    (12, 14, 1000, 1000, 10, 10),
    (17, 15, 1500, 800, 16, 4),
    (16, None, 355, None, 14, None),
]


def make_late_event(slug: str, **kwargs) -> tuple[Tournament, Girone, Girone]:
    """The tournament after round 2, and its gironi A and B."""
    tournament = make_tournament(slug, **kwargs)
    a, b = make_girone(tournament, "A"), make_girone(tournament, "B")
    make_pairs(tournament, a, range(1, 9))
    make_pairs(tournament, b, range(9, 17))
    play(a, {1: ROUND_1_A})
    play(b, {1: ROUND_1_B})
    make_pairs(tournament, b, [17])
    set_withdrawn(Pair.objects.get(tournament=tournament, number=8), True)
    play(a, {2: ROUND_2_A})
    play(b, {2: ROUND_2_B})
    return tournament, a, b
