"""One rule decides what players see (tournament.visibility), wherever they look.

A draft round is never public, whichever page the director uses to release it; a
tournament set back to draft disappears everywhere, bracket included; referees cannot
open a draft round's entry pages. The rule's querysets and predicates agree on every
combination of statuses and toggles.
"""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from standings.services.visibility import set_round_visibility
from tests.budget import examples
from tests.scoring.conftest import grant
from tests.standings.factories import (
    make_girone,
    make_pairs,
    make_round,
    make_tournament,
    seat,
)
from tournament import visibility
from tournament.models import Round, Tournament
from tournament.services.errors import RoundError

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(make_user):
    """Round 1 published and public; round 2 a draft with its tables seated."""
    tournament = make_tournament()
    girone = make_girone(tournament)
    pairs = make_pairs(tournament, girone, [1, 2, 3, 4])
    published = make_round(girone, 1, results_public=False)
    seat(published, 1, pairs[1], pairs[2])
    seat(published, 2, pairs[3], pairs[4])
    draft = make_round(
        girone, 2, status="draft", tables_public=False, results_public=False
    )
    seat(draft, 1, pairs[1], pairs[3])
    seat(draft, 2, pairs[2], pairs[4])
    director = make_user("direttore-vis")
    referee = make_user("arbitro-vis")
    grant(director, tournament, "director")
    grant(referee, tournament)
    return tournament, published, draft, director, referee


def api_round_ids(client, tournament) -> list[int]:
    answer = client.get(f"/api/v1/tournaments/{tournament.slug}/rounds")
    return [r["id"] for r in answer.json()]


def test_the_standings_page_cannot_publish_a_draft_round(client, world):
    """Failed before: field=tables&value=1 released the draft's tables."""
    tournament, _published, draft, director, _ = world
    client.force_login(director)
    url = reverse("standings:visibility", args=[tournament.slug, draft.pk])
    for field in ("tables", "results"):
        page = client.post(url, {"field": field, "value": "1"}, follow=True)
        assert page.status_code == 200
        assert "è una bozza: pubblicalo prima" in page.content.decode()
    draft.refresh_from_db()
    assert (draft.tables_public, draft.results_public) == (False, False)
    client.logout()
    assert draft.pk not in api_round_ids(client, tournament)
    tables = f"/api/v1/tournaments/{tournament.slug}/rounds/{draft.pk}/tables"
    assert client.get(tables).status_code == 404
    where = client.get(
        reverse("public:where", args=[tournament.slug]), {"q": "1"}
    ).content.decode()
    assert "Turno 2" not in where and "turno 2" not in where


def test_the_standings_page_offers_no_publish_button_for_a_draft(client, world):
    tournament, published, draft, director, _ = world
    client.force_login(director)
    html = client.get(reverse("standings:director", args=[tournament.slug]))
    html = html.content.decode()
    assert reverse("standings:visibility", args=[tournament.slug, published.pk]) in html
    assert reverse("standings:visibility", args=[tournament.slug, draft.pk]) not in html
    assert "Prima pubblica il turno" in html


def test_both_release_services_refuse_a_draft_with_the_same_message(world):
    _, _published, draft, _, _ = world
    with pytest.raises(RoundError) as first:
        set_round_visibility(draft.pk, tables_public=True)
    from tournament.services.publication import set_visibility

    with pytest.raises(RoundError) as second:
        set_visibility(draft, tables=False, results=True)
    assert first.value.message == second.value.message
    # Hiding is always allowed.
    assert not set_round_visibility(draft.pk, tables_public=False).tables_public


def test_the_database_refuses_a_public_draft(world):
    """The last guard, on both databases."""
    _, _published, draft, _, _ = world
    with pytest.raises(IntegrityError), transaction.atomic():
        Round.objects.filter(pk=draft.pk).update(tables_public=True)
    with pytest.raises(IntegrityError), transaction.atomic():
        Round.objects.filter(pk=draft.pk).update(results_public=True)


