"""The director's standings pages: role required, provisional view, releasing rounds."""

import pytest
from django.urls import reverse

from core.pipeline import drain
from standings.models import Snapshot
from tests.standings.factories import (
    add_result,
    make_girone,
    make_pairs,
    make_round,
    make_tournament,
    play,
    seat,
)
from tournament.models import TournamentRole

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(make_user):
    t = make_tournament()
    g = make_girone(t)
    pairs = make_pairs(t, g, [1, 2, 3, 4])
    play(g, {1: [(1, 2, 1200, 800, 15, 5), (3, 4, 1000, 900, 11, 9)]})
    director = make_user("direttore")
    TournamentRole.objects.create(tournament=t, user=director, role="director")
    return t, g, pairs, director


def test_anonymous_and_referees_cannot_see_it(client, world, make_user):
    t, *_ = world
    url = reverse("standings:director", args=[t.slug])
    assert client.get(url).status_code == 302
    referee = make_user("arbitro")
    TournamentRole.objects.create(tournament=t, user=referee, role="referee")
    client.force_login(referee)
    assert client.get(url).status_code == 403


def test_director_sees_the_confirmed_standings_and_the_chain(client, world):
    t, _g, _pairs, director = world
    client.force_login(director)
    html = client.get(reverse("standings:director", args=[t.slug])).content.decode()
    assert (
        "Criteri di spareggio: VP totali → Classifica avulsa (scontri diretti)" in html
    )
    assert "un turno saltato vale 0 VP e 0 MP" in html
    assert "<strong>15</strong>" in html


def test_provisional_view_leaves_a_pending_first_entry_out(client, world):
    t, g, pairs, director = world
    rnd = make_round(g, 2)
    add_result(seat(rnd, 1, pairs[2], pairs[3]), 1500, 500, 19, 1, status="entered")
    client.force_login(director)
    url = reverse("standings:provisional", args=[t.slug, g.pk])
    html = client.get(url).content.decode()
    assert "Tavoli in attesa del secondo inserimento: 1" in html
    assert "<strong>24</strong>" not in html  # pair 2: 5 + 19 would show it
    official = client.get(reverse("standings:director", args=[t.slug])).content
    assert b"<strong>24</strong>" not in official


def test_director_releases_a_rounds_results(client, world):
    t, g, pairs, director = world
    rnd = make_round(g, 2, results_public=False)
    add_result(seat(rnd, 1, pairs[2], pairs[3]), 1500, 500, 19, 1)
    public = Snapshot.objects.get(girone=g, kind="public", line="")
    assert public.rounds == [1]
    client.force_login(director)
    url = reverse("standings:visibility", args=[t.slug, rnd.pk])
    response = client.post(url, {"field": "results", "value": "1"})
    drain()
    assert response.status_code == 302
    rnd.refresh_from_db()
    assert rnd.results_public
    public.refresh_from_db()
    assert public.rounds == [1, 2]
    bad = client.post(url, {"field": "everything", "value": "1"}, follow=True)
    drain()
    assert "Impostazione sconosciuta: everything." in bad.content.decode()


def test_a_briscola_chain_is_told_in_points_and_partite(client, make_user):
    """Issue 16 §6 (Burraco words on Briscola pages), found by the reviewer on the
    Briscola demo: the director's standings page said "VP totali → ... Differenza MP →
    MP fatti" and "un turno saltato vale 0 VP e 0 MP" above a table of punti and
    partite."""
    t = make_tournament(
        "scopa", game="briscola", rule_pack="briscola-approdo", rule_pack_version=2
    )
    make_girone(t)
    director = make_user("direttore")
    TournamentRole.objects.create(tournament=t, user=director, role="director")
    client.force_login(director)
    html = client.get(
        reverse("standings:director", args=[t.slug]), HTTP_ACCEPT_LANGUAGE="it"
    ).content.decode()
    chain = html.split("Criteri di spareggio:", 1)[1].split("</p>", 1)[0]
    assert "Punti totali" in chain and "Differenza partite" in chain
    assert "VP" not in chain and "MP" not in chain
    assert "un turno saltato vale 0 punti e 0 partite" in chain


def test_a_missed_round_of_one_point_is_singular():
    """'un turno saltato vale 1 punti' would have been printed for a pack awarding 1."""
    from django.utils import translation

    from standings.services.config import Settings, missed_round_text

    settings = Settings(("points",), False, "skip", "", missed_points=1, missed_score=1)
    with translation.override("it"):
        text = missed_round_text(settings, "briscola")
    assert text == "un turno saltato vale 1 punto e 1 partita"
