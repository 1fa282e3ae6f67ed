"""An archive's derived rows (scores, standings) are rebuilt on import, never trusted.

Before, an archive whose ``scoring.pairscore`` row said VP 45 (its result says 18) was
imported and the public API showed 45 even after "Ricalcola"; forged ``standings.row``
entries were accepted; a nested list in ``standingsconfig.decisions`` imported and
made every later recalculation a 500. Now the import reads the source (structure,
people, results and their versions) and rebuilds the rest (core/archive_rebuild.py).
"""

from __future__ import annotations

import copy
import itertools
import json

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import archive
from tests.budget import examples
from tournament.models import Tournament

from .builders import build_finished_tournament, recomputed_equals_stored, stored
from .test_archive import _counts, _section, comparable

pytestmark = pytest.mark.django_db

SCORES = ("scoring.pairscore", "scoring.teamscore")
STANDINGS = ("standings.snapshot", "standings.row", "standings.teamrow")
DERIVED = (*SCORES, *STANDINGS)


@pytest.fixture(scope="module")
def exported(django_db_setup, django_db_blocker):
    """The archive of the finished tournament and its stored scores and standings,
    built once for the module in a transaction rolled back at once (the tests only
    read them: each import makes a new tournament, rolled back with its test)."""
    from django.db import transaction
    from django.test import override_settings

    with (
        django_db_blocker.unblock(),
        override_settings(PUBLISH_ROOT=""),
        transaction.atomic(),
    ):
        tournament = build_finished_tournament(slug="derivata")
        data = json.loads(archive.dumps(archive.export_tournament(tournament)))
        truth = stored(tournament)
        transaction.set_rollback(True)
    return data, truth


def test_a_forged_pair_score_is_rebuilt_from_its_result(exported):
    data, truth = copy.deepcopy(exported[0]), exported[1]
    row = _section(data, "scoring.pairscore")["rows"][0]
    assert row["vp"] != 45
    row["vp"] = 45
    imported = archive.import_tournament(data, slug="vp-falsi")
    assert stored(imported) == truth
    answer = Client().get(f"/api/v1/tournaments/{imported.slug}/standings").json()
    shown = {(r["pair_number"], r["vp"]) for table in answer for r in table["rows"]}
    assert shown == {(r[2], r[4]) for r in truth["rows"] if r[0] == "public"}
    assert recomputed_equals_stored(imported)  # "Ricalcola" changes nothing


def test_forged_standings_rows_are_ignored(exported):
    data, truth = copy.deepcopy(exported[0]), exported[1]
    rows = _section(data, "standings.row")["rows"]
    rows[0]["vp"], rows[0]["position"], rows[0]["players"] = 99, 7, "Intruso"
    rows.append({**rows[0], "id": 10_000, "pair_number": 42})
    _section(data, "standings.snapshot")["rows"][0]["rounds"] = [[1], {"x": 2}]
    imported = archive.import_tournament(data, slug="classifica-falsa")
    assert stored(imported) == truth


def test_missing_derived_sections_are_rebuilt(exported):
    data, truth = copy.deepcopy(exported[0]), exported[1]
    data["models"] = [s for s in data["models"] if s["model"] not in DERIVED]
    imported = archive.import_tournament(data, slug="senza-derivati")
    assert stored(imported) == truth


@pytest.mark.parametrize(
    "decisions",
    [[[1, [2]]], [[1]], [[2, 1], [1, 3]], [["1", "2"]], {"a": 1}, [[True, 2]]],
)
def test_a_malformed_decision_is_refused_in_one_line(exported, decisions):
    data = copy.deepcopy(exported[0])
    _section(data, "standings.standingsconfig")["rows"][0]["decisions"] = decisions
    before = _counts()
    with pytest.raises(archive.ArchiveError) as refused:
        archive.import_tournament(data, slug="decisioni")
    assert str(refused.value).startswith(
        "standings.standingsconfig row 1, field decisions:"
    )
    assert "\n" not in str(refused.value)
    assert _counts() == before


def test_a_well_formed_decision_imports_and_recomputes(exported):
    data = copy.deepcopy(exported[0])
    _section(data, "standings.standingsconfig")["rows"][0]["decisions"] = [[2, 1]]
    imported = archive.import_tournament(data, slug="decisione-buona")
    assert recomputed_equals_stored(imported)


def test_a_result_counting_another_tables_version_is_refused(exported):
    data = copy.deepcopy(exported[0])
    results = _section(data, "scoring.tableresult")["rows"]
    results[0]["current"], results[1]["current"] = (
        results[1]["current"],
        results[0]["current"],
    )
    before = _counts()
    with pytest.raises(archive.ArchiveError) as refused:
        archive.import_tournament(data, slug="versione-altrui")
    assert str(refused.value).startswith("scoring.tableresult row ")
    assert "field current" in str(refused.value)
    assert _counts() == before


_SLUGS = itertools.count()
scalar = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**40), max_value=2**40),
    st.text(max_size=20),
    st.sampled_from([45, -1, 0, 10**6, "ns", "ew", "confirmed", "public", ""]),
)


@settings(
    max_examples=examples(40),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_any_altered_derived_row_is_rebuilt(exported, data):
    """Hypothesis alters a derived row (a value, a new row, a row gone, a section
    gone): the import rebuilds what the results say, or refuses in one line with
    nothing written; the stored standings after the import equal a recomputation."""
    archive_data, truth = copy.deepcopy(exported[0]), exported[1]
    sections = [s for s in archive_data["models"] if s["model"] in DERIVED]
    section = data.draw(st.sampled_from(sections), label="section")
    action = data.draw(
        st.sampled_from(["value", "add", "remove", "drop"]), label="action"
    )
    rows = section["rows"]
    if action == "drop":
        archive_data["models"].remove(section)
    elif rows and action == "remove":
        rows.remove(data.draw(st.sampled_from(rows), label="row"))
    elif rows:
        row = data.draw(st.sampled_from(rows), label="row")
        if action == "add":
            row = {**row, "id": 10**6}
            rows.append(row)
        key = data.draw(st.sampled_from(sorted(row)), label="field")
        row[key] = data.draw(scalar, label="value")
    before = _counts()
    try:
        imported = archive.import_tournament(
            archive_data, slug=f"derivati-{next(_SLUGS)}"
        )
    except archive.ArchiveError as refused:  # pragma: no cover - never, so far
        assert "\n" not in str(refused) and str(refused)
        assert _counts() == before
    else:
        assert stored(imported) == truth
        assert recomputed_equals_stored(imported)


def test_the_archive_still_exports_the_derived_rows(exported):
    """They are part of the record of the event (what the site showed)."""
    labels = {s["model"] for s in exported[0]["models"] if s["rows"]}
    assert {"scoring.pairscore", "standings.snapshot", "standings.row"} <= labels


def test_a_round_trip_keeps_the_derived_rows_as_they_were(exported):
    imported = archive.import_tournament(
        copy.deepcopy(exported[0]), slug="andata-ritorno"
    )
    again = comparable(archive.export_tournament(imported))
    assert again["models"] == comparable(copy.deepcopy(exported[0]))["models"]
    assert Tournament.objects.filter(slug="andata-ritorno").exists()
