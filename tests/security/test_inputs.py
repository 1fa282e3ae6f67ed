"""Odd input gets a clear answer, the same on SQLite and PostgreSQL, and changes nothing.

Each case below was a 500 on PostgreSQL (a NUL byte, a number past its column), on both
databases ("²" read as a pair number), or was stored silently by SQLite only (a pair
numbered 99999999999). The suite runs on both databases.
"""

from __future__ import annotations

import doctest

import pytest
from django.test import Client
from django.urls import reverse

from participants.models import Pair
from people.models import Player
from tests.scoring.conftest import build_round, build_tournament, grant
from tournament import inputs
from tournament.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(make_user):
    tournament, girone, pairs = build_tournament(pairs=4, slug="coppa-input")
    build_round(girone, 1, [(pairs[0], pairs[1]), (pairs[2], pairs[3])])
    director = make_user("direttore-input")
    grant(director, tournament, "director")
    client = Client(raise_request_exception=False)
    client.force_login(director)
    return tournament, client


def test_the_api_answers_json_404_for_a_nul_slug(client):
    for url in (
        "/api/v1/tournaments/%00",
        "/api/v1/tournaments/coppa%00/rounds",
        "/api/v1/tournaments/x/rounds/%00/tables",
        "/api/v1/tournaments/x/rounds/" + "9" * 30 + "/tables",
        "/api/v1/nothing-here",
    ):
        response = client.get(url)
        assert response.status_code == 404, url
        assert response["Content-Type"] == "application/json"
        assert response.json() == {"detail": "Not Found"}


@pytest.mark.parametrize("query", ["\x00", "Rossi\x00"])
def test_a_nul_byte_in_a_query_is_a_clear_400(world, query, make_user):
    """A 500 on PostgreSQL before (the search reached the database)."""
    tournament, _ = world
    client = Client(raise_request_exception=False)
    url = reverse("public:where", args=[tournament.slug])
    response = client.get(url, {"q": query})
    assert response.status_code == 400
    assert "L&#x27;indirizzo contiene un carattere non ammesso." in (
        response.content.decode()
    )
    admin = Client(raise_request_exception=False)
    admin.force_login(make_user("capo-input", is_staff=True, is_superuser=True))
    assert admin.get("/admin/people/player/", {"q": query}).status_code == 400
    assert admin.get("/admin/people/player/", {"q": "Rossi"}).status_code == 200


@pytest.mark.parametrize("query", ["\x01\x02", "²", "١٢", "9" * 40, "x" * 500])
def test_where_do_i_play_answers_any_query(world, query):
    tournament, _ = world
    client = Client(raise_request_exception=False)
    url = reverse("public:where", args=[tournament.slug])
    response = client.get(url, {"q": query})
    assert response.status_code == 200
    html = response.content.decode()
    # An answer: a message, or the pairs found ("²" folds to "2", a name's digit).
    assert 'role="search"' in html
    answers = (
        "Nessun giocatore",
        "Nessuna coppia",
        "Scrivi",
        f"/{tournament.slug}/coppia/",  # one pair found
        "Coppie trovate",  # several
    )
    assert any(a in html for a in answers)


def test_where_do_i_play_reads_digits_of_any_script(world):
    """١ is the Arabic-Indic 1: a phone's keyboard may type it."""
    tournament, _ = world
    url = reverse("public:where", args=[tournament.slug])
    html = Client().get(url, {"q": "١"}).content.decode()
    assert 'href="/t/coppa-input/coppia/1/">Coppia 1</a>' in html


def test_an_impossible_girone_or_number_is_refused(world):
    """/gironi/%00/ was a 500 on PostgreSQL."""
    tournament, client = world
    for url in (
        f"/direzione/{tournament.slug}/gironi/%00/",
        f"/direzione/{tournament.slug}/gironi/A%00/turni/1/",
    ):
        assert client.get(url).status_code == 400, url
    for url in (
        f"/direzione/{tournament.slug}/gironi/%01/",
        f"/direzione/{tournament.slug}/gironi/A/turni/{'9' * 30}/",
        f"/direzione/{tournament.slug}/gironi/A/turni/١/",
    ):
        assert client.get(url).status_code == 404, url


PAIR = {
    "last_name1": "Rossi",
    "first_name1": "Anna",
    "last_name2": "Bianchi",
    "first_name2": "Bruno",
}


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("number", "99999999999", "minore o uguale a 99999"),
        ("seed", str(10**20), "minore o uguale a 2147483647"),
        ("last_name1", "R" * 200, "più di 60 caratteri"),
        ("membership1", "1" * 21, "più di 20 caratteri"),
        ("club", "C" * 121, "più di 120 caratteri"),
        ("first_name2", "Bru\x00no", "caratteri null"),
    ],
)
def test_a_pair_out_of_range_is_refused_and_nothing_is_saved(
    world, field, value, message
):
    tournament, client = world
    pairs, players = Pair.objects.count(), Player.objects.count()
    response = client.post(
        reverse("tournament:pairs", args=[tournament.slug]),
        {**PAIR, field: value, "create_club": "on"},
    )
    assert response.status_code == 200
    assert message in response.content.decode()
    assert (Pair.objects.count(), Player.objects.count()) == (pairs, players)


