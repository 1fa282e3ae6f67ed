"""The simulated referee speaks the entry pages' protocol: it finds every table's form
(on the round's page, or in the card the page fetches with ``?card=1`` for a table it
sent without its sheet), saves each sheet, and closes the round.

Before: the referee read the forms from the round's page only, so ``make simulate``
stopped at the 25th table (KeyError) once the page sent the first missing sheets only,
and it closed the round without the recap's confirmation, so the round stayed open and
round 2 was refused.
"""

from __future__ import annotations

import random

import pytest
from django.urls import reverse

from scoring.pages import EAGER_SHEETS
from simulate.load import close_form, forms_on, save_form
from simulate.world import sheet_for
from tests.scoring.conftest import build_round, build_tournament, grant
from tournament.models import Round

pytestmark = pytest.mark.django_db

TABLES = EAGER_SHEETS + 4


def test_the_referee_finds_every_form_saves_every_sheet_and_closes(make_user, client):
    tournament, girone, pairs = build_tournament(pairs=2 * TABLES, slug="simulata")
    seating = [(pairs[2 * i], pairs[2 * i + 1]) for i in range(TABLES)]
    round_, _tables = build_round(girone, 1, seating)
    referee = make_user("arbitro-simulato")
    grant(referee, tournament)
    client.force_login(referee)
    slug, rid = tournament.slug, round_.pk

    page = client.get(reverse("scoring:entry", kwargs={"slug": slug, "round_id": rid}))
    forms = forms_on(page.content.decode())
    assert sorted(forms) == list(range(1, EAGER_SHEETS + 1))  # the rest on demand
    rng = random.Random(7)
    for number in range(1, TABLES + 1):
        if number not in forms:
            card = client.get(
                reverse(
                    "scoring:table",
                    kwargs={"slug": slug, "round_id": rid, "number": number},
                ),
                {"card": "1"},
            )
            forms |= forms_on(card.content.decode())
        lock, key = forms[number]
        response = client.post(
            reverse(
                "scoring:save",
                kwargs={"slug": slug, "round_id": rid, "number": number},
            ),
            save_form(number, lock, key, sheet_for(rng), rest=False),
            headers={"Accept": "application/json"},
        )
        assert response.status_code == 200, response.content
        assert response.json()["ok"]

    closed = client.post(
        reverse("scoring:close", kwargs={"slug": slug, "round_id": rid}),
        close_form("not-checked-by-the-test-client"),
    )
    assert closed.status_code == 302
    round_.refresh_from_db()
    assert round_.status == Round.Status.CLOSED
