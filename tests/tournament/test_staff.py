"""The staff page: directors add and remove referees, chief referees and co-directors."""

from __future__ import annotations

import html
import re

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.urls import reverse

from staff import services as staff
from staff.services import StaffError
from tournament.models import TournamentRole

pytestmark = pytest.mark.django_db
Role = TournamentRole.Role


@pytest.fixture
def site(tournament, director, make_user, client):
    client.force_login(director)
    return tournament, director, client


def text(response) -> str:
    return html.unescape(response.content.decode())


def url(tournament, name, **kwargs):
    return reverse(f"tournament:{name}", kwargs={"slug": tournament.slug, **kwargs})


def test_director_adds_an_existing_user_as_referee(site, make_user):
    tournament, _director, client = site
    make_user("mario", first_name="Mario", last_name="Verdi")
    response = client.post(
        url(tournament, "staff_add"), {"username": "Mario", "role": "referee"}
    )
    assert response.status_code == 302
    assert TournamentRole.objects.filter(
        tournament=tournament, user__username="mario", role=Role.REFEREE
    ).exists()
    page = text(client.get(url(tournament, "staff")))
    assert "Mario Verdi" in page
    assert "Arbitro" in page


def test_adding_an_unknown_user_says_so_and_changes_nothing(site):
    tournament, _director, client = site
    before = TournamentRole.objects.count()
    response = client.post(
        url(tournament, "staff_add"), {"username": "nessuno", "role": "referee"}
    )
    assert response.status_code == 400
    assert "Nessun utente si chiama “nessuno”" in text(response)
    assert TournamentRole.objects.count() == before


def test_a_role_given_twice_is_refused(site, make_user):
    tournament, _director, client = site
    make_user("mario")
    client.post(url(tournament, "staff_add"), {"username": "mario", "role": "referee"})
    response = client.post(
        url(tournament, "staff_add"), {"username": "mario", "role": "referee"}
    )
    assert response.status_code == 400
    assert "è già arbitro" in text(response)
    assert TournamentRole.objects.filter(user__username="mario").count() == 1


def test_created_user_gets_a_one_time_password_shown_once(site):
    tournament, _director, client = site
    response = client.post(
        url(tournament, "staff_create"),
        {
            "username": "lucia.arbitro",
            "first_name": "Lucia",
            "last_name": "Neri",
            "role": "chief_referee",
        },
    )
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    page = text(response)
    password = re.search(r'data-testid="password">([^<]+)<', page).group(1)
    user = get_user_model().objects.get(username="lucia.arbitro")
    assert user.password != password  # only the hash is stored
    assert authenticate(username="lucia.arbitro", password=password) == user
    assert TournamentRole.objects.filter(
        tournament=tournament, user=user, role=Role.CHIEF_REFEREE
    ).exists()
    # Never shown again: the staff page does not have it.
    assert password not in text(client.get(url(tournament, "staff")))


def test_creating_an_existing_username_is_refused(site, make_user):
    tournament, _director, client = site
    make_user("mario")
    response = client.post(
        url(tournament, "staff_create"), {"username": "MARIO", "role": "referee"}
    )
    assert response.status_code == 400
    assert "esiste già" in text(response)
    assert get_user_model().objects.filter(username__iexact="mario").count() == 1


@pytest.mark.parametrize(
    ("existing", "typed"),
    [
        ("admin", "ａｄｍｉｎ"),  # full-width: NFKC makes it "admin" (a 500 before)
        ("arbitro", "ＡＲＢＩＴＲＯ"),  # a second account "ARBITRO" before
        ("élodie", "ÉLODIE"),  # case beyond ASCII (SQLite's LIKE folds ASCII only)
        ("ﬁlippo", "FILIPPO"),  # a ligature: NFKC makes it "filippo"
    ],
)
def test_a_username_that_normalises_to_an_existing_one_is_refused(
    site, make_user, existing, typed
):
    """Usernames are compared as Django stores them (NFKC), in any case."""
    tournament, _director, client = site
    make_user(existing)
    before = get_user_model().objects.count()
    response = client.post(
        url(tournament, "staff_create"), {"username": typed, "role": "referee"}
    )
    assert response.status_code == 400
    assert "esiste già" in text(response)
    assert get_user_model().objects.count() == before


def test_a_full_width_username_finds_the_existing_user(site, make_user):
    tournament, _director, client = site
    make_user("arbitro")
    response = client.post(
        url(tournament, "staff_add"), {"username": "ＡＲＢＩＴＲＯ", "role": "referee"}
    )
    assert response.status_code == 302
    assert TournamentRole.objects.filter(
        tournament=tournament, user__username="arbitro", role=Role.REFEREE
    ).exists()


def test_a_full_width_username_is_created_as_django_stores_it(site):
    tournament, _director, client = site
    response = client.post(
        url(tournament, "staff_create"), {"username": "ｍａｒｉｏ", "role": "referee"}
    )
    assert response.status_code == 200
    assert get_user_model().objects.filter(username="mario").exists()