def test_a_huge_mitchell_step_is_refused(world):
    tournament, client = world
    before = Tournament.objects.values().get(pk=tournament.pk)
    response = client.post(
        reverse("tournament:edit", args=[tournament.slug]),
        {
            "name": "Coppa",
            "date": "2026-05-01",
            "hands_per_round": "3",
            "rounds_planned": "4",
            "movement_plan": "mitchell",
            "mitchell_step": "99999",
            "entry_mode": "single",
        },
    )
    assert response.status_code == 200
    assert "minore o uguale a 32767" in response.content.decode()
    assert Tournament.objects.values().get(pk=tournament.pk) == before


def test_a_huge_draw_seed_or_pair_number_is_refused(world):
    tournament, client = world
    response = client.post(
        reverse("tournament:gironi", args=[tournament.slug]),
        {"count": "1", "method": "random", "seed": str(10**20)},
    )
    assert response.status_code == 200
    assert "minore o uguale a 2147483647" in response.content.decode()
    swap = reverse("tournament:swap", args=[tournament.slug, "A", 1])
    response = client.post(swap, {"first": str(10**20), "second": "1"}, follow=True)
    assert response.status_code == 200


def test_the_limits_are_the_columns_of_postgresql_on_every_database():
    assert inputs.column_range(Pair, "number") == (0, 2**31 - 1)
    assert inputs.column_range(Tournament, "mitchell_step") == (0, 32767)
    results = doctest.testmod(inputs)
    assert results.failed == 0 and results.attempted >= 5


def test_a_logged_in_user_sees_no_one_elses_draft_on_the_home_page(world, make_user):
    tournament, client = world
    Tournament.objects.filter(pk=tournament.pk).update(status="draft")
    assert tournament.name in client.get("/").content.decode()  # its director
    player = Client()
    player.force_login(make_user("giocatore-input"))
    assert tournament.name not in player.get("/").content.decode()


@pytest.mark.parametrize("target", ["-1", "9" * 30, "١٢", "coppa", "//evil.example/"])
def test_the_language_switch_never_takes_next_for_a_view_name(target):
    """/t/lingua/en/?next=-1 was a 500 (redirect() looked for a view named "-1")."""
    response = Client(raise_request_exception=False).get(
        "/t/lingua/en/", {"next": target}
    )
    assert response.status_code == 302 and response["Location"] == "/"


@pytest.mark.parametrize("coppia", ["١٢²", "²", "9" * 30, "-1", "1"])
def test_the_standings_page_takes_any_pair_number(world, coppia):
    """?coppia=١٢² was a 500 ("²" is a digit for str.isdigit, not for int)."""
    tournament, _ = world
    url = reverse("public:standings", args=[tournament.slug])
    response = Client(raise_request_exception=False).get(url, {"coppia": coppia})
    assert response.status_code == 200


@pytest.mark.parametrize("number", ["2147483648", "9223372036854775808", "-1"])
def test_a_lock_version_past_its_column_is_a_clear_refusal(world, make_user, number):
    """A 500 before: 2^31 on PostgreSQL, 2^63 on SQLite (the form took any integer)."""
    from scoring.models import ResultVersion

    tournament, _ = world
    referee = make_user("arbitro-input")
    grant(referee, tournament)
    client = Client(raise_request_exception=False)
    client.force_login(referee)
    round_ = tournament.stages.get().gironi.get().rounds.get(number=1)
    kwargs = {"slug": tournament.slug, "round_id": round_.pk, "number": 1}
    sheet = {"h1_ns": "150", "h1_ew": "200", "h2_ns": "95", "h2_ew": "310"}
    sheet |= {"h3_ns": "-100", "h3_ew": "40", "lock_version": number}
    quick_row = {f"t1-{k}": v for k, v in sheet.items()}
    table_page = {**sheet, "detailed": "1"}
    for n, data in enumerate((quick_row, table_page)):
        key = "t1-idempotency_key" if data is quick_row else "idempotency_key"
        for accept in ("application/json", "text/html"):
            response = client.post(
                reverse("scoring:save", kwargs=kwargs),
                {**data, key: f"k{n}-{accept[:4]}-{number}"},
                HTTP_ACCEPT=accept,
            )
            assert response.status_code == 400, (accept, response.status_code)
            assert "lock_version" in response.content.decode() or accept != (
                "application/json"
            )
    settle = client.post(
        reverse("scoring:settle", kwargs=kwargs),
        {"version": number, "lock_version": number},
    )
    assert settle.status_code < 500
    assert not ResultVersion.objects.filter(result__table__round=round_).exists()
