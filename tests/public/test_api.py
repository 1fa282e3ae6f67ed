"""The read-only API: a valid OpenAPI schema, every endpoint walked, toggles respected."""

import pytest
from openapi_spec_validator import validate

from core.pipeline import drain
from standings.services.visibility import set_round_visibility
from tests.standings.factories import (
    add_result,
    make_round,
    make_three_way,
    make_tournament,
    seat,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    tournament = make_tournament()
    girone, pairs, rounds = make_three_way(tournament)
    hidden = make_round(girone, 4, tables_public=False, results_public=False)
    add_result(seat(hidden, 1, pairs[12], pairs[9]), 1995, 5, 20, 0)
    return tournament, rounds, hidden


def schema(client):
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200
    return response.json()


def test_schema_is_valid_openapi(client):
    spec = schema(client)
    validate(spec)
    assert spec["openapi"].startswith("3.")


def test_every_endpoint_answers(client, world):
    tournament, rounds, _ = world
    spec = schema(client)
    params = {"slug": tournament.slug, "round_id": str(rounds[0].pk)}
    walked = []
    for template, ops in spec["paths"].items():
        assert set(ops) == {"get"}, f"{template} is not read-only"
        path = template
        for name, value in params.items():
            path = path.replace("{" + name + "}", value)
        assert "{" not in path, f"no value for a parameter of {template}"
        response = client.get(path)
        assert response.status_code == 200, path
        assert response["Content-Type"].startswith("application/json")
        walked.append(template)
    assert (
        len(walked) == 9
    )  # with the index, /api/v1/, and three of team tournaments (empty here)


def test_a_pair_tournaments_team_endpoints_answer_empty_lists(client, world):
    """The team endpoints ask no format: a pair event has no teams, no team match and
    no team standings (its rows rank pairs, under /standings)."""
    tournament, rounds, _ = world
    base = f"/api/v1/tournaments/{tournament.slug}"
    assert client.get(f"{base}/teams").json() == []
    assert client.get(f"{base}/rounds/{rounds[0].pk}/matches").json() == []
    assert client.get(f"{base}/team-standings").json() == []
    assert client.get(f"{base}/standings").json()[0]["rows"]


def test_standings_rows_carry_the_tie_break_note(client, world):
    tournament, *_ = world
    (table,) = client.get(f"/api/v1/tournaments/{tournament.slug}/standings").json()
    assert table["girone"] == "A" and table["rounds"] == [1, 2, 3]
    first = table["rows"][0]
    assert {k: first[k] for k in ("rank", "pair_number", "vp", "mp_difference")} == {
        "rank": 1,
        "pair_number": 12,
        "vp": 32,
        "mp_difference": 250,
    }
    assert first["mp_scored"] == 3200 and first["matches_played"] == 3
    assert first["club"] == "Aurora" and first["players"].startswith("Rossi")
    assert first["tie_break_note"] == (
        "Coppie 4, 9, 12 a pari VP (32): classifica avulsa 12 (26 VP), 4 (19), 9 (15)"
    )
    assert table["rows"][3]["tie_break_note"] is None
    english = client.get(
        f"/api/v1/tournaments/{tournament.slug}/standings", {"lang": "en"}
    ).json()
    assert english[0]["rows"][0]["tie_break_note"].startswith("Pairs 4, 9, 12 level")


def test_api_respects_the_public_toggles(client, world):
    tournament, _rounds, hidden = world
    base = f"/api/v1/tournaments/{tournament.slug}"
    assert [r["number"] for r in client.get(f"{base}/rounds").json()] == [1, 2, 3]
    assert client.get(f"{base}/rounds/{hidden.pk}/tables").status_code == 404
    set_round_visibility(hidden.pk, tables_public=True)
    drain()
    tables = client.get(f"{base}/rounds/{hidden.pk}/tables").json()
    assert tables[0]["ns"]["number"] == 12 and tables[0]["vp_ns"] is None
    standings = client.get(f"{base}/standings").json()
    assert standings[0]["rows"][0]["vp"] == 32
    set_round_visibility(hidden.pk, results_public=True)
    drain()
    tables = client.get(f"{base}/rounds/{hidden.pk}/tables").json()
    assert (tables[0]["vp_ns"], tables[0]["mp_ns"], tables[0]["mp_ew"]) == (20, 1995, 5)
    standings = client.get(f"{base}/standings").json()
    assert standings[0]["rows"][0]["vp"] == 52


def test_draft_tournament_is_not_in_the_api(client):
    make_tournament("bozza", status="draft")
    assert client.get("/api/v1/tournaments").json() == []
    response = client.get("/api/v1/tournaments/bozza")
    assert response.status_code == 404
    assert "bozza" in response.json()["detail"]
