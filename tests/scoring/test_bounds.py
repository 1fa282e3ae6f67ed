"""Impossible and unlikely sheets (issue 14 §3, docs/rules.md §5): a field error in
Italian, never a 500 and never a row; unlikely values saved only once confirmed."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring import services
from scoring.models import BriscolaGame, HandScore, ResultVersion, TableResult
from scoring.services import ImpossibleError, UnlikelyError
from scoring.services.errors import SheetError
from tests.scoring.conftest import build_round, build_tournament, grant
from tests.scoring.helpers import save, sheet
from tests.scoring.test_views import form_data

pytestmark = pytest.mark.django_db


def save_url(world, number=1):
    return reverse(
        "scoring:save",
        kwargs={
            "slug": world.tournament.slug,
            "round_id": world.round.pk,
            "number": number,
        },
    )


def post(client, world, hands, *, accept="application/json", **extra):
    client.force_login(world.referee)
    return client.post(
        save_url(world), form_data(hands=hands, **extra), HTTP_ACCEPT=accept
    )


def nothing_saved():
    return not (ResultVersion.objects.exists() or HandScore.objects.exists())


# --- impossible values --------------------------------------------------------------


def test_9995_in_one_smazzata_is_a_field_error_not_a_500(world, client):
    """It reached the database's hand_scores_bounded (±5,000) before: IntegrityError."""
    response = post(client, world, ((9995, 100), (150, 250), (500, -100)))
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "impossible"
    assert body["errors"]["h1_ns"] == [
        "9.995 è più di quanto una linea possa fare in una smazzata (al massimo 4.180)."
    ]
    assert nothing_saved()


def test_9995_on_the_page_without_javascript(world, client):
    response = post(client, world, ((9995, 100), (150, 250)), accept="text/html")
    assert response.status_code == 400
    page = response.content.decode()
    assert "al massimo 4.180" in page
    assert 'value="9995"' in page  # the typed sheet stays
    assert nothing_saved()


@pytest.mark.parametrize(
    ("score", "reason"),
    [
        (4500, "al massimo 4.180"),  # 1080 + 15 x 200 + 100
        (-1500, "almeno -1.480"),  # -(1080 + 100 + 300)
        (4185, "al massimo 4.180"),
        (-1485, "almeno -1.480"),
    ],
)
def test_a_smazzata_beyond_the_packs_bounds_is_refused(world, client, score, reason):
    response = post(client, world, ((300, score), (150, 250), (500, -100)))
    assert response.status_code == 400
    assert reason in response.json()["errors"]["h1_ew"][0]
    assert nothing_saved()


def test_the_bounds_themselves_are_accepted(world):
    saved = save(
        world.tables[0],
        world.referee,
        sheet((4180, -1480), (150, 250), (500, -100)),
        confirm=True,  # possible, but unlikely: confirmed
    )
    assert saved.result.status == TableResult.Status.CONFIRMED
    assert saved.version.mp_ns == 4180 + 150 + 500


def test_a_referee_set_vp_of_45_is_a_field_error(world, client):
    client.force_login(world.referee)
    url = reverse(
        "scoring:save",
        kwargs={"slug": world.tournament.slug, "round_id": world.round.pk, "number": 1},
    )
    data = {
        "detailed": "1",
        "lock_version": "0",
        "idempotency_key": "k-vp",
        "kind": "referee_set",
        "reason": "decisione arbitrale",
        "set_vp_ns": "45",
        "set_vp_ew": "5",
    }
    response = client.post(url, data)
    assert response.status_code == 400
    assert "VP da 0 a 20" in response.content.decode()
    response = client.post(url, data, HTTP_ACCEPT="application/json")
    assert response.json()["errors"]["set_vp_ns"] == [
        "VP da 0 a 20 (l'intervallo della tabella VP), non 45."
    ]
    assert nothing_saved()


