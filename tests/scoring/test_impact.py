"""Issue 14 §7: a correction's impact report ranks exactly as the stored standings do.

One reader of stored scores (scoring.scores) for both: a forfeit is never a meeting,
so it never counts in a head-to-head, in the report as in the standings.
"""

import pytest

from scoring.models import ResultVersion
from scoring.services import Sheet
from standings.models import Row, Snapshot
from standings.services.impact import stored_impact
from standings.services.ranking import positions as girone_positions
from tests.scoring.conftest import build_round
from tests.scoring.helpers import save, sheet
from tournament.models import Girone

Kind = ResultVersion.Kind


def stored_positions(girone, kind="confirmed", overall=False):
    snap = Snapshot.objects.get(
        stage=girone.stage,
        girone=None if overall else girone,
        line="",
        kind=kind,
    )
    return dict(Row.objects.filter(snapshot=snap).values_list("pair_id", "position"))


@pytest.fixture
def forfeit_event(world):
    """Round 1: pair 2 forfeits to pair 1 (14-0); 3 beats 4 12-8. Round 2: 3 beats 1
    14-6; 2 beats 4 by 1,300 MP (a typo: 1,600 was played), 19-1. So 1 has 20 VP and
    2 has 19; the correction gives 2 its 20: 1 and 2 level, their only "meeting" the
    forfeit."""
    p = world.pairs
    t1, t2 = world.tables
    save(t1, world.referee, Sheet(kind=Kind.FORFEIT, line="ew", reason="assente"))
    save(t2, world.referee, sheet((400, 200), (100, 100), (0, 0)))  # 3-4: 12-8
    _, (r2a, r2b) = build_round(world.girone, 2, [(p[0], p[2]), (p[1], p[3])])
    save(r2a, world.referee, sheet((0, 200), (0, 200), (0, 0)))  # 1-3: 6-14
    save(r2b, world.referee, sheet((600, 0), (400, 0), (300, 0)))  # 2-4: 19-1
    return world, r2b


def test_a_forfeit_is_no_head_to_head_in_the_impact_report(forfeit_event):
    world, typo = forfeit_event
    p = world.pairs
    fixed = save(
        typo,
        world.chief,
        sheet((600, 0), (500, 0), (500, 0), reason="errore di somma"),
        correction=True,
    )
    stored = stored_positions(world.girone)
    # 3 (26 VP) first; 1 and 2 on 20: no meeting (a forfeit), so MP difference:
    # 2 +1245, 1 -45; 4 last.
    assert [stored[x.pk] for x in p] == [3, 2, 1, 4]
    report = {row["pair_id"]: row for row in stored_impact(fixed.version)["rows"]}
    assert {pid: row["position_after"] for pid, row in report.items()} == {
        pid: stored[pid] for pid in report
    }
    assert (report[p[1].pk]["position_before"], report[p[1].pk]["position_after"]) == (
        3,
        2,
    )
    assert report[p[0].pk]["position_after"] == 3
    assert {x.pair_id: x.position for x in girone_positions(world.girone.pk)} == stored


def test_the_impact_report_shows_the_overall_merge(forfeit_event, make_user):
    """With a second girone, the report's overall positions are the stored ones."""
    world, typo = forfeit_event
    from participants.models import Pair
    from people.models import Player

    b = Girone.objects.create(stage=world.girone.stage, label="B")
    players = [
        Player.objects.create(first_name="N", last_name=f"Bis{i}") for i in range(4)
    ]
    five = Pair.objects.create(
        tournament=world.tournament, number=5, player1=players[0],
        player2=players[1], girone=b,
    )  # fmt: skip
    six = Pair.objects.create(
        tournament=world.tournament, number=6, player1=players[2],
        player2=players[3], girone=b,
    )  # fmt: skip
    _, (b1,) = build_round(b, 1, [(five, six)])
    _, (b2,) = build_round(b, 2, [(six, five)])
    save(b1, world.referee, sheet((300, 100), (100, 100), (0, 0)))  # 5: 12
    save(b2, world.referee, sheet((100, 100), (0, 0), (200, 0)))  # 6: 12, 5: 8
    fixed = save(
        typo,
        world.chief,
        sheet((600, 0), (500, 0), (500, 0), reason="errore di somma"),
        correction=True,
    )
    assert stored_impact(fixed.version)["overall"] is True
    overall = stored_positions(world.girone, overall=True)
    for row in stored_impact(fixed.version)["rows"]:
        assert row["overall_after"] == overall[row["pair_id"]]
    positions = girone_positions(world.girone.pk)
    assert {x.pair_id: x.overall for x in positions} == {
        pid: pos
        for pid, pos in overall.items()
        if pid in {x.pair_id for x in positions}
    }
