"""Late and withdrawn pairs from the director's pages (issue 17 §2).

A pair registered after round 1 joins a girone from the pairs page and the next round
seats it; a pair withdrawing during a Mitchell leaves an empty seat, and whoever would
meet it rests; a late pair takes an empty seat, or, with none, the director may switch
the remaining rounds to a Danese modificato.
"""

from __future__ import annotations

from collections import Counter

import pytest
from django.urls import reverse

from draw.services import rounds
from draw.services.rounds import round_violations
from participants.models import Pair
from participants.services.registration import set_withdrawn
from people.models import Player
from seating.services import gironi
from standings.models import Row
from standings.refresh import ensure_fresh_tournament
from tournament.models import Round
from tournament.services.errors import RoundError

from .test_rounds import play, seats

pytestmark = pytest.mark.django_db


def late_pair(tournament, number):
    p1 = Player.objects.create(first_name="Ugo", last_name=f"Neri{number}")
    p2 = Player.objects.create(first_name="Eva", last_name=f"Blu{number}")
    return Pair.objects.create(
        tournament=tournament, number=number, player1=p1, player2=p2
    )


def meetings(girone):
    met = Counter()
    for round_ in girone.rounds.all():
        for _n, ns, ew in seats(round_):
            if ew is not None:
                met[frozenset((ns, ew))] += 1
    return met


def start(make_tournament, make_pairs, plan, count):
    tournament = make_tournament(movement_plan=plan, rounds_planned=4)
    pairs = make_pairs(tournament, count)
    girone = gironi.split_into_gironi(tournament, count=1).gironi[0]
    return tournament, pairs, girone


def test_a_withdrawal_mid_mitchell_gives_a_rest_and_the_mitchell_goes_on(
    make_tournament, make_pairs, director
):
    _tournament, pairs, girone = start(
        make_tournament, make_pairs, "3xmitchell+danese", 8
    )
    first = rounds.generate_round(girone)
    play(first, director, {})
    set_withdrawn(pairs[2], True)  # pair 3
    for _number in (2, 3):
        round_ = rounds.generate_round(girone)
        assert round_.movement == "mitchell"
        rows = seats(round_)
        assert 3 not in {p for row in rows for p in row[1:]}
        resting = [ns for _n, ns, ew in rows if ew is None]
        assert len(resting) == 1, rows  # the one who would have met pair 3
        assert round_violations(round_) == []
        play(round_, director, {})
    # Seven pairs played three Mitchell rounds: nobody met anybody twice.
    assert max(meetings(girone).values()) == 1


def test_a_late_pair_takes_the_rest_seat_of_an_odd_mitchell(
    make_tournament, make_pairs, director
):
    tournament, _pairs, girone = start(
        make_tournament, make_pairs, "3xmitchell+danese", 7
    )
    play(rounds.generate_round(girone), director, {})
    gironi.add_late_pair(late_pair(tournament, 20), girone)
    second = rounds.generate_round(girone)
    rows = seats(second)
    assert 20 in {p for row in rows for p in row[1:]}
    assert all(ew is not None for _n, _ns, ew in rows)  # nobody rests now
    assert round_violations(second) == []
    play(second, director, {})
    third = rounds.generate_round(girone)
    assert 20 in {p for row in seats(third) for p in row[1:]}
    assert all(ew is not None for _n, _ns, ew in seats(third))
    assert max(meetings(girone).values()) == 1


def test_a_late_pair_takes_the_seat_a_withdrawn_pair_left(
    make_tournament, make_pairs, director
):
    tournament, pairs, girone = start(
        make_tournament, make_pairs, "3xmitchell+danese", 6
    )
    play(rounds.generate_round(girone), director, {})
    set_withdrawn(pairs[1], True)  # pair 2 (EO)
    gironi.add_late_pair(late_pair(tournament, 30), girone)
    second = rounds.generate_round(girone)
    rows = seats(second)
    assert 30 in {p for row in rows for p in row[1:]}
    assert 2 not in {p for row in rows for p in row[1:]}
    assert all(ew is not None for _n, _ns, ew in rows)
    play(second, director, {})
    third = rounds.generate_round(girone)
    assert 30 in {p for row in seats(third) for p in row[1:]}
    assert max(meetings(girone).values()) == 1


