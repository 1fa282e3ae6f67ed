"""Knockout for teams: qualifiers from the team standings, the draw, matches over two
tables decided by the teams' MP (the sum of the differences), a level match by the
last move, corrections flagged downstream (docs/rules.md §11)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from draw.services import rounds
from knockout.models import Bracket, BracketMatch, Entry
from knockout.services import (
    KnockoutError,
    MatchEntry,
    confirm_qualifiers,
    draw_bracket,
    enter_result,
)
from knockout.services.errors import ReasonRequired
from standings.models import Snapshot, TeamRow
from tests.knockout.factories import entry_url

from .factories import director, make_team_event, play_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    """Four teams, the whole all'italiana played and closed."""
    tournament, made = make_team_event(teams_count=4, plan="round_robin")
    user = director()
    girone = made[0].girone
    for _ in range(3):
        play_round(rounds.generate_round(girone), user)
    return tournament, user


def _bracket(tournament, user):
    bracket = confirm_qualifiers(
        tournament, by=user, per_girone=4, best_of=2, final_best_of=2
    )
    draw_bracket(bracket.pk, by=user)
    return Bracket.objects.get(pk=bracket.pk)


def test_qualifiers_are_the_first_teams_of_the_standings(event):
    tournament, user = event
    bracket = _bracket(tournament, user)
    snap = Snapshot.objects.get(
        girone__stage__tournament=tournament, kind=Snapshot.Kind.CONFIRMED
    )
    order = list(
        TeamRow.objects.filter(snapshot=snap)
        .order_by("index")
        .values_list("team_id", flat=True)
    )
    entries = Entry.objects.filter(bracket=bracket).order_by("seed")
    assert [e.team_id for e in entries] == order
    assert all(e.pair_id is None for e in entries)
    semis = BracketMatch.objects.filter(bracket=bracket, round=1)
    assert all(m.team_a_id and m.team_b_id and not m.pair_a_id for m in semis)


def test_a_team_match_over_two_tables(event):
    """2 smazzate a table: A +300 at table 1, -100 at table 2 -> A goes through."""
    tournament, user = event
    bracket = _bracket(tournament, user)
    games = [(500, 300), (200, 100), (100, 200), (100, 100)]  # A: 900, B: 700
    match, _impact = enter_result(bracket.pk, 1, 0, MatchEntry(games=games), by=user)
    assert match.winner_team_id == match.team_a_id and match.winner_id is None
    assert (match.score_a, match.score_b) == (900, 700)
    final = BracketMatch.objects.get(bracket=bracket, round=2, index=0)
    assert final.team_a_id == match.team_a_id
    with pytest.raises(KnockoutError, match="3 smazzate inserite su 4"):
        enter_result(bracket.pk, 1, 1, MatchEntry(games=games[:3]), by=user)


def test_level_teams_go_to_the_last_move(event):
    tournament, user = event
    bracket = _bracket(tournament, user)
    games = [(500, 300), (0, 0), (100, 300), (0, 0)]
    with pytest.raises(KnockoutError, match="quale squadra ha fatto l'ultima mossa"):
        enter_result(bracket.pk, 1, 0, MatchEntry(games=games), by=user)
    match, _ = enter_result(
        bracket.pk, 1, 0, MatchEntry(games=games, last_move="a"), by=user
    )
    assert match.winner_team_id == match.team_b_id
    assert match.decided_by == "last_move"


def test_a_correction_flags_the_final(event):
    tournament, user = event
    bracket = _bracket(tournament, user)
    a_wins = [(500, 300), (0, 0), (100, 100), (0, 0)]
    b_wins = [(100, 300), (0, 0), (100, 100), (0, 0)]
    enter_result(bracket.pk, 1, 0, MatchEntry(games=a_wins), by=user)
    enter_result(bracket.pk, 1, 1, MatchEntry(games=a_wins), by=user)
    enter_result(bracket.pk, 2, 0, MatchEntry(games=a_wins), by=user)
    with pytest.raises(ReasonRequired):  # a correction needs a reason (main's rule)
        enter_result(bracket.pk, 1, 0, MatchEntry(games=b_wins), by=user)
    _match, impact = enter_result(
        bracket.pk, 1, 0, MatchEntry(games=b_wins, reason="wrong sheet"), by=user
    )
    assert _match.correction_reason == "wrong sheet"
    final = BracketMatch.objects.get(bracket=bracket, round=2, index=0)
    assert final.status == BracketMatch.Status.FLAGGED and final.winner_team_id is None
    assert impact and impact[0].was_played


def test_pages_of_a_team_tabellone(event, client):
    tournament, user = event
    bracket = _bracket(tournament, user)
    client.force_login(user)
    page = client.get(entry_url(tournament, bracket)).content.decode()
    assert "Due tavoli di 2 smazzate" in page and "tavolo 2 · 2" in page
    response = client.post(
        entry_url(tournament, bracket),
        {
            "g1a": 500,
            "g1b": 300,
            "g2a": 100,
            "g2b": 100,
            "g3a": 100,
            "g3b": 50,
            "g4a": 50,
            "g4b": 100,
        },
    )
    assert response.status_code == 302
    semi = BracketMatch.objects.get(bracket=bracket, round=1, index=0)
    assert semi.winner_team_id == semi.team_a_id
    public = client.get(reverse("knockout:public", kwargs={"slug": tournament.slug}))
    body = public.content.decode()
    games = "500 – 300 · 100 – 100 | 100 – 50 · 50 – 100".replace(
        " – ", "\u00a0–\u00a0"
    )
    assert semi.team_a.name in body and games in body


def test_a_team_match_is_bounded_table_by_table(event):
    """The unlikely MP difference of docs/rules.md §5 is one table's: 2,500 at each
    of the two tables is a plausible match (5,000 in all); 3,500 at one is not."""
    from scoring.services.bounds import UnlikelyError

    tournament, user = event
    bracket = _bracket(tournament, user)
    plausible = [(1500, 0), (1000, 0), (1500, 0), (1000, 0)]
    match, _ = enter_result(bracket.pk, 1, 0, MatchEntry(games=plausible), by=user)
    assert match.winner_team_id == match.team_a_id
    unlikely = [(1800, 0), (1700, 0), (0, 0), (100, 0)]
    with pytest.raises(UnlikelyError) as error:
        enter_result(bracket.pk, 1, 1, MatchEntry(games=unlikely), by=user)
    # One finding: table 1's difference (3,500); table 2's (100) is plausible.
    assert [p.code for p in error.value.problems] == ["diff_high"]
    assert error.value.problems[0].value == 3500
    match, _ = enter_result(
        bracket.pk, 1, 1, MatchEntry(games=unlikely), by=user, confirm=error.value.key
    )
    assert match.status == "played"
