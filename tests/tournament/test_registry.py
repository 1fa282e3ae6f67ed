"""The registry of players and clubs is shared: no director reads or changes another
tournament's people (participants/services/registry.py).

Before, the director of one tournament registered a pair with another tournament's
membership numbers and the form answered "La tessera BF260003 appartiene a Mazza
Elena" (a lookup of names by number for anyone directing anything); the federation
fix form then rewrote the shared player (the other tournament's report changed) and
``fix_club_code`` rewrote a club every tournament uses.
"""

from __future__ import annotations

import datetime
import html

import pytest
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from participants.models import Pair
from participants.services import registry
from participants.services.entries import PairEntry
from participants.services.registration import register_pair
from people.models import Club, Player
from tournament.models import Tournament, TournamentRole

pytestmark = pytest.mark.django_db
Role = TournamentRole.Role


def _tournament(slug: str, director, *, status: str = "running") -> Tournament:
    tournament = Tournament.objects.create(
        name=slug.title(),
        slug=slug,
        date=datetime.date(2026, 5, 10),
        game="burraco",
        rule_pack="fibur-2026",
        rule_pack_version=1,
        status=status,
    )
    TournamentRole.objects.create(
        tournament=tournament, user=director, role=Role.DIRECTOR
    )
    return tournament


def _pair(tournament, number, player1, player2, club=None) -> Pair:
    return Pair.objects.create(
        tournament=tournament,
        number=number,
        player1=player1,
        player2=player2,
        club=club,
    )


@pytest.fixture
def world(make_user):
    """Two tournaments, two directors; Mazza Elena (BF260003) plays in the second,
    and in the first with Verdi Ugo, whose only tournament is the first."""
    me, other = make_user("direttore-uno"), make_user("direttore-due")
    mine, theirs = _tournament("coppa-uno", me), _tournament("coppa-due", other)
    shared_club = Club.objects.create(name="Circolo Comune", federation_code="RM-001")
    own_club = Club.objects.create(name="Circolo Mio", federation_code="")
    elena = Player.objects.create(
        last_name="Mazza", first_name="Elena", membership_number="BF260003"
    )
    marco = Player.objects.create(
        last_name="Neri", first_name="Marco", membership_number="BF260004"
    )
    ugo = Player.objects.create(last_name="Verdi", first_name="Ugo", club=own_club)
    anna = Player.objects.create(last_name="Rossi", first_name="Anna", club=own_club)
    _pair(theirs, 1, elena, marco, club=shared_club)
    _pair(mine, 1, ugo, anna)
    _pair(mine, 2, elena, Player.objects.create(last_name="Blu", first_name="Ivo"))
    client = Client(raise_request_exception=False)
    client.force_login(me)
    return {
        "me": me,
        "other": other,
        "mine": mine,
        "theirs": theirs,
        "elena": elena,
        "ugo": ugo,
        "shared_club": shared_club,
        "own_club": own_club,
        "client": client,
    }


def _text(response) -> str:
    return html.unescape(response.content.decode())


def test_a_known_tessera_under_another_name_is_refused_without_naming_its_owner(world):
    client, mine = world["client"], world["mine"]
    before = Player.objects.count()
    response = client.post(
        reverse("tournament:pairs", kwargs={"slug": mine.slug}),
        {
            "last_name1": "Bianchi",
            "first_name1": "Paola",
            "membership1": "BF260004",
            "last_name2": "Gialli",
            "first_name2": "Rita",
        },
    )
    page = _text(response)
    assert response.status_code == 200
    assert "registrata con un altro nome" in page
    assert "Neri" not in page and "Marco" not in page
    assert Player.objects.count() == before
    assert not mine.pairs.filter(number=3).exists()


def test_a_known_tessera_with_its_name_links_to_the_registrys_player(world):
    """The name as typed may differ in case, accents and spacing (folded)."""
    mine = world["mine"]
    pair = register_pair(
        mine,
        PairEntry(
            last_name1="NÉRI ",
            first_name1="marco",
            membership1="BF260004",
            last_name2="Gialli",
            first_name2="Rita",
        ),
    )
    assert pair.player1.pk == Player.objects.get(membership_number="BF260004").pk


def test_the_fix_form_refuses_a_player_another_tournament_uses(world):
    client, mine, elena = world["client"], world["mine"], world["elena"]
    url = reverse(
        "standings:federation-tessera",
        kwargs={"slug": mine.slug, "player_id": elena.pk},
    )
    page = _text(client.post(url, {"value": "XX9999"}, follow=True))
    elena.refresh_from_db()
    assert elena.membership_number == "BF260003"
    assert "solo chi gestisce l'anagrafica dei giocatori" in page
    assert "coppa-due" not in page and "Coppa-Due" not in page
    # The check page offers no form for her: it says whom to ask.
    Player.objects.filter(pk=elena.pk).update(membership_number="")
    page = _text(
        client.get(reverse("standings:federation", kwargs={"slug": mine.slug}))
    )
    assert (
        reverse(
            "standings:federation-tessera",
            kwargs={"slug": mine.slug, "player_id": elena.pk},
        )
        not in page
    )
    assert "solo chi gestisce l'anagrafica dei giocatori" in page


def test_the_fix_form_changes_a_player_only_this_director_uses(world):
    client, mine, ugo = world["client"], world["mine"], world["ugo"]
    url = reverse(
        "standings:federation-tessera", kwargs={"slug": mine.slug, "player_id": ugo.pk}
    )
    client.post(url, {"value": "rm 123 4"})
    ugo.refresh_from_db()
    assert ugo.membership_number == "RM1234"


