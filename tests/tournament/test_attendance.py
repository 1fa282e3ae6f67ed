"""What a pair missed (docs/rules.md §8), and the rounds a girone's plan schedules."""

import pytest

from seating.services.attendance import (
    Attendance,
    girone_attendance,
    pair_attendance,
    scheduled_rounds,
)
from tests.standings.factories import (
    make_girone,
    make_pairs,
    make_round,
    make_tournament,
    seat,
)

pytestmark = pytest.mark.django_db


def test_late_withdrawn_and_resting_pairs():
    tournament = make_tournament("presenze")
    girone = make_girone(tournament)
    p = make_pairs(tournament, girone, [1, 2, 3, 4, 5])
    r1, r2, r3 = (make_round(girone, n) for n in (1, 2, 3))
    seat(r1, 1, p[1], p[2])
    seat(r1, 2, p[3], None)  # a rest is a table: not missed
    seat(r2, 1, p[1], p[5])  # 5 entered at round 2
    seat(r2, 2, p[2], p[3])
    seat(r3, 1, p[5], p[3])
    p[2].withdrawn = True
    p[2].save()
    got = girone_attendance(girone.pk)
    assert got[p[3].pk] == Attendance(p[3].pk, (1, 2, 3), False, 1)
    assert got[p[3].pk].missed([1, 2, 3]) == ()
    assert (got[p[5].pk].entered_at, got[p[5].pk].missed([1, 2, 3])) == (2, (1,))
    assert (got[p[2].pk].withdrew_after, got[p[2].pk].missed([1, 2, 3])) == (2, (3,))
    assert got[p[4].pk].seated == () and got[p[4].pk].entered_at is None
    assert pair_attendance(p[1]).missed([1, 2, 3]) == (3,)


@pytest.mark.parametrize(
    ("plan", "sizes", "expected"),
    [
        ("round_robin", (8, 9), [7, 9]),
        ("round_robin", (6, 6), [5, 5]),
        ("3xmitchell+danese", (8, 9), [4, 4]),
        ("danese", (8, 9), [None, None]),  # not a valid plan: no averages
    ],
)
def test_scheduled_rounds(plan, sizes, expected):
    tournament = make_tournament(f"piano-{len(plan)}-{sizes[1]}", movement_plan=plan)
    gironi = []
    first = 1
    for label, size in zip("AB", sizes, strict=True):
        girone = make_girone(tournament, label)
        make_pairs(tournament, girone, range(first, first + size))
        first += size
        gironi.append(girone)
    assert [scheduled_rounds(g) for g in gironi] == expected
