"""Briscola: partite, matches of best of N, knockout spareggi (seeds 001 and 002)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.briscola import (
    CARD_POINTS,
    DECK_POINTS,
    Side,
    Spareggio,
    check_partita,
    match_result,
    partita_winner,
    resolve_spareggi,
)
from rules.errors import InvalidMatchError, InvalidScoreError, RulesError
from rules.packs import load_pack

APPRODO = load_pack("briscola-approdo", 1)  # seed 001
BETFLAG = load_pack("briscola-vp", 1)  # seed 002

A, B = Side.A, Side.B


def test_deck_is_worth_120() -> None:
    """Seed 002: 4 x 11 + 4 x 10 + 4 x 4 + 4 x 3 + 4 x 2 = 120."""
    assert DECK_POINTS == 120
    assert (CARD_POINTS["A"], CARD_POINTS["3"], CARD_POINTS["K"]) == (11, 10, 4)
    assert (CARD_POINTS["Q"], CARD_POINTS["J"], CARD_POINTS["7"]) == (3, 2, 0)


@pytest.mark.parametrize(
    ("a", "b", "winner"),
    [
        pytest.param(61, 59, A, id="61-wins"),
        pytest.param(59, 61, B, id="61-wins-b"),
        pytest.param(93, 27, A, id="seed002-example-93-27"),
        pytest.param(120, 0, A, id="cappotto"),
        pytest.param(60, 60, None, id="60-60"),
    ],
)
def test_partita_winner(a: int, b: int, winner: Side | None) -> None:
    assert partita_winner(a, b) is winner


@pytest.mark.parametrize(
    ("a", "b", "pattern"),
    [
        (70, 40, "70 \\+ 40 = 110"),
        (121, -1, "121"),
        (60.0, 60, "60.0"),
        (True, 119, "True"),
    ],
)
def test_partita_totals_are_checked(a: object, b: object, pattern: str) -> None:
    with pytest.raises(InvalidScoreError, match=pattern):
        check_partita(a, b)  # type: ignore[arg-type]


# --- seed 001: L'Approdo, best of 3, 1 point, 60-60 replayed -------------------------


@pytest.mark.parametrize(
    ("games", "winner", "won", "points"),
    [
        pytest.param([(70, 50), (80, 40)], A, (2, 0), (1, 0), id="2-0"),
        pytest.param([(70, 50), (40, 80), (30, 90)], B, (1, 2), (0, 1), id="1-2"),
        pytest.param(
            [(60, 60), (70, 50), (60, 60), (80, 40)], A, (2, 0), (1, 0), id="replays"
        ),
    ],
)
def test_seed_001_two_of_three(
    games: list[tuple[int, int]],
    winner: Side,
    won: tuple[int, int],
    points: tuple[int, int],
) -> None:
    """Seed 001: "un punto in classifica la squadra che vince due partite su tre"."""
    result = match_result(games, 3, APPRODO)
    assert result.winner is winner
    assert (result.games_won_a, result.games_won_b) == won
    assert (result.points_a, result.points_b) == points
    assert result.games_drawn == 0


def test_seed_001_replayed_partita_does_not_count() -> None:
    """Seed 001: a 60-60 round "è considerato nullo e deve essere ripetuto"."""
    result = match_result([(60, 60), (61, 59), (60, 60), (62, 58)], 3, APPRODO)
    assert result.games_replayed == 2
    assert result.games_counted == 2
    assert (result.card_points_a, result.card_points_b) == (123, 117)


def test_seed_001_final_three_of_five() -> None:
    """Seed 001: "Le finali ... n. 5 partite e vincerà chi ne avrà vinto 3/5"."""
    games = [(70, 50), (40, 80), (70, 50), (40, 80), (90, 30)]
    result = match_result(games, 5, APPRODO, knockout=True)
    assert result.winner is A and (result.games_won_a, result.games_won_b) == (3, 2)
    with pytest.raises(InvalidMatchError, match="too few partite: 4 counted"):
        match_result(games[:4], 5, APPRODO)
    short = [(70, 50), (70, 50), (70, 50)]
    assert match_result(short, 5, APPRODO).winner is A


def test_seed_001_women_single_partita() -> None:
    """Seed 001: "per il torneo femminile si giocherà una partita secca"."""
    assert match_result([(40, 80)], 1, APPRODO).winner is B
    assert match_result([(60, 60), (40, 80)], 1, APPRODO).games_replayed == 1


def test_games_after_the_match_was_decided_are_rejected() -> None:
    """A 4th win in a best of 5 (or a 3rd partita after 2-0 in a best of 3)."""
    with pytest.raises(InvalidMatchError, match=r"partita 3 \(50-70\).*2-0.*best of 3"):
        match_result([(70, 50), (70, 50), (50, 70)], 3, APPRODO)
    with pytest.raises(InvalidMatchError, match=r"partita 5.*3-1.*best of 5"):
        match_result([(70, 50), (50, 70), (70, 50), (70, 50), (70, 50)], 5, APPRODO)
    with pytest.raises(InvalidMatchError, match=r"partita 3 \(60-60\)"):
        match_result([(70, 50), (70, 50), (60, 60)], 3, APPRODO)


def test_too_few_games_are_rejected() -> None:
    with pytest.raises(InvalidMatchError, match="too few partite: 1 counted"):
        match_result([(70, 50)], 3, APPRODO)
    with pytest.raises(InvalidMatchError, match="too few partite: 0 counted"):
        match_result([], 3, APPRODO)
    with pytest.raises(InvalidMatchError, match="too few partite: 0 counted"):
        match_result([(60, 60)], 1, APPRODO)


@pytest.mark.parametrize("best_of", [0, 2, 4, -1, 3.0, True])
def test_best_of_must_be_odd(best_of: object) -> None:
    with pytest.raises(InvalidMatchError, match=repr(best_of)):
        match_result([(70, 50)], best_of, APPRODO)  # type: ignore[arg-type]


def test_a_game_must_be_a_pair_of_points() -> None:
    with pytest.raises(InvalidMatchError, match=r"partita 2.*\(70,\)"):
        match_result([(70, 50), (70,)], 3, APPRODO)  # type: ignore[list-item]
    with pytest.raises(InvalidScoreError, match="110"):
        match_result([(70, 40), (70, 50)], 3, APPRODO)


# --- seed 002: BetFlag, 20/10/0 VP, 60-60 a draw, spareggi in knockout ---------------


@pytest.mark.parametrize(
    ("games", "winner", "points"),
    [
        pytest.param([(80, 40), (70, 50)], A, (20, 0), id="vittoria"),
        pytest.param([(80, 40), (60, 60), (40, 80)], None, (10, 10), id="pareggio"),
        pytest.param(
            [(60, 60), (60, 60), (40, 80)], B, (0, 20), id="one-win-two-draws"
        ),
        pytest.param([(60, 60), (80, 40), (60, 60)], A, (20, 0), id="draw-win-draw"),
    ],
)
def test_seed_002_vp_table(
    games: list[tuple[int, int]], winner: Side | None, points: tuple[int, int]
) -> None:
    """Seed 002: Vittoria 20, Pareggio (ove previsto) 10, Sconfitta 0."""
    result = match_result(games, 3, BETFLAG)
    assert result.winner is winner
    assert (result.points_a, result.points_b) == points


def test_seed_002_a_drawn_partita_counts() -> None:
    result = match_result([(60, 60)], 1, BETFLAG)
    assert result.winner is None and result.games_drawn == 1
    assert (result.points_a, result.points_b) == (10, 10)
    with pytest.raises(InvalidMatchError, match="too few"):
        match_result([(80, 40), (60, 60)], 3, BETFLAG)  # B can still draw level


def test_seed_002_knockout_spareggi() -> None:
    """Seed 002 "Parità": up to 3 spareggi, most points wins; then the last trick loses."""
    level = [(80, 40), (60, 60), (40, 80)]
    first = match_result(level, 3, BETFLAG, knockout=True, spareggi=[Spareggio(70, 50)])
    assert first.winner is A and (first.points_a, first.points_b) == (20, 0)
    assert first.spareggi is not None and first.spareggi.played == 1
    third = match_result(
        level,
        3,
        BETFLAG,
        knockout=True,
        spareggi=[Spareggio(60, 60), Spareggio(60, 60), Spareggio(50, 70)],
    )
    assert third.winner is B and third.spareggi is not None
    assert not third.spareggi.by_last_trick
    last_trick = match_result(
        level,
        3,
        BETFLAG,
        knockout=True,
        spareggi=[Spareggio(60, 60)] * 2 + [Spareggio(60, 60, last_trick=B)],
    )
    # "perde il giocatore che ha fatto l'ultima presa nel 3° spareggio"
    assert last_trick.winner is A and last_trick.spareggi is not None
    assert last_trick.spareggi.by_last_trick and last_trick.spareggi.played == 3


def test_spareggi_errors() -> None:
    level = [(60, 60)]
    with pytest.raises(InvalidMatchError, match="needs its spareggi"):
        match_result(level, 1, BETFLAG, knockout=True)
    with pytest.raises(InvalidMatchError, match="play spareggio 2"):
        match_result(level, 1, BETFLAG, knockout=True, spareggi=[Spareggio(60, 60)])
    with pytest.raises(InvalidMatchError, match="last_trick = None"):
        resolve_spareggi([Spareggio(60, 60)] * 3, BETFLAG)
    with pytest.raises(InvalidMatchError, match="at most 3 spareggi, got 4"):
        resolve_spareggi([Spareggio(60, 60)] * 4, BETFLAG)
    with pytest.raises(
        InvalidMatchError, match=r"spareggio 1 \(70-50\) already decided"
    ):
        resolve_spareggi([Spareggio(70, 50), Spareggio(50, 70)], BETFLAG)
    with pytest.raises(InvalidMatchError, match="girone match"):
        match_result(level, 1, BETFLAG, spareggi=[Spareggio(70, 50)])
    with pytest.raises(InvalidMatchError, match="knockout match ending 1-0"):
        match_result(
            [(70, 50)], 1, BETFLAG, knockout=True, spareggi=[Spareggio(70, 50)]
        )
    with pytest.raises(InvalidScoreError, match="110"):
        Spareggio(70, 40)


def test_a_burraco_pack_is_rejected() -> None:
    with pytest.raises(RulesError, match=r"fibur-2026 v1.*\[briscola\]"):
        match_result([(70, 50)], 1, load_pack("fibur-2026", 1))


_partite = st.integers(0, 120).map(lambda a: (a, 120 - a))


@given(
    stream=st.lists(_partite, min_size=12, max_size=12),
    best_of=st.sampled_from([1, 3, 5]),
)
def test_replay_pack_stops_at_the_majority(
    stream: list[tuple[int, int]], best_of: int
) -> None:
    """Seed 001 rules by simple counting: the first side to ceil(N/2) wins, 60-60 void."""
    need = (best_of + 1) // 2
    won = {A: 0, B: 0}
    played: list[tuple[int, int]] = []
    for a, b in stream:
        played.append((a, b))
        if a != 60:
            won[A if a > 60 else B] += 1
        if need in won.values():
            break
    if need not in won.values():  # twelve partite, too many of them 60-60
        with pytest.raises(InvalidMatchError, match="too few"):
            match_result(played, best_of, APPRODO)
        return
    winner = A if won[A] == need else B
    result = match_result(played, best_of, APPRODO)
    assert result.winner is winner
    assert (result.games_won_a, result.games_won_b) == (won[A], won[B])
    assert (result.points_a, result.points_b) == ((1, 0) if winner is A else (0, 1))
    with pytest.raises(InvalidMatchError, match="after the match was decided"):
        match_result([*played, (70, 50)], best_of, APPRODO)
    if played[:-1]:
        with pytest.raises(InvalidMatchError, match="too few"):
            match_result(played[:-1], best_of, APPRODO)