def test_a_tessera_taken_in_the_registry_is_refused_without_naming_its_owner(world):
    client, mine, ugo = world["client"], world["mine"], world["ugo"]
    url = reverse(
        "standings:federation-tessera", kwargs={"slug": mine.slug, "player_id": ugo.pk}
    )
    page = _text(client.post(url, {"value": "bf260004"}, follow=True))
    assert "è di un altro giocatore" in page
    assert "Neri" not in page
    ugo.refresh_from_db()
    assert ugo.membership_number == ""


def test_fix_club_code_refuses_a_club_other_tournaments_use(world):
    client, mine, club = world["client"], world["mine"], world["shared_club"]
    _pair(
        mine,
        3,
        *Player.objects.bulk_create(
            [
                Player(last_name="Uno", first_name="A"),
                Player(last_name="Due", first_name="B"),
            ]
        ),
        club=club,
    )
    url = reverse(
        "standings:federation-club", kwargs={"slug": mine.slug, "club_id": club.pk}
    )
    page = _text(client.post(url, {"value": "ZZ-9"}, follow=True))
    club.refresh_from_db()
    assert club.federation_code == "RM-001"
    assert "solo chi gestisce l'anagrafica dei circoli" in page


def test_fix_club_code_changes_a_club_only_this_director_uses(world):
    client, mine, club = world["client"], world["mine"], world["own_club"]
    url = reverse(
        "standings:federation-club", kwargs={"slug": mine.slug, "club_id": club.pk}
    )
    client.post(url, {"value": "rm-777"})
    club.refresh_from_db()
    assert club.federation_code == "RM-777"


def test_a_director_of_every_tournament_using_a_player_may_change_it(world):
    elena, me = world["elena"], world["me"]
    assert not registry.can_edit_person(me, elena)
    TournamentRole.objects.create(
        tournament=world["theirs"], user=me, role=Role.DIRECTOR
    )
    assert registry.can_edit_person(me, elena)
    assert registry.can_edit_club(me, world["shared_club"])


def test_the_registrys_managers_may_change_anything(world, make_user):
    elena, club = world["elena"], world["shared_club"]
    keeper = make_user("anagrafe")
    assert not registry.can_edit_person(keeper, elena)
    keeper.user_permissions.add(Permission.objects.get(codename="change_player"))
    keeper = type(keeper).objects.get(pk=keeper.pk)  # permissions are cached
    assert registry.can_edit_person(keeper, elena)
    assert not registry.can_edit_club(keeper, club)
    admin = make_user("capo", is_superuser=True)
    assert registry.can_edit_person(admin, elena) and registry.can_edit_club(
        admin, club
    )
    assert registry.managers(Player) == ["anagrafe", "capo"]


def test_a_player_of_a_team_or_a_captain_counts_as_used(world, make_user):
    from participants.models import Team, TeamMember

    me, ugo = world["me"], world["ugo"]
    assert registry.can_edit_person(me, ugo)
    team = Team.objects.create(tournament=world["theirs"], number=1, name="Squadra")
    TeamMember.objects.create(
        tournament=world["theirs"], team=team, player=ugo, order=1
    )
    assert not registry.can_edit_person(me, ugo)
    TeamMember.objects.all().delete()
    Team.objects.filter(pk=team.pk).update(captain=ugo)
    assert not registry.can_edit_person(me, ugo)


def test_a_club_counts_as_used_through_its_players_and_as_organiser(world):
    me, club = world["me"], world["own_club"]
    assert registry.can_edit_club(me, club)
    Tournament.objects.filter(pk=world["theirs"].pk).update(organiser=club)
    assert not registry.can_edit_club(me, club)
    Tournament.objects.filter(pk=world["theirs"].pk).update(organiser=None)
    Player.objects.filter(pk=world["elena"].pk).update(club=club)  # plays in both
    assert not registry.can_edit_club(me, club)


@pytest.mark.parametrize("value", ["BF\x00123", "BF\x01123", "x" * 101, "\x7f"])
def test_control_characters_in_the_fix_forms_are_refused(world, value):
    """A 500 on PostgreSQL before (NUL), and "\\x01" broke the XLSX on both."""
    client, mine, ugo, club = (
        world["client"],
        world["mine"],
        world["ugo"],
        world["own_club"],
    )
    for name, kwargs in (
        ("federation-tessera", {"player_id": ugo.pk}),
        ("federation-club", {"club_id": club.pk}),
    ):
        url = reverse(f"standings:{name}", kwargs={"slug": mine.slug, **kwargs})
        response = client.post(url, {"value": value}, follow=True)
        assert response.status_code == 200
        assert "msg-error" in response.content.decode()
    ugo.refresh_from_db()
    club.refresh_from_db()
    assert (ugo.membership_number, club.federation_code) == ("", "")


def test_the_xlsx_survives_control_characters_already_stored(world):
    """Data written before these checks (or by the admin) still exports."""
    mine = world["mine"]
    Player.objects.filter(pk=world["ugo"].pk).update(membership_number="RM\x01\x0b12")
    response = world["client"].get(
        reverse("standings:federation-xlsx", kwargs={"slug": mine.slug})
    )
    assert response.status_code == 200
    import io

    book = load_workbook(io.BytesIO(response.content))
    cells = [c for row in book.worksheets[0].iter_rows(values_only=True) for c in row]
    assert "RM\ufffd\ufffd12" in cells
