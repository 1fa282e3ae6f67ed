"""What each pair of a girone missed: the rounds it sat at no table (docs/rules.md §8).

A pair that entered late (added to a girone after its first round) or withdrew sits
at no table in some rounds of its girone. Those rounds are **missed**: the standings
credit each with the rule pack's award (``[standings] missed_round_points`` and
``missed_round_score``, default nothing) and count it in the per-round averages, so a
pair never ranks above another because it played fewer matches. A rest is not a missed
round: the pair has a table (a riposo) and the rest award.

Read-only, plain values: :func:`girone_attendance` for a whole girone (the standings
read it on every refresh), :func:`pair_attendance` for one pair (director pages).
:func:`scheduled_rounds` says how many rounds a girone's plan schedules: the overall
standings average per round only when the gironi are scheduled different numbers.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from participants.models import Pair
from rules.errors import PairingError
from rules.pairing import parse_plan
from seating.models import Table
from tournament.models import Girone


@dataclass(frozen=True)
class Attendance:
    """The rounds of its girone one pair sat in, and whether it withdrew.

    ``first_round`` is the girone's first round (None: no round yet); ``seated`` the
    rounds the pair had a table in (a rest included), in order.
    """

    pair_id: int
    seated: tuple[int, ...]
    withdrawn: bool
    first_round: int | None

    def missed(self, rounds: Iterable[int]) -> tuple[int, ...]:
        """The rounds of ``rounds`` (those that count) in which the pair sat nowhere.

        >>> Attendance(7, (2, 3), False, 1).missed([1, 2, 3])
        (1,)
        """
        seated = set(self.seated)
        return tuple(sorted(r for r in set(rounds) if r not in seated))

    @property
    def entered_at(self) -> int | None:
        """The round a late pair entered at ("entrata al turno N"), else None.

        >>> Attendance(7, (2, 3), False, 1).entered_at, Attendance(8, (1,), True, 1).entered_at
        (2, None)
        """
        if not self.seated or self.first_round is None:
            return None
        first = self.seated[0]
        return first if first > self.first_round else None

    @property
    def withdrew_after(self) -> int | None:
        """The last round a withdrawn pair sat in ("ritirata dopo il turno N").

        >>> Attendance(8, (1, 2), True, 1).withdrew_after
        2
        """
        if not self.withdrawn or not self.seated:
            return None
        return self.seated[-1]


def girone_attendance(girone_id: int) -> dict[int, Attendance]:
    """Pair id -> attendance, for the girone's pairs and any pair seated in its rounds."""
    seats = Table.objects.filter(round__girone_id=girone_id).values_list(
        "round__number", "pair_ns_id", "pair_ew_id"
    )
    return attendance_from(girone_id, seats)


def attendance_from(
    girone_id: int, tables: Iterable[tuple[int, int, int | None]]
) -> dict[int, Attendance]:
    """Attendance from ``(round number, NS pair id, EO pair id or None)`` seats: every
    table of the girone, or a reader's equivalent (the standings read the seats of
    the tables with a result from their scores, and only the others from the tables)."""
    seated: dict[int, set[int]] = {}
    rounds: set[int] = set()
    for number, ns, ew in tables:
        rounds.add(number)
        seated.setdefault(ns, set()).add(number)
        if ew is not None:
            seated.setdefault(ew, set()).add(number)
    withdrawn = dict(
        Pair.objects.filter(girone_id=girone_id).values_list("id", "withdrawn")
    )
    others = set(seated) - set(withdrawn)
    if others:  # seated here, now in another girone (or none)
        withdrawn.update(
            Pair.objects.filter(id__in=others).values_list("id", "withdrawn")
        )
    first = min(rounds) if rounds else None
    return {
        pid: Attendance(pid, tuple(sorted(seated.get(pid, ()))), gone, first)
        for pid, gone in withdrawn.items()
    }


def pair_attendance(pair: Pair) -> Attendance | None:
    """What one pair missed in its girone (None: it is in no girone)."""
    if pair.girone_id is None:
        return None
    return girone_attendance(pair.girone_id)[pair.pk]


def scheduled_rounds(girone: Girone) -> int | None:
    """The rounds the tournament's plan schedules for this girone (None: no valid plan).

    A round robin (all'italiana) plays its whole calendar, so a girone of 8 pairs has 7
    rounds and one of 9 has 9 (a rest each); any other plan gives every girone the
    plan's rounds.
    """
    tournament = girone.stage.tournament
    try:
        plan = parse_plan(tournament.movement_plan)
    except PairingError:
        return None
    if set(plan) != {"round_robin"}:
        return len(plan)
    first = Table.objects.filter(round__girone=girone, round__number=1)
    pairs = {p for t in first.values_list("pair_ns_id", "pair_ew_id") for p in t if p}
    count = len(pairs) or Pair.objects.filter(girone=girone, withdrawn=False).count()
    return count - 1 + count % 2 if count > 1 else 0
