"""MP to VP through the whole path: a sheet goes in, the stored VP come out.

Known answers from the fibur-2026 pack (docs/rules.md §4.1 and §6): 3-smazzate table
0-50 10-10, 655-800 16-4, 355-500 14-6, 255-350 13-7; rest and forfeit 14 VP at the
lower bound of the 14-VP band (355 MP in 3 smazzate, 305 in 2, 705 in 4).
"""

from __future__ import annotations

import pytest

from scoring.models import HandScore, PairScore, ResultVersion, TableResult
from scoring.scores import pair_totals
from scoring.services import Breakdown, Hand, Sheet, SheetError
from tests.scoring.conftest import build_round, build_tournament, grant
from tests.scoring.helpers import save, sheet

Kind = ResultVersion.Kind


def scores(table):
    """{pair number: (vp, mp_for, mp_against)} of the table's stored pair scores."""
    return {
        s.pair.number: (s.vp, s.mp_for, s.mp_against)
        for s in PairScore.objects.filter(table=table).select_related("pair")
    }


@pytest.mark.parametrize(
    ("hands", "expected"),
    [
        pytest.param(
            [(300, 100), (150, 250), (500, -100)],
            {1: (16, 950, 250), 2: (4, 250, 950)},
            id="diff-700-16-4",
        ),
        pytest.param(
            [(250, 200), (100, 100), (50, 50)],
            {1: (10, 400, 350), 2: (10, 350, 400)},
            id="diff-50-still-10-10",
        ),
        pytest.param(
            [(-100, 455), (0, 0), (0, 0)],
            {1: (5, -100, 455), 2: (15, 455, -100)},
            id="eo-ahead-by-555-gets-15",
        ),
    ],
)
def test_normal_sheet_stores_the_table_vp(world, hands, expected):
    table = world.tables[0]
    saved = save(table, world.referee, sheet(*hands))
    assert saved.result.status == TableResult.Status.CONFIRMED
    assert scores(table) == expected
    assert (
        list(HandScore.objects.filter(version=saved.version).values_list("ns", "ew"))
        == hands
    )


def test_fewer_hands_with_a_reason_still_use_the_round_table(world):
    """500-0 over 2 of 3 smazzate: 14-6 (3-smazzate table), not 15-5 (2-smazzate)."""
    table = world.tables[0]
    save(table, world.referee, sheet((300, 0), (200, 0), reason="time out"))
    assert scores(table) == {1: (14, 500, 0), 2: (6, 0, 500)}


def test_fewer_hands_without_a_reason_are_refused(world):
    with pytest.raises(SheetError) as exc:
        save(world.tables[0], world.referee, sheet((300, 0), (200, 0)))
    assert "reason" in exc.value.errors
    assert "2" in exc.value.errors["reason"][0]
    assert not TableResult.objects.filter(status="confirmed").exists()


def test_score_not_multiple_of_5_is_refused_and_nothing_saved(world):
    with pytest.raises(SheetError) as exc:
        save(world.tables[0], world.referee, sheet((347, 100), (0, 0), (0, 0)))
    assert "347" in exc.value.errors["h1_ns"][0]
    assert not ResultVersion.objects.exists()


def test_rest_award_is_14_vp_at_the_band_minimum(db, make_user):
    for hands, mp in ((2, 305), (3, 355), (4, 705)):
        _, girone, pairs = build_tournament(pairs=3, hands=hands)
        user = make_user(f"r{hands}")
        grant(user, girone.stage.tournament)
        _, tables = build_round(
            girone, 1, [(pairs[0], pairs[1]), (pairs[2], None)], hands=hands
        )
        save(tables[1], user, Sheet(kind=Kind.REST, reason="riposo"))
        assert scores(tables[1]) == {3: (14, mp, 0)}
        assert pair_totals(girone.pk)[pairs[2].pk].vp == 14


def test_forfeit_offender_0_opponent_14_at_band_minimum(world):
    table = world.tables[0]
    save(table, world.referee, Sheet(kind=Kind.FORFEIT, line="ns", reason="no-show"))
    assert scores(table) == {1: (0, 0, 355), 2: (14, 355, 0)}


def test_forfeit_keeps_a_better_score_already_played(world):
    """Minimo 14 VP: an opponent 900 ahead after two hands keeps its 17 VP."""
    table = world.tables[0]
    save(
        table,
        world.referee,
        sheet((0, 500), (0, 400), kind=Kind.FORFEIT, line="ns", reason="abandon"),
    )
    assert scores(table)[2] == (17, 900, 0)
    assert scores(table)[1][0] == 0


def test_late_arrival_takes_100_mp_before_the_conversion(world):
    """500-100 is 14-6; with NS late, 400-100 (diff 300) is 13-7."""
    table = world.tables[0]
    save(
        table,
        world.referee,
        sheet(
            (300, 0),
            (100, 50),
            (100, 50),
            kind=Kind.LATE_ARRIVAL,
            line="ns",
            reason="8 min",
        ),
    )
    assert scores(table) == {1: (13, 400, 100), 2: (7, 100, 400)}


