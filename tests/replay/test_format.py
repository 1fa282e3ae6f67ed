"""The replay file's reader: shapes as data, unknown keys refused, paths in errors."""

from __future__ import annotations

import doctest

import pytest
from django.utils import translation

from core.replay import errors, output
from core.replay import format as fmt
from scoring.models import ResultVersion

from .helpers import HANDS, document


def error_of(doc: object) -> fmt.FormatError:
    """The reader's refusal, in English (the words the tests look for)."""
    with translation.override("en"), pytest.raises(fmt.FormatError) as caught:
        fmt.read_document(doc)
    return caught.value


def test_doctests_of_the_replay_modules():
    for module in (fmt, output, errors):
        assert doctest.testmod(module).failed == 0, module.__name__


def test_every_result_kind_of_the_entry_page_has_its_keys():
    """The format's kinds are the entry page's: a new kind must say what it takes."""
    assert set(fmt.KIND_KEYS) == set(ResultVersion.Kind.values)
    for keys in fmt.KIND_KEYS.values():
        assert set(keys) <= set(fmt.SHEET_KEYS)


def test_a_minimal_file_gets_its_defaults():
    doc = fmt.read_document(document(rounds=[{"tables": {"A": "generate"}}]))
    assert doc["tournament"]["avoid_same_club"] is False
    assert doc["tournament"]["rule_pack_version"] is None
    assert doc["pairs"][0]["players"][0] == {
        "surname": "Esposito1",
        "name": "Marco",
        "card": "",
    }
    (entry,) = doc["rounds"]
    assert entry["close"] is True
    assert entry["results"] == entry["corrections"] == entry["before"] == []


@pytest.mark.parametrize(
    ("change", "path", "words"),
    [
        pytest.param(
            lambda d: d["tournament"].update(colour="red"),
            "tournament.colour",
            "unknown key",
            id="unknown-tournament-key",
        ),
        pytest.param(
            lambda d: d["rounds"][0]["results"][0].update(colour="red"),
            "rounds[0].results[0].colour",
            "unknown key",
            id="unknown-result-key",
        ),
        pytest.param(
            lambda d: d["rounds"][0]["results"][0].update(line="ns"),
            "rounds[0].results[0].line",
            "unknown key",
            id="line-on-a-normal-result",
        ),
        pytest.param(
            lambda d: d["rounds"][0]["results"][0].update(kind="walkover"),
            "rounds[0].results[0].kind",
            '"forfeit"',
            id="unknown-kind",
        ),
        pytest.param(
            lambda d: d["rounds"][0]["results"][0].update(hands=[[450, "100"]]),
            "rounds[0].results[0].hands[0][1]",
            "whole number",
            id="score-as-text",
        ),
        pytest.param(
            lambda d: d["rounds"][0]["results"][0].update(hands=[[450, 100, 5]]),
            "rounds[0].results[0].hands[0]",
            "list of 2",
            id="three-scores",
        ),
        pytest.param(
            lambda d: d["rounds"][0]["results"][0].update(pairs=[1, 2]),
            "rounds[0].results[0]",
            "not both",
            id="table-and-pairs",
        ),
        pytest.param(
            lambda d: d["pairs"][1].pop("girone"),
            "pairs[1].girone",
            "required",
            id="pair-without-girone",
        ),
        pytest.param(
            lambda d: d["pairs"][0].update(players=["Rossi"]),
            "pairs[0].players",
            "list of 2",
            id="one-player",
        ),
        pytest.param(
            lambda d: d["pairs"][0].update(players=["Rossi", "Bianchi Luca"]),
            "pairs[0].players[0]",
            "Surname Name",
            id="player-without-name",
        ),
        pytest.param(
            lambda d: d["rounds"][0].update(before=[{"withdraw": 1, "reinstate": 2}]),
            "rounds[0].before[0]",
            "exactly one",
            id="two-events-in-one",
        ),
        pytest.param(
            lambda d: d["rounds"][0].update(tables={"A": "shuffle"}),
            "rounds[0].tables.A",
            "a list",
            id="tables-neither-generate-nor-list",
        ),
        pytest.param(
            lambda d: d["tournament"].update(date="14/03/2026"),
            "tournament.date",
            "YYYY-MM-DD",
            id="date-not-iso",
        ),
        pytest.param(
            lambda d: d["tournament"].update(avoid_same_club="yes"),
            "tournament.avoid_same_club",
            "true or false",
            id="boolean-as-text",
        ),
        pytest.param(
            lambda d: d.update(version=3), "version", "(1, 2)", id="version-3-unknown"
        ),
        pytest.param(
            lambda d: d.update(format="csv"), "format", "torneo-replay", id="format"
        ),
    ],
)
def test_refusals_name_the_element(change, path, words):
    doc = document(
        rounds=[
            {
                "tables": {"A": "generate"},
                "results": [{"girone": "A", "table": 1, "hands": HANDS}],
            }
        ]
    )
    change(doc)
    error = error_of(doc)
    assert error.path == path
    assert words in error.message


def test_a_player_may_be_written_as_an_object_with_a_card():
    doc = document()
    doc["pairs"][0]["players"][0] = {
        "surname": "De Luca",
        "name": "Anna Maria",
        "card": "BF01",
    }
    read = fmt.read_document(doc)
    assert read["pairs"][0]["players"][0] == {
        "surname": "De Luca",
        "name": "Anna Maria",
        "card": "BF01",
    }


def test_refusals_are_translated():
    doc = document()
    doc["tournament"]["colour"] = "red"
    with pytest.raises(fmt.FormatError) as caught:
        fmt.read_document(doc)  # the default language: Italian
    assert caught.value.message.startswith("chiave sconosciuta")


def test_the_tournament_takes_every_field_of_the_directors_form():
    """A field added to the tournament form must be said in the file too (or here,
    why not): the replay would otherwise create every tournament with its default."""
    from tournament.forms import TournamentForm

    # a club object; single entry; a replay types as the referees (issue 30) and
    # has no room to watch
    not_in_the_file = {"organiser", "entry_mode", "entry_by", "idle_minutes"}
    # the latest version's shape (version 1 had no ``format``: all its tournaments
    # are of pairs)
    assert set(TournamentForm.base_fields) - not_in_the_file <= set(fmt.TOURNAMENT_V2)
