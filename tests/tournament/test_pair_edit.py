"""Correcting pairs, players and clubs from the director's pages (issue 28 §3), with the
registry's rule (issue 26 §2, participants.services.registry): a director changes a player
or a club only when every tournament that uses it is one they direct; nobody learns
whose other record it is."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.urls import reverse

from participants.models import Pair
from people.models import Club, Player
from printing.models import PrizeSlot

pytestmark = pytest.mark.django_db


def url(name, tournament, **kwargs):
    return reverse(f"tournament:{name}", kwargs={"slug": tournament.slug, **kwargs})


@pytest.fixture
def director_client(client, director):
    client.force_login(director)
    return client


@pytest.fixture
def pair(tournament, make_pairs):
    return make_pairs(tournament, 2)[0]


def form_of(pair, **changes):
    data = {
        "last_name1": pair.player1.last_name,
        "first_name1": pair.player1.first_name,
        "membership1": pair.player1.membership_number,
        "last_name2": pair.player2.last_name,
        "first_name2": pair.player2.first_name,
        "membership2": pair.player2.membership_number,
        "club": pair.club.name if pair.club else "",
        "seed": pair.seed or "",
    }
    return {**data, **changes}


def test_a_misspelled_name_and_a_tessera_are_corrected(
    director_client, tournament, pair
):
    response = director_client.post(
        url("edit_pair", tournament, number=1),
        form_of(pair, last_name1="rossini", membership1="BF7001", seed=""),
    )
    assert response.status_code == 302
    pair.refresh_from_db()
    pair.player1.refresh_from_db()
    assert (pair.player1.last_name, pair.player1.membership_number) == (
        "Rossini",
        "BF7001",
    )
    assert pair.seed is None and pair.number == 1


def test_the_checks_of_the_import_apply(director_client, tournament, pair):
    other = Pair.objects.get(tournament=tournament, number=2)
    response = director_client.post(
        url("edit_pair", tournament, number=1),
        form_of(
            pair,
            last_name1=other.player1.last_name,
            first_name1=other.player1.first_name,
            first_name2="",
        ),
        HTTP_ACCEPT_LANGUAGE="it",
    )
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert "Manca il nome del giocatore 2." in errors["first_name2"]
    assert any("gioca già nella coppia 2" in e for e in errors["last_name1"])
    pair.player1.refresh_from_db()
    assert pair.player1.last_name == "Rossi1"


def test_another_persons_tessera_is_refused_without_naming_them(
    director_client, tournament, pair
):
    Player.objects.create(last_name="Mazza", first_name="Elena", membership_number="X1")
    response = director_client.post(
        url("edit_pair", tournament, number=1),
        form_of(pair, membership1="X1"),
        HTTP_ACCEPT_LANGUAGE="it",
    )
    page = response.content.decode()
    assert "La tessera X1 è registrata con un altro nome" in page
    assert "Mazza" not in page and "Elena" not in page


def test_a_registered_players_tessera_with_the_same_name_seats_that_player(
    director_client, tournament, pair
):
    known = Player.objects.create(
        last_name="Rossi1", first_name="Anna", membership_number="X2"
    )
    response = director_client.post(
        url("edit_pair", tournament, number=1), form_of(pair, membership1="X2")
    )
    assert response.status_code == 302
    pair.refresh_from_db()
    assert pair.player1_id == known.pk


def test_a_player_of_another_directors_tournament_is_not_rewritten(
    director_client, tournament, pair, make_tournament, make_user, grant
):
    other_director = make_user("altro")
    elsewhere = make_tournament(name="Torneo di altri")
    elsewhere.roles.all().delete()
    grant(other_director, elsewhere)
    Pair.objects.create(
        tournament=elsewhere,
        number=1,
        player1=pair.player1,
        player2=Player.objects.create(last_name="Neri", first_name="Ugo"),
    )
    response = director_client.post(
        url("edit_pair", tournament, number=1),
        form_of(pair, last_name1="Rossini"),
        HTTP_ACCEPT_LANGUAGE="it",
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert "gioca anche in tornei che non dirigi" in page
    assert "Torneo di altri" not in page
    pair.player1.refresh_from_db()
    assert pair.player1.last_name == "Rossi1"
    # The same director may correct the second player, who is theirs alone.
    response = director_client.post(
        url("edit_pair", tournament, number=1),
        form_of(pair, last_name2="Bianconi"),
    )
    assert response.status_code == 302
    # A superuser may correct anyone.
    director_client.force_login(make_user("capo", is_superuser=True))
    response = director_client.post(
        url("edit_pair", tournament, number=1),
        form_of(pair, last_name1="Rossini", last_name2="Bianconi"),
    )
    assert response.status_code == 302
    pair.player1.refresh_from_db()
    assert pair.player1.last_name == "Rossini"


def test_a_club_is_corrected_only_by_who_directs_all_its_tournaments(
    client, director, tournament, make_tournament, make_user, grant
):
    director.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    client.force_login(director)
    mine = Club.objects.create(name="Circolo Mio")
    tournament.organiser = mine
    tournament.save()
    response = client.post(
        reverse("tournament:edit_club", args=[mine.pk]),
        {"name": "Circolo Mio Bello", "city": "Roma", "federation_code": "RM1"},
    )
    assert response.status_code == 302
    mine.refresh_from_db()
    assert mine.name == "Circolo Mio Bello"
    shared = Club.objects.create(name="Circolo Condiviso")
    elsewhere = make_tournament(name="Torneo di altri", organiser=shared)
    elsewhere.roles.all().delete()
    grant(make_user("altro"), elsewhere)
    page = client.get(
        reverse("tournament:edit_club", args=[shared.pk]), HTTP_ACCEPT_LANGUAGE="it"
    ).content.decode()
    assert "è anche in tornei che non dirigi" in page
    assert "Torneo di altri" not in page and 'id="save-club"' not in page
    response = client.post(
        reverse("tournament:edit_club", args=[shared.pk]),
        {"name": "Rubato", "city": "", "federation_code": ""},
    )
    assert response.status_code == 403
    shared.refresh_from_db()
    assert shared.name == "Circolo Condiviso"


def test_prizes_are_set_on_the_printing_page(director_client, tournament):
    page = reverse("printing:prizes", args=[tournament.slug])
    response = director_client.post(
        page, {"prize_1": " Coppa  e buono ", "prize_2": "", "prize_3": "Cesto\x01"}
    )
    assert response.status_code == 302
    slots = dict(PrizeSlot.objects.values_list("position", "prize"))
    assert slots == {1: "Coppa e buono", 3: "Cesto"}
    response = director_client.post(page, {"prize_1": "x" * 201})
    assert response.status_code == 200
    assert dict(PrizeSlot.objects.values_list("position", "prize")) == slots
    director_client.post(page, {"prize_1": "", "prize_3": ""})
    assert not PrizeSlot.objects.exists()
    # Only the tournament's directors.
    director_client.force_login(get_user_model().objects.create(username="intruso"))
    assert director_client.post(page, {"prize_1": "x"}).status_code == 403
