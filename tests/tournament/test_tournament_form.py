"""The new-tournament form (issue 28 §1-2): its defaults create a tournament, the rule
pack follows the game, and the movement plan is built from blocks and said in words."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse
from django.utils import translation

from tournament.forms import TournamentForm
from tournament.models import Tournament
from tournament.services.packs import default_pack, pack_choices
from tournament.services.plans import plan_from_blocks, plan_words

pytestmark = pytest.mark.django_db


@pytest.fixture
def creator(client, director):
    director.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    client.force_login(director)
    return client


def defaults() -> dict:
    """What the browser sends for an untouched new-tournament form: each field's initial
    value, a select's first option when it has none, no unticked box."""
    form = TournamentForm()
    data = {}
    for name, field in form.fields.items():
        value = form[name].value()
        if value is None and getattr(field, "choices", None):
            first = next(iter(field.choices))[1]
            value = (
                first[0][0] if isinstance(first, list) else next(iter(field.choices))[0]
            )
        if value is True:
            data[name] = "on"
        elif value not in (None, False):
            data[name] = value
    return data


def test_the_defaults_create_a_burraco_tournament_on_the_federations_pack(creator):
    """Before: Gioco Burraco with Regolamento "Briscola a coppie — L'Approdo": refused."""
    data = {**defaults(), "name": "Coppa di primavera", "date": "2026-04-12"}
    assert data["game"] == "burraco"
    response = creator.post(reverse("tournament:create"), data)
    assert response.status_code == 302, response.content.decode()[-3000:]
    tournament = Tournament.objects.get(name="Coppa di primavera")
    latest = max(c.version for c in pack_choices("burraco") if c.name == "fibur-2026")
    assert (tournament.rule_pack, tournament.rule_pack_version) == (
        "fibur-2026",
        latest,
    )
    assert tournament.movement_plan == "3xmitchell+danese"
    assert tournament.rounds_planned == 4


def test_each_games_default_pack_comes_first():
    assert default_pack("burraco").name.startswith("fibur-")
    assert default_pack("briscola").game == "briscola"
    games = [c.game for c in pack_choices()]
    assert games == sorted(games, key=["burraco", "briscola"].index)


def test_a_pack_of_the_other_game_is_refused_in_words(creator):
    data = {**defaults(), "name": "Coppa", "date": "2026-04-12"}
    data["rule_pack"] = default_pack("briscola").name
    response = creator.post(
        reverse("tournament:create"), data, HTTP_ACCEPT_LANGUAGE="it"
    )
    assert response.status_code == 200
    assert "Questo regolamento è di Briscola" in response.content.decode()
    assert not Tournament.objects.filter(name="Coppa").exists()


def test_the_options_say_their_game():
    html = str(TournamentForm()["rule_pack"])
    for choice in pack_choices():
        assert re.search(f'value="{choice.name}"[^>]* data-game="{choice.game}"', html)
    hands = str(TournamentForm()["hands_per_round"])
    assert 'data-game="briscola"' in hands and 'data-game="burraco"' in hands


@pytest.mark.parametrize(
    ("blocks", "plan"),
    [
        ([("mitchell", 3), ("danese_modificato", 1)], "3xmitchell+danese_modificato"),
        (
            [("random", 5), ("danese", 2), ("danese_modificato", 1)],
            "random+2xdanese+danese_modificato",
        ),
        ([("round_robin", None)], "round_robin"),
        (
            [("seeded", None), ("", 4), ("danese", 2)],
            "seeded",
        ),  # ends at "nothing more"
        ([("mitchell", None)], "mitchell"),
    ],
)
def test_blocks_make_the_stored_formula(blocks, plan):
    assert plan_from_blocks(blocks) == plan


def test_the_plan_in_words():
    with translation.override("it"):
        words = plan_words(("mitchell",) * 3 + ("danese_modificato",))
        assert words == "Turni 1–3: Mitchell · turno 4: Danese modificato"
        assert plan_words(("random", "danese", "danese")).startswith(
            "Turno 1: sorteggio"
        )
        assert plan_words(("round_robin",)) == "All'italiana: tutti contro tutti"


def post_plan(creator, *blocks, **extra):
    data = {**defaults(), "name": "Coppa", "date": "2026-04-12", **extra}
    for n in range(1, 5):
        data.pop(f"plan_movement_{n}", None)
        data.pop(f"plan_rounds_{n}", None)
    for n, (movement, rounds) in enumerate(blocks, start=1):
        data[f"plan_movement_{n}"] = movement
        data[f"plan_rounds_{n}"] = "" if rounds is None else rounds
    return creator.post(reverse("tournament:create"), data, HTTP_ACCEPT_LANGUAGE="it")


def test_the_plan_built_by_blocks_sets_the_rounds(creator):
    response = post_plan(
        creator, ("random", ""), ("danese", 2), ("danese_modificato", 3)
    )
    assert response.status_code == 302
    tournament = Tournament.objects.get(name="Coppa")
    assert tournament.movement_plan == "random+2xdanese+3xdanese_modificato"
    assert tournament.rounds_planned == 6


def test_a_round_robin_followed_by_a_danese_is_refused_in_words(creator):
    response = post_plan(creator, ("round_robin", None), ("danese", 2))
    page = response.content.decode()
    assert response.status_code == 200
    assert "L&#x27;all&#x27;italiana è il calendario completo" in page
    assert not Tournament.objects.filter(name="Coppa").exists()


def test_a_mitchell_for_teams_is_refused_by_the_form(creator):
    response = post_plan(creator, ("mitchell", 3), format="teams")
    assert "Il Mitchell non è previsto per le squadre" in response.content.decode()


def test_a_danese_cannot_open_the_plan(creator):
    response = post_plan(creator, ("danese", 3))
    assert response.status_code == 200
    assert not Tournament.objects.filter(name="Coppa").exists()


def test_the_edit_form_shows_the_stored_plan_as_blocks(make_tournament):
    tournament = make_tournament(movement_plan="seeded+2xdanese+danese_modificato")
    form = TournamentForm(initial=TournamentForm.initial_for(tournament), editing=True)
    rows = [(r["movement"].value(), r["rounds"].value()) for r in form.plan_rows()]
    assert rows[:3] == [("seeded", 1), ("danese", 2), ("danese_modificato", 1)]
    assert rows[3][0] in (None, "")
    with translation.override("it"):
        assert form.plan_summary == (
            "Turno 1: teste di serie · turni 2–3: Danese · turno 4: Danese modificato"
        )
