"""Public pages of a team tournament, as a player on a phone reads them: where my team
plays (by number, team name or surname), the team page, standings, the butler."""

from __future__ import annotations

import pytest
from django.urls import reverse

from core.pipeline import drain
from draw.services import rounds
from seating.models import TeamMatch
from seating.services import gironi as gironi_services
from tournament.models import Tournament

from .factories import director, make_team_event, play_round

pytestmark = pytest.mark.django_db


def test_where_does_my_team_play_by_surname(client):
    tournament, made = make_team_event(teams_count=4)
    round_ = rounds.generate_round(made[0].girone)
    rounds.publish_round(round_)
    match = TeamMatch.objects.get(round=round_, number=1)
    surname = match.team_b.members.order_by("order").first().player.last_name
    page = client.get(
        reverse("public:where", args=[tournament.slug]), {"q": surname}
    ).content.decode()
    assert f"Squadra {match.team_b.number}" in page
    assert (
        f"Tavolo <strong>{match.table_1.number}</strong> · Linea <strong>EO</strong>"
        in page
    )
    assert (
        f"Tavolo <strong>{match.table_2.number}</strong> · Linea <strong>NS</strong>"
        in page
    )
    assert "Contro:" in page and match.team_a.name in page
    # The number on a table's card is a pair's (101): it finds that pair's team.
    pair = match.table_1.pair_ew
    page = client.get(
        reverse("public:where", args=[tournament.slug]), {"q": str(pair.number)}
    ).content.decode()
    assert pair.team_id == match.team_b.pk and pair.number != match.team_b.number
    assert f"Squadra {match.team_b.number}" in page and "Nessuna squadra" not in page


def test_team_page_hides_results_until_released(client):
    tournament, made = make_team_event(teams_count=2)
    Tournament.objects.filter(pk=tournament.pk).update(hold_results=True)
    round_ = rounds.generate_round(made[0].girone)
    play_round(round_, director())  # closed, its results held
    url = reverse("public:team", args=[tournament.slug, made[0].number])
    assert "non pubblicato" in client.get(url).content.decode()
    rounds.set_visibility(round_, tables=True, results=True)
    drain()
    page = client.get(url).content.decode()
    assert "non pubblicato" not in page and "<strong>10</strong>" in page


def test_standings_and_butler_pages(client):
    tournament, made = make_team_event(teams_count=2)
    round_ = rounds.generate_round(made[0].girone)
    play_round(round_, director())
    rounds.set_visibility(round_, tables=True, results=True)
    drain()
    page = client.get(reverse("public:standings", args=[tournament.slug]))
    body = page.content.decode()
    assert (
        "Squadra 1" in body
        and reverse("public:team", args=[tournament.slug, 1]) in body
    )
    butler = client.get(reverse("public:team_pairs", args=[tournament.slug]))
    assert "Cosa ha portato ogni coppia" in butler.content.decode()


def test_where_gives_a_clear_message_for_an_unknown_team(client):
    tournament, made = make_team_event(teams_count=2)
    rounds.publish_round(rounds.generate_round(made[0].girone))  # public from now
    page = client.get(
        reverse("public:where", args=[tournament.slug]), {"q": "99"}
    ).content.decode()
    assert "Nessuna squadra ha il numero 99" in page


def test_where_says_a_withdrawn_team_has_withdrawn(client):
    from participants.services.teams import set_team_withdrawn

    tournament, made = make_team_event(teams_count=4)
    rounds.publish_round(rounds.generate_round(made[0].girone))  # public from now
    set_team_withdrawn(made[1], True)
    page = client.get(
        reverse("public:where", args=[tournament.slug]), {"q": str(made[1].number)}
    ).content.decode()
    assert "Questa squadra si è ritirata" in page, page


def test_api_team_endpoints_and_schema(client):
    from openapi_spec_validator import validate

    tournament, made = make_team_event(teams_count=3)
    Tournament.objects.filter(pk=tournament.pk).update(hold_results=True)
    round_ = rounds.generate_round(made[0].girone)
    play_round(round_, director())  # closed, its results held
    spec = client.get("/api/v1/openapi.json").json()
    validate(spec)
    assert "/api/v1/tournaments/{slug}/team-standings" in spec["paths"]
    base = f"/api/v1/tournaments/{tournament.slug}"
    detail = client.get(base).json()
    assert detail["format"] == "teams"
    teams_out = client.get(f"{base}/teams").json()
    assert [t["number"] for t in teams_out] == [1, 2, 3]
    assert sum(p["captain"] for p in teams_out[0]["roster"]) == 1
    matches = client.get(f"{base}/rounds/{round_.pk}/matches").json()
    assert {m["team_b"] is None for m in matches} == {True, False}
    played = next(m for m in matches if m["team_b"])
    assert played["vp_a"] is None  # results not released yet
    assert [t["table"] for t in played["tables"]] == [1, 2]
    rounds.set_visibility(round_, tables=True, results=True)
    drain()
    played = next(
        m
        for m in client.get(f"{base}/rounds/{round_.pk}/matches").json()
        if m["team_b"]
    )
    assert played["vp_a"] + played["vp_b"] == 20
    standings = client.get(f"{base}/team-standings").json()
    assert len(standings[0]["rows"]) == 3
    assert client.get(f"{base}/standings").json() == []  # pairs only


def test_a_team_pair_page_links_its_team(client):
    tournament, made = make_team_event(teams_count=2)
    round_ = rounds.generate_round(made[0].girone)
    rounds.publish_round(round_)
    team = made[0]
    page = client.get(
        reverse("public:pair", args=[tournament.slug, team.number * 100 + 1])
    ).content.decode()
    assert reverse("public:team", args=[tournament.slug, team.number]) in page
    assert "prima la nostra riga" not in page  # the pair standings: none for teams


def test_where_searches_any_text_as_the_pair_search_does(client):
    """Folded names ("dangelo" finds D'Angelo), a number in any script's digits, and
    odd text answered with a message. "²" was a 500 before (int("²")); a NUL byte
    gets the site's 400 page before any view."""
    from participants.services import teams
    from participants.services.team_entries import TeamEntry

    tournament, _made = make_team_event(teams_count=2, gironi=0)
    players = (("D'Angelo", "Niccolò", ""), ("Bianchi", "Ada", ""))
    players += (("Verdi", "Rita", ""), ("Neri", "Ugo", ""))
    gigli = teams.register_team(tournament, TeamEntry(name="I Gigli", players=players))
    gironi_services.split_teams_into_gironi(tournament, count=1)
    rounds.publish_round(rounds.generate_round(_girone(gigli)))
    where = reverse("public:where", args=[tournament.slug])
    for query in ("dangelo", "D’Angelo niccolo", "gigli", "٣"):
        page = client.get(where, {"q": query})
        assert page.status_code == 200
        assert "I Gigli" in page.content.decode(), query
    answers = {
        "²": "",  # a name (folded to "2", in these players' test names)
        "Ros\x1bsi": "Nessuna squadra o giocatore",
        "\x1b\t": "Scrivi il numero della squadra",
        "9" * 70: "Nessuna squadra ha il numero",
        "'": "Nessuna squadra o giocatore",
    }
    for query, answer in answers.items():
        page = client.get(where, {"q": query})
        assert page.status_code == 200, query
        assert answer in page.content.decode(), query


def _girone(team):
    team.refresh_from_db()
    return team.girone
