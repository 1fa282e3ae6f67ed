"""Season rankings: from each tournament's public standings, with a page per player."""

import datetime as dt

import pytest
from django.urls import reverse

from standings.models import Season
from tests.standings.factories import make_girone, make_pairs, make_tournament, play
from tournament.models import Tournament

pytestmark = pytest.mark.django_db


def tournament(slug, day, results):
    t = make_tournament(slug, name=slug.title(), date=dt.date(2026, 10, day))
    g = make_girone(t)
    return t, g


@pytest.fixture
def season():
    # Two tournaments; the same four people play both, paired the same way.
    first, g1 = tournament("ottobre", 1, None)
    pairs1 = make_pairs(first, g1, [1, 2])
    play(g1, {1: [(1, 2, 1200, 800, 15, 5)]})
    second, g2 = tournament("novembre", 8, None)
    pairs2 = {}
    from participants.models import Pair

    for n, old in pairs1.items():
        pairs2[n] = Pair.objects.create(
            tournament=second,
            number=n,
            player1=old.player1,
            player2=old.player2,
            girone=g2,
        )
    play(g2, {1: [(1, 2, 800, 1200, 5, 15)]})
    third, _g3 = tournament("bozza", 15, None)
    third.status = "draft"
    third.save()
    s = Season.objects.create(
        name="Circuito 2026", slug="circuito", scale=[10, 6], best=1
    )
    # Only concluded tournaments count (both rounds are final: closed, released,
    # no correction period).
    Tournament.objects.filter(pk__in=[first.pk, second.pk]).update(status="finished")
    s.tournaments.add(first, second, third)
    return s, pairs1


def test_a_running_tournament_gives_no_season_points(client, season):
    """The season counts concluded tournaments only: one still running (or without
    a released result) gives nobody points."""
    s, _pairs = season
    Tournament.objects.filter(slug="novembre").update(status="running")
    html = client.get(reverse("public:season", args=[s.slug])).content.decode()
    assert "Novembre" not in html
    assert html.count("<strong>10</strong>") == 2  # the winners of "ottobre" only


def test_season_page_ranks_players_by_their_best_results(client, season):
    s, _pairs = season
    html = client.get(reverse("public:season", args=[s.slug])).content.decode()
    assert "Circuito 2026" in html and "conta il miglior risultato" in html
    # Each player won once: 10 points each, all four level.
    assert html.count("<strong>10</strong>") == 4


def test_player_page_shows_the_history(client, season):
    s, pairs = season
    player = pairs[1].player1
    url = reverse("public:season-player", args=[s.slug, player.pk])
    html = client.get(url).content.decode()
    assert "Ottobre" in html and "Novembre" in html and "Bozza" not in html
    assert "non conteggiato" in html  # the second place (6 points) is not counted
    missing = reverse("public:season-player", args=[s.slug, 999999])
    assert client.get(missing).status_code == 404
