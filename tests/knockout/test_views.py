"""The tabellone pages: director (qualifiers, draw), referee entry, public bracket."""

import pytest
from django.urls import reverse

from knockout import services
from knockout.models import Bracket, BracketMatch
from knockout.services import MatchEntry

from .factories import make_gironi, make_tournament, play_gironi, staff

W = (70, 50)

QUALIFY = {
    "qualify": "per_girone",
    "per_girone": "2",
    "best_next": "0",
    "seeding": "separate_gironi",
    "waiting_minutes": "10",
}


@pytest.fixture
def played(db):
    tournament = make_tournament()
    play_gironi(tournament, make_gironi(tournament, {"A": 4, "B": 4}))
    return tournament


def url(name, tournament, **kw):
    return reverse(f"knockout:{name}", kwargs={"slug": tournament.slug, **kw})


def test_public_page_before_the_draw_is_italian(client, played):
    response = client.get(url("public", played))
    assert response.status_code == 200
    assert "Il tabellone non è ancora stato sorteggiato" in response.content.decode()


def test_director_pages_need_the_role(client, played):
    response = client.get(url("director", played))
    assert response.status_code == 302 and "login" in response["Location"]


def test_director_confirms_draws_and_referee_enters(client, played):
    director, referee = staff(played)
    client.force_login(director)
    page = client.get(url("director", played), QUALIFY).content.decode()
    assert "Qualificate proposte" in page
    response = client.post(url("confirm", played), QUALIFY)
    assert response.status_code == 302
    bracket = Bracket.objects.get(tournament=played)
    assert bracket.entries.count() == 4
    client.post(url("draw", played, bracket_id=bracket.pk))
    bracket.refresh_from_db()
    assert bracket.status == "drawn"
    semis = list(
        BracketMatch.objects.filter(bracket=bracket, round=1).order_by("index")
    )
    # 1A v 2B and 1B v 2A
    assert [(m.pair_a.number, m.pair_b.number) for m in semis] == [(1, 6), (5, 2)]

    client.force_login(referee)
    entry = url("match", played, bracket_id=bracket.pk, round_=1, index=0)
    assert client.get(entry).status_code == 200
    response = client.post(entry, {"g1a": "70", "g1b": "50", "g2a": "80", "g2b": "40"})
    assert response.status_code == 302
    final = BracketMatch.objects.get(bracket=bracket, round=2, index=0)
    assert final.pair_a.number == 1
    # The final's pairs are not known yet: refused with the reason, nothing saved.
    response = client.post(
        url("match", played, bracket_id=bracket.pk, round_=2, index=0),
        {"g1a": "70", "g1b": "50"},
    )
    assert response.status_code == 400
    assert "non sono ancora note" in response.content.decode()
    final.refresh_from_db()
    assert final.games == []

    public = client.get(url("public", played)).content.decode()
    assert "Finale" in public and semis[0].pair_a.names in public
    partial = client.get(url("public", played), {"partial": "1"}).content.decode()
    assert partial.lstrip().startswith('<div id="brackets"')


def test_confirm_refused_before_the_gironi_are_closed(client, db):
    tournament = make_tournament()
    play_gironi(tournament, make_gironi(tournament, {"A": 4, "B": 4}), leave_open=1)
    director, _ = staff(tournament)
    client.force_login(director)
    response = client.post(url("confirm", tournament), QUALIFY, follow=True)
    text = response.content.decode()
    assert "Il girone A non è chiuso" in text and "3" in text
    assert not Bracket.objects.filter(tournament=tournament).exists()


def test_correction_shows_the_impact_and_flags_the_final(client, played):
    director, referee = staff(played)
    bracket = services.confirm_qualifiers(played, by=director, per_girone=2)
    services.draw_bracket(bracket.pk, by=director)
    for index in (0, 1):
        services.enter_result(
            bracket.pk, 1, index, MatchEntry(games=[W, W]), by=referee
        )
    services.enter_result(bracket.pk, 2, 0, MatchEntry(games=[W, W, W]), by=referee)
    client.force_login(referee)
    entry = url("match", played, bracket_id=bracket.pk, round_=1, index=0)
    assert "è una correzione" in client.get(entry).content.decode()
    corrected = {"g1a": "50", "g1b": "70", "g2a": "40", "g2b": "80"}
    # A correction needs a reason (issue 17 §3): without one nothing changes.
    refused = client.post(entry, corrected)
    assert refused.status_code == 400
    assert "è una correzione e serve un motivo" in refused.content.decode()
    assert BracketMatch.objects.get(bracket=bracket, round=1, index=0).games == [
        list(W),
        list(W),
    ]
    response = client.post(entry, {**corrected, "reason": "errore sullo score"})
    assert BracketMatch.objects.get(
        bracket=bracket, round=1, index=0
    ).correction_reason == ("errore sullo score")
    page = client.get(response["Location"]).content.decode()
    assert "La correzione di turno 1, incontro 1 ha sostituito" in page
    assert "Da ricontrollare" in page
    final = BracketMatch.objects.get(bracket=bracket, round=2, index=0)
    assert (final.status, final.pair_a.number) == ("flagged", 6)
    form = client.get(
        url("match", played, bracket_id=bracket.pk, round_=2, index=0)
    ).content.decode()
    assert "non conta più" in form


@pytest.mark.parametrize("reason", ["\u200b", "\u2800", " \u2800\u200b "])
def test_an_invisible_reason_does_not_correct_a_match(played, reason):
    """A zero-width space or a blank braille cell satisfied "needs a reason"."""
    director, referee = staff(played)
    bracket = services.confirm_qualifiers(played, by=director, per_girone=2)
    services.draw_bracket(bracket.pk, by=director)
    services.enter_result(bracket.pk, 1, 0, MatchEntry(games=[W, W]), by=referee)
    corrected = MatchEntry(games=[(50, 70), (40, 80)], reason=reason)
    with pytest.raises(services.KnockoutError):
        services.enter_result(bracket.pk, 1, 0, corrected, by=referee)
    match = BracketMatch.objects.get(bracket=bracket, round=1, index=0)
    assert match.games == [list(W), list(W)] and match.correction_reason == ""
