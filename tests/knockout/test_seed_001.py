"""Seed 001 end to end: two gironi of 9, the first four of each, finals best of 5."""

import pytest
from django.utils import translation

from knockout import services
from knockout.models import Bracket, BracketMatch
from knockout.services import MatchEntry

from .factories import make_gironi, make_tournament, play_gironi, staff

W, L, T = (70, 50), (50, 70), (60, 60)


@pytest.fixture
def seed_001(db):
    tournament = make_tournament(slug="approdo-maschile")
    gironi = make_gironi(tournament, {"A": 9, "B": 9})
    play_gironi(tournament, gironi)
    return tournament, gironi


@pytest.fixture
def small(db):
    """Two gironi of 4 (everybody qualifies with per_girone=4): a quick tabellone of 8."""
    tournament = make_tournament()
    gironi = make_gironi(tournament, {"A": 4, "B": 4})
    play_gironi(tournament, gironi)
    return tournament, gironi


def tag(match, side):
    pair = match.pair_a if side == "a" else match.pair_b
    return pair.number if pair else None


def test_seed_001_format_end_to_end(seed_001):
    tournament, _ = seed_001
    director, referee = staff(tournament)
    assert services.gironi_problems(tournament) == []
    proposal = services.propose_qualifiers(tournament, per_girone=4)
    assert [e.pair.number for e in proposal.entries] == [1, 10, 11, 2, 3, 12, 13, 4]
    assert proposal.cut_ties == []
    bracket = services.confirm_qualifiers(tournament, by=director, per_girone=4)
    assert (bracket.best_of, bracket.final_best_of) == (3, 5)  # seed 001's pack
    services.draw_bracket(bracket.pk, by=director)
    bracket.refresh_from_db()
    assert (bracket.size, bracket.status) == (8, Bracket.Status.DRAWN)
    quarters = BracketMatch.objects.filter(bracket=bracket, round=1).order_by("index")
    # 1A v 4B, 2B v 3A, 1B v 4A, 2A v 3B
    assert [(tag(m, "a"), tag(m, "b")) for m in quarters] == [
        (1, 13),
        (11, 3),
        (10, 4),
        (2, 12),
    ]
    assert {m.best_of for m in quarters} == {3}

    def enter(round_, index, games, **kw):
        return services.enter_result(
            bracket.pk, round_, index, MatchEntry(games=games, **kw), by=referee
        )

    enter(1, 0, [W, W])  # 1 beats 13
    enter(1, 1, [L, W, L])  # 3 beats 11
    enter(1, 2, [W, T, W])  # a 60-60 partita is replayed: 10 beats 4
    enter(1, 3, [L, L])  # 12 beats 2
    semi = BracketMatch.objects.get(bracket=bracket, round=2, index=0)
    assert (tag(semi, "a"), tag(semi, "b"), semi.status) == (1, 3, "ready")
    enter(2, 0, [W, W])
    enter(2, 1, [L, L])  # 12 beats 10
    final = BracketMatch.objects.get(bracket=bracket, round=3, index=0)
    assert (tag(final, "a"), tag(final, "b"), final.best_of) == (1, 12, 5)
    # Best of 5: 2-2 is not over, and a partita with a 4th win is refused.
    with (
        translation.override("en"),
        pytest.raises(services.KnockoutError, match="at 2-2 the match is not over yet"),
    ):
        enter(3, 0, [W, L, W, L])
    with (
        translation.override("en"),
        pytest.raises(
            services.KnockoutError, match="4 partite won, but the match ends at 3"
        ),
    ):
        enter(3, 0, [W, W, W, W])
    match, impact = enter(3, 0, [W, L, T, L, W, W])
    assert (match.winner.number, match.score_a, match.score_b) == (1, 3, 2)
    assert impact == []
    bracket.refresh_from_db()
    assert bracket.status == Bracket.Status.FINISHED


