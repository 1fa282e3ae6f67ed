"""``manage.py replay``: a whole tournament from a file, through the pages' services."""

from __future__ import annotations

import json
import os

import pytest
from django.contrib.auth import get_user_model

from participants.models import Pair
from scoring.models import PairScore, ResultVersion, TableResult
from standings.models import StandingsConfig
from standings.services.impact import stored_impact
from tournament.models import Round, Tournament

from .helpers import EXAMPLES, HANDS, document, pair, run

pytestmark = pytest.mark.django_db

Kind = ResultVersion.Kind


EXAMPLE_NAMES = sorted(
    p.name.removesuffix(".json")
    for p in EXAMPLES.glob("*.json")
    if not p.name.endswith(".out.json")
)


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_the_examples_replay_to_their_expected_output(name, tmp_path):
    """CI replays every checked-in example (``REGENERATE_EXAMPLES=1`` rewrites the
    expected output after a deliberate change of the standings)."""
    code, out, err = run(EXAMPLES / f"{name}.json", tmp_path)
    assert code == 0, err
    expected = EXAMPLES / f"{name}.out.json"
    if os.environ.get("REGENERATE_EXAMPLES"):
        expected.write_text(out, encoding="utf-8")
    assert out == expected.read_text(encoding="utf-8")


def test_the_output_has_rounds_and_standings_by_pair_number(tmp_path):
    doc = document(
        pairs={"A": [1, 2, 3], "B": [4, 5, 6, 7]},
        rounds=[
            {
                "tables": {"A": [[3, 1]], "B": [[4, 5], [6, 7]]},
                "resting": {"A": [2]},
                "results": [
                    {"girone": "A", "table": 1, "hands": HANDS},
                    {"girone": "B", "pairs": [4, 5], "hands": HANDS},
                    {
                        "girone": "B",
                        "pairs": [6, 7],
                        "hands": [[0, 300], [5, 0], [0, 0]],
                    },
                ],
            }
        ],
    )
    code, out, err = run(doc, tmp_path)
    assert code == 0, err
    result = json.loads(out)
    assert list(result) == ["rounds", "standings"]
    # Every pair of this file is of "Circolo A": the draft page's same-club
    # meetings come with each round (docs/rules.md §9).
    assert result["rounds"] == [
        {
            "girone": "A",
            "number": 1,
            "tables": [[3, 1]],
            "resting": [2],
            "meetings": ["le coppie 3 e 1 sono dello stesso circolo"],
        },
        {
            "girone": "B",
            "number": 1,
            "tables": [[4, 5], [6, 7]],
            "resting": [],
            "meetings": [
                "le coppie 4 e 5 sono dello stesso circolo",
                "le coppie 6 e 7 sono dello stesso circolo",
            ],
        },
    ]
    assert list(result["standings"]) == ["A", "B", "overall"]
    first = result["standings"]["A"][0]
    assert first == {  # the rest award (14 VP, 355 MP) beats 13-7 at table 1
        "position": 1,
        "pair": 2,
        "vp": 14,
        "mp_diff": 355,
        "mp_scored": 355,
        "played": 0,
        "note": "",
    }
    assert set(result["standings"]["overall"][0]) == {*first, "girone"}
    assert "Prova replay" in err  # the tournament made, said on stderr
    tournament = Tournament.objects.get()
    assert (tournament.entry_mode, tournament.hall_numbering) == ("single", False)


def test_a_single_girone_has_no_overall(tmp_path):
    doc = document(
        rounds=[
            {
                "tables": {"A": "generate"},
                "results": [
                    {"girone": "A", "table": 1, "hands": HANDS},
                    {"girone": "A", "table": 2, "hands": HANDS},
                ],
            }
        ]
    )
    code, out, err = run(doc, tmp_path)
    assert code == 0, err
    assert list(json.loads(out)["standings"]) == ["A"]


