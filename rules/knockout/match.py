"""Who wins a knockout match (incontro): Briscola best of N, Burraco on MP, no-shows.

Briscola (seed 001, seed 002; docs/rules.md §10):

* an incontro is best of N partite (N odd: 3 in the gironi, 5 in the finals of seed
  001) and is decided at ceil(N/2) partite won, or, with ``play_all`` (the pack's
  ``play_all_partite``, seed 001: "saranno giocate n. 5 partite e vincerà chi ne avrà
  vinto 3/5"), after all N partite; a further partita is refused;
* a 60-60 partita is replayed (seed 001: "il round è considerato nullo e deve essere
  ripetuto", ``tie_60="replay"``) or counts as a drawn partita (``"draw"``, seed 002's
  "pareggio ove previsto"); with drawn partite the incontro is also decided as soon as
  the trailing pair can no longer catch up, and it can end level after N partite;
* a level knockout incontro goes to spareggi (seed 002): up to ``spareggi`` extra
  partite, each won by the pair with more points; if the last one is level too, the
  pair that made the last trick of it loses (a referee's entry, ``last_trick``).

Burraco (seed 004): the incontro is N smazzate; the pair with more MP wins; on a tie
the line that made the last move of the last smazzata loses (``last_move``, entered as
a referee's decision).

Either game: a pair absent when the waiting time of the pack is over loses
(``no_show``); the partite or smazzate entered so far are kept but do not count.

Sides are ``"a"`` and ``"b"`` (the upper and lower pair of the match in the tabellone).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Literal

from rules.errors import InvalidMatchError, InvalidScoreError

Side = Literal["a", "b"]
Tie60 = Literal["replay", "draw"]

#: Card points in a Briscola deck.
DECK_POINTS = 120


class Decision(Enum):
    """How a decided match was decided (None of these: still open)."""

    GAMES = "games"  # partite won (Briscola) or MP (Burraco)
    SPAREGGIO = "spareggio"  # a spareggio partita with more points
    LAST_TRICK = "last_trick"  # last spareggio level: the last trick loses
    LAST_MOVE = "last_move"  # Burraco MP level: the last move loses
    NO_SHOW = "no_show"  # a pair absent after the waiting time
    DRAWN = "drawn"  # level and not a knockout match (no winner)


class Pending(Enum):
    """What the match still needs before it has a result."""

    GAME = "game"  # another partita (Briscola) or smazzata (Burraco)
    SPAREGGIO = "spareggio"  # a spareggio partita
    LAST_TRICK = "last_trick"  # who made the last trick of the last spareggio
    LAST_MOVE = "last_move"  # who made the last move of the last smazzata


@dataclass(frozen=True)
class MatchOutcome:
    """The state of a match after the partite (or smazzate) entered so far.

    ``score_a``/``score_b`` are partite won (Briscola) or MP totals (Burraco);
    ``winner`` is None while ``pending`` says what is missing, or when a non-knockout
    Briscola match ends level (``decided_by`` DRAWN).
    """

    winner: Side | None
    score_a: int
    score_b: int
    decided_by: Decision | None = None
    pending: Pending | None = None
    replayed: int = 0  # 60-60 partite replayed (not counted)
    drawn_games: int = 0  # 60-60 partite counted as drawn
    spareggi_played: int = 0

    @property
    def decided(self) -> bool:
        """Whether nothing more can be entered (a winner, or a drawn girone match).

        >>> MatchOutcome("a", 2, 0, Decision.GAMES).decided
        True
        """
        return self.pending is None


def other(side: Side) -> Side:
    """The opposing side.

    >>> other("a")
    'b'
    """
    return "b" if side == "a" else "a"


def wins_needed(best_of: int) -> int:
    """Partite to win a best-of-``best_of`` incontro: ceil(N/2).

    >>> wins_needed(3), wins_needed(5), wins_needed(1)
    (2, 3, 1)
    """
    if type(best_of) is not int or best_of < 1 or best_of % 2 == 0:
        raise InvalidMatchError(f"best_of must be an odd number >= 1, got {best_of!r}")
    return best_of // 2 + 1


def briscola_match(
    games: Sequence[tuple[int, int]],
    best_of: int,
    *,
    tie_60: Tie60 = "replay",
    knockout: bool = True,
    spareggi: Sequence[tuple[int, int]] = (),
    max_spareggi: int = 3,
    last_trick: Side | None = None,
    no_show: Side | None = None,
    play_all: bool = False,
) -> MatchOutcome:
    """Decide a Briscola incontro from its partite, given as (points a, points b).

    >>> briscola_match([(70, 50), (40, 80), (61, 59)], 3)
    MatchOutcome(winner='a', score_a=2, score_b=1, decided_by=<Decision.GAMES: 'games'>, \
pending=None, replayed=0, drawn_games=0, spareggi_played=0)
    >>> briscola_match([(70, 50), (60, 60)], 3).pending
    <Pending.GAME: 'game'>
    >>> briscola_match([(60, 60), (70, 50), (50, 70)], 3, tie_60="draw",
    ...                spareggi=[(60, 60), (66, 54)]).decided_by
    <Decision.SPAREGGIO: 'spareggio'>
    >>> briscola_match([(70, 50), (80, 40)], 3, play_all=True).pending
    <Pending.GAME: 'game'>
    >>> briscola_match([(70, 50), (80, 40), (90, 30)], 3, play_all=True).score_a
    3
    """
    need = wins_needed(best_of)
    if tie_60 not in ("replay", "draw"):
        raise InvalidMatchError(f"tie_60 must be 'replay' or 'draw', got {tie_60!r}")
    if type(max_spareggi) is not int or max_spareggi < 0:
        raise InvalidMatchError(f"max_spareggi must be >= 0, got {max_spareggi!r}")
    _check_side(last_trick, "last_trick")
    _check_side(no_show, "no_show")
    partite = _count_partite(games, best_of, need, tie_60=tie_60, play_all=play_all)
    a, b = partite.a, partite.b
    if no_show is not None:
        return partite.outcome(other(no_show), Decision.NO_SHOW)
    if not partite.decided:
        if spareggi or last_trick:
            raise InvalidMatchError(
                f"spareggi or a last trick entered while the incontro is still open "
                f"at {a}-{b} after {partite.counted} of {best_of} partite"
            )
        return partite.outcome(None, pending=Pending.GAME)
    if a != b:
        if spareggi or last_trick:
            raise InvalidMatchError(
                f"spareggi or a last trick entered, but the incontro was won {a}-{b}"
            )
        return partite.outcome("a" if a > b else "b", Decision.GAMES)
    if not knockout:
        if spareggi or last_trick:
            raise InvalidMatchError("spareggi are played in knockout incontri only")
        return partite.outcome(None, Decision.DRAWN)
    return _spareggi(partite, spareggi, max_spareggi, last_trick)


@dataclass(frozen=True)
class _Partite:
    """The partite of a Briscola incontro as counted: won by each side (``a``,
    ``b``), counted in all, 60-60 replayed or drawn, and whether it is decided."""

    a: int
    b: int
    counted: int
    replayed: int
    drawn: int
    decided: bool

    def outcome(
        self,
        winner: Side | None,
        decided_by: Decision | None = None,
        *,
        pending: Pending | None = None,
        spareggi_played: int = 0,
    ) -> MatchOutcome:
        """The incontro's outcome after these partite."""
        return MatchOutcome(
            winner,
            self.a,
            self.b,
            decided_by,
            pending,
            replayed=self.replayed,
            drawn_games=self.drawn,
            spareggi_played=spareggi_played,
        )


