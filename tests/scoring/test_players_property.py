"""An invariant of the players' entry (issue 30): whatever the sheet and whichever way
the lines agree on it (the other line confirms it, or types the same sheet, or types a
different one once then confirms), the pairs' scores are those a referee's single
entry of the same sheet gives; while they disagree, nothing counts."""

from __future__ import annotations

from itertools import count

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import services
from scoring.models import PairScore, ResultVersion, TableResult
from tests.budget import examples
from tests.scoring.conftest import build_round
from tests.scoring.helpers import save, sheet
from tests.scoring.players_helpers import confirm, enter

pytestmark = pytest.mark.django_db
_rounds = count(5)

PROPERTY = settings(
    max_examples=examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

score = st.integers(-60, 300).map(lambda n: 5 * n)
hands = st.lists(st.tuples(score, score), min_size=3, max_size=3)


def scores(table) -> list[tuple]:
    return sorted(
        PairScore.objects.filter(table=table).values_list(
            "pair_id", "vp", "mp_for", "mp_against", "played"
        )
    )


@PROPERTY
@given(
    typed=hands,
    way=st.sampled_from(["confirm", "same", "differ-then-confirm"]),
    first=st.sampled_from(["ns", "ew"]),
)
def test_agreed_players_entry_is_a_referees_single_entry(world, typed, way, first):
    world.tournament.entry_by = "both"
    world.tournament.save()
    number = 2 * next(_rounds)
    p = world.pairs
    _round, (referee_table,) = build_round(world.girone, number, [(p[0], p[1])])
    _round, (players_table,) = build_round(world.girone, number + 1, [(p[0], p[1])])
    the_sheet = sheet(*typed)
    try:
        save(referee_table, world.referee, the_sheet, confirm=True)
    except services.ScoringError:
        # Refused for a referee (say, an impossible total): refused for players too.
        with pytest.raises(services.ScoringError):
            enter(players_table, first, the_sheet, confirm=True)
        return
    other = "ew" if first == "ns" else "ns"
    entered = enter(players_table, first, the_sheet, confirm=True)
    assert not PairScore.objects.filter(table=players_table).exists()
    if way == "confirm":
        confirm(players_table, other, entered.version)
    elif way == "same":
        enter(players_table, other, the_sheet, confirm=True)
    else:
        wrong = sheet(*typed[:2], (typed[2][0], typed[2][1] + 5))
        try:
            enter(players_table, other, wrong, confirm=True)
        except services.ScoringError:
            enter(players_table, other, the_sheet, confirm=True)
        else:
            assert TableResult.objects.get(table=players_table).status == "contested"
            assert not PairScore.objects.filter(table=players_table).exists()
            confirm(players_table, other, entered.version)
    assert TableResult.objects.get(table=players_table).status == "confirmed"
    mine = [(vp, f, a, pl) for _pair, vp, f, a, pl in scores(players_table)]
    theirs = [(vp, f, a, pl) for _pair, vp, f, a, pl in scores(referee_table)]
    assert mine == theirs
    counted = TableResult.objects.get(table=players_table).current
    assert counted.source in ResultVersion.PLAYER_SOURCES
