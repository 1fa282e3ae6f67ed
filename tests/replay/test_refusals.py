"""A refused replay: exit status 2, one line naming the element and why, no trace."""

from __future__ import annotations

import pytest

from .helpers import HANDS, counts, document, pair, run

pytestmark = pytest.mark.django_db


# --- refusals: exit status 2, one line naming the element, nothing left -----------------


def _round_one(results, tables=None, **extra):
    return [
        {
            "tables": tables or {"A": [[1, 2], [3, 4]]},
            "results": results,
            **extra,
        }
    ]


REFUSALS = [
    pytest.param(
        document(hands_per_round=0),
        "tournament.hands_per_round",
        id="tournament-form",
    ),
    pytest.param(
        document(rule_pack_version=9),
        "tournament",
        id="unknown-pack-version",
    ),
    pytest.param(
        document(movement_plan="3xtwist"),
        "tournament.movement_plan",
        id="unknown-movement",
    ),
    pytest.param(
        {**document(), "pairs": [*document()["pairs"], document()["pairs"][0]]},
        "pairs[4].number",
        id="pair-number-twice",
    ),
    pytest.param(
        document(pairs={"A": [1, 2], "C": [3, 4]}), "pairs", id="gironi-not-a-b"
    ),
    pytest.param(
        document(rounds=_round_one([], tables={"A": [[1, 2], [3, 99]]})),
        "rounds[0].tables.A",
        id="unknown-pair-in-tables",
    ),
    pytest.param(
        document(rounds=_round_one([], tables={"A": [[1, 2], [3, 1]]})),
        "rounds[0].tables.A",
        id="pair-twice-in-tables",
    ),
    pytest.param(
        document(rounds=_round_one([], tables={"A": [[1, 2]]})),
        "rounds[0].tables.A",
        id="pair-missing-from-tables",
    ),
    pytest.param(
        document(
            movement_plan="round_robin",
            rounds=[
                {
                    "tables": {"A": [[1, 2], [3, 4]]},
                    "results": [
                        {"girone": "A", "table": 1, "hands": HANDS},
                        {"girone": "A", "table": 2, "hands": HANDS},
                    ],
                },
                {"tables": {"A": [[2, 1], [4, 3]]}},
            ],
        ),
        "rounds[1].tables.A",
        id="rematch-in-a-round-robin",
    ),
    pytest.param(
        document(rounds=_round_one([{"girone": "A", "table": 3, "hands": HANDS}])),
        "rounds[0].results[0].table",
        id="no-such-table",
    ),
    pytest.param(
        document(rounds=_round_one([{"girone": "A", "pairs": [2, 1], "hands": HANDS}])),
        "rounds[0].results[0].pairs",
        id="pairs-not-ns-first",
    ),
    pytest.param(
        document(rounds=_round_one([{"girone": "B", "table": 1, "hands": HANDS}])),
        "rounds[0].results[0].girone",
        id="unknown-girone",
    ),
    pytest.param(
        document(
            rounds=_round_one(
                [{"girone": "A", "table": 1, "hands": [[450, 100], [120, 303], [0, 0]]}]
            )
        ),
        "rounds[0].results[0].hands[1][1]",
        id="score-not-a-multiple-of-5",
    ),
    pytest.param(
        document(rounds=_round_one([{"girone": "A", "table": 1, "kind": "forfeit"}])),
        "rounds[0].results[0].reason",
        id="forfeit-without-reason",
    ),
    pytest.param(
        document(rounds=_round_one([{"girone": "A", "table": 1, "hands": HANDS}])),
        "rounds[0].tables.A",
        id="round-not-complete",
    ),
    pytest.param(
        document(
            rounds=[
                {
                    "before": [{"withdraw": 7}],
                    "tables": {"A": "generate"},
                }
            ]
        ),
        "rounds[0].before[0].withdraw",
        id="withdraw-unknown-pair",
    ),
    pytest.param(
        document(
            pairs=6,
            movement_plan="3xmitchell+danese",
            rounds=[
                {
                    "tables": {"A": "generate"},
                    "results": [
                        {"girone": "A", "table": n, "hands": HANDS} for n in (1, 2, 3)
                    ],
                },
                {
                    "before": [{"add_pair": pair(9)}],
                    "tables": {"A": "generate"},
                },
            ],
        ),
        "rounds[1].tables.A",
        id="late-pair-in-a-mitchell",
    ),
    pytest.param(
        document(
            rounds=_round_one(
                [],
                corrections=[
                    {
                        "round": 2,
                        "girone": "A",
                        "table": 1,
                        "hands": HANDS,
                        "reason": "x",
                    }
                ],
                close=False,
            )
        ),
        "rounds[0].corrections[0].round",
        id="correction-of-a-round-not-played",
    ),
]


@pytest.mark.parametrize(("doc", "path"), REFUSALS)
def test_a_refusal_stops_with_status_2_one_line_and_no_trace(doc, path, tmp_path):
    before = counts()
    code, out, err = run(doc, tmp_path)
    assert code == 2
    assert out == ""
    line = err.strip()
    assert "\n" not in line
    assert line.startswith(path + " ") or line.startswith(path + ":"), line
    assert counts() == before


def test_a_file_that_is_not_json_is_refused(tmp_path):
    code, _out, err = run("{not json", tmp_path)
    assert code == 2
    assert "JSON" in err and "\n" not in err.strip()


def test_refusals_are_in_italian(tmp_path):
    doc = document(rounds=_round_one([], tables={"A": [[1, 2], [3, 99]]}))
    code, _out, err = run(doc, tmp_path)
    assert code == 2
    assert "la coppia 99 non gioca in questo girone" in err


# --- §3: impossible and unlikely sheets (checks of the entry services) --------------


def test_an_impossible_smazzata_is_refused_at_its_field(tmp_path):
    doc = document(
        rounds=_round_one(
            [
                {"girone": "A", "table": 1, "hands": [[9995, 100], [0, 0], [5, 0]]},
                {"girone": "A", "table": 2, "hands": HANDS},
            ]
        )
    )
    before = counts()
    code, _out, err = run(doc, tmp_path)
    assert code == 2
    assert err.startswith("rounds[0].results[0].hands[0][0]"), err
    assert counts() == before


def test_an_unlikely_sheet_needs_confirm(tmp_path):
    unlikely = [[2500, 100], [100, 0], [5, 0]]
    rounds = _round_one(
        [
            {"girone": "A", "table": 1, "hands": unlikely},
            {"girone": "A", "table": 2, "hands": HANDS},
        ]
    )
    code, out, err = run(document(rounds=rounds), tmp_path)
    assert (code, out) == (2, "")
    assert err.startswith("rounds[0].results[0]"), err
    rounds[0]["results"][0]["confirm"] = True
    code, _out, err = run(document(rounds=rounds), tmp_path)
    assert code == 0, err
