"""Issue 16: a tournament offers only the smazzate its pack has a VP table for, and the
pack's Mitchell ranking gives a new tournament's standings (docs/rules.md §4.3, §9.1)."""

from __future__ import annotations

import dataclasses

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from rules.packs import load_pack
from tournament.forms import TournamentForm
from tournament.models import Tournament
from tournament.services.errors import ServiceError

pytestmark = pytest.mark.django_db


def post(client, **data):
    base = {
        "name": "Coppa",
        "date": "2026-04-12",
        "game": "burraco",
        "rule_pack": "fibur-2026",
        "hands_per_round": 3,
        "rounds_planned": 4,
        "movement_plan": "3xmitchell+danese",
        "entry_mode": "single",
    }
    return client.post(
        reverse("tournament:create"), {**base, **data}, HTTP_ACCEPT_LANGUAGE="it"
    )


@pytest.fixture
def creator(client, director):
    director.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    client.force_login(director)
    return client


def test_the_form_offers_only_the_counts_of_the_vp_tables():
    """Seed 004 has tables for "TURNI CON 1 o 2 SMAZZATE", "3 SMAZZATE" and "4
    SMAZZATE o 2005 pt": Burraco offers 1-4; Briscola an odd best of N."""
    groups = dict(TournamentForm().fields["hands_per_round"].choices)
    burraco, briscola = groups.values()
    assert [n for n, _ in burraco] == [1, 2, 3, 4]
    assert [n for n, _ in briscola] == [1, 3, 5, 7, 9]


def test_a_burraco_tournament_of_5_smazzate_is_refused(creator):
    """Before: created, then every score sheet failed with a raw error."""
    response = post(creator, hands_per_round=5)
    assert response.status_code == 200
    assert not Tournament.objects.filter(name="Coppa").exists()


def test_the_service_says_which_counts_the_pack_has(make_tournament):
    with pytest.raises(ServiceError) as exc:
        make_tournament(hands_per_round=6)
    assert "1, 2, 3, 4" in exc.value.message
    with pytest.raises(ServiceError):
        make_tournament(
            game="briscola", rule_pack="briscola-approdo", hands_per_round=2
        )
    made = make_tournament(
        game="briscola", rule_pack="briscola-approdo", hands_per_round=5
    )
    assert made.hands_per_round == 5


def test_editing_keeps_to_the_pinned_pack(make_tournament):
    from tournament.services.tournaments import update_tournament

    tournament = make_tournament()
    with pytest.raises(ServiceError):
        update_tournament(
            tournament,
            name=tournament.name,
            date=tournament.date,
            venue="",
            organiser=None,
            hands_per_round=7,
            rounds_planned=4,
            movement_plan=tournament.movement_plan,
            entry_mode="single",
            avoid_same_club=False,
        )


@pytest.mark.parametrize(
    ("ranking", "plan", "apart"),
    [
        ("per_line", "4xmitchell", True),
        ("combined", "4xmitchell", False),
        ("per_line", "random+3xdanese", False),
    ],
)
def test_mitchell_ranking_sets_the_lines_apart(
    make_tournament, monkeypatch, ranking, plan, apart
):
    """[pairing] mitchell_ranking: "per_line" ranks NS and EO apart besides the combined
    ranking (both standings available); before, nothing read it."""
    from standings.services import context

    pack = load_pack("fibur-2026")
    changed = dataclasses.replace(
        pack,
        pairing=dataclasses.replace(pack.require_pairing(), mitchell_ranking=ranking),
    )
    monkeypatch.setattr(context, "load_pack", lambda *a: changed)
    tournament = make_tournament(movement_plan=plan)
    assert context.tournament_context(tournament).config.lines_apart is apart