def _count_partite(
    games: Sequence[tuple[int, int]],
    best_of: int,
    need: int,
    *,
    tie_60: Tie60,
    play_all: bool,
) -> _Partite:
    """Count the partite of a best of ``best_of``; one after the incontro was decided
    is refused."""
    wins = {"a": 0, "b": 0}
    counted = replayed = drawn = 0
    decided = False
    for number, game in enumerate(games, start=1):
        if decided:
            raise InvalidMatchError(
                f"partita {number} {_show(game)} entered, but the incontro was already "
                f"decided {wins['a']}-{wins['b']} (best of {best_of}, "
                f"{need} partite to win)"
            )
        side = _game_winner(game, f"partita {number}")
        if side is None:
            if tie_60 == "replay":
                replayed += 1
                continue
            drawn += 1
        else:
            wins[side] += 1
        counted += 1
        left = best_of - counted
        decided = counted == best_of or (
            not play_all
            and (max(wins.values()) >= need or abs(wins["a"] - wins["b"]) > left)
        )
    return _Partite(wins["a"], wins["b"], counted, replayed, drawn, decided)


def _spareggi(
    partite: _Partite,
    spareggi: Sequence[tuple[int, int]],
    max_spareggi: int,
    last_trick: Side | None,
) -> MatchOutcome:
    """A level knockout incontro: spareggi, then the last trick of the last one."""
    if len(spareggi) > max_spareggi:
        raise InvalidMatchError(
            f"{len(spareggi)} spareggi entered, at most {max_spareggi} are played"
        )
    for number, game in enumerate(spareggi, start=1):
        side = _game_winner(game, f"spareggio {number}")
        if side is None:
            continue
        if number < len(spareggi) or last_trick:
            raise InvalidMatchError(
                f"spareggio {number} {_show(game)} decided the incontro; nothing more "
                f"may follow it"
            )
        return partite.outcome(side, Decision.SPAREGGIO, spareggi_played=number)
    played = len(spareggi)
    if played < max_spareggi:
        if last_trick:
            raise InvalidMatchError(
                f"the last trick decides only after {max_spareggi} level spareggi, "
                f"{played} entered"
            )
        return partite.outcome(None, pending=Pending.SPAREGGIO, spareggi_played=played)
    if last_trick is None:
        return partite.outcome(None, pending=Pending.LAST_TRICK, spareggi_played=played)
    return partite.outcome(
        other(last_trick), Decision.LAST_TRICK, spareggi_played=played
    )


