"""Season rankings: points per placing from a scale, the best N results counted."""

import pytest

from rules.errors import StandingsError
from rules.standings.season import placing_points, season_ranking

SCALE = (10, 6, 4)


def test_best_n_results_count_and_the_rest_are_marked():
    events = {"a": {1: 1}, "b": {1: 3}, "c": {1: 2}}
    (row,) = season_ranking(events, scale=SCALE, best=2)
    assert row.total == 16
    assert row.counted == ("a", "c")
    assert [(r.event, r.points, r.counted) for r in row.results] == [
        ("a", 10, True),
        ("b", 4, False),
        ("c", 6, True),
    ]


def test_every_result_counts_without_best():
    events = {"a": {1: 1}, "b": {1: 3}}
    assert season_ranking(events, scale=SCALE)[0].total == 14


def test_placing_beyond_the_scale_gets_participation_points():
    assert placing_points(4, SCALE) == 0
    assert placing_points(4, SCALE, participation=1) == 1
    (row,) = season_ranking({"a": {1: 9}}, scale=SCALE, participation=2)
    assert row.total == 2


def test_level_totals_share_the_position_unless_the_best_result_differs():
    events = {"a": {1: 1, 2: 2}, "b": {1: 3, 2: 2}, "c": {3: 2, 4: 2}}
    rows = season_ranking(events, scale=SCALE)
    got = [(r.player, r.position, r.total) for r in rows]
    # 1: 10 + 4 = 14 with a win; 2: 6 + 6 = 12; 3 and 4: 6 each, level.
    assert got == [(1, 1, 14), (2, 2, 12), (3, 3, 6), (4, 3, 6)]


@pytest.mark.parametrize(
    ("kwargs", "named"),
    [
        pytest.param({"scale": (10, -1)}, "(10, -1)", id="negative-scale"),
        pytest.param({"scale": "10,6"}, "'10,6'", id="string-scale"),
        pytest.param({"scale": SCALE, "best": 0}, "0", id="best-zero"),
        pytest.param({"scale": SCALE, "participation": -1}, "-1", id="participation"),
    ],
)
def test_bad_settings_are_named(kwargs, named):
    with pytest.raises(
        StandingsError, match=named.replace("(", r"\(").replace(")", r"\)")
    ):
        season_ranking({"a": {1: 1}}, **kwargs)


def test_bad_placing_is_named():
    with pytest.raises(StandingsError, match="0"):
        placing_points(0, SCALE)
