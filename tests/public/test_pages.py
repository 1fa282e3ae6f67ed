"""Public pages: Italian by default, no login, nothing unreleased, 304 when unchanged."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from core.pipeline import drain
from standings.services.visibility import set_round_visibility
from tests.standings.factories import (
    add_result,
    make_girone,
    make_pairs,
    make_round,
    make_three_way,
    make_tournament,
    play,
    seat,
)
from tournament.models import Stage

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    tournament = make_tournament()
    girone, pairs, _rounds = make_three_way(tournament)
    return tournament, girone, pairs


def url(name, tournament, *args):
    return reverse(f"public:{name}", args=[tournament.slug, *args])


def test_home_lists_todays_tournaments_first(client):
    today = timezone.localdate()
    make_tournament("passato", name="Passato", date=today - dt.timedelta(days=3))
    make_tournament("futuro", name="Futuro", date=today + dt.timedelta(days=5))
    make_tournament("oggi", name="Oggi", date=today)
    make_tournament("bozza", name="Bozza", status="draft")
    html = client.get("/").content.decode()
    assert html.index("Oggi") < html.index("Futuro") < html.index("Passato")
    assert "Bozza" not in html
    assert "oggi" in html  # the badge, in Italian


def test_draft_tournament_is_not_public(client):
    t = make_tournament("bozza", status="draft")
    assert client.get(url("tournament", t)).status_code == 404
    assert client.get(url("standings", t)).status_code == 404


def test_tournament_page_is_italian_and_offers_the_search(client, world):
    tournament, *_ = world
    html = client.get(url("tournament", tournament)).content.decode()
    assert "Dove gioco?" in html and "Classifica" in html
    assert 'name="q"' in html
    assert "/tabellone/" not in html


def test_bracket_link_once_a_knockout_stage_exists(client, world):
    tournament, *_ = world
    Stage.objects.create(tournament=tournament, order=2, kind="knockout")
    html = client.get(url("tournament", tournament)).content.decode()
    assert f"/tabellone/{tournament.slug}/" in html


@pytest.mark.parametrize("query", ["9", "#9", " 9 "])
def test_where_by_number_shows_table_line_and_opponents(client, world, query):
    tournament, _girone, pairs = world
    html = client.get(url("where", tournament), {"q": query}).content.decode()
    # Round 3 is the latest released: 4 (NS) met 9 (EO) at table 1.
    assert "Tavolo <strong>1</strong>" in html
    assert "Linea <strong>EO</strong>" in html
    assert f"4. {pairs[4].names}" in html


def test_where_by_surname(client, world):
    tournament, _girone, pairs = world
    surname = pairs[12].player2.last_name
    html = client.get(url("where", tournament), {"q": surname.lower()}).content.decode()
    # Round 3: 12 (NS) against 20 (EO) at table 2.
    assert "Tavolo <strong>2</strong>" in html and "Linea <strong>NS</strong>" in html
    assert f"20. {pairs[20].names}" in html


def test_where_with_several_matches_lists_them(client, world):
    tournament, *_ = world
    html = client.get(url("where", tournament), {"q": "Rossi"}).content.decode()
    assert "Coppie trovate: 4. Scegli la tua." in html
    assert "?q=12" in html


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("57", "Nessuna coppia ha il numero 57 in questo torneo (coppie: 1–20)."),
        ("Zorro", "Nessun giocatore di nome «Zorro» in questo torneo."),
        ("", "Scrivi il numero della tua coppia o un cognome."),
    ],
)
def test_where_with_unknown_input_helps(client, world, query, message):
    tournament, *_ = world
    response = client.get(url("where", tournament), {"q": query})
    assert response.status_code == 200
    assert message in response.content.decode()


def test_unreleased_tables_do_not_leak(client, world):
    tournament, girone, pairs = world
    rnd = make_round(girone, 4, tables_public=False, results_public=False)
    seat(rnd, 7, pairs[9], pairs[12])
    html = client.get(url("where", tournament), {"q": "9"}).content.decode()
    assert "Tavolo <strong>7</strong>" not in html
    assert "Turno 3" in html
    set_round_visibility(rnd.pk, tables_public=True)
    drain()
    html = client.get(url("where", tournament), {"q": "9"}).content.decode()
    assert "Tavolo <strong>7</strong>" in html and "Turno 4" in html


def test_pair_page_shows_released_results_only(client, world):
    tournament, girone, pairs = world
    rnd = make_round(girone, 4, results_public=False)
    add_result(seat(rnd, 1, pairs[12], pairs[9]), 1995, 5, 20, 0)
    html = client.get(url("pair", tournament, 12)).content.decode()
    assert "1100–900" in html and "1300–850" in html and "800–1200" in html
    assert "1995" not in html
    assert "non pubblicato" in html
    assert client.get(url("pair", tournament, 99)).status_code == 404


def test_standings_page_shows_the_tie_break_note(client, world):
    tournament, *_ = world
    html = client.get(url("standings", tournament)).content.decode()
    assert (
        "Coppie 4, 9, 12 a pari VP (32): classifica avulsa 12 (26 VP), 4 (19), 9 (15)"
        in html
    )
    assert html.index(">12</a>") < html.index(">4</a>") < html.index(">9</a>")


def test_standings_page_hides_unreleased_results(client, world):
    tournament, girone, pairs = world
    rnd = make_round(girone, 4, results_public=False)
    add_result(seat(rnd, 1, pairs[12], pairs[9]), 1995, 5, 20, 0)
    html = client.get(url("standings", tournament)).content.decode()
    assert "Dopo i turni 1, 2, 3" in html
    assert "<strong>52</strong>" not in html


def test_standings_answer_304_until_a_result_changes(client, world):
    tournament, girone, pairs = world
    first = client.get(url("standings", tournament))
    etag = first["ETag"]
    again = client.get(url("standings", tournament), HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    rnd = make_round(girone, 4)
    add_result(seat(rnd, 1, pairs[12], pairs[9]), 1200, 900, 14, 6)
    changed = client.get(url("standings", tournament), HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert "Dopo i turni 1, 2, 3, 4" in changed.content.decode()


def test_other_pages_answer_304_when_unchanged(client, world):
    tournament, *_ = world
    first = client.get(url("tournament", tournament))
    again = client.get(url("tournament", tournament), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304


def test_pages_are_gzipped(client, world):
    tournament, *_ = world
    response = client.get(url("standings", tournament), HTTP_ACCEPT_ENCODING="gzip")
    assert response["Content-Encoding"] == "gzip"


def test_standings_answer_a_304_by_their_version(client, world):
    """The standings' ETag is their stored version's: a phone that has the page gets
    a 304, checked before anything is rendered."""
    tournament, *_ = world
    first = client.get(url("standings", tournament))
    assert b"csrfmiddlewaretoken" not in first.content
    again = client.get(url("standings", tournament), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304


def test_language_link_switches_the_public_pages_to_english(client, world):
    tournament, *_ = world
    page = url("standings", tournament)
    response = client.get(reverse("public:language", args=["en"]), {"next": page})
    assert response.status_code == 302 and response["Location"] == page
    html = client.get(page).content.decode()
    assert "Pairs 4, 9, 12 level on VP (32)" in html
    elsewhere = client.get(
        reverse("public:language", args=["it"]), {"next": "https://example.com/"}
    )
    assert elsewhere["Location"] == "/"


def test_standings_before_any_released_result_rank_nobody(client):
    """Before the first release a player saw every pair ranked 1..n by lot at 0 VP."""
    tournament = make_tournament()
    girone = make_girone(tournament)
    make_pairs(tournament, girone, [1, 2, 3, 4])
    play(
        girone,
        {1: [(1, 2, 1100, 900, 12, 8), (3, 4, 800, 700, 11, 9)]},
        results_public=False,
    )
    html = client.get(url("standings", tournament)).content.decode()
    assert "Nessun risultato ancora pubblicato" in html
    assert "sorteggio" not in html and "<table" not in html
    set_round_visibility(girone.rounds.get(number=1).pk, results_public=True)
    drain()
    html = client.get(url("standings", tournament)).content.decode()
    assert "<table" in html and "Nessun risultato ancora pubblicato" not in html


def test_a_pair_event_sends_the_team_pairs_page_to_its_standings(client, world):
    """The pairs-in-the-teams page is a team event's: on a pair event it sends the
    visitor to the standings, never a page saying nothing was published."""
    tournament, *_ = world
    answer = client.get(url("team_pairs", tournament))
    assert answer.status_code == 302
    assert answer["Location"] == url("standings", tournament)
