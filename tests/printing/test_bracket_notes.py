"""The bracket: how a level match was decided, and "best of" only where it applies."""

from __future__ import annotations

import pytest
from django.urls import reverse

from knockout.models import BracketMatch
from printing.documents import build
from printing.pdf import render_pdf
from tournament.models import Tournament

from .conftest import pdf_pages
from .factories import make_bracket, make_world

pytestmark = pytest.mark.django_db


@pytest.fixture
def bracket(db, make_user):
    t = make_world(pairs=8, gironi=2, rounds=1, slug="tabellone-note")
    return make_bracket(t, make_user("dir-note"), size=8)


def test_the_pdf_says_how_level_matches_were_decided(bracket):
    first = bracket.matches.get(round=1, index=0)
    first.decided_by = "last_move"
    first.best_of, first.games, first.score_a, first.score_b = (
        2,
        [[900, 800], [700, 800]],
        1600,
        1600,
    )
    first.save()
    absent = bracket.matches.get(round=1, index=2)
    absent.decided_by, absent.score_a, absent.score_b = "no_show", None, None
    absent.save()
    data = render_pdf(build(bracket.tournament, "bracket", "")).data
    text = " ".join(pdf_pages(data))
    assert "Incontri non decisi dal punteggio" in text
    assert "Incontro 1: MP pari: ultima mossa dell'ultima smazzata" in text
    assert "Incontro 3: coppia assente" in text
    # Matches decided by their partite get no note.
    assert "Incontro 2:" not in text


def test_no_note_when_every_match_was_decided_by_its_games(bracket):
    text = " ".join(
        pdf_pages(render_pdf(build(bracket.tournament, "bracket", "")).data)
    )
    assert "non decisi dal punteggio" not in text


@pytest.mark.parametrize(
    ("game", "best_of", "shown", "not_shown"),
    [
        pytest.param("burraco", 3, "3 smazzate", "Al meglio di", id="burraco"),
        pytest.param("briscola", 3, "Al meglio di 3", "smazzate", id="briscola-3"),
        pytest.param("briscola", 1, "Partita secca", "Al meglio di", id="briscola-1"),
    ],
)
def test_best_of_only_where_a_best_of_applies(
    bracket, client, game, best_of, shown, not_shown
):
    Tournament.objects.filter(pk=bracket.tournament_id).update(game=game)
    BracketMatch.objects.filter(bracket=bracket, round=2).update(best_of=best_of)
    page = client.get(
        reverse("knockout:public", kwargs={"slug": bracket.tournament.slug})
    ).content.decode()
    assert shown in page
    assert not_shown not in page
