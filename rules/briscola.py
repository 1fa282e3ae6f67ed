"""Briscola scoring: a partita's points, a match (incontro) of best of N, knockout spareggi.

Seeds 001 and 002, docs/rules.md §10:

* 40 cards worth 120 points in all (A 11, 3 10, K 4, Q/cavallo 3, J/fante 2, the rest 0),
  so a partita's two totals add up to 120 and 61 or more wins it;
* 60-60 follows the pack's ``tie_60``: ``"replay"`` (seed 001: "il round è considerato
  nullo e deve essere ripetuto", so the partita does not count and is played again) or
  ``"draw"`` (seed 002: "la smazzata finisce in parità");
* a match is best of N partite, N odd (seed 002: "il numero di smazzate deve sempre essere
  dispari"; seed 001: 2 of 3, finals 3 of 5). It stops as soon as one side cannot be
  caught: without drawn partite that is at ceil(N/2) wins. A partita typed after that, or
  too few partite, is rejected;
* standings points per match from the pack: 1/0 (seed 001) or 20/10/0 VP (seed 002);
* a knockout match that ends level (only possible with drawn partite) goes to up to
  ``knockout_spareggi`` extra partite (seed 002: "1°, 2°, 3° spareggio", most points
  wins); if the last one is level too, the side that made its last trick loses.

Sides are ``"a"`` and ``"b"`` (the scoring app maps them to NS and EO). Terminology:
partita = game (seed 002 says "smazzata", seed 001 "round"); incontro = match; spareggio =
tie-break game; presa = trick; girone = group; tabellone = knockout bracket.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from rules.errors import InvalidMatchError, InvalidScoreError
from rules.packs import BriscolaSection, RulePack

__all__ = [
    "CARD_POINTS",
    "DECK_POINTS",
    "WINNING_POINTS",
    "ForfeitResult",
    "MatchResult",
    "Side",
    "Spareggio",
    "SpareggioResult",
    "check_partita",
    "forfeit_result",
    "match_result",
    "partita_winner",
    "resolve_spareggi",
]

#: Points of each rank (seed 001 "Valore di Presa e Punteggio delle Carte", seed 002).
CARD_POINTS: dict[str, int] = {
    "A": 11,
    "3": 10,
    "K": 4,  # re
    "Q": 3,  # cavallo / donna
    "J": 2,  # fante
    "7": 0,
    "6": 0,
    "5": 0,
    "4": 0,
    "2": 0,
}
#: 4 x 11 + 4 x 10 + 4 x 4 + 4 x 3 + 4 x 2 (seed 002).
DECK_POINTS = 4 * sum(CARD_POINTS.values())
#: "totalizzando 61 punti, si ha la certezza di fare più punti dell'avversario" (seed 002).
WINNING_POINTS = DECK_POINTS // 2 + 1


class Side(StrEnum):
    """One side of a match (the scoring app maps ``A`` to NS, ``B`` to EO)."""

    A = "a"
    B = "b"

    @property
    def other(self) -> Side:
        """The opposing side.

        >>> Side.A.other
        <Side.B: 'b'>
        """
        return Side.B if self is Side.A else Side.A


def check_partita(points_a: int, points_b: int) -> tuple[int, int]:
    """Validate a partita's two totals: whole numbers from 0 to 120 adding up to 120.

    >>> check_partita(93, 27)
    (93, 27)
    >>> check_partita(70, 40)
    Traceback (most recent call last):
    ...
    rules.errors.InvalidScoreError: a partita's points add up to 120, got 70 + 40 = 110
    """
    for points in (points_a, points_b):
        if type(points) is not int or not 0 <= points <= DECK_POINTS:
            raise InvalidScoreError(
                f"a side's points in a partita are a whole number from 0 to {DECK_POINTS},"
                f" got {points!r}"
            )
    if points_a + points_b != DECK_POINTS:
        raise InvalidScoreError(
            f"a partita's points add up to {DECK_POINTS}, got {points_a} + {points_b}"
            f" = {points_a + points_b}"
        )
    return points_a, points_b


def partita_winner(points_a: int, points_b: int) -> Side | None:
    """The side that won the partita (61 or more), or ``None`` for 60-60.

    >>> partita_winner(61, 59), partita_winner(0, 120), partita_winner(60, 60)
    (<Side.A: 'a'>, <Side.B: 'b'>, None)
    """
    check_partita(points_a, points_b)
    if points_a >= WINNING_POINTS:
        return Side.A
    if points_b >= WINNING_POINTS:
        return Side.B
    return None


@dataclass(frozen=True)
class Spareggio:
    """One knockout tie-break partita; ``last_trick`` = the side that made its last trick.

    ``last_trick`` only matters for the last spareggio the pack allows, when it ends 60-60.
    """

    points_a: int
    points_b: int
    last_trick: Side | None = None

    def __post_init__(self) -> None:
        check_partita(self.points_a, self.points_b)
        if self.last_trick is not None and not isinstance(self.last_trick, Side):
            raise InvalidMatchError(
                f"last_trick must be Side.A, Side.B or None, got {self.last_trick!r}"
            )


@dataclass(frozen=True)
class SpareggioResult:
    """Who won the spareggi, after how many, and whether the last trick decided it."""

    winner: Side
    played: int
    by_last_trick: bool


def resolve_spareggi(spareggi: Sequence[Spareggio], pack: RulePack) -> SpareggioResult:
    """Settle a level knockout match with the spareggi of seed 002.

    The first spareggio with a winner (61+) decides; after ``knockout_spareggi`` level
    ones (3 under briscola-vp), the side that made the last trick of the last one loses.

    >>> from rules.packs import load_pack
    >>> vp = load_pack("briscola-vp", 1)
    >>> resolve_spareggi([Spareggio(60, 60), Spareggio(45, 75)], vp)
    SpareggioResult(winner=<Side.B: 'b'>, played=2, by_last_trick=False)
    >>> level = Spareggio(60, 60)
    >>> resolve_spareggi([level, level, Spareggio(60, 60, last_trick=Side.A)], vp)
    SpareggioResult(winner=<Side.B: 'b'>, played=3, by_last_trick=True)
    """
    allowed = pack.require_briscola().knockout_spareggi
    if not spareggi:
        raise InvalidMatchError("a level knockout match needs its spareggi, got none")
    if len(spareggi) > allowed:
        raise InvalidMatchError(
            f"pack {pack.label} allows at most {allowed} spareggi, got {len(spareggi)}"
        )
    for number, spareggio in enumerate(spareggi, start=1):
        if not isinstance(spareggio, Spareggio):
            raise InvalidMatchError(
                f"spareggio {number} must be a Spareggio, got {spareggio!r}"
            )
        winner = partita_winner(spareggio.points_a, spareggio.points_b)
        if winner is not None:
            if number < len(spareggi):
                raise InvalidMatchError(
                    f"spareggio {number} ({spareggio.points_a}-{spareggio.points_b})"
                    f" already decided the match, yet {len(spareggi)} were given"
                )
            return SpareggioResult(winner, number, by_last_trick=False)
    last = spareggi[-1]
    if len(spareggi) < allowed:
        raise InvalidMatchError(
            f"spareggio {len(spareggi)} ended 60-60: play spareggio {len(spareggi) + 1}"
            f" (up to {allowed})"
        )
    if last.last_trick is None:
        raise InvalidMatchError(
            f"spareggio {len(spareggi)}, the last allowed, ended 60-60: say which side"
            " made its last trick (that side loses), got last_trick = None"
        )
    return SpareggioResult(last.last_trick.other, len(spareggi), by_last_trick=True)


@dataclass(frozen=True)
class MatchResult:
    """The outcome of one match (incontro) between sides A and B.

    ``points_a`` / ``points_b`` are standings points or VP per the pack; the card points
    count the partite that count (not a replayed 60-60, not the spareggi).
    """

    best_of: int
    #: None = a drawn match (only with tie_60 = "draw", and never in a knockout).
    winner: Side | None
    games_won_a: int
    games_won_b: int
    games_drawn: int  # 60-60 partite scored as a draw
    games_replayed: int  # 60-60 partite voided and played again
    card_points_a: int
    card_points_b: int
    points_a: int
    points_b: int
    spareggi: SpareggioResult | None = None

    @property
    def games_counted(self) -> int:
        """Partite that count towards the best of N (replayed ones excluded)."""
        return self.games_won_a + self.games_won_b + self.games_drawn

    def standings_score(self, pack: RulePack) -> tuple[int, int]:
        """What the standings count for each side (pack's ``match_score``, §10.3).

        ``"partite"``: partite won (a drawn or replayed partita is won by nobody);
        ``"card_points"``: the card points of the partite that count.

        >>> from rules.packs import load_pack
        >>> r = match_result([(80, 40), (20, 100), (61, 59)], 3, load_pack("briscola-vp"))
        >>> r.standings_score(load_pack("briscola-vp", 2))
        (2, 1)
        >>> r.standings_score(load_pack("briscola-vp", 1))
        (161, 199)
        """
        if pack.require_briscola().match_score == "partite":
            return self.games_won_a, self.games_won_b
        return self.card_points_a, self.card_points_b


def _check_best_of(best_of: int) -> None:
    if type(best_of) is not int or best_of < 1 or best_of % 2 == 0:
        raise InvalidMatchError(
            f"a match is best of an odd number of partite (1, 3, 5 ...), got {best_of!r}"
        )


@dataclass(frozen=True)
class _Tally:
    won_a: int
    won_b: int
    drawn: int
    replayed: int
    card_a: int
    card_b: int
    decided: bool


def _tally(
    games: Sequence[tuple[int, int]], best_of: int, section: BriscolaSection
) -> _Tally:
    """Count the partite of a match so far; refuse one played after it was decided."""
    _check_best_of(best_of)
    if isinstance(games, (str, bytes)) or not isinstance(games, Sequence):
        raise InvalidMatchError(
            f"games must be a sequence of (a, b) points, got {games!r}"
        )
    won = {Side.A: 0, Side.B: 0}
    drawn = replayed = card_a = card_b = 0
    decided_at: str | None = None
    for number, game in enumerate(games, start=1):
        if not isinstance(game, tuple | list) or len(game) != 2:
            raise InvalidMatchError(
                f"partita {number} must be a pair of points (a, b), got {game!r}"
            )
        a, b = game
        winner = partita_winner(a, b)
        if decided_at is not None:
            raise InvalidMatchError(
                f"partita {number} ({a}-{b}) was played after the match was decided at"
                f" {decided_at} in a best of {best_of}"
            )
        if winner is None and section.tie_60 == "replay":
            replayed += 1
            continue
        if winner is None:
            drawn += 1
        else:
            won[winner] += 1
        card_a, card_b = card_a + a, card_b + b
        counted = won[Side.A] + won[Side.B] + drawn
        lead = abs(won[Side.A] - won[Side.B])
        if lead > best_of - counted or counted == best_of:
            decided_at = f"{won[Side.A]}-{won[Side.B]}"
    return _Tally(
        won[Side.A],
        won[Side.B],
        drawn,
        replayed,
        card_a,
        card_b,
        decided_at is not None,
    )


@dataclass(frozen=True)
class ForfeitResult:
    """A match (incontro) awarded after a forfeit: standings points and partite won."""

    points_a: int
    points_b: int
    games_won_a: int  # partite won before the forfeit (0 without any)
    games_won_b: int
    games_counted: int  # partite that count among those typed (replays excluded)


def forfeit_result(
    offender: Side,
    pack: RulePack,
    games: Sequence[tuple[int, int]] = (),
    best_of: int = 1,
) -> ForfeitResult:
    """The points of a match that ``offender`` forfeited, after ``games`` (docs §10.5).

    The offender gets ``forfeit_loser_points``; the present side
    ``forfeit_winner_points`` or, with ``forfeit_keeps_played``, what the partite played
    give it as they stand if that is more (seed 002: "la linea avversaria farà minimo 14
    VP"): ahead in partite = a match won, level = drawn, behind = lost.

    >>> from rules.packs import load_pack
    >>> v2 = load_pack("briscola-vp", 2)
    >>> forfeit_result(Side.B, v2)
    ForfeitResult(points_a=14, points_b=0, games_won_a=0, games_won_b=0, games_counted=0)
    >>> forfeit_result(Side.B, v2, [(80, 40)], best_of=3).points_a  # ahead 1-0: won
    20
    >>> forfeit_result(Side.B, v2, [(40, 80)], best_of=3).points_a  # behind: minimo 14
    14
    >>> forfeit_result(Side.B, load_pack("briscola-vp", 1), [(80, 40)], best_of=3)
    Traceback (most recent call last):
    ...
    rules.errors.InvalidMatchError: pack briscola-vp v1 takes no partite with a forfeit (forfeit_keeps_played = false)
    """
    section = pack.require_briscola()
    if not isinstance(offender, Side):
        raise InvalidMatchError(f"offender must be Side.A or Side.B, got {offender!r}")
    if games and not section.forfeit_keeps_played:
        raise InvalidMatchError(
            f"pack {pack.label} takes no partite with a forfeit"
            " (forfeit_keeps_played = false)"
        )
    tally = _tally(games, best_of, section)
    if tally.decided:
        raise InvalidMatchError(
            f"the partite typed already decide the match ({tally.won_a}-{tally.won_b}):"
            " it was not forfeited"
        )
    present = section.forfeit_winner_points
    if games:
        ahead = tally.won_a - tally.won_b
        if offender is Side.A:
            ahead = -ahead
        points = section.match_points
        standing = (
            points.win if ahead > 0 else points.draw if ahead == 0 else points.loss
        )
        present = max(present, standing)
    absent = section.forfeit_loser_points
    points_a, points_b = (absent, present) if offender is Side.A else (present, absent)
    return ForfeitResult(
        points_a,
        points_b,
        tally.won_a,
        tally.won_b,
        tally.won_a + tally.won_b + tally.drawn,
    )


def match_result(
    games: Sequence[tuple[int, int]],
    best_of: int,
    pack: RulePack,
    *,
    knockout: bool = False,
    spareggi: Sequence[Spareggio] = (),
) -> MatchResult:
    """Score a match from its partite (``(points_a, points_b)`` each, in playing order).

    Seed 001 (briscola-approdo): 2 partite of 3 win the match and 1 standings point; a
    60-60 partita is void and replayed:

    >>> from rules.packs import load_pack
    >>> approdo = load_pack("briscola-approdo", 1)
    >>> r = match_result([(70, 50), (60, 60), (30, 90), (61, 59)], 3, approdo)
    >>> r.winner, r.games_won_a, r.games_won_b, r.games_replayed, (r.points_a, r.points_b)
    (<Side.A: 'a'>, 2, 1, 1, (1, 0))

    Seed 002 (briscola-vp): 20/10/0 VP, a 60-60 partita is a draw:

    >>> vp = load_pack("briscola-vp", 1)
    >>> r = match_result([(80, 40), (60, 60), (40, 80)], 3, vp)
    >>> r.winner, (r.points_a, r.points_b)
    (None, (10, 10))
    >>> match_result([(80, 40), (70, 50), (10, 110)], 3, approdo)
    Traceback (most recent call last):
    ...
    rules.errors.InvalidMatchError: partita 3 (10-110) was played after the match was decided at 2-0 in a best of 3
    """
    section: BriscolaSection = pack.require_briscola()
    tally = _tally(games, best_of, section)
    won, drawn = {Side.A: tally.won_a, Side.B: tally.won_b}, tally.drawn
    if not tally.decided:
        counted = won[Side.A] + won[Side.B] + drawn
        raise InvalidMatchError(
            f"too few partite: {counted} counted ({won[Side.A]}-{won[Side.B]}"
            f"{f', {drawn} drawn' if drawn else ''}) do not decide a best of {best_of}"
        )
    replayed, card_a, card_b = tally.replayed, tally.card_a, tally.card_b
    match_winner: Side | None = None
    if won[Side.A] != won[Side.B]:
        match_winner = Side.A if won[Side.A] > won[Side.B] else Side.B
    settled: SpareggioResult | None = None
    if spareggi and (not knockout or match_winner is not None):
        raise InvalidMatchError(
            f"spareggi settle only a level knockout match; got {len(spareggi)} for a"
            f" {'knockout' if knockout else 'girone'} match ending"
            f" {won[Side.A]}-{won[Side.B]}"
        )
    if knockout and match_winner is None:
        settled = resolve_spareggi(spareggi, pack)
        match_winner = settled.winner
    points = section.match_points
    if match_winner is None:
        points_a = points_b = points.draw
    elif match_winner is Side.A:
        points_a, points_b = points.win, points.loss
    else:
        points_a, points_b = points.loss, points.win
    return MatchResult(
        best_of=best_of,
        winner=match_winner,
        games_won_a=won[Side.A],
        games_won_b=won[Side.B],
        games_drawn=drawn,
        games_replayed=replayed,
        card_points_a=card_a,
        card_points_b=card_b,
        points_a=points_a,
        points_b=points_b,
        spareggi=settled,
    )
