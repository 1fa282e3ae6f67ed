"""The director's team pages through the test client: create, register, import,
gironi, a round's matches, line-ups, and the entry page naming the teams."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from draw.services import rounds
from participants.models import Team
from seating.models import TeamMatch
from tournament.models import Tournament

from .factories import director, make_team_event, match_of, play_round

pytestmark = pytest.mark.django_db

CSV = (
    "Squadra;Circolo;Capitano;Cognome 1;Nome 1;Cognome 2;Nome 2;Cognome 3;Nome 3;"
    "Cognome 4;Nome 4;Cognome 5;Nome 5\n"
    "I Leoni;;2;Rossi;Anna;Neri;Ugo;Verdi;Rita;Gallo;Ivo;;\n"
    "Le Aquile;;;Russo;Sara;Costa;Pio;Conti;Ada;Greco;Leo;Bruno;Eva\n"
)


@pytest.fixture
def user_client(client):
    user = director()
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    client.force_login(user)
    return client


def url(name, tournament, **kwargs):
    return reverse(f"tournament:{name}", kwargs={"slug": tournament.slug, **kwargs})


def test_create_a_team_tournament_and_refuse_a_mitchell(user_client):
    data = {
        "name": "Campionato a squadre",
        "date": "2026-06-01",
        "game": "burraco",
        "format": "teams",
        "rule_pack": "fibur-2026",
        "hands_per_round": 3,
        "rounds_planned": 4,
        "movement_plan": "3xmitchell+danese",
        "entry_mode": "single",
    }
    response = user_client.post(reverse("tournament:create"), data)
    assert response.status_code == 200
    assert "Mitchell non è previsto per le squadre" in response.content.decode()
    data["movement_plan"] = "round_robin"
    response = user_client.post(reverse("tournament:create"), data)
    assert response.status_code == 302
    assert Tournament.objects.get(name="Campionato a squadre").is_teams


def test_register_a_team_from_the_form_and_refuse_a_short_roster(user_client):
    tournament, _teams = make_team_event(teams_count=0, gironi=0)
    form = {"name": "I Lupi", "captain": 1}
    for n, (last, first) in enumerate(
        [("Rossi", "Anna"), ("Neri", "Ugo"), ("Verdi", "Rita")], start=1
    ):
        form[f"last_name{n}"], form[f"first_name{n}"] = last, first
    response = user_client.post(url("teams", tournament), form)
    assert response.status_code == 200
    assert "Una squadra ha da 4 a 6 giocatori: 3 indicati." in response.content.decode()
    form["last_name4"], form["first_name4"] = "Gallo", "Ivo"
    response = user_client.post(url("teams", tournament), form)
    assert response.status_code == 302
    team = Team.objects.get(tournament=tournament, name="I Lupi")
    assert [p.number for p in team.pairs.order_by("number")] == [101, 102]


def test_import_teams_with_a_preview(user_client):
    tournament, _teams = make_team_event(teams_count=0, gironi=0)
    response = user_client.post(url("import_teams", tournament), {"text": CSV})
    body = response.content.decode()
    assert "Squadre pronte per l'importazione: 2" in body
    assert not Team.objects.filter(tournament=tournament).exists()
    response = user_client.post(
        url("import_teams", tournament), {"text": CSV, "confirm": "on"}
    )
    assert response.status_code == 302
    leoni = Team.objects.get(tournament=tournament, name="I Leoni")
    assert leoni.captain.last_name == "Neri"
    assert Team.objects.get(name="Le Aquile").members.count() == 5
    bad = CSV.replace("Le Aquile;;;Russo", "I Leoni;;;Russo")
    response = user_client.post(url("import_teams", tournament), {"text": bad})
    assert "Riga 3" in response.content.decode()


def test_round_page_shows_matches_and_lineups_change(user_client):
    tournament, made = make_team_event(teams_count=4, roster=5)
    round_ = rounds.generate_round(made[0].girone)
    page = user_client.get(
        url("round", tournament, girone="A", number=round_.number)
    ).content.decode()
    assert "Incontro 1" in page and "Formazioni" in page
    # Its meetings are told in team words (the pair page's sentence said "coppie").
    assert "nessuna partita tra due squadre dello stesso circolo" in page
    match = match_of(round_, 1)
    members = [m.player_id for m in match.team_b.members.order_by("order")]
    lineup_url = url("lineup", tournament, girone="A", number=1, match=1)
    assert user_client.get(lineup_url).status_code == 200
    response = user_client.post(
        lineup_url,
        {
            "side": "b",
            "b-p1a": members[4],
            "b-p1b": members[0],
            "b-p2a": members[1],
            "b-p2b": members[2],
        },
    )
    assert response.status_code == 302
    match = TeamMatch.objects.get(pk=match.pk)
    assert match.lineup_b_given and not match.lineup_a_given
    assert {match.table_1.pair_ew.player1_id, match.table_1.pair_ew.player2_id} == {
        members[4],
        members[0],
    }
    response = user_client.post(
        lineup_url,
        {
            "side": "b",
            "b-p1a": members[0],
            "b-p1b": members[1],
            "b-p2a": members[1],
            "b-p2b": members[2],
        },
    )
    assert "non può giocare in entrambe le coppie" in response.content.decode()


def test_entry_page_names_the_teams(user_client):
    tournament, made = make_team_event(teams_count=3)
    round_ = rounds.generate_round(made[0].girone)
    rounds.publish_round(round_)
    page = user_client.get(
        reverse(
            "scoring:entry", kwargs={"slug": tournament.slug, "round_id": round_.pk}
        )
    ).content.decode()
    assert "Incontro 1" in page and "(1. Squadra 1)" in page
    assert "Riposo (squadre dispari)" in page


def test_dashboard_and_girone_count_teams(user_client):
    """After the merge with main's pair counts: a team tournament's dashboard and
    girone page count its teams (main's counts are of Pair rows, which a team
    tournament makes per line-up), and the next step is the round to review."""
    tournament, made = make_team_event(teams_count=4)
    made[3].withdrawn = True
    made[3].save(update_fields=["withdrawn"])
    page = user_client.get(url("dashboard", tournament)).content.decode()
    assert "4 squadre iscritte" in page and "3 in gioco" in page
    assert "coppie iscritte" not in page
    assert "Genera il turno 1 del" in page
    girone = user_client.get(url("girone", tournament, girone="A")).content.decode()
    assert "4 squadre" in girone and "Squadra 1" in girone


def test_a_swap_into_a_rematch_is_reported_in_team_words(user_client):
    """Main's checker wording, for teams: a swap that makes two teams meet again says
    so in Italian, with "squadre" (it said "coppie", or English, before)."""
    tournament, made = make_team_event(teams_count=4, plan="round_robin")
    first = rounds.generate_round(made[0].girone)
    play_round(first, director())
    met = {m.team_a.number: m.team_b.number for m in first.team_matches.all()}
    met |= {b: a for a, b in met.items()}
    second = rounds.generate_round(made[0].girone)
    match = match_of(second, 1)
    a, b = match.team_a.number, match.team_b.number
    outcome = rounds.swap_pairs(second, b, met[a])
    texts = [v.message for v in outcome.violations]
    assert any("squadre" in t and "si sono già incontrate" in t for t in texts), texts
    assert not any("coppi" in t for t in texts), texts
    page = user_client.get(
        url("round", tournament, girone="A", number=second.number)
    ).content.decode()
    assert "si sono già incontrate" in page


def test_teams_are_placed_by_hand_on_the_pairs_gironi_page(user_client):
    """The gironi page is one for pairs and teams (issue 29): a team event places its
    teams by hand as a pair event places its pairs, in team words; and the pairs' page
    of a team event leads to its teams'."""
    tournament, made = make_team_event(teams_count=4, gironi=0)
    page = user_client.get(url("gironi", tournament)).content.decode()
    assert "A mano: il girone di ogni squadra" in page and "coppia" not in page
    placed = {t.number: label for t, label in zip(made, "ABAB", strict=True)}
    response = user_client.post(
        url("gironi", tournament),
        {
            "count": "2",
            "method": "manual",
            "seed": "",
            **{f"pair-{n}": label for n, label in placed.items()},
        },
    )
    assert response.status_code == 302
    assert {
        t.number: t.girone.label for t in Team.objects.filter(tournament=tournament)
    } == placed
    refused = user_client.post(
        url("gironi", tournament),
        {"count": "2", "method": "manual", "seed": "", "pair-1": "A"},
        follow=True,
    ).content.decode()
    assert "Scegli un girone per le squadre" in refused
    one_left = {f"pair-{n}": label for n, label in list(placed.items())[:3]}
    refused = user_client.post(
        url("gironi", tournament),
        {"count": "2", "method": "manual", "seed": "", **one_left},
        follow=True,
    ).content.decode()
    assert f"Scegli un girone per la squadra {made[3].number}." in refused
    assert user_client.get(url("pairs", tournament))["Location"] == url(
        "teams", tournament
    )


