"""Knockout entry checks the same bounds as a girone sheet (issue 14 §3)."""

import pytest

from knockout import services
from knockout.models import BracketMatch
from knockout.services import MatchEntry
from scoring.services import ImpossibleError, UnlikelyError

from .factories import entry_url, make_gironi, make_tournament, play_gironi, staff


def _bracket(game: str, **kw):
    tournament = make_tournament(game=game, **kw)
    play_gironi(tournament, make_gironi(tournament, {"A": 4}))
    director, referee = staff(tournament)
    bracket = services.confirm_qualifiers(tournament, by=director, per_girone=2)
    services.draw_bracket(bracket.pk, by=director)
    return tournament, bracket, referee


@pytest.fixture
def burraco(db):
    return _bracket("burraco", hands=2)


def test_knockout_9995_is_refused_next_to_its_field(client, burraco):
    """It was accepted before (the form allowed ±10,000) and decided the match."""
    tournament, bracket, referee = burraco
    client.force_login(referee)
    response = client.post(
        entry_url(tournament, bracket),
        {"g1a": "9995", "g1b": "300", "g2a": "600", "g2b": "800"},
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert "9.995 è più di quanto una linea possa fare in una smazzata" in page
    assert "al massimo 4.180" in page
    match = BracketMatch.objects.get(bracket=bracket, round=1, index=0)
    assert match.games == [] and match.winner_id is None
    with pytest.raises(ImpossibleError) as caught:
        services.enter_result(
            bracket.pk, 1, 0, MatchEntry(games=[(600, -1500), (800, 600)]), by=referee
        )
    assert [(p.field, p.code) for p in caught.value.problems] == [("g1b", "below_min")]


def test_knockout_unlikely_smazzate_are_confirmed_first(client, burraco):
    tournament, bracket, referee = burraco
    client.force_login(referee)
    url = entry_url(tournament, bracket)
    data = {"g1a": "0", "g1b": "0", "g2a": "2500", "g2b": "100"}
    response = client.post(url, data)
    assert response.status_code == 400
    page = response.content.decode()
    assert "Improbabile: più di 2.000 in una smazzata." in page
    assert "Conferma e salva" in page
    start = page.index('name="confirm" value="') + len('name="confirm" value="')
    key = page[start : start + 16]
    assert not BracketMatch.objects.get(bracket=bracket, round=1, index=0).games
    response = client.post(url, {**data, "confirm": key})
    assert response.status_code == 302
    match = BracketMatch.objects.get(bracket=bracket, round=1, index=0)
    assert match.games == [[0, 0], [2500, 100]]
    with pytest.raises(UnlikelyError):
        services.enter_result(
            bracket.pk, 1, 0, MatchEntry(games=[(0, 0), (0, 0)]), by=referee
        )


def test_knockout_briscola_1_to_119_is_refused(client, db):
    tournament, bracket, referee = _bracket("briscola")
    client.force_login(referee)
    response = client.post(
        entry_url(tournament, bracket),
        {"g1a": "119", "g1b": "1", "g2a": "80", "g2b": "40"},
    )
    assert response.status_code == 400
    assert "mai 1 o 119" in response.content.decode()
    with pytest.raises(ImpossibleError) as caught:
        services.enter_result(
            bracket.pk,
            1,
            0,
            MatchEntry(games=[(60, 60), (60, 60), (70, 50)], spareggi=[(1, 119)]),
            by=referee,
        )
    assert [p.field for p in caught.value.problems] == ["s1a", "s1b"]


def test_a_negative_score_reads_with_one_minus_sign():
    """Issue 28 §7: "320--200 · 1100--95" on the bracket; now "320 – −200"."""
    from django.utils import translation

    from knockout.services.read import score_pair

    with translation.override("it"):
        assert score_pair(320, -200) == "320\u00a0–\u00a0\u2212200"
        assert score_pair(1100, -95) == "1.100\u00a0–\u00a0\u221295"