def test_a_late_pair_without_a_seat_is_refused_with_the_way_out(
    make_tournament, make_pairs, director
):
    tournament, _pairs, girone = start(
        make_tournament, make_pairs, "3xmitchell+danese", 6
    )
    play(rounds.generate_round(girone), director, {})
    gironi.add_late_pair(late_pair(tournament, 40), girone)
    with pytest.raises(RoundError) as refused:
        rounds.generate_round(girone)
    assert "40" in refused.value.message and refused.value.details
    assert rounds.danese_switch(tournament, girone) == (2, 4)
    rounds.switch_to_danese(tournament, from_round=2)
    tournament.refresh_from_db()
    assert tournament.movement_plan == "mitchell+2xdanese_modificato+danese"
    second = rounds.generate_round(girone)
    assert second.movement == "danese_modificato"
    seated = {p for row in seats(second) for p in row[1:] if p}
    assert seated == {1, 2, 3, 4, 5, 6, 40}


def test_switch_refused_when_the_round_exists(make_tournament, make_pairs, director):
    tournament, _pairs, girone = start(
        make_tournament, make_pairs, "3xmitchell+danese", 6
    )
    play(rounds.generate_round(girone), director, {})
    rounds.generate_round(girone)  # round 2, a Mitchell draft
    with pytest.raises(RoundError, match="2"):
        rounds.switch_to_danese(tournament, from_round=2)
    with pytest.raises(RoundError):
        rounds.switch_to_danese(tournament, from_round=4)  # a Danese already


def test_the_director_adds_a_late_pair_from_the_pairs_page(
    client, make_tournament, make_pairs, director
):
    """Refused on the old code ("already has rounds"); now the pair plays round 2."""
    tournament, _pairs, girone = start(
        make_tournament, make_pairs, "random+3xdanese_modificato", 8
    )
    play(rounds.generate_round(girone), director, {})
    pair = late_pair(tournament, 9)
    client.force_login(director)
    pairs_url = reverse("tournament:pairs", kwargs={"slug": tournament.slug})
    page = client.get(pairs_url).content.decode()
    assert (
        reverse("tournament:place_pair", kwargs={"slug": tournament.slug, "number": 9})
        in page
    )
    answer = client.post(
        reverse("tournament:place_pair", kwargs={"slug": tournament.slug, "number": 9}),
        {"girone": "A"},
        follow=True,
    )
    text = answer.content.decode()
    assert "entra nel Girone A" in text, text
    pair.refresh_from_db()
    assert pair.girone_id == girone.pk
    second = rounds.generate_round(girone)
    assert 9 in {p for row in seats(second) for p in row[1:]}
    play(second, director, {})
    ensure_fresh_tournament(tournament)
    row = Row.objects.get(
        snapshot__girone=girone, snapshot__kind="confirmed", pair_number=9
    )
    assert row.entered_round == 2 and row.missed == 1


def test_placing_a_pair_in_an_unknown_girone_says_so(
    client, tournament, director, make_pairs
):
    make_pairs(tournament, 4)
    gironi.split_into_gironi(tournament, count=1)
    pair = late_pair(tournament, 9)
    client.force_login(director)
    answer = client.post(
        reverse("tournament:place_pair", kwargs={"slug": tournament.slug, "number": 9}),
        {"girone": "Z"},
        follow=True,
    )
    assert "Scegliere uno dei gironi del torneo." in answer.content.decode()
    pair.refresh_from_db()
    assert pair.girone_id is None
    assert Round.objects.count() == 0
