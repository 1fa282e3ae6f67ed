"""The referee pages over HTTP: roles, CSRF, bad input kept on the page, JSON saves."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from scoring.models import ResultVersion, TableResult
from tests.scoring.conftest import build_tournament, grant
from tests.scoring.helpers import save, sheet

GOOD = ((300, 100), (150, 250), (500, -100))


def urls(world):
    slug, r = world.tournament.slug, world.round.pk
    return {
        "rounds": reverse("scoring:rounds", kwargs={"slug": slug}),
        "entry": reverse("scoring:entry", kwargs={"slug": slug, "round_id": r}),
        "table": reverse(
            "scoring:table", kwargs={"slug": slug, "round_id": r, "number": 1}
        ),
        "save": reverse(
            "scoring:save", kwargs={"slug": slug, "round_id": r, "number": 1}
        ),
        "settle": reverse(
            "scoring:settle", kwargs={"slug": slug, "round_id": r, "number": 1}
        ),
        "close": reverse("scoring:close", kwargs={"slug": slug, "round_id": r}),
        "log": reverse("scoring:log", kwargs={"slug": slug}),
        "impact": reverse("standings:impact", kwargs={"slug": slug, "version_id": 1}),
    }


def form_data(number=1, hands=GOOD, **extra):
    data = {f"t{number}-lock_version": "0", f"t{number}-idempotency_key": "k-1"}
    for i, (ns, ew) in enumerate(hands, start=1):
        data[f"t{number}-h{i}_ns"] = str(ns)
        data[f"t{number}-h{i}_ew"] = str(ew)
    data.update({f"t{number}-{k}": v for k, v in extra.items()})
    return data


def test_anonymous_users_reach_no_entry_url(world, client):
    for name, url in urls(world).items():
        response = (
            client.post(url) if name in ("save", "settle", "close") else client.get(url)
        )
        assert response.status_code == 302, name
        assert response["Location"].startswith(reverse("login")), name
    assert not ResultVersion.objects.exists()


def test_referee_of_another_tournament_gets_403(world, client, make_user):
    other, _, _ = build_tournament(slug="altro-torneo")
    outsider = make_user("esterno")
    grant(outsider, other)
    client.force_login(outsider)
    for name, url in urls(world).items():
        response = (
            client.post(url, form_data())
            if name in ("save", "settle", "close")
            else client.get(url)
        )
        assert response.status_code == 403, name
    assert not ResultVersion.objects.exists()


def test_log_is_for_the_director(world, client):
    client.force_login(world.referee)
    assert client.get(urls(world)["log"]).status_code == 403
    client.force_login(world.director)
    save(world.tables[0], world.referee, sheet(*GOOD))
    response = client.get(urls(world)["log"])
    assert response.status_code == 200
    assert "arbitro" in response.content.decode()


def test_save_without_csrf_token_is_refused(world):
    client = Client(enforce_csrf_checks=True)
    client.force_login(world.referee)
    response = client.post(urls(world)["save"], form_data())
    assert response.status_code == 403
    assert not ResultVersion.objects.exists()


def test_entry_page_in_italian_with_progress(world, client):
    client.force_login(world.referee)
    page = client.get(urls(world)["entry"]).content.decode()
    assert "0/2 tavoli" in page
    assert 'id="t1"' in page and 'id="t2"' in page
    assert 'name="t1-idempotency_key"' in page
    assert "Vai al tavolo" in page


def test_bad_score_keeps_the_sheet_and_names_the_value(world, client):
    client.force_login(world.referee)
    data = form_data(hands=((347, 100), (150, 250), (500, -100)))
    response = client.post(urls(world)["save"], data)
    assert response.status_code == 400
    page = response.content.decode()
    assert "347 non è un multiplo di 5" in page
    assert 'value="347"' in page and 'value="-100"' in page
    assert not ResultVersion.objects.exists()


def test_too_many_hands_is_refused(world, client):
    client.force_login(world.referee)
    data = form_data(hands=(*GOOD, (100, 0)))
    response = client.post(urls(world)["save"], data, HTTP_ACCEPT="application/json")
    assert response.status_code == 400
    assert "Troppe smazzate" in " ".join(response.json()["errors"]["__all__"])
    assert not ResultVersion.objects.exists()


def test_json_save_answers_progress_and_the_row(world, client):
    client.force_login(world.referee)
    response = client.post(
        urls(world)["save"], form_data(), HTTP_ACCEPT="application/json"
    )
    body = response.json()
    assert body["ok"] is True
    assert body["progress"]["label"] == "1/2 tavoli"
    assert body["progress"]["missing"] == [2]
    assert "16–4" in body["html"]
    again = client.post(
        urls(world)["save"], form_data(), HTTP_ACCEPT="application/json"
    )
    assert again.json()["ok"] is True
    assert ResultVersion.objects.count() == 1


def test_unknown_table_is_a_clear_message(world, client):
    client.force_login(world.referee)
    url = urls(world)["save"].replace("/tavolo/1/", "/tavolo/99/")
    response = client.post(url, form_data(number=99), HTTP_ACCEPT="application/json")
    assert response.status_code == 404
    assert "99" in response.json()["errors"]["__all__"][0]


def test_conflict_answer_is_409_with_the_saved_sheet(world, client):
    save(world.tables[0], world.referee2, sheet(*GOOD))
    client.force_login(world.referee)
    response = client.post(
        urls(world)["save"],
        form_data(hands=((100, 0), (0, 0), (0, 0))),
        HTTP_ACCEPT="application/json",
    )
    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "conflict"
    assert "VP 16–4" in body["saved"]
    assert TableResult.objects.get().current.vp_ns == 16


def test_close_round_with_a_missing_table_shows_why(world, client):
    save(world.tables[0], world.referee, sheet(*GOOD))
    client.force_login(world.referee)
    response = client.post(urls(world)["close"], {"confirm": "1"}, follow=True)
    assert "tavoli non confermati: 2" in response.content.decode()
    world.round.refresh_from_db()
    assert world.round.status == "published"


def test_table_page_hides_the_first_sheet_in_double_entry(world, client):
    world.tournament.entry_mode = "double"
    world.tournament.save()
    save(world.tables[0], world.referee, sheet((1235, 5), (0, 0), (0, 0)))
    client.force_login(world.referee2)
    for url in (urls(world)["table"], urls(world)["entry"]):
        page = client.get(url).content.decode()
        assert "1235" not in page


def test_correction_redirects_to_the_impact_report(world, client):
    save(world.tables[0], world.referee, sheet(*GOOD))
    client.force_login(world.chief)
    data = {
        "detailed": "1",
        "correction": "1",
        "lock_version": "1",
        "idempotency_key": "c-1",
        "kind": "normal",
        "line": "",
        "reason": "invertiti",
    }
    for i, (ns, ew) in enumerate(((100, 300), (250, 150), (-100, 500)), start=1):
        data[f"h{i}_ns"], data[f"h{i}_ew"] = str(ns), str(ew)
    response = client.post(urls(world)["save"], data, follow=True)
    page = response.content.decode()
    assert "Impatto della correzione" in page
    assert "invertiti" in page


def test_briscola_entry_page_has_rows_for_replayed_partite(db, client, make_user):
    from tests.scoring.conftest import build_round

    tournament, girone, p = build_tournament(
        pairs=2, game="briscola", rule_pack="briscola-approdo", hands=3
    )
    user = make_user("arbitro-b")
    grant(user, tournament)
    round_, _ = build_round(girone, 1, [(p[0], p[1])], hands=3)
    client.force_login(user)
    url = reverse(
        "scoring:entry", kwargs={"slug": tournament.slug, "round_id": round_.pk}
    )
    page = client.get(url).content.decode()
    assert 'name="t1-h5_ns"' in page and 'name="t1-h6_ns"' not in page
    assert "Partita 1 NS" in page
    assert "Partite vinte" in page


def test_the_log_names_fields_and_values_in_italian(world, client):
    """Found by the reviewer on the Briscola demo's log: each change read as model
    internals, "number=7, hands=1, movement=round_robin, status=draft,
    tables_public=False" and "withdrawn=False, tournament_id=2, player1_id=81"."""
    import datetime

    from django.utils import translation

    from scoring.services import log as audit

    round_ = world.round
    round_.status = "closed"
    round_.tables_public = True
    round_.published_at = datetime.datetime(2026, 5, 9, 14, 30, tzinfo=datetime.UTC)
    round_.save()
    with translation.override("it"):
        rows = audit.history_rows(world.tournament)
    text = " | ".join(r.changes for r in rows)
    for raw in (
        "status",
        "tables_public",
        "movement=",
        "published",
        "closed",
        "danese",
        "player1_id",
        "tournament_id",
        "True",
        "False",
        "yes",
        "=",
        "+00:00",
    ):
        assert raw not in text, (raw, text)
    assert "Danese" in text and "Chiuso" in text
    assert "tavoli pubblici: no → sì" in text.lower()
    assert "Round:" not in text, text
