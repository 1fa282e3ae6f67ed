"""Where people land after logging in, /arbitro/, and one-time passwords (issue 28 §5)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from staff.models import PasswordToChange
from staff.services import create_user_with_role
from tournament.models import Round, Tournament

from .conftest import build_round

pytestmark = pytest.mark.django_db

PASSWORD = "una-password-lunga-2026"


def log_in(client, user, **extra):
    user.set_password(PASSWORD)
    user.save()
    return client.post(
        reverse("login"), {"username": user.username, "password": PASSWORD, **extra}
    )


def entry(world, round_=None):
    round_ = round_ or world.round
    return reverse(
        "scoring:entry", kwargs={"slug": world.tournament.slug, "round_id": round_.pk}
    )


def test_a_referee_of_one_running_tournament_lands_on_its_round(client, world):
    response = log_in(client, world.referee)
    assert client.get(response["Location"])["Location"] == entry(world)


def test_with_two_open_rounds_the_referee_gets_the_list_current_first(client, world):
    pairs = world.pairs
    second, _tables = build_round(world.girone, 2, [(pairs[0], pairs[2])])
    Round.objects.filter(pk=world.round.pk).update(status=Round.Status.CLOSED)
    third, _tables = build_round(world.girone, 3, [(pairs[1], pairs[3])])
    Round.objects.filter(pk=world.round.pk).update(status=Round.Status.PUBLISHED)
    response = client.get(log_in(client, world.referee)["Location"])
    assert response["Location"] == reverse("scoring:desk")
    page = client.get(reverse("scoring:desk")).content.decode()
    shown = [page.index(entry(world, r)) for r in (third, second, world.round)]
    assert shown == sorted(shown)
    # The tournament's own round list puts the open rounds first too, latest on top.
    Round.objects.filter(pk=second.pk).update(status=Round.Status.CLOSED)
    rounds = client.get(
        reverse("scoring:rounds", kwargs={"slug": world.tournament.slug})
    ).content.decode()
    shown = [rounds.index(entry(world, r)) for r in (third, world.round, second)]
    assert shown == sorted(shown)


def test_a_director_lands_on_the_dashboard_and_a_next_page_wins(client, world):
    response = client.get(log_in(client, world.director)["Location"])
    dashboard = reverse("tournament:dashboard", kwargs={"slug": world.tournament.slug})
    assert response["Location"] == dashboard
    client.logout()
    response = log_in(client, world.director, next="/t/")
    assert response["Location"] == "/t/"


def test_without_a_running_tournament(client, world, make_user):
    Tournament.objects.filter(pk=world.tournament.pk).update(status="registration")
    response = client.get(log_in(client, world.referee)["Location"])
    assert response["Location"] == reverse("tournament:index")
    client.logout()
    nobody = make_user("passante")
    assert client.get(log_in(client, nobody)["Location"])["Location"] == reverse("home")
    client.logout()
    creator = make_user("creatore")
    creator.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    response = client.get(log_in(client, creator)["Location"])
    assert response["Location"] == reverse("tournament:index")


def test_the_desk_needs_a_login(client):
    response = client.get(reverse("scoring:desk"))
    assert response.status_code == 302 and "/login/" in response["Location"]


def test_a_one_time_password_is_changed_at_the_first_login(client, world):
    made = create_user_with_role(world.tournament, "nuovo", "referee")
    client.post(reverse("login"), {"username": "nuovo", "password": made.password})
    for path in (entry(world), reverse("scoring:desk"), "/"):
        response = client.get(path)
        assert response.status_code == 302
        assert response["Location"] == reverse("password_change")
    page = client.get(reverse("password_change"), HTTP_ACCEPT_LANGUAGE="it")
    assert 'id="must-change"' in page.content.decode()
    response = client.post(
        reverse("password_change"),
        {
            "old_password": made.password,
            "new_password1": PASSWORD,
            "new_password2": PASSWORD,
        },
    )
    assert response["Location"] == reverse("after_login")
    assert not PasswordToChange.objects.filter(user=made.user).exists()
    assert client.get(response["Location"])["Location"] == entry(world)
    assert client.get(entry(world)).status_code == 200
