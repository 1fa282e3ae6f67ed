"""The venue screen (public/venue.py) shows what the public pages show, no more:
the seating of the latest round whose tables are released (never a draft's, never
tables held back), the standings only once results are released, the same file
published as the view answers, in Italian and English."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from core import pipeline
from public import publish, published
from standings.refresh import refresh_gironi
from standings.services.visibility import set_round_visibility
from tests.scoring.conftest import grant
from tests.standings.factories import (
    add_result,
    make_girone,
    make_pairs,
    make_round,
    make_tournament,
    seat,
)

pytestmark = pytest.mark.django_db

SEAT = re.compile(
    r'<li><span class="c-num">(\d+)</span>'
    r'<span class="c-names">(?:[^<]|<small>[^<]*</small>)*</span>'
    r'(?:<span class="c-table">(\d+)</span><span class="c-line">(\w+)</span>'
    r'<span class="c-vs">(\d+)</span>|<span class="c-rest">)'
)
RANK = re.compile(
    r'<li><span class="c-num">(\d+)</span><span class="c-num">(\d+)</span>'
    r'<span class="c-names">[^<]*</span><span class="c-points">([^<]*)</span>'
)


@pytest.fixture
def event(settings, tmp_path):
    """Six pairs. Round 1 played, its results held; round 2's tables released (pair 5
    rests); round 3 a draft, seated."""
    settings.PUBLISH_ROOT = str(tmp_path / "published")
    settings.PUBLIC_BASE_URL = "http://testserver"
    tournament = make_tournament("schermo")
    girone = make_girone(tournament)
    pairs = make_pairs(tournament, girone, range(1, 7))
    first = make_round(girone, 1, results_public=False)
    for number, (ns, ew, mp) in enumerate([(1, 2, 300), (3, 4, 150), (5, 6, 40)], 1):
        add_result(seat(first, number, pairs[ns], pairs[ew]), 1000 + mp, 1000, 15, 5)
    second = make_round(girone, 2, results_public=False)
    seat(second, 1, pairs[6], pairs[1])
    seat(second, 2, pairs[2], pairs[4])
    seat(second, 3, pairs[3], None)
    seat(second, 4, pairs[5], None)
    draft = make_round(
        girone, 3, status="draft", tables_public=False, results_public=False
    )
    seat(draft, 1, pairs[1], pairs[3])
    refresh_gironi([girone.pk])
    return tournament, first, second


def seating(html: str) -> dict[int, tuple]:
    return {
        int(p): (t and int(t), line, vs and int(vs))
        for p, t, line, vs in SEAT.findall(html)
    }


def ranking(html: str) -> list[tuple[int, int, str]]:
    return [(int(pos), int(n), pts) for pos, n, pts in RANK.findall(html)]


def venue(client, tournament) -> str:
    response = client.get(reverse("public:venue", args=[tournament.slug]))
    assert response.status_code == 200
    return response.content.decode()


def test_the_seating_is_the_released_rounds_as_the_public_api_gives_it(client, event):
    tournament, _first, second = event
    html = venue(client, tournament)
    shown = seating(html)
    api = client.get(
        f"/api/v1/tournaments/{tournament.slug}/rounds/{second.pk}/tables"
    ).json()
    expected: dict[int, tuple] = {}
    for table in api:
        ns = table["ns"]["number"]
        if table["ew"] is None:
            expected[ns] = ("", "", "")
            continue
        ew = table["ew"]["number"]
        expected[ns] = (table["number"], "NS", ew)
        expected[ew] = (table["number"], "EO", ns)
    assert shown == expected
    assert list(shown) == sorted(shown)  # by pair number: a player finds theirs
    assert "Turno 2" in html and "Turno 3" not in html
    # The draft's seating (1 against 3) is nowhere.
    assert shown[1] == (1, "EO", 6)
    # Each pair's seat is its "Dove gioco?" answer.
    where = client.get(f"/t/{tournament.slug}/dove-gioco/", {"q": "4"}).content.decode()
    assert re.search(r"Tavolo <strong>2</strong>", where) and shown[4][:2] == (2, "EO")


def test_held_tables_are_not_shown_and_a_draft_tournament_has_no_screen(client, event):
    tournament, first, second = event
    set_round_visibility(second.pk, tables_public=False)
    assert seating(venue(client, tournament))[1] == (1, "NS", 2)  # round 1's
    set_round_visibility(first.pk, tables_public=False)
    html = venue(client, tournament)
    assert seating(html) == {} and "Nessun turno" in html
    tournament.status = "draft"
    tournament.save()
    assert (
        client.get(reverse("public:venue", args=[tournament.slug])).status_code == 404
    )


def test_the_standings_only_once_released_as_the_standings_api(client, event):
    tournament, first, _second = event
    html = venue(client, tournament)
    assert ranking(html) == [] and 'data-testid="venue-standings"' not in html
    set_round_visibility(first.pk, results_public=True)
    pipeline.drain()
    shown = ranking(venue(client, tournament))
    api = client.get(f"/api/v1/tournaments/{tournament.slug}/standings").json()
    expected = [
        (row["rank"], row["pair_number"], str(row["vp"]))
        for table in api
        for row in table["rows"]
    ]
    assert shown == expected and len(shown) >= 6


def test_the_published_file_is_the_views_answer_in_each_language(client, event):
    tournament, first, _second = event
    set_round_visibility(first.pk, results_public=True)
    pipeline.drain()
    publish.publish_tournament(tournament)
    base = published.root()
    assert base is not None
    url = reverse("public:venue", args=[tournament.slug])
    for lang, words in (("it", "Turno 2"), ("en", "Round 2")):
        target = published.file_for(base, lang, url)
        client.cookies["django_language"] = lang
        # A query string: the view answers, not the file.
        answered = client.get(url + "?vista=1").content
        assert target.read_bytes() == answered
        assert words in answered.decode()
    # Set back to draft: the file goes with the rest.
    tournament.status = "draft"
    tournament.save()
    publish.publish_tournament(tournament)
    assert not published.file_for(base, "it", url).exists()


def test_the_hall_numbers_are_the_ones_players_see(client, event):
    tournament, _first, _second = event
    girone_b = make_girone(tournament, "B")
    pairs = make_pairs(tournament, girone_b, [7, 8])
    seat(make_round(girone_b, 2), 1, pairs[7], pairs[8])
    tournament.hall_numbering = True
    tournament.save()
    html = venue(client, tournament)
    shown = seating(html)
    # Girone A's round 2 uses 4 tables: girone B's table 1 is the hall's 5.
    assert shown[7] == (5, "NS", 8) and shown[1] == (1, "EO", 6)
    assert "Girone B" in html or "B ·" in html


def test_the_printing_page_links_the_screen(client, event, make_user):
    tournament, _first, _second = event
    director = make_user("direttore-schermo")
    grant(director, tournament, "director")
    client.force_login(director)
    page = client.get(reverse("printing:index", args=[tournament.slug]))
    assert reverse("public:venue", args=[tournament.slug]) in page.content.decode()


def test_a_team_event_shows_its_pairs_seats_and_its_team_standings(client):
    from draw.services import rounds
    from tests.teams.factories import director, make_team_event, play_round

    tournament, made = make_team_event(teams_count=2)
    round_ = rounds.generate_round(made[0].girone)
    play_round(round_, director())
    rounds.set_visibility(round_, tables=True, results=True)
    pipeline.drain()
    html = venue(client, tournament)
    shown = seating(html)
    # Two teams of two pairs: a match of two tables, each pair at one.
    assert len(shown) == 4 and all(seat[0] in (1, 2) for seat in shown.values())
    api = client.get(f"/api/v1/tournaments/{tournament.slug}/team-standings").json()
    expected = [
        (row["rank"], row["team_number"], str(row["vp"]))
        for table in api
        for row in table["rows"]
    ]
    assert ranking(html) == expected and len(expected) == 2
    assert "Squadra" in html