def test_a_referee_set_mp_beyond_the_round_or_not_a_multiple_of_5(world):
    with pytest.raises(ImpossibleError) as caught:
        save(
            world.tables[0],
            world.referee,
            sheet(kind="referee_set", reason="x", set_mp=(12545, 7)),
        )
    assert {p.field: p.code for p in caught.value.problems} == {
        "set_mp_ns": "above_max",  # 3 x 4180 = 12540
        "set_mp_ew": "not_multiple_of_5",
    }
    assert nothing_saved()


def test_briscola_1_to_119_is_refused(db, client, make_user):
    tournament, girone, pairs = build_tournament(
        pairs=2, game="briscola", rule_pack="briscola-vp"
    )
    round_, tables = build_round(girone, 1, [(pairs[0], pairs[1])])
    referee = make_user("arbitro")
    grant(referee, tournament)
    with pytest.raises(ImpossibleError) as caught:
        save(tables[0], referee, sheet((1, 119), (80, 40), (70, 50)))
    assert [(p.field, p.code) for p in caught.value.problems] == [
        ("h1_ns", "unreachable"),
        ("h1_ew", "unreachable"),
    ]
    assert "mai 1 o 119" in caught.value.problems[0].message
    # Italian agreement (found by the reviewer): never "vale 1 punti".
    assert "1 punti" not in caught.value.problems[0].message
    client.force_login(referee)
    url = reverse(
        "scoring:save",
        kwargs={"slug": tournament.slug, "round_id": round_.pk, "number": 1},
    )
    data = {"t1-lock_version": "0", "t1-idempotency_key": "k-b"}
    data |= {"t1-h1_ns": "119", "t1-h1_ew": "1", "t1-h2_ns": "80", "t1-h2_ew": "40"}
    response = client.post(url, data, HTTP_ACCEPT="application/json")
    assert response.status_code == 400
    assert "mai 1 o 119" in response.json()["errors"]["h1_ew"][0]
    assert not BriscolaGame.objects.exists()
    saved = save(tables[0], referee, sheet((118, 2), (2, 118), (120, 0)))
    assert saved.version.vp_ns == 20


# --- unlikely values ----------------------------------------------------------------


def test_every_smazzata_0_0_asks_for_a_confirmation(world, client):
    zeros = ((0, 0), (0, 0), (0, 0))
    response = post(client, world, zeros)
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "unlikely"
    assert body["errors"]["h1_ns"] == [
        "Improbabile: ogni smazzata è 0–0. Il referto è completo?"
    ]
    assert "salva di nuovo per confermarli" in body["errors"]["__all__"][0]
    assert nothing_saved()
    response = post(client, world, zeros, confirm=body["confirm"])
    assert response.status_code == 200, response.content
    assert response.json()["ok"]
    assert TableResult.objects.get().current.vp_ns == 10


def test_a_changed_value_is_asked_again(world, client):
    first = post(client, world, ((2500, 100), (150, 250), (500, -100)))
    key = first.json()["confirm"]
    assert first.json()["errors"]["h1_ns"] == [
        "Improbabile: più di 2.000 in una smazzata."
    ]
    again = post(client, world, ((2800, 100), (150, 250), (500, -100)), confirm=key)
    assert again.json()["code"] == "unlikely"
    assert again.json()["confirm"] != key
    assert nothing_saved()
    # A value the table did not flag may change: the confirmation still holds.
    done = post(client, world, ((2500, 100), (150, 200), (500, -100)), confirm=key)
    assert done.json()["ok"]


def test_the_page_without_javascript_asks_and_confirms(world, client):
    hands = ((300, -1000), (150, 250), (500, -100))
    response = post(client, world, hands, accept="text/html")
    page = response.content.decode()
    assert response.status_code == 400
    assert "Improbabile: meno di -500 in una smazzata." in page
    assert "Conferma e salva" in page
    start = page.index('name="t1-confirm" value="') + len('name="t1-confirm" value="')
    key = page[start : start + 16]
    response = post(client, world, hands, accept="text/html", confirm=key)
    assert response.status_code == 302
    assert TableResult.objects.get().status == TableResult.Status.CONFIRMED


