"""Briscola documents in Briscola words (issue 16): score cards print, no smazzate."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.models import Round, Tournament

from .conftest import pdf_pages
from .factories import make_world

pytestmark = pytest.mark.django_db


@pytest.fixture
def briscola(db) -> Tournament:
    t = make_world(pairs=4, gironi=1, rounds=1, hands=3, slug="briscola-stampa")
    Tournament.objects.filter(pk=t.pk).update(
        game="briscola", rule_pack="briscola-approdo", rule_pack_version=2
    )
    t.refresh_from_db()
    return t


def test_briscola_score_cards_print_partite_and_points(client, briscola, make_user):
    """Before: 400, "pack briscola-approdo v1 ... has no [vp] section". Now a card per
    table with a row per partita (3, and one for a replayed 60-60: seed 001 "il round è
    considerato nullo e deve essere ripetuto"), partite won and points, and the pack's
    points per match (seed 001: one point to the winner)."""
    from tournament.models import TournamentRole

    user = make_user("direttore-briscola")
    TournamentRole.objects.create(
        tournament=briscola, user=user, role=TournamentRole.Role.DIRECTOR
    )
    client.force_login(user)
    rnd = Round.objects.get(girone__stage__tournament=briscola, number=1)
    url = reverse(
        "printing:document", kwargs={"slug": briscola.slug, "kind": "scorecards"}
    )
    response = client.get(f"{url}?turno={rnd.pk}")
    assert response.status_code == 200, response.content[:300]
    text = " ".join(pdf_pages(response.content))
    assert "Cartellino" in text
    assert "smazzat" not in text.lower()
    assert " VP" not in text and "MP" not in text


def test_the_card_frame_of_a_briscola_match(briscola):
    """The fixed part of the card: the words and the pack's table, in Italian."""
    from django.utils import translation

    from printing.documents.scorecards import briscola_frame_labels, vp_rows
    from rules.packs import load_pack

    with translation.override("it"):
        labels = briscola_frame_labels(load_pack("briscola-approdo", 2))
        rows = vp_rows(briscola, 3)
    assert (labels.hand % {"n": 1}, labels.total_mp, labels.vp) == (
        "Partita 1",
        "Partite vinte",
        "Punti",
    )
    assert labels.replay == "Ripetuta (60-60)"
    assert [(r["text"], r["winner"]) for r in rows] == [
        ("Incontro vinto", "1"),
        ("Incontro perso", "0"),
        ("Partita vinta: 61 punti", ""),
        ("60-60: partita ripetuta", ""),
        ("Incontro: al meglio di 3", ""),
    ]
