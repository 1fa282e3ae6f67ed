"""Bad chains, matches and options (rules.standings): each refusal names the bad value."""

import pytest

from rules.errors import RulesError, StandingsError
from rules.standings import FIBUR_DEFAULT, rank, rank_across, render_explanation
from tests.rules.standings_cases import GOOD, NO_LOT, THREE_WAY


@pytest.mark.parametrize(
    ("call", "named"),
    [
        pytest.param(
            lambda: rank(GOOD, ["points", "goals"]), "'goals'", id="unknown-criterion"
        ),
        pytest.param(lambda: rank(GOOD, "points"), "'points'", id="chain-is-a-string"),
        pytest.param(lambda: rank(GOOD, []), "empty", id="empty-chain"),
        pytest.param(
            lambda: rank(GOOD, ["points", "diff", "diff"]), "'diff'", id="repeated"
        ),
        pytest.param(
            lambda: rank(GOOD, ["points", "lot", "diff"]), "'lot'", id="lot-not-last"
        ),
        pytest.param(
            lambda: rank(GOOD, ["h2h_points", "points"]), "'h2h_points'", id="h2h-first"
        ),
        pytest.param(
            lambda: rank([(1, 1, 0, 0, 10, 10)], FIBUR_DEFAULT),
            "team 1 plays itself",
            id="self-match",
        ),
        pytest.param(
            lambda: rank([(1, 2, 1100, 900, 12)], FIBUR_DEFAULT),
            "(1, 2, 1100, 900, 12)",
            id="five-fields",
        ),
        pytest.param(
            lambda: rank([(1, 2, 1, 1, 1, 1, 1)], FIBUR_DEFAULT),
            "match #0",
            id="seven-fields",
        ),
        pytest.param(
            lambda: rank(["1-2 12-8"], FIBUR_DEFAULT), "'1-2 12-8'", id="string-match"
        ),
        pytest.param(
            lambda: rank([(1, 2, "1100", 900, 12, 8)], FIBUR_DEFAULT),
            "score_a must be an int, got '1100'",
            id="str-score",
        ),
        pytest.param(
            lambda: rank([(1, 2, 1100, 900, 12.5, 7.5)], FIBUR_DEFAULT),
            "points_a must be an int, got 12.5",
            id="float-points",
        ),
        pytest.param(
            lambda: rank([(1, 2, 1100, 900, True, 8)], FIBUR_DEFAULT),
            "got True",
            id="bool-points",
        ),
        pytest.param(
            lambda: rank([(None, None, 0, 0, 0, 0)], FIBUR_DEFAULT),
            "no team",
            id="both-byes",
        ),
        pytest.param(
            lambda: rank([([1], 2, 0, 0, 0, 0)], FIBUR_DEFAULT),
            "[1]",
            id="unhashable-team",
        ),
        pytest.param(
            lambda: rank([(1, "b", 0, 0, 0, 0)], FIBUR_DEFAULT),
            "sortable",
            id="unsortable-teams",
        ),
        pytest.param(
            lambda: rank(GOOD, FIBUR_DEFAULT, unmet="sometimes"),
            "'sometimes'",
            id="unmet",
        ),
        pytest.param(
            lambda: rank(GOOD, FIBUR_DEFAULT, reapply_head_to_head="yes"),
            "'yes'",
            id="reapply",
        ),
        pytest.param(
            lambda: rank(GOOD, FIBUR_DEFAULT, lot_seed="42"), "'42'", id="lot-seed"
        ),
        pytest.param(
            lambda: rank(GOOD, FIBUR_DEFAULT, decisions=[[2, 1]]),
            "no 'decision'",
            id="decisions-unused",
        ),
        pytest.param(
            lambda: rank(GOOD, (*NO_LOT, "decision"), decisions=[[2, 7]]),
            "team 7",
            id="decision-unknown-team",
        ),
        pytest.param(
            lambda: rank(GOOD, (*NO_LOT, "decision"), decisions=[[1], [1, 2]]),
            "team 1 appears twice",
            id="decision-twice",
        ),
        pytest.param(
            lambda: rank(GOOD, FIBUR_DEFAULT, teams=[1, 3]),
            "team 2, which is not in teams",
            id="outside-roster",
        ),
        pytest.param(
            lambda: rank(GOOD, FIBUR_DEFAULT, teams=[1, 2, 1]),
            "team 1 is listed twice",
            id="roster-twice",
        ),
        pytest.param(
            lambda: rank_across([GOOD, [(2, 3, 0, 0, 10, 10)]]),
            "team 2 plays in girone #1 and girone #2",
            id="across-same-team",
        ),
        pytest.param(
            lambda: rank_across([GOOD], ("points", "h2h_points")),
            "'h2h_points'",
            id="across-h2h",
        ),
        pytest.param(
            lambda: rank_across([GOOD], select=[9]), "team 9", id="across-select"
        ),
    ],
)
def test_errors_name_the_bad_value(call, named):
    with pytest.raises(StandingsError) as info:
        call()
    assert named in str(info.value)
    assert isinstance(info.value, RulesError)
    assert isinstance(info.value, ValueError)


def test_render_refuses_an_unknown_language():
    explanation = rank(THREE_WAY, FIBUR_DEFAULT)[0].explanation
    with pytest.raises(StandingsError, match="'fr'"):
        render_explanation(explanation, lang="fr")