def test_a_large_total_difference_is_unlikely(world):
    with pytest.raises(UnlikelyError) as caught:
        save(world.tables[0], world.referee, sheet((1500, 0), (1200, 0), (400, 0)))
    assert [(p.field, p.code, p.value) for p in caught.value.problems] == [
        ("__all__", "diff_high", 3100)
    ]
    assert nothing_saved()
    saved = save(
        world.tables[0],
        world.referee,
        sheet((1500, 0), (1200, 0), (400, 0)),
        confirm=True,
    )
    assert saved.version.vp_ns == 20


def test_the_service_check_names_field_and_reason_for_a_replay(world):
    """What the replay calls: check_sheet(sheet, ctx, confirm=...) raises typed errors."""
    ctx = services.context_of(services.load_table(world.tables[0].pk))
    with pytest.raises(UnlikelyError) as caught:
        services.check_sheet(sheet((0, 0), (0, 0), (0, 0)), ctx, confirm=False)
    assert [(p.field, p.code, p.unlikely) for p in caught.value.problems] == [
        ("h1_ns", "all_zero", True)
    ]
    outcome = services.check_sheet(sheet((0, 0), (0, 0), (0, 0)), ctx, confirm=True)
    assert (outcome.vp_ns, outcome.vp_ew) == (10, 10)
    with pytest.raises(ImpossibleError) as impossible:
        services.check_sheet(sheet((9995, 0)), ctx, confirm=True)
    assert impossible.value.code == "impossible"
    assert [(p.field, p.code) for p in impossible.value.problems] == [
        ("h1_ns", "above_max")
    ]


def test_line_totals_of_n_smazzate_share_the_bounds(world):
    """For a sheet of line totals only: N x the bounds of one smazzata."""
    pack = services.pack_of(world.tournament)
    services.check_totals((12540, -4440), 3, pack, confirm=True)
    with pytest.raises(ImpossibleError) as caught:
        services.check_totals((12545, 0), 3, pack)
    assert caught.value.errors == {
        "mp_ns": [
            "12.545 MP è più di quanto una linea possa fare in questo turno (al"
            " massimo 12.540)."
        ]
    }
    with pytest.raises(UnlikelyError):
        services.check_totals((0, 0), 3, pack)
    services.check_totals((1200, 900), 3, pack)


@pytest.mark.parametrize(
    ("games", "field", "italian"),
    [
        # 2-0 decides a best of 3: a third partita cannot follow.
        (((61, 59), (70, 50), (50, 70)), "h3_ns", "dopo la fine dell'incontro"),
        # 1-0 does not decide it.
        (((61, 59),), "h1_ns", "non è finito sul 1–0"),
    ],
)
def test_a_briscola_match_refused_is_told_in_italian(
    db, client, make_user, games, field, italian
):
    """Found by the reviewer: a Briscola match with a partita after the match was won,
    or too few partite, was refused with the rules engine's English text inside the
    Italian message: "Incontro non valido: partita 3 (50-70) was played after the match
    was decided at 2-0 in a best of 3" (on the table page and in a replay)."""
    from django.utils import translation

    tournament, girone, pairs = build_tournament(
        pairs=2, game="briscola", rule_pack="briscola-approdo"
    )
    _round, tables = build_round(girone, 1, [(pairs[0], pairs[1])])
    referee = make_user("arbitro")
    grant(referee, tournament)
    with translation.override("it"), pytest.raises(SheetError) as caught:
        save(tables[0], referee, sheet(*games))
    ((where, (message,)),) = caught.value.errors.items()
    assert where == field
    assert italian in message
    for english in ("was played", "best of", "too few", "counted", "decide a"):
        assert english not in message
    assert not BriscolaGame.objects.exists()
