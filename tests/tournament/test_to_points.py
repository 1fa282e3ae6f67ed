"""Issue 27 §5: a Burraco turn played to 2,005 points (docs/rules.md §4.4).

Seed 004 heads its largest table "TURNI CON 4 SMAZZATE o 2005 pt" and says of a game to
points: "Si stabilisce il totale dei punti che un giocatore o una coppia deve
raggiungere per aggiudicarsi la partita. Vince la partita chi, avendo superato il
punteggio previsto, ha più punti dell'avversario". The sheet takes as many smazzate as
were played, the last one bringing a line to 2,005 or more; the 4-smazzate table
converts the turn (fibur-2026 v4).
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from draw.services import rounds
from scoring import services as scoring
from scoring.models import PairScore
from scoring.services import Hand, Sheet, SheetError
from seating.services import gironi
from tournament.models import Round, Tournament, TournamentRole
from tournament.services.errors import ServiceError

pytestmark = pytest.mark.django_db


@pytest.fixture
def turn(make_tournament, make_pairs, director):
    """A fibur-2026 v4 tournament played to 2,005 points, round 1 published."""
    tournament = make_tournament(to_points=True, movement_plan="seeded+danese")
    TournamentRole.objects.create(
        tournament=tournament, user=director, role=TournamentRole.Role.REFEREE
    )
    make_pairs(tournament, 4)
    girone = gironi.split_into_gironi(tournament, count=1).gironi[0]
    round_ = rounds.generate_round(girone)
    rounds.publish_round(round_)
    return tournament, round_


def save(round_, director, hands, number=1, **extra):
    table = round_.tables.get(number=number)
    return scoring.submit_sheet(
        table=scoring.load_table(table.pk),
        sheet=Sheet(hands=tuple(Hand(ns, ew) for ns, ew in hands), **extra),
        by=director,
        expected_lock_version=0,
        token=f"tp-{table.pk}-{len(hands)}",
    )


def test_the_tournament_and_its_rounds_are_played_to_2005(turn):
    tournament, round_ = turn
    assert (tournament.rule_pack_version, tournament.target_points) == (4, 2005)
    assert (tournament.hands_per_round, round_.hands, round_.target_points) == (
        4,
        4,
        2005,
    )


def test_the_sheet_takes_the_smazzate_played_and_the_4_table_converts(turn, director):
    """NS reaches 2,050 at the third smazzata, EO has 600: 1,450 is "1305 1500 17 - 3"
    in seed 004's table of "4 SMAZZATE o 2005 pt"."""
    _, round_ = turn
    saved = save(round_, director, [(600, 300), (700, 200), (750, 100)])
    version = saved.version
    assert (version.mp_ns, version.mp_ew, version.vp_ns, version.vp_ew) == (
        2050,
        600,
        17,
        3,
    )
    assert (version.hands_played, version.hands_table, version.target_points) == (
        3,
        4,
        2005,
    )
    # Five smazzate are fine too: the turn lasts until a line gets there.
    five = [(300, 200), (400, 350), (500, 450), (400, 500), (450, 400)]
    saved = save(round_, director, five, number=2)
    assert (saved.version.mp_ns, saved.version.vp_ns) == (2050, 11)
    assert PairScore.objects.filter(round=round_).count() == 4


def test_a_sheet_where_no_line_reaches_2005_is_refused(turn, director):
    _, round_ = turn
    with pytest.raises(SheetError) as exc:
        save(round_, director, [(600, 300), (700, 200)])
    (message,) = exc.value.errors["h3_ns"]
    assert "2005" in message and "1300" in message, message
    assert not PairScore.objects.exists()


def test_a_sheet_that_goes_on_after_2005_is_refused(turn, director):
    _, round_ = turn
    with pytest.raises(SheetError) as exc:
        save(round_, director, [(900, 300), (1200, 200), (100, 100)])
    (message,) = exc.value.errors["h3_ns"]
    assert "2" in message and "3" in message and "2005" in message, message


def test_only_a_pack_with_such_turns_offers_them(make_tournament):
    with pytest.raises(ServiceError):
        make_tournament(to_points=True, rule_pack_version=3)
    with pytest.raises(ServiceError):
        make_tournament(
            to_points=True, game=Tournament.Game.BRISCOLA, rule_pack="briscola-vp"
        )


def test_the_entry_page_shows_rows_as_they_are_needed(turn, director, client):
    """Four rows show, the others wait hidden until the running total needs them."""
    tournament, round_ = turn
    client.force_login(director)
    url = reverse(
        "scoring:entry", kwargs={"slug": tournament.slug, "round_id": round_.pk}
    )
    page = client.get(url).content.decode()
    assert 'data-target="2005"' in page
    assert page.count('id="id_t1-h') == 2 * 9
    assert page.count('<tr hidden><th scope="row">') == 5 * 2  # two tables
    assert "turno a 2005 punti" in page


def test_the_form_offers_the_turn_to_points(director, client):
    client.force_login(director)
    director.is_superuser = True
    director.save()
    page = client.get(reverse("tournament:create")).content.decode()
    assert 'name="to_points"' in page
    response = client.post(
        reverse("tournament:create"),
        {
            "name": "A 2005",
            "date": "2026-12-01",
            "game": "burraco",
            "rule_pack": "fibur-2026",
            "hands_per_round": "3",
            "to_points": "on",
            "rounds_planned": "3",
            "movement_plan": "seeded+2xdanese",
            "entry_mode": "single",
            "rematch_in_last_round": "on",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    made = Tournament.objects.get(name="A 2005")
    assert (made.target_points, made.hands_per_round) == (2005, 4)
    assert Round.objects.count() == 0


def test_the_players_enter_a_turn_to_points(turn, client):
    """Issue 30: the players' sheet of a turn to 2,005 takes the smazzate played; the
    other line's confirmation makes it count as a referee's would."""
    import re

    from django.test import Client

    from scoring.models import TableResult
    from seating.models import TableCode

    tournament, round_ = turn
    Tournament.objects.filter(pk=tournament.pk).update(entry_by="players")
    table = round_.tables.get(number=1)
    code = TableCode.objects.get(table=table)
    assert client.get(f"/tavolo/{code.code}/").status_code == 302
    client.post("/tavolo/foglio/linea/", {"line": "ns"})
    page = client.get("/tavolo/foglio/").content.decode()
    lock = re.search(r'name="lock_version" value="(\d+)"', page).group(1)
    token = re.search(r'name="idempotency_key" value="(\w+)"', page).group(1)
    hands = {"h1_ns": "600", "h1_ew": "300", "h2_ns": "700", "h2_ew": "200"}
    hands |= {"h3_ns": "750", "h3_ew": "100"}
    answer = client.post(
        "/tavolo/foglio/salva/",
        {**hands, "lock_version": lock, "idempotency_key": token},
    )
    assert answer.status_code == 302
    other = Client()
    other.get(f"/tavolo/{code.code}/")
    other.post("/tavolo/foglio/linea/", {"line": "ew"})
    page = other.get("/tavolo/foglio/").content.decode()
    version = re.search(r'name="version" value="(\d+)"', page).group(1)
    lock = re.search(r'name="lock_version" value="(\d+)"', page).group(1)
    other.post("/tavolo/foglio/conferma/", {"version": version, "lock_version": lock})
    counted = TableResult.objects.get(table=table).current
    assert (counted.mp_ns, counted.vp_ns, counted.hands_played) == (2050, 17, 3)