def burraco_match(
    hands: Sequence[tuple[int, int]],
    hands_planned: int,
    *,
    last_move: Side | None = None,
    no_show: Side | None = None,
) -> MatchOutcome:
    """Decide a Burraco knockout incontro from its smazzate, given as (MP a, MP b).

    >>> burraco_match([(1200, 400), (300, 900)], 2)
    MatchOutcome(winner='a', score_a=1500, score_b=1300, decided_by=<Decision.GAMES: 'games'>, \
pending=None, replayed=0, drawn_games=0, spareggi_played=0)
    >>> burraco_match([(800, 600), (600, 800)], 2, last_move="a").winner
    'b'
    """
    if type(hands_planned) is not int or hands_planned < 1:
        raise InvalidMatchError(f"hands_planned must be >= 1, got {hands_planned!r}")
    _check_side(last_move, "last_move")
    _check_side(no_show, "no_show")
    if len(hands) > hands_planned:
        raise InvalidMatchError(
            f"{len(hands)} smazzate entered, the incontro has {hands_planned}"
        )
    total = {"a": 0, "b": 0}
    for number, hand in enumerate(hands, start=1):
        for side, mp in zip(("a", "b"), hand, strict=True):
            if type(mp) is not int or mp % 5:
                raise InvalidScoreError(
                    f"smazzata {number}: MP must be whole multiples of 5, got {hand!r}"
                )
            total[side] += mp
    score_a, score_b = total["a"], total["b"]
    if no_show is not None:
        return MatchOutcome(other(no_show), score_a, score_b, Decision.NO_SHOW)
    if len(hands) < hands_planned:
        if last_move:
            raise InvalidMatchError(
                f"last move entered after {len(hands)} of {hands_planned} smazzate"
            )
        return MatchOutcome(None, score_a, score_b, pending=Pending.GAME)
    if score_a != score_b:
        if last_move:
            raise InvalidMatchError(
                f"last move entered, but the MP are not level ({score_a}-{score_b})"
            )
        winner: Side = "a" if score_a > score_b else "b"
        return MatchOutcome(winner, score_a, score_b, Decision.GAMES)
    if last_move is None:
        return MatchOutcome(None, score_a, score_b, pending=Pending.LAST_MOVE)
    return MatchOutcome(other(last_move), score_a, score_b, Decision.LAST_MOVE)


def _game_winner(game: tuple[int, int], what: str) -> Side | None:
    """The side that won one partita (None = 60-60), after checking its points."""
    if len(game) != 2 or any(type(p) is not int or p < 0 for p in game):
        raise InvalidScoreError(
            f"{what}: points must be two whole numbers >= 0, got {game!r}"
        )
    a, b = game
    if a + b > DECK_POINTS:
        raise InvalidScoreError(
            f"{what}: {a} + {b} = {a + b} points, more than the {DECK_POINTS} of the deck"
        )
    if a == b == DECK_POINTS // 2:
        return None
    if max(a, b) <= DECK_POINTS // 2:
        raise InvalidScoreError(
            f"{what}: {a}-{b}, nobody reached {DECK_POINTS // 2 + 1} points"
        )
    return "a" if a > b else "b"


def _check_side(side: object, name: str) -> None:
    if side is not None and side not in ("a", "b"):
        raise InvalidMatchError(f"{name} must be 'a', 'b' or None, got {side!r}")


def _show(game: tuple[int, int]) -> str:
    return "-".join(str(p) for p in game)
