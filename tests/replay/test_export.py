"""``manage.py export_replay``: a tournament's gironi as a replay file that replays
to the same standings."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.utils import translation

from core.replay import replay
from core.replay.export import export_tournament
from core.replay.output import result_of, standings_of
from standings.models import StandingsConfig
from tests.demo_cache import restore_demo
from tournament.demo import BRISCOLA_SLUG, BURRACO_SLUG
from tournament.models import Round, Tournament

from .helpers import HANDS, document, pair

pytestmark = pytest.mark.django_db


def test_replaying_an_export_gives_the_same_standings_on_both_demo_tournaments():
    restore_demo()
    for slug in (BURRACO_SLUG, BRISCOLA_SLUG):
        original = Tournament.objects.get(slug=slug)
        with translation.override("en"):
            export = export_tournament(original)
        copy, output = replay(json.loads(json.dumps(export.document)))
        assert copy.slug != slug
        assert output["standings"] == standings_of(original), slug
        assert output["rounds"] == result_of(original)["rounds"], slug
        if slug == BRISCOLA_SLUG:  # the knockout brackets are left out, and said so
            assert export.notes
            assert all("covers the gironi only" in n for n in export.notes)
        else:
            assert export.notes == []


def test_the_export_command_writes_the_file_and_its_notes(tmp_path):
    doc = document(
        rounds=[{"tables": {"A": "generate"}, "close": False}],
    )
    tournament, _output = replay(doc)
    target = tmp_path / "export.json"
    err = io.StringIO()
    call_command("export_replay", tournament.slug, "-o", str(target), stderr=err)
    written = json.loads(target.read_text(encoding="utf-8"))
    assert written["format"] == "torneo-replay"
    assert written["version"] == 2
    assert written["rounds"][0]["close"] is False
    assert err.getvalue() == ""


def test_late_pairs_withdrawals_rests_corrections_and_an_open_round_survive_export():
    doc = document(
        pairs={"A": [1, 2, 3, 4, 5], "B": [6, 7, 8, 9]},
        rounds=[
            {
                "tables": {"A": "generate", "B": "generate"},
                "results": [
                    {"girone": "A", "table": 1, "hands": HANDS},
                    {
                        "girone": "A",
                        "table": 2,
                        "kind": "forfeit",
                        "line": "ns",
                        "reason": "assente",
                    },
                    {"girone": "B", "table": 1, "hands": HANDS},
                    {"girone": "B", "table": 2, "hands": [[5, 300], [0, 0], [100, 0]]},
                ],
            },
            {
                "before": [{"add_pair": pair(10, "B")}, {"withdraw": 5}],
                "tables": {"A": "generate", "B": "generate"},
                "results": [
                    {"girone": "A", "table": 1, "hands": HANDS},
                    {"girone": "A", "table": 2, "hands": [[0, 300], [5, 0], [100, 0]]},
                    {"girone": "B", "table": 1, "hands": HANDS},
                    {"girone": "B", "table": 2, "hands": HANDS},
                ],
                "corrections": [
                    {
                        "round": 1,
                        "girone": "B",
                        "table": 1,
                        "hands": [[100, 600], [0, 0], [5, 0]],
                        "reason": "errore di somma",
                    }
                ],
            },
            {
                "before": [{"reinstate": 5}],
                "tables": {"A": "generate"},
                "results": [{"girone": "A", "table": 1, "hands": HANDS}],
                "close": False,
            },
        ],
    )
    tournament, output = replay(doc)
    export = export_tournament(tournament)
    document_out = export.document
    assert [p["number"] for p in document_out["pairs"]] == list(range(1, 10))
    assert document_out["rounds"][1]["before"] == [
        {"withdraw": 5},
        {"add_pair": {**pair(10, "B"), "club": "Circolo A"}},
    ]
    assert document_out["rounds"][2]["before"] == [{"reinstate": 5}]
    assert document_out["rounds"][2]["close"] is False
    copy, again = replay(document_out)
    assert again == output
    assert (
        Round.objects.filter(girone__stage__tournament=copy)
        .exclude(status=Round.Status.CLOSED)
        .count()
        == 1
    )
    assert (
        StandingsConfig.objects.get(tournament=copy).lot_seed
        == StandingsConfig.objects.get(tournament=tournament).lot_seed
    )


def test_an_unlikely_result_is_exported_with_its_confirmation():
    unlikely = [[2500, 100], [100, 0], [5, 0]]
    doc = document(
        rounds=[
            {
                "tables": {"A": [[1, 2], [3, 4]]},
                "results": [
                    {"girone": "A", "table": 1, "hands": unlikely, "confirm": True},
                    {"girone": "A", "table": 2, "hands": HANDS},
                ],
            }
        ]
    )
    tournament, output = replay(doc)
    results = export_tournament(tournament).document["rounds"][0]["results"]
    assert [r.get("confirm") for r in results] == [True, None]
    _copy, again = replay(export_tournament(tournament).document)
    assert again == output


def test_the_entry_and_correction_settings_survive_export():
    """Totals-only entry and the correction period (docs/rules.md §5e, §5f) are the
    tournament's too: a replayed event keeps them (it took the defaults before)."""
    doc = document(rounds=[{"tables": {"A": "generate"}, "close": False}])
    doc["tournament"] |= {"totals_only": True, "correction_minutes": 25}
    tournament, _output = replay(doc)
    assert (tournament.totals_only, tournament.correction_minutes) == (True, 25)
    exported = export_tournament(tournament).document["tournament"]
    assert exported["totals_only"] is True and exported["correction_minutes"] == 25
    copy, _output = replay(
        json.loads(json.dumps(export_tournament(tournament).document))
    )
    assert (copy.totals_only, copy.correction_minutes) == (True, 25)
