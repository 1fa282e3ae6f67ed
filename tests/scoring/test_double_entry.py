"""Double entry cannot be bypassed or peeked at (issue 14 §5)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scoring import services
from scoring.models import PairScore, ResultVersion, TableResult
from scoring.services import NotAllowedError
from tests.scoring.conftest import grant
from tests.scoring.helpers import save, sheet

pytestmark = pytest.mark.django_db

Status = TableResult.Status
#: MP 645-825, VP 8-12 (3 smazzate): the numbers the issue read on a pending version.
FIRST = ((250, 300), (95, 400), (300, 125))
OTHER = ((250, 300), (95, 400), (300, 100))
FORFEIT = {"kind": "forfeit", "line": "ew", "reason": "Rinuncia"}


@pytest.fixture
def double(world, make_user):
    world.tournament.entry_mode = "double"
    world.tournament.save()
    world.referee3 = make_user("arbitro3")
    grant(world.referee3, world.tournament)
    return world


def status(table):
    return TableResult.objects.get(table=table).status


def settle(world, table, version, by):
    result = TableResult.objects.get(table=table)
    return services.settle(
        table=services.load_table(table.pk),
        version_id=version.pk,
        by=by,
        expected_lock_version=result.lock_version,
    )


# --- a special result needs the second entry too ------------------------------------


def test_a_special_result_by_the_second_referee_does_not_confirm_at_once(double):
    """Before: stored as a settlement and confirmed, with no comparison."""
    table = double.tables[0]
    save(table, double.referee, sheet(*FIRST))
    second = save(table, double.referee2, sheet(**FORFEIT))
    assert second.result.status == Status.DISPUTED
    assert second.version.status == ResultVersion.Status.DISPUTED
    assert second.version.purpose == ResultVersion.Purpose.SECOND_ENTRY
    assert not PairScore.objects.exists()


def test_a_special_result_first_waits_for_an_equal_second_one(double):
    table = double.tables[0]
    first = save(table, double.referee, sheet(**FORFEIT))
    assert first.result.status == Status.ENTERED
    assert not PairScore.objects.exists()
    with pytest.raises(services.ScoringError):
        save(table, double.referee, sheet(**FORFEIT))
    second = save(table, double.referee2, sheet(**{**FORFEIT, "reason": "assente"}))
    assert second.result.status == Status.CONFIRMED
    assert second.version.status == ResultVersion.Status.MATCHED
    assert PairScore.objects.get(pair=double.pairs[0]).vp == 14


def test_a_referee_set_score_on_the_table_page_needs_the_second_entry(double, client):
    client.force_login(double.referee)
    url = reverse(
        "scoring:save",
        kwargs={
            "slug": double.tournament.slug,
            "round_id": double.round.pk,
            "number": 1,
        },
    )
    data = {
        "detailed": "1",
        "lock_version": "0",
        "idempotency_key": "rs-1",
        "kind": "referee_set",
        "reason": "decisione",
        "set_vp_ns": "12",
        "set_vp_ew": "8",
    }
    assert client.post(url, data).status_code == 302
    assert status(double.tables[0]) == Status.ENTERED


def test_the_rest_of_a_one_pair_table_is_still_confirmed_at_once(double):
    p = double.pairs
    from tests.scoring.conftest import build_round

    _, tables = build_round(double.girone, 2, [(p[0], p[1]), (p[2], None)])
    saved = save(tables[1], double.referee, sheet(kind="rest", reason="riposo"))
    assert saved.result.status == Status.CONFIRMED


# --- who settles a dispute ----------------------------------------------------------


@pytest.fixture
def disputed(double):
    table = double.tables[0]
    save(table, double.referee, sheet(*FIRST))
    save(table, double.referee2, sheet(*OTHER))
    assert status(table) == Status.DISPUTED
    mine = ResultVersion.objects.get(result__table=table, entered_by=double.referee)
    return double, table, mine


def test_a_referee_who_typed_a_sheet_cannot_settle_for_it(disputed):
    world, table, mine = disputed
    with pytest.raises(NotAllowedError):
        settle(world, table, mine, world.referee)
    with pytest.raises(NotAllowedError):
        save(table, world.referee, sheet(*FIRST))  # typing it again settles too
    with pytest.raises(NotAllowedError):
        save(table, world.referee2, sheet(*FIRST))
    assert status(table) == Status.DISPUTED
    assert not PairScore.objects.exists()


def test_a_referee_who_typed_neither_sheet_settles(disputed):
    world, table, mine = disputed
    settle(world, table, mine, world.referee3)
    assert status(table) == Status.CONFIRMED


def test_the_chief_referee_settles_even_a_sheet_he_typed(double):
    world = double
    save(world.tables[1], world.chief, sheet(*FIRST))
    save(world.tables[1], world.referee, sheet(*OTHER))
    chief_sheet = ResultVersion.objects.get(
        result__table=world.tables[1], entered_by=world.chief
    )
    settle(world, world.tables[1], chief_sheet, world.chief)
    assert status(world.tables[1]) == Status.CONFIRMED


def test_the_table_page_offers_no_settling_to_a_referee_who_typed(disputed, client):
    world, table, mine = disputed
    client.force_login(world.referee)
    url = reverse(
        "scoring:table",
        kwargs={"slug": world.tournament.slug, "round_id": world.round.pk, "number": 1},
    )
    page = client.get(url).content.decode()
    assert "Hai inserito una delle due schede: la divergenza" in page
    assert "è giusta" not in page  # no "Sheet n is right" button
    assert 'name="h1_ns"' not in page  # no sheet to type a settlement
    settle_url = reverse(
        "scoring:settle",
        kwargs={"slug": world.tournament.slug, "round_id": world.round.pk, "number": 1},
    )
    client.post(settle_url, {"version": mine.pk, "lock_version": "2"})
    assert status(table) == Status.DISPUTED
    client.force_login(world.referee3)
    page = client.get(url).content.decode()
    assert "Hai inserito una delle due schede: la divergenza" not in page
    assert "è giusta" in page
    client.post(settle_url, {"version": mine.pk, "lock_version": "2"})
    assert status(table) == Status.CONFIRMED


# --- nothing of a pending first entry is visible ------------------------------------


def test_nothing_of_a_pending_first_entry_is_shown_to_who_may_type_the_second(
    double, client
):
    """The issue read "MP 645–825 · VP 8–12" on /arbitro/<slug>/correzione/<id>/."""
    table = double.tables[0]
    first = save(table, double.referee, sheet(*FIRST))
    assert (first.version.mp_ns, first.version.mp_ew) == (645, 825)
    slug, r = double.tournament.slug, double.round.pk
    impact = reverse(
        "standings:impact", kwargs={"slug": slug, "version_id": first.version.pk}
    )
    pages = [
        reverse("scoring:table", kwargs={"slug": slug, "round_id": r, "number": 1}),
        reverse("scoring:entry", kwargs={"slug": slug, "round_id": r}),
        reverse("scoring:log", kwargs={"slug": slug}),
        reverse("standings:provisional", args=[slug, double.girone.pk]),
        reverse("standings:director", args=[slug]),
    ]
    secrets = ("645", "825", "8–12", "12–8", "250", "300")
    for user in (double.referee2, double.director, double.chief):
        client.force_login(user)
        assert client.get(impact).status_code == 404
        for url in pages:
            response = client.get(url)
            if response.status_code == 403:  # the referee: no director pages
                continue
            assert response.status_code == 200, url
            text = response.content.decode()
            for secret in secrets:
                assert f">{secret}<" not in text and f"MP {secret}" not in text, (
                    user,
                    url,
                    secret,
                )
        # The JSON answer of a conflicting save says nothing of it either.
        save_url = reverse(
            "scoring:save", kwargs={"slug": slug, "round_id": r, "number": 1}
        )
        data = {"t1-lock_version": "0", "t1-idempotency_key": f"late-{user.pk}"}
        for n in (1, 2, 3):
            data |= {f"t1-h{n}_ns": "100", f"t1-h{n}_ew": "0"}
        body = client.post(save_url, data, HTTP_ACCEPT="application/json").json()
        assert body["code"] == "conflict"
        # Whole numbers only: a random key in the answer may hold the digits "645".
        assert not re.search(r"\b(645|825)\b", str(body)), body