def test_every_kind_of_result_goes_through_the_entry_service(tmp_path):
    results = [
        {"girone": "A", "table": 1, "hands": HANDS},
        {
            "girone": "A",
            "table": 2,
            "kind": "forfeit",
            "line": "ew",
            "reason": "assente",
        },
        {
            "girone": "A",
            "table": 3,
            "kind": "late_arrival",
            "line": "ns",
            "hands": HANDS,
            "reason": "ritardo 7'",
        },
        {
            "girone": "A",
            "table": 4,
            "kind": "late_forfeit",
            "line": "ew",
            "reason": "ritardo oltre 10'",
        },
        {
            "girone": "A",
            "table": 5,
            "kind": "second_warning",
            "line": "ew",
            "hands": HANDS,
            "reason": "seconda ammonizione",
        },
        {
            "girone": "A",
            "table": 6,
            "kind": "referee_set",
            "set_vp": [12, 8],
            "reason": "deciso dall'arbitro",
        },
        {"girone": "A", "table": 7, "kind": "both_absent", "reason": "assenti"},
        {"girone": "A", "pairs": [15], "kind": "rest", "reason": "riposo"},
    ]
    doc = document(
        pairs=15,
        rounds=[
            {
                "tables": {
                    "A": [[1, 2], [3, 4], [5, 6], [7, 8], [9, 10], [11, 12], [13, 14]]
                },
                "resting": {"A": [15]},
                "results": results,
            }
        ],
    )
    code, _out, err = run(doc, tmp_path)
    assert code == 0, err
    versions = {
        v.result.table.number: v
        for v in ResultVersion.objects.select_related("result__table")
    }
    assert [versions[n].kind for n in range(1, 9)] == [
        Kind.NORMAL,
        Kind.FORFEIT,
        Kind.LATE_ARRIVAL,
        Kind.LATE_FORFEIT,
        Kind.SECOND_WARNING,
        Kind.REFEREE_SET,
        Kind.BOTH_ABSENT,
        Kind.REST,
    ]
    assert (versions[2].vp_ns, versions[2].vp_ew) == (14, 0)  # the pack's award
    assert (versions[4].vp_ns, versions[4].vp_ew) == (14, 6)
    assert (versions[6].vp_ns, versions[6].vp_ew) == (12, 8)
    assert versions[8].reason == "riposo"
    assert all(v.status == ResultVersion.Status.CONFIRMED for v in versions.values())
    assert not Round.objects.exclude(status=Round.Status.CLOSED).exists()


def test_rests_nobody_entered_get_the_packs_award_and_the_round_closes(tmp_path):
    doc = document(
        pairs=5,
        rounds=[
            {
                "tables": {"A": [[1, 2], [3, 4]]},
                "resting": {"A": [5]},
                "results": [
                    {"girone": "A", "table": 1, "hands": HANDS},
                    {"girone": "A", "table": 2, "hands": HANDS},
                ],
            }
        ],
    )
    code, _out, err = run(doc, tmp_path)
    assert code == 0, err
    rest = ResultVersion.objects.get(result__table__pair_ew__isnull=True)
    assert (rest.kind, rest.vp_ns) == (Kind.REST, 14)
    assert Round.objects.get().status == Round.Status.CLOSED


def test_a_round_left_open_keeps_its_missing_tables(tmp_path):
    doc = document(
        rounds=[
            {
                "tables": {"A": [[1, 2], [3, 4]]},
                "results": [{"girone": "A", "table": 1, "hands": HANDS}],
                "close": False,
            }
        ]
    )
    code, _out, err = run(doc, tmp_path)
    assert code == 0, err
    assert Round.objects.get().status == Round.Status.PUBLISHED
    assert TableResult.objects.filter(status="confirmed").count() == 1


def test_late_pair_withdrawal_and_correction(tmp_path):
    doc = document(
        pairs=4,
        rounds=[
            {
                "tables": {"A": [[1, 2], [3, 4]]},
                "results": [
                    {"girone": "A", "table": 1, "hands": HANDS},
                    {"girone": "A", "table": 2, "hands": HANDS},
                ],
            },
            {
                "before": [
                    {"add_pair": pair(9)},
                    {"withdraw": 4},
                ],
                "tables": {"A": [[1, 3], [2, 9]]},
                "results": [
                    {"girone": "A", "pairs": [1, 3], "hands": HANDS},
                    {"girone": "A", "pairs": [2, 9], "hands": HANDS},
                ],
                "corrections": [
                    {
                        "round": 1,
                        "girone": "A",
                        "pairs": [1, 2],
                        "hands": [[100, 600], [0, 0], [5, 0]],
                        "reason": "errore di somma",
                    }
                ],
            },
        ],
    )
    code, out, err = run(doc, tmp_path)
    assert code == 0, err
    tournament = Tournament.objects.get()
    late = Pair.objects.get(tournament=tournament, number=9)
    assert late.girone.label == "A"
    assert Pair.objects.get(tournament=tournament, number=4).withdrawn
    correction = ResultVersion.objects.get(purpose=ResultVersion.Purpose.CORRECTION)
    assert correction.reason == "errore di somma"
    assert stored_impact(correction)["round"] == 1
    assert correction.entered_by.username == "replay"
    rows = {r["pair"]: r for r in json.loads(out)["standings"]["A"]}
    scores = PairScore.objects.filter(pair__tournament=tournament, pair__number=1)
    assert rows[1]["vp"] == sum(scores.values_list("vp", flat=True))
    assert rows[9]["played"] == 1