def test_a_team_is_withdrawn_after_its_confirmation_page(user_client):
    """The teams' list links to the withdrawal's page (as the pairs' does), which asks
    first without an error; the confirmed POST withdraws the team."""
    tournament, made = make_team_event(teams_count=4)
    withdraw = url("withdraw_team", tournament, number=made[0].number)
    listing = user_client.get(url("teams", tournament)).content.decode()
    assert f'href="{withdraw}"' in listing
    asked = user_client.get(withdraw).content.decode()
    assert 'id="withdraw-form"' in asked and "Spunta la casella" not in asked
    user_client.post(withdraw, {"withdrawn": "1", "confirm": "1"})
    made[0].refresh_from_db()
    assert made[0].withdrawn


def test_no_step_leads_a_late_team_to_a_refused_split(user_client):
    """Once the rounds have begun the gironi are made and a late team joins none: the
    dashboard offers no split into gironi (the gironi page would refuse it)."""
    tournament, made = make_team_event(teams_count=4)
    before = user_client.get(url("dashboard", tournament)).content.decode()
    rounds.generate_round(made[0].girone)
    Team.objects.filter(pk=made[3].pk).update(girone=None)
    after = user_client.get(url("dashboard", tournament)).content.decode()
    assert "Dividi le squadre in gironi" not in before  # all placed
    assert "Dividi le squadre in gironi" not in after
