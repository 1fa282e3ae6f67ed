"""Ties at the cut with their explanation, and Burraco knockout matches, end to end."""

import pytest
from django.utils import translation

from knockout import services
from knockout.models import Bracket, BracketMatch
from knockout.services import MatchEntry

from .factories import make_gironi, make_tournament, play_gironi, staff

CYCLE = {(2, 3): 2, (3, 4): 3, (2, 4): 4}  # 2 beats 3, 3 beats 4, 4 beats 2


def cycle_below_1(a, b):
    if 1 in (a, b):
        return 1
    return CYCLE[(min(a, b), max(a, b))]


def test_tie_at_the_cut_is_explained(db):
    """Pairs 2, 3, 4 are level for the second place: the chain's note is shown."""
    tournament = make_tournament()
    play_gironi(tournament, make_gironi(tournament, {"A": 4}), winner=cycle_below_1)
    proposal = services.propose_qualifiers(tournament, per_girone=2)
    (tie,) = proposal.cut_ties
    assert sorted(p.number for p in tie.pairs) == [2, 3, 4]
    assert tie.resolved and len(tie.inside) == 1
    assert tie.note  # the standings chain's explanation, as stored
    assert proposal.entries[1].pair == tie.inside[0]


@pytest.fixture
def burraco(db):
    tournament = make_tournament(game="burraco", hands=2)
    play_gironi(tournament, make_gironi(tournament, {"A": 4}))
    director, referee = staff(tournament)
    bracket = services.confirm_qualifiers(tournament, by=director, per_girone=2)
    services.draw_bracket(bracket.pk, by=director)
    return bracket, referee


def test_burraco_final_tie_lost_by_the_last_move(burraco):
    bracket, referee = burraco
    final = BracketMatch.objects.get(bracket=bracket, round=1, index=0)
    assert (final.pair_a.number, final.pair_b.number, final.best_of) == (1, 2, 2)
    level = [(800, 600), (600, 800)]
    with (
        translation.override("en"),
        pytest.raises(
            services.KnockoutError, match=r"MP are level \(1400\).*last move"
        ),
    ):
        services.enter_result(bracket.pk, 1, 0, MatchEntry(games=level), by=referee)
    final.refresh_from_db()
    assert final.status == "ready" and final.games == []
    match, _ = services.enter_result(
        bracket.pk, 1, 0, MatchEntry(games=level, last_move="a"), by=referee
    )
    assert (match.winner.number, match.decided_by) == (2, "last_move")
    assert Bracket.objects.get(pk=bracket.pk).status == Bracket.Status.FINISHED


def test_burraco_no_show_loses(burraco):
    bracket, referee = burraco
    match, _ = services.enter_result(
        bracket.pk, 1, 0, MatchEntry(no_show="b"), by=referee
    )
    assert (match.winner.number, match.decided_by) == (1, "no_show")


def test_burraco_match_needs_every_smazzata(burraco):
    bracket, referee = burraco
    with (
        translation.override("en"),
        pytest.raises(services.KnockoutError, match="1 of 2 smazzate entered"),
    ):
        services.enter_result(
            bracket.pk, 1, 0, MatchEntry(games=[(900, 300)]), by=referee
        )


def test_best_placed_across_gironi_of_different_sizes(db):
    """Gironi of 4 and 3: the overall standings compare points per match played."""
    tournament = make_tournament()
    gironi = make_gironi(tournament, {"A": 4, "B": 3})
    play_gironi(tournament, gironi)
    proposal = services.propose_qualifiers(tournament, qualify="overall", count=3)
    tags = [(e.girone, e.place) for e in proposal.entries]
    # Both winners first (A's 1 won 3 of 3, B's 5 won 2 of 2 plus a rest).
    assert {tags[0], tags[1]} == {("A", 1), ("B", 1)}
    assert len(tags) == 3 and tags[2][1] == 2
    director, _ = staff(tournament)
    bracket = services.confirm_qualifiers(
        tournament, by=director, qualify="overall", count=3
    )
    services.draw_bracket(bracket.pk, by=director)
    bye = BracketMatch.objects.get(bracket=bracket, round=1, index=0)
    assert bye.status == "bye" and bye.winner_id == proposal.entries[0].pair.pk


def test_one_tabellone_per_girone_set(db):
    tournament = make_tournament()
    play_gironi(tournament, make_gironi(tournament, {"A": 4, "B": 4}))
    director, _ = staff(tournament)
    services.confirm_qualifiers(
        tournament, by=director, per_girone=2, gironi=["A"], name="Uno"
    )
    services.confirm_qualifiers(
        tournament, by=director, per_girone=2, gironi=["B"], name="Due"
    )
    with (
        translation.override("en"),
        pytest.raises(
            services.KnockoutError, match="Girone A already feeds the tabellone Uno"
        ),
    ):
        services.confirm_qualifiers(tournament, by=director, per_girone=2)
    assert Bracket.objects.filter(tournament=tournament).count() == 2


def test_spareggi_of_seed_002_settle_a_level_final(db):
    """briscola-vp: 60-60 is a drawn partita, a level KO match goes to spareggi."""
    tournament = make_tournament(rule_pack="briscola-vp")
    play_gironi(tournament, make_gironi(tournament, {"A": 4}))
    director, referee = staff(tournament)
    bracket = services.confirm_qualifiers(tournament, by=director, per_girone=2)
    services.draw_bracket(bracket.pk, by=director)
    w, lo, t = (70, 50), (50, 70), (60, 60)
    level = [t, w, lo, t, t]  # 1-1 with three drawn partite in a best of 5

    def enter(**kw):
        return services.enter_result(
            bracket.pk, 1, 0, MatchEntry(games=level, **kw), by=referee
        )

    with translation.override("en"):
        with pytest.raises(services.KnockoutError, match="type spareggio 1"):
            enter()
        with pytest.raises(services.KnockoutError, match="type spareggio 3"):
            enter(spareggi=[t, t])
        with pytest.raises(services.KnockoutError, match="made its last trick"):
            enter(spareggi=[t, t, t])
    final = BracketMatch.objects.get(bracket=bracket, round=1, index=0)
    assert final.status == "ready" and final.games == []
    match, _ = enter(spareggi=[t, t, t], last_trick="a")
    assert (match.winner_id, match.decided_by) == (final.pair_b_id, "last_trick")
    with pytest.raises(services.KnockoutError, match="correzione"):
        enter(spareggi=[t, (64, 56)])  # a correction needs its reason (issue 17 §3)
    match, _ = enter(spareggi=[t, (64, 56)], reason="spareggio 2 ricontato")
    assert match.correction_reason == "spareggio 2 ricontato"
    assert (match.winner_id, match.decided_by) == (final.pair_a_id, "spareggio")