def test_the_seed_draws_the_first_round_and_the_lot(tmp_path):
    doc = document(
        pairs=8,
        seed=424242,
        rounds=[{"tables": {"A": "generate"}, "close": False}],
    )
    code, first, err = run(doc, tmp_path)
    assert code == 0, err
    code, second, err = run(doc, tmp_path)
    assert code == 0, err
    assert json.loads(first)["rounds"] == json.loads(second)["rounds"]
    assert set(StandingsConfig.objects.values_list("lot_seed", flat=True)) == {424242}
    assert set(Round.objects.values_list("seed", flat=True)) == {424242}


def test_a_briscola_girone_of_single_partite(tmp_path):
    doc = document(
        game="briscola",
        rule_pack="briscola-approdo",
        rule_pack_version=2,  # a match stops at 2-0 (v3 plays every partita)
        movement_plan="round_robin",
        rounds_planned=3,
        pairs={"A": [1, 2, 3, 4], "B": [5, 6, 7, 8]},
        rounds=[
            {
                "tables": {"A": "generate", "B": "generate"},
                "hands": {"B": 1},
                "results": [
                    {"girone": "A", "table": 1, "hands": [[70, 50], [80, 40]]},
                    {
                        "girone": "A",
                        "table": 2,
                        "hands": [[30, 90], [70, 50], [50, 70]],
                    },
                    {"girone": "B", "table": 1, "hands": [[64, 56]]},
                    {"girone": "B", "table": 2, "hands": [[20, 100]]},
                ],
            },
            {"tables": {"A": "generate", "B": "generate"}, "close": False},
        ],
    )
    code, out, err = run(doc, tmp_path)
    assert code == 0, err
    hands = dict(
        Round.objects.values_list("girone__label", "hands").order_by("-number")
    )
    assert hands == {"A": 3, "B": 1}  # round 2 of B keeps the single partita
    played = ResultVersion.objects.filter(result__table__round__number=1)
    by_girone = {
        label: sorted(
            played.filter(result__table__round__girone__label=label).values_list(
                "hands_played", flat=True
            )
        )
        for label in ("A", "B")
    }
    assert by_girone == {"A": [2, 3], "B": [1, 1]}
    assert [r["played"] for r in json.loads(out)["standings"]["B"]] == [1, 1, 1, 1]


def test_a_named_user_directs_the_replay(tmp_path, make_user):
    make_user("direttore")
    doc = document(rounds=[{"tables": {"A": "generate"}, "close": False}])
    code, _out, err = run(doc, tmp_path, "--user", "direttore")
    assert code == 0, err
    assert not get_user_model().objects.filter(username="replay").exists()
    assert Tournament.objects.get().roles.get().user.username == "direttore"


def test_the_tournaments_settings_reach_it_as_the_form_cleans_them(tmp_path):
    doc = document(
        hall_numbering=True,
        avoid_same_club=True,
        rematch_in_last_round=False,
        rule_pack_version=1,
        date="2026-03-14",
        venue="Circolo Aurora",
    )
    code, _out, err = run(doc, tmp_path)
    assert code == 0, err
    tournament = Tournament.objects.get()
    assert tournament.hall_numbering and tournament.avoid_same_club
    assert not tournament.rematch_in_last_round
    assert (tournament.rule_pack_version, str(tournament.date)) == (1, "2026-03-14")
    assert tournament.venue == "Circolo Aurora"
    assert tournament.slug == "prova-replay-2026"
