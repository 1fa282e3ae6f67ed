"""One table list for the hall: tables numbered across the gironi sharing a room."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from printing.documents import build
from printing.pdf import render_pdf
from seating.models import Table
from seating.services.hall import hall_numbers, offsets
from tournament.models import Round, Tournament

from .conftest import pdf_pages

pytestmark = pytest.mark.django_db


@pytest.fixture
def hall(world):
    """Two gironi of 5 pairs (3 tables each, one a rest), numbered across the hall."""
    Tournament.objects.filter(pk=world.pk).update(hall_numbering=True, status="running")
    Round.objects.filter(girone__stage__tournament=world, number=1).update(
        tables_public=True
    )
    world.refresh_from_db()
    return world


def round_of(t, label, number=1):
    return Round.objects.select_related("girone__stage").get(
        girone__stage__tournament=t, girone__label=label, number=number
    )


def test_girone_b_starts_after_girone_a(hall):
    a, b = round_of(hall, "A"), round_of(hall, "B")
    assert offsets(a.girone.stage_id, 1) == {a.girone_id: 0, b.girone_id: 3}
    tables = Table.objects.filter(round__in=[a, b]).select_related(
        "round__girone__stage__tournament"
    )
    numbers = hall_numbers(tables)
    assert sorted(numbers.values()) == [1, 2, 3, 4, 5, 6]
    assert {numbers[t.pk] for t in b.tables.all()} == {4, 5, 6}


def test_a_girone_without_its_round_yet_keeps_its_place(hall):
    """Girone A's round 2 is a draft of 3 tables: B's round 2 starts at 4 anyway."""
    a2 = round_of(hall, "A", 2)
    a2.tables.all().delete()  # not generated yet: the latest round's span counts
    b2 = round_of(hall, "B", 2)
    assert offsets(b2.girone.stage_id, 2)[b2.girone_id] == 3


def test_the_table_list_uses_the_hall_numbers(hall):
    b = round_of(hall, "B")
    text = " ".join(pdf_pages(render_pdf(build(hall, "tables", f"round:{b.pk}")).data))
    first = b.tables.get(number=1).pair_ns
    assert f"4 {first.number} {first.names}" in text


def test_the_hall_list_has_every_girone_in_hall_order(hall):
    a = round_of(hall, "A")
    doc = build(hall, "halltables", f"round:{a.pk}")
    rows = doc.sections[0]["rows"]
    assert [r["table"] for r in rows] == [1, 2, 3, 4, 5, 6]
    assert [r["girone"] for r in rows] == ["A", "A", "A", "B", "B", "B"]
    text = " ".join(pdf_pages(render_pdf(doc).data))
    assert "Elenco tavoli della sala" in text and "Turno 1, tutti i gironi" in text


def test_score_cards_say_both_numbers(hall):
    b = round_of(hall, "B")
    text = " ".join(
        pdf_pages(render_pdf(build(hall, "scorecards", f"round:{b.pk}")).data)
    )
    assert "Tavolo 4 tavolo 1 del girone" in text


def test_where_do_i_play_gives_the_hall_number(hall, client):
    b = round_of(hall, "B")
    pair = b.tables.get(number=2).pair_ns
    page = client.get(
        reverse("public:where", args=[hall.slug]), {"q": str(pair.number)}
    ).content.decode()
    assert "Tavolo <strong>5</strong>" in html.unescape(page)
    Tournament.objects.filter(pk=hall.pk).update(hall_numbering=False)
    page = client.get(
        reverse("public:where", args=[hall.slug]), {"q": str(pair.number)}
    ).content.decode()
    assert "Tavolo <strong>2</strong>" in html.unescape(page)


def test_the_director_turns_it_on_in_the_settings(world, director_client):
    from tournament.forms import TournamentForm

    data = {
        k: v
        for k, v in TournamentForm.initial_for(world).items()
        if v is not None and v is not False
    }
    data.update(hall_numbering="on", organiser="", game="burraco")
    data["rule_pack"] = world.rule_pack
    data["date"] = world.date.isoformat()
    data["movement_plan"] = "random+3xdanese_modificato"
    response = director_client.post(reverse("tournament:edit", args=[world.slug]), data)
    assert response.status_code == 302, response.content.decode()[-2000:]
    world.refresh_from_db()
    assert world.hall_numbering
