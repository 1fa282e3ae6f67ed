"""'Dove gioco?' finds a pair whatever the accents, apostrophes and case typed."""

from __future__ import annotations

import pytest
from django.db import connection
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from participants.models import Pair
from people.models import Player
from people.search import fold, name_key
from public.services import find_pairs
from tests.budget import examples
from tests.standings.factories import make_girone, make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    tournament = make_tournament()
    girone = make_girone(tournament)
    people = [
        ("D'Angelo", "Niccolò", "Dell’Acqua", "Zoë"),
        ("Rossi", "Anna", "De Luca", "Maria Grazia"),
        ("Àlvarez", "José", "Ferrari", "Luca"),
    ]
    for number, (l1, f1, l2, f2) in enumerate(people, start=1):
        Pair.objects.create(
            tournament=tournament,
            number=number,
            girone=girone,
            player1=Player.objects.create(last_name=l1, first_name=f1),
            player2=Player.objects.create(last_name=l2, first_name=f2),
        )
    return tournament


@pytest.mark.parametrize(
    ("query", "number"),
    [
        pytest.param("D’Angelo", 1, id="curly-apostrophe"),
        pytest.param("d'angelo", 1, id="straight-apostrophe"),
        pytest.param("dangelo", 1, id="no-apostrophe"),
        pytest.param("DANGELO niccolo", 1, id="upper-and-no-accent"),
        pytest.param("niccolò", 1, id="accent"),
        pytest.param("dellacqua", 1, id="second-player-curly-in-the-name"),
        pytest.param("Dell'Acqua zoe", 1, id="straight-typed-curly-stored"),
        pytest.param("deluca", 2, id="two-word-surname-solid"),
        pytest.param("de luca", 2, id="two-word-surname"),
        pytest.param("mariagrazia", 2, id="two-word-name-solid"),
        pytest.param("alvarez jose", 3, id="accents-on-capitals"),
    ],
)
def test_folded_search_finds_the_pair(event, query, number):
    found = find_pairs(event, query)
    assert [p.number for p in found.found] == [number], found.message


def test_the_where_page_finds_dangelo_typed_with_a_curly_apostrophe(event, client):
    url = reverse("public:where", args=[event.slug])
    page = client.get(url, {"q": "D’Angelo"}).content.decode()
    assert 'data-testid="seat"' in page or "Coppia 1" in page
    assert "Nessun giocatore" not in page


def test_only_punctuation_finds_nothing_and_says_so(event):
    found = find_pairs(event, "’ ' -")
    assert found.found == []
    assert found.message


def test_renaming_a_player_updates_the_key(event):
    player = Player.objects.get(last_name="Rossi")
    player.last_name = "Bianchì"
    player.save(update_fields=["last_name"])
    player.refresh_from_db()
    assert player.search_key == "bianchi anna"
    assert [p.number for p in find_pairs(event, "bianchi").found] == [2]


def test_bulk_created_players_get_their_key(db):
    made = Player.objects.bulk_create([Player(last_name="Nicolò", first_name="Ève")])
    assert made[0].search_key == "nicolo eve"
    assert Player.objects.get(pk=made[0].pk).search_key == "nicolo eve"


def test_the_migration_fills_the_keys_of_existing_players(db):
    """The data migration's function, run on players saved without a key."""
    from importlib import import_module

    migration = import_module("tournament.migrations.0003_player_search_key")
    Player.objects.create(last_name="D'Angelo", first_name="Niccolò")
    Player.objects.update(search_key="")

    class Apps:
        """The models as that migration saw them: the player was the tournament app's
        (the same table since ``people`` took the model, issue 29)."""

        def get_model(self, app_label, name):
            assert (app_label, name) == ("tournament", "Player")
            return Player

    migration.fill_search_keys(Apps(), connection.schema_editor())
    assert Player.objects.get().search_key == "dangelo niccolo"


NAMES = st.text(
    alphabet=st.sampled_from("abcdeèéiìoòuùAÀEÈOÒzZç'’ -"), min_size=1, max_size=14
).filter(lambda s: fold(s))


@settings(
    max_examples=examples(40),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(last=NAMES, first=NAMES, typed=st.sampled_from(["same", "folded", "upper"]))
def test_any_name_is_found_however_it_is_typed(event, last, first, typed):
    """Typing a player's surname as stored, folded or in capitals finds the pair."""
    player = Pair.objects.get(tournament=event, number=3).player2
    player.last_name, player.first_name = last, first
    player.save()
    query = {"same": last, "folded": fold(last), "upper": last.upper()}[typed]
    found = find_pairs(event, query)
    assert 3 in [p.number for p in found.found]
    assert player.search_key == name_key(last, first)
