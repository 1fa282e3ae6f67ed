"""The entry page's cards written in Python (scoring.cards) are the HTML the card's
template writes, for every kind of card, in both languages (issue 19, item 4)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from draw.services import rounds
from people.models import Player
from scoring import pages
from scoring.cards import CardWords, card_html
from tests.scoring.conftest import build_round, build_tournament, grant
from tests.scoring.helpers import save, sheet
from tests.teams.factories import enter, hands, make_team_event

pytestmark = pytest.mark.django_db

FIRST = ((300, 100), (150, 250), (500, -100))
OTHER = ((310, 100), (150, 250), (500, -100))


def both_ways(request, tournament, round_) -> list[tuple[str, str]]:
    """(Python card, template card) of each table of the round's entry page."""
    context = pages.entry_context(request, tournament, round_)
    words = CardWords.of(context["words"])
    found = []
    for row in context["rows"]:
        template = render_to_string(
            "scoring/includes/_table_row.html",
            {
                "row": row,
                "tournament": tournament,
                "round": round_,
                "words": context["words"],
            },
        )
        found.append((str(card_html(row, words)), template))
    return found


@pytest.fixture
def every_state(make_user, monkeypatch):
    """A double-entry round with a card in every state: typed sheet, sheet on
    demand, awaiting the second sheet, blind second entry, disputed, confirmed,
    confirmed with a non-normal kind, a rest; names with characters to escape."""
    monkeypatch.setattr(pages, "EAGER_SHEETS", 2)
    tournament, girone, pairs = build_tournament(pairs=15, entry_mode="double")
    Player.objects.filter(pk=pairs[0].player1_id).update(last_name="D'Amico <b>&")
    seating = [(pairs[2 * i], pairs[2 * i + 1]) for i in range(7)]
    round_, tables = build_round(girone, 1, [*seating, (pairs[14], None)])
    one, two = make_user("arbitro-uno"), make_user("arbitro-due")
    grant(one, tournament)
    grant(two, tournament)
    save(tables[0], one, sheet(*FIRST))  # awaiting: one waits, two types blind
    save(tables[1], one, sheet(*FIRST))  # disputed
    save(tables[1], two, sheet(*OTHER))
    save(tables[2], one, sheet(*FIRST))  # confirmed
    save(tables[2], two, sheet(*FIRST))
    late = sheet(*FIRST, kind="late_arrival", line="ns", reason="in ritardo")
    save(tables[3], one, late)  # confirmed, a late arrival
    save(tables[3], two, late)
    save(tables[7], one, sheet(kind="rest", reason="riposo"))  # the rest table
    return tournament, round_, one, two


@pytest.mark.parametrize("language", ["it", "en"])
def test_the_python_cards_are_the_template_cards(every_state, language):
    tournament, round_, one, two = every_state
    for user in (one, two):
        request = RequestFactory().get("/")
        request.user = user
        with translation.override(language):
            found = both_ways(request, tournament, round_)
        kinds = {python.split('data-status="')[1].split('"')[0] for python, _ in found}
        assert {"entered", "disputed", "confirmed", "empty"} <= kinds
        for python, template in found:
            assert python == template
    assert "D&#x27;Amico &lt;b&gt;&amp;" in found[0][0]


def test_the_team_cards_are_the_template_cards(make_user):
    tournament, made = make_team_event(teams_count=3)
    round_ = rounds.generate_round(made[0].girone)
    rounds.publish_round(round_)
    referee = make_user("arbitro-squadre")
    grant(referee, tournament)
    first = round_.tables.order_by("number").first()
    enter(first, referee, hands(*FIRST))
    request = RequestFactory().get("/")
    request.user = referee
    found = both_ways(request, tournament, round_)
    assert any("team-match" in python for python, _ in found)
    for python, template in found:
        assert python == template


def test_the_entry_page_shows_the_python_cards(every_state, client):
    tournament, round_, one, _ = every_state
    client.force_login(one)
    url = reverse(
        "scoring:entry", kwargs={"slug": tournament.slug, "round_id": round_.pk}
    )
    html = client.get(url).content.decode()
    assert html.count('class="sheet-card') == 8
    assert "In attesa di un altro arbitro" in html
    assert "Scrivi la scheda" in html


def test_the_entry_page_reads_the_same_number_of_rows_whatever_its_size(
    make_user, client
):
    """No query per table: the cards' names, results and first sheets are read for
    the whole round at once."""
    counted = []
    for size in (2, 12):
        tournament, girone, pairs = build_tournament(pairs=2 * size)
        seating = [(pairs[2 * i], pairs[2 * i + 1]) for i in range(size)]
        round_, tables = build_round(girone, 1, seating)
        referee = make_user(f"arbitro-{size}")
        grant(referee, tournament)
        save(tables[0], referee, sheet(*FIRST))
        client.force_login(referee)
        url = reverse(
            "scoring:entry", kwargs={"slug": tournament.slug, "round_id": round_.pk}
        )
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        counted.append(len(queries))
    assert counted[0] == counted[1]