@pytest.mark.parametrize(
    ("hands", "expected"),
    [
        pytest.param(3, {1: (6, 0, 355), 2: (14, 355, 0)}, id="3-smazzate-14-6"),
        pytest.param(4, {1: (8, 0, 305), 2: (12, 305, 0)}, id="4-smazzate-12-8"),
        pytest.param(1, {1: (6, 0, 305), 2: (14, 305, 0)}, id="1-smazzata-uses-2"),
    ],
)
def test_late_over_10_minutes_awards_the_match(db, make_user, hands, expected):
    """docs/rules.md §6.4: 70% of 20 VP (60% in 4-smazzate turns), MP at the band."""
    tournament, girone, pairs = build_tournament(pairs=2, hands=hands)
    user = make_user("arbitro-l")
    grant(user, tournament)
    _, tables = build_round(girone, 1, [(pairs[0], pairs[1])], hands=hands)
    save(tables[0], user, Sheet(kind=Kind.LATE_FORFEIT, line="ns", reason="15'"))
    assert scores(tables[0]) == expected


def test_second_warning_costs_1_vp_with_no_gain_for_the_opponent(world):
    table = world.tables[0]
    save(
        table,
        world.referee,
        sheet(
            (300, 100),
            (150, 250),
            (500, -100),
            kind=Kind.SECOND_WARNING,
            line="ew",
            reason="seconda ammonizione",
        ),
    )
    assert scores(table) == {1: (16, 950, 250), 2: (3, 250, 950)}


def test_referee_set_mp_are_converted(world):
    table = world.tables[0]
    save(
        table,
        world.referee,
        Sheet(kind=Kind.REFEREE_SET, set_mp=(600, 100), reason="carte mescolate"),
    )
    assert scores(table) == {1: (14, 600, 100), 2: (6, 100, 600)}


def test_referee_set_vp_are_stored_as_set(world):
    table = world.tables[0]
    save(
        table,
        world.referee,
        Sheet(kind=Kind.REFEREE_SET, set_mp=(0, 0), set_vp=(12, 5), reason="decisione"),
    )
    assert scores(table) == {1: (12, 0, 0), 2: (5, 0, 0)}


def test_both_absent_is_0_0(world):
    table = world.tables[0]
    save(table, world.referee, Sheet(kind=Kind.BOTH_ABSENT, reason="assenti"))
    assert scores(table) == {1: (0, 0, 0), 2: (0, 0, 0)}
    assert not PairScore.objects.filter(table=table, played=True).exists()


def test_special_result_needs_a_reason(world):
    with pytest.raises(SheetError) as exc:
        save(world.tables[0], world.referee, Sheet(kind=Kind.BOTH_ABSENT))
    assert "reason" in exc.value.errors


def test_breakdown_is_scored_by_rules(world):
    """NS: clean burraco 200 + closing 100 + 150 melded = 450; EO: dirty 100 + 100 - 30."""
    ns = Breakdown(clean=1, closed=True, pozzetto=True, melded=150)
    ew = Breakdown(dirty=1, pozzetto=True, melded=100, in_hand=30)
    the_sheet = Sheet(
        hands=(Hand(None, None, ns, ew), Hand(0, 0), Hand(0, 0)),
    )
    saved = save(world.tables[0], world.referee, the_sheet)
    hand = saved.version.hands.get(number=1)
    assert (hand.ns, hand.ew) == (450, 170)
    assert hand.ns_breakdown["closed"] is True


def test_closing_without_pozzetto_is_refused(world):
    ns = Breakdown(clean=1, closed=True, pozzetto=False, melded=150)
    the_sheet = Sheet(hands=(Hand(None, 0, ns, None), Hand(0, 0), Hand(0, 0)))
    with pytest.raises(SheetError) as exc:
        save(world.tables[0], world.referee, the_sheet)
    assert "h1_ns_closed" in exc.value.errors


def test_briscola_match_from_the_partite(db, make_user):
    tournament, girone, pairs = build_tournament(
        pairs=2, game="briscola", rule_pack="briscola-approdo", hands=3
    )
    user = make_user("arbitro-b")
    grant(user, tournament)
    _, tables = build_round(girone, 1, [(pairs[0], pairs[1])], hands=3)
    saved = save(tables[0], user, sheet((68, 52), (40, 80), (75, 45)))
    assert scores(tables[0]) == {1: (1, 183, 177), 2: (0, 177, 183)}
    assert saved.version.games.count() == 3


def test_briscola_partita_must_total_120(db, make_user):
    tournament, girone, pairs = build_tournament(
        pairs=2, game="briscola", rule_pack="briscola-vp", hands=3
    )
    user = make_user("arbitro-c")
    grant(user, tournament)
    _, tables = build_round(girone, 1, [(pairs[0], pairs[1])], hands=3)
    with pytest.raises(SheetError) as exc:
        save(tables[0], user, sheet((68, 50), (40, 80)))
    assert "118" in exc.value.errors["h1_ew"][0]


@pytest.mark.parametrize(
    ("pack", "games", "expected", "counted"),
    [
        pytest.param(
            "briscola-approdo",
            [(60, 60), (70, 50), (40, 80), (80, 40)],
            {1: (1, 190, 170), 2: (0, 170, 190)},
            3,
            id="approdo-replays-60-60",
        ),
        pytest.param(
            "briscola-vp",
            [(60, 60), (70, 50), (40, 80)],
            {1: (10, 170, 190), 2: (10, 190, 170)},
            3,
            id="vp-pack-draws-60-60",
        ),
    ],
)
def test_briscola_60_60_as_the_pack_says(db, make_user, pack, games, expected, counted):
    tournament, girone, pairs = build_tournament(
        pairs=2, game="briscola", rule_pack=pack, hands=3
    )
    user = make_user("arbitro-d")
    grant(user, tournament)
    _, tables = build_round(girone, 1, [(pairs[0], pairs[1])], hands=3)
    saved = save(tables[0], user, sheet(*games))
    assert scores(tables[0]) == expected
    assert saved.version.hands_played == counted
    assert saved.version.games.count() == len(games)