def test_a_bad_username_is_refused_with_a_message(site):
    tournament, _director, client = site
    response = client.post(
        url(tournament, "staff_create"), {"username": "a b/c", "role": "referee"}
    )
    assert response.status_code == 400
    assert "non può essere un nome utente" in text(response)
    assert not get_user_model().objects.filter(username="a b/c").exists()


def test_director_removes_a_referee(site, make_user, grant):
    tournament, _director, client = site
    role = grant(make_user("mario"), tournament, Role.REFEREE)
    response = client.post(url(tournament, "staff_remove", role_id=role.pk))
    assert response.status_code == 302
    assert not TournamentRole.objects.filter(pk=role.pk).exists()


def test_the_last_director_cannot_be_removed(site):
    tournament, director, client = site
    role = TournamentRole.objects.get(tournament=tournament, user=director)
    response = client.post(
        url(tournament, "staff_remove", role_id=role.pk), follow=True
    )
    assert "è l'unico direttore" in text(response)
    assert TournamentRole.objects.filter(pk=role.pk).exists()


def test_a_director_may_leave_when_another_remains(site, make_user, grant):
    tournament, director, client = site
    grant(make_user("co"), tournament, Role.DIRECTOR)
    role = TournamentRole.objects.get(tournament=tournament, user=director)
    client.post(url(tournament, "staff_remove", role_id=role.pk))
    assert not TournamentRole.objects.filter(pk=role.pk).exists()
    with pytest.raises(StaffError):
        staff.remove_role(
            tournament,
            TournamentRole.objects.get(tournament=tournament, role=Role.DIRECTOR).pk,
        )


def test_a_role_of_another_tournament_cannot_be_removed(
    site, make_tournament, make_user, grant
):
    tournament, _director, client = site
    other = make_tournament(name="Altro")
    role = grant(make_user("mario"), other, Role.REFEREE)
    client.post(url(tournament, "staff_remove", role_id=role.pk))
    assert TournamentRole.objects.filter(pk=role.pk).exists()


@pytest.mark.parametrize("role", [Role.REFEREE, Role.CHIEF_REFEREE])
def test_only_directors_manage_the_staff(tournament, make_user, grant, client, role):
    """A referee or chief referee of the tournament gets the 403 page, nothing changes."""
    member = make_user("arbitro")
    grant(member, tournament, role)
    victim = TournamentRole.objects.get(tournament=tournament, role=Role.DIRECTOR)
    client.force_login(member)
    assert client.get(url(tournament, "staff")).status_code == 403
    response = client.post(
        url(tournament, "staff_add"), {"username": "arbitro", "role": "director"}
    )
    assert response.status_code == 403
    response = client.post(
        url(tournament, "staff_create"), {"username": "nuovo", "role": "director"}
    )
    assert response.status_code == 403
    assert (
        client.post(url(tournament, "staff_remove", role_id=victim.pk)).status_code
        == 403
    )
    assert not get_user_model().objects.filter(username="nuovo").exists()
    assert TournamentRole.objects.filter(pk=victim.pk).exists()
    assert not TournamentRole.objects.filter(user=member, role=Role.DIRECTOR).exists()


def test_a_user_without_a_role_is_told_whom_to_ask(
    tournament, director, make_user, client
):
    director.first_name, director.last_name = "Giulia", "Bruni"
    director.save()
    client.force_login(make_user("arbitro-nuovo"))
    for path in (
        url(tournament, "dashboard"),
        reverse("scoring:rounds", kwargs={"slug": tournament.slug}),
    ):
        response = client.get(path)
        assert response.status_code == 403
        page = text(response)
        assert 'data-testid="no-role"' in page
        assert "Giulia Bruni" in page
        assert "Non hai ancora un ruolo in questo torneo" in page


def test_a_referee_on_a_director_page_is_told_what_they_are(
    tournament, make_user, grant, client
):
    referee = make_user("arbitro")
    grant(referee, tournament, Role.REFEREE)
    client.force_login(referee)
    page = text(client.get(url(tournament, "dashboard")))
    assert "Qui sei: Arbitro." in page
    assert "«Direttore»" in page or "“Direttore”" in page


def test_the_referee_finds_their_tournament_on_the_direction_page(
    tournament, make_user, grant, client
):
    referee = make_user("arbitro")
    grant(referee, tournament, Role.REFEREE)
    client.force_login(referee)
    page = text(client.get(reverse("tournament:index")))
    assert reverse("scoring:rounds", kwargs={"slug": tournament.slug}) in page


def test_one_time_passwords_differ_and_read_well():
    seen = {staff.one_time_password() for _ in range(50)}
    assert len(seen) == 50
    for password in seen:
        assert re.fullmatch(r"[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}", password)
        assert not set(password) & set("01lio")
