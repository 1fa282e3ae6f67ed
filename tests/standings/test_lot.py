"""The lot is drawn on pair numbers: the same seed draws the same in any database."""

import pytest
from django.utils import translation

from standings.models import Row, Snapshot, StandingsConfig
from standings.services.lot import LotSeedError, set_lot_seed

from .factories import make_girone, make_pairs, make_tournament, play

pytestmark = pytest.mark.django_db

LEVEL = {1: [(1, 2, 1000, 1000, 10, 10), (3, 4, 1000, 1000, 10, 10)]}


def lot_order(slug: str, numbers: list[int], seed: int) -> list[int]:
    """A girone of four pairs all level, its pairs created in the order given."""
    tournament = make_tournament(slug)
    girone = make_girone(tournament)
    for number in numbers:  # one at a time: database ids follow this order
        make_pairs(tournament, girone, [number])
    set_lot_seed(tournament, seed)
    play(girone, LEVEL)
    snapshot = Snapshot.objects.get(girone=girone, kind="confirmed", line="")
    rows = Row.objects.filter(snapshot=snapshot).order_by("index")
    assert all(r.by_lot for r in rows)
    return [r.pair_number for r in rows]


@pytest.mark.parametrize("seed", [1, 2026, 987654])
def test_the_same_seed_draws_the_same_whatever_the_database_ids(seed):
    forward = lot_order("avanti", [1, 2, 3, 4], seed)
    backward = lot_order("indietro", [4, 3, 2, 1], seed)
    assert forward == backward


def test_set_lot_seed_records_the_seed_and_ranks_again():
    tournament = make_tournament()
    girone = make_girone(tournament)
    make_pairs(tournament, girone, [1, 2, 3, 4])
    play(girone, LEVEL)
    set_lot_seed(tournament, 11)
    first = StandingsConfig.objects.get(tournament=tournament)
    snapshot = Snapshot.objects.get(girone=girone, kind="confirmed", line="")
    assert first.lot_seed == 11 and "seme 11" in snapshot.notes[0][0]
    with translation.override("en"), pytest.raises(LotSeedError) as caught:
        set_lot_seed(tournament, 0)
    assert str(caught.value) == (
        "The lot seed must be a whole number from 1 to 2147483647."
    )