def test_result_refused_while_the_pairs_are_unknown(small):
    tournament, _ = small
    director, referee = staff(tournament)
    bracket = services.confirm_qualifiers(tournament, by=director, per_girone=4)
    services.draw_bracket(bracket.pk, by=director)
    version = Bracket.objects.get(pk=bracket.pk).version
    with (
        translation.override("en"),
        pytest.raises(
            services.KnockoutError,
            match="round 2, match 1: its pairs are not known yet",
        ),
    ):
        services.enter_result(bracket.pk, 2, 0, MatchEntry(games=[W, W]), by=referee)
    semi = BracketMatch.objects.get(bracket=bracket, round=2, index=0)
    assert (semi.games, semi.winner_id, semi.status) == ([], None, "waiting")
    assert Bracket.objects.get(pk=bracket.pk).version == version


def test_correction_flags_the_played_semifinal(small):
    tournament, _ = small
    director, referee = staff(tournament)
    bracket = services.confirm_qualifiers(
        tournament, by=director, per_girone=4, third_place=True
    )
    services.draw_bracket(bracket.pk, by=director)
    for index in range(4):
        services.enter_result(
            bracket.pk, 1, index, MatchEntry(games=[W, W]), by=referee
        )
    services.enter_result(bracket.pk, 2, 0, MatchEntry(games=[W, W]), by=referee)
    # The referee corrects quarter-final 1 (1A v 4B): 8 beat 1 after all.
    with translation.override("en"):
        _, impact = services.enter_result(
            bracket.pk, 1, 0, MatchEntry(games=[L, L], reason="score card"), by=referee
        )

    def number(pair):
        return pair.number if pair else None

    assert [
        (i.match.round, i.match.index, number(i.old), number(i.new), i.was_played)
        for i in impact
    ] == [(2, 0, 1, 8, True), (3, 0, 1, None, False), (3, 1, 6, None, False)]
    semi = BracketMatch.objects.get(bracket=bracket, round=2, index=0)
    assert (semi.status, semi.winner_id, semi.games) == (
        "flagged",
        None,
        [[70, 50], [70, 50]],
    )
    assert "replaced" in semi.flag_note and "8." in semi.flag_note
    final = BracketMatch.objects.get(bracket=bracket, round=3, index=0)
    assert final.pair_a_id is None  # the semifinal winner was withdrawn
    # The referee enters the semifinal again: 8 goes on, 6 to the third place.
    services.enter_result(bracket.pk, 2, 0, MatchEntry(games=[W, L, W]), by=referee)
    semi.refresh_from_db()
    assert (semi.status, semi.flag_note, semi.winner.number) == ("played", "", 8)
    final.refresh_from_db()
    assert final.pair_a.number == 8
    third = BracketMatch.objects.get(bracket=bracket, round=3, index=1)
    assert third.pair_a.number == 6


def test_every_partita_is_played_under_briscola_approdo_v3(small):
    """Seed 001: "Le finali dei due Tornei saranno giocate n. 5 partite e vincerà chi
    ne avrà vinto 3/5" (docs/rules.md §10.2, ``play_all_partite`` of v3): a knockout
    match stopped at 2-0 is not over; its third partita counts, a 3-0 too."""
    from tournament.models import Tournament

    tournament, _ = small
    Tournament.objects.filter(pk=tournament.pk).update(rule_pack_version=3)
    tournament.refresh_from_db()
    director, referee = staff(tournament)
    bracket = services.confirm_qualifiers(tournament, by=director, per_girone=4)
    services.draw_bracket(bracket.pk, by=director)
    with (
        translation.override("en"),
        pytest.raises(services.KnockoutError, match="at 2-0 the match is not over"),
    ):
        services.enter_result(bracket.pk, 1, 0, MatchEntry(games=[W, W]), by=referee)
    match, _ = services.enter_result(
        bracket.pk, 1, 0, MatchEntry(games=[W, W, W]), by=referee
    )
    assert (match.score_a, match.score_b) == (3, 0)
    match, _ = services.enter_result(
        bracket.pk, 1, 1, MatchEntry(games=[W, T, L, L]), by=referee
    )
    assert (match.score_a, match.score_b) == (1, 2)
