"""No reference across tournaments (issue 14 §6): the admin lists only the same
tournament's objects, and the models refuse another tournament's (clean())."""

from __future__ import annotations

import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from knockout.models import Bracket, BracketMatch
from participants.models import Pair
from seating.models import Table
from seating.services.gironi import move_pair
from tests.scoring.conftest import build_round, build_tournament
from tournament.models import Round, Stage
from tournament.services.errors import GironiError

pytestmark = pytest.mark.django_db


@pytest.fixture
def two(db):
    """Two tournaments, each with girone A and 4 pairs."""
    first = build_tournament(pairs=4)
    second = build_tournament(pairs=4)
    return first, second


@pytest.fixture
def admin_client(client, django_user_model):
    admin = django_user_model.objects.create(
        username="admin", is_staff=True, is_superuser=True
    )
    client.force_login(admin)
    return client


def options(page: str, name: str) -> set[str]:
    select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', page, re.S)
    assert select, name
    return set(re.findall(r'<option value="(\d+)"', select.group(1)))


def test_the_admin_lists_only_the_pairs_own_gironi(admin_client, two):
    (_t1, g1, pairs1), (_t2, _g2, _pairs2) = two
    url = reverse("admin:participants_pair_change", args=[pairs1[0].pk])
    page = admin_client.get(url).content.decode()
    assert options(page, "girone") == {str(g1.pk)}


def test_the_admin_refuses_another_tournaments_girone(admin_client, two):
    """Before: accepted; the pair page then showed "B" and the pair was never seated."""
    (_t1, g1, pairs1), (_t2, g2, _pairs2) = two
    pair = pairs1[0]
    url = reverse("admin:participants_pair_change", args=[pair.pk])
    data = {
        "tournament": pair.tournament_id,  # read-only now: ignored if posted
        "number": pair.number,
        "player1": pair.player1_id,
        "player2": pair.player2_id,
        "club": "",
        "seed": "",
        "girone": g2.pk,
    }
    response = admin_client.post(url, data)
    assert response.status_code == 200  # the form again, with its error
    assert "errorlist" in response.content.decode()
    pair.refresh_from_db()
    assert pair.girone_id == g1.pk


def test_the_round_admin_lists_only_its_tournaments_pairs(admin_client, two):
    (_t1, g1, pairs1), (_t2, _g2, pairs2) = two
    round_, _ = build_round(g1, 1, [(pairs1[0], pairs1[1])])
    page = admin_client.get(
        reverse("admin:tournament_round_change", args=[round_.pk])
    ).content.decode()
    listed = options(page, "tables-0-pair_ns")
    assert listed == {str(p.pk) for p in pairs1}
    assert not listed & {str(p.pk) for p in pairs2}


def test_model_clean_refuses_another_tournaments_girone(two):
    (_t1, g1, pairs1), (_t2, g2, _pairs2) = two
    pair = pairs1[0]
    pair.girone = g2
    with pytest.raises(ValidationError) as caught:
        pair.full_clean()
    assert caught.value.error_dict["girone"][0].code == "other_tournament"
    pair.girone = g1
    pair.full_clean()


def test_model_clean_refuses_another_tournaments_pair_at_a_table(two):
    (_t1, g1, pairs1), (_t2, _g2, pairs2) = two
    round_ = Round.objects.create(girone=g1, number=1, hands=3, movement="danese")
    table = Table(round=round_, number=1, pair_ns=pairs1[0], pair_ew=pairs2[0])
    with pytest.raises(ValidationError) as caught:
        table.full_clean()
    assert set(caught.value.error_dict) == {"pair_ew"}


def test_the_service_refuses_another_tournaments_girone(two):
    (_t1, g1, pairs1), (_t2, g2, _pairs2) = two
    with pytest.raises(GironiError):
        move_pair(pairs1[0], g2)
    assert Pair.objects.get(pk=pairs1[0].pk).girone_id == g1.pk


def test_knockout_models_refuse_another_tournaments_objects(two, django_user_model):
    (t1, _g1, pairs1), (t2, _g2, pairs2) = two
    user = django_user_model.objects.create(username="capo")
    ko_stage = Stage.objects.create(tournament=t1, order=2, kind="knockout")
    other_stage = Stage.objects.get(tournament=t2, order=1)
    bracket = Bracket(
        tournament=t1,
        stage=ko_stage,
        source=other_stage,
        count=2,
        confirmed_by=user,
        confirmed_at="2026-05-01T10:00Z",
    )
    with pytest.raises(ValidationError) as caught:
        bracket.full_clean()
    assert set(caught.value.error_dict) == {"source"}
    bracket.source = Stage.objects.get(tournament=t1, order=1)
    bracket.save()
    match = BracketMatch(
        bracket=bracket, round=1, index=0, best_of=3, pair_a=pairs1[0], pair_b=pairs2[0]
    )
    with pytest.raises(ValidationError) as caught:
        match.full_clean()
    assert set(caught.value.error_dict) == {"pair_b"}