def test_a_tournament_back_to_draft_hides_its_bracket(client, world):
    """Failed before: /tabellone/<slug>/ stayed public."""
    tournament, *_ = world
    url = reverse("knockout:public", args=[tournament.slug])
    assert client.get(url).status_code == 200
    Tournament.objects.filter(pk=tournament.pk).update(status="draft")
    assert client.get(url).status_code == 404
    assert client.get(url, {"partial": "1"}).status_code == 404
    for name in ("tournament", "where", "standings"):
        page = reverse(f"public:{name}", args=[tournament.slug])
        assert client.get(page).status_code == 404, name
    api = f"/api/v1/tournaments/{tournament.slug}"
    assert client.get(api).status_code == 404
    assert tournament.slug not in client.get("/api/v1/tournaments").content.decode()


def test_referees_cannot_open_a_draft_rounds_entry_pages(client, world):
    """Failed before: the entry page of a draft round answered 200 with its tables."""
    tournament, published, draft, _, referee = world
    client.force_login(referee)
    entry = reverse("scoring:entry", args=[tournament.slug, draft.pk])
    table = reverse("scoring:table", args=[tournament.slug, draft.pk, 1])
    for url in (entry, table):
        response = client.get(url)
        assert response.status_code == 302
        assert response["Location"] == reverse("scoring:rounds", args=[tournament.slug])
        page = client.get(response["Location"]).content.decode()
        assert "Il turno 2 del girone A non è ancora pubblicato." in page
    ok = client.get(reverse("scoring:entry", args=[tournament.slug, published.pk]))
    assert ok.status_code == 200


def test_the_pair_page_and_api_hide_unreleased_results(client, world):
    tournament, published, _draft, _, _ = world
    pair_page = reverse("public:pair", args=[tournament.slug, 1])
    assert "Turno 1" in client.get(pair_page).content.decode()
    Tournament.objects.filter(pk=tournament.pk).update(status="draft")
    assert client.get(pair_page).status_code == 404
    Tournament.objects.filter(pk=tournament.pk).update(status="running")
    set_round_visibility(published.pk, tables_public=False)
    assert "Turno 1" not in client.get(pair_page).content.decode()
    assert api_round_ids(client, tournament) == []


STATUSES = st.sampled_from([s.value for s in Tournament.Status])
ROUND_STATUSES = st.sampled_from([s.value for s in Round.Status])


@settings(max_examples=examples(30), deadline=None)
@given(
    t_status=STATUSES,
    r_status=ROUND_STATUSES,
    tables=st.booleans(),
    results=st.booleans(),
)
def test_querysets_and_predicates_agree(t_status, r_status, tables, results):
    """The Q and the predicate of each rule say the same of every combination."""
    with transaction.atomic():
        sid = transaction.savepoint_create()
        tournament = make_tournament(f"prop-{t_status}", status=t_status)
        girone = make_girone(tournament)
        if r_status == "draft":
            tables = results = False  # the database refuses anything else
        rnd = make_round(
            girone, 1, status=r_status, tables_public=tables, results_public=results
        )
        rnd = Round.objects.select_related("girone__stage__tournament").get(pk=rnd.pk)
        in_q = {
            "tables": Round.objects.filter(visibility.tables_public_q(), pk=rnd.pk),
            "results": Round.objects.filter(visibility.results_public_q(), pk=rnd.pk),
            "published": visibility.published_rounds(tournament).filter(pk=rnd.pk),
            "public_rounds": visibility.public_rounds(tournament).filter(pk=rnd.pk),
        }
        assert in_q["tables"].exists() == visibility.tables_are_public(rnd)
        assert in_q["public_rounds"].exists() == visibility.tables_are_public(rnd)
        assert in_q["results"].exists() == visibility.results_are_public(rnd)
        assert in_q["published"].exists() == visibility.round_is_published(rnd)
        assert visibility.public_tournaments().filter(
            pk=tournament.pk
        ).exists() == visibility.tournament_is_public(tournament)
        # What players see needs all three: a public tournament, a published round,
        # the director's toggle.
        expected = t_status != "draft" and r_status != "draft" and tables
        assert visibility.tables_are_public(rnd) == expected
        transaction.savepoint_rollback(sid)
