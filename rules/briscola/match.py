"""A Briscola match (incontro): best of N partite, its winner and its points (docs §10).

Standings points per match come from the pack: 1/0 (seed 001) or 20/10/0 VP (seed
002); a knockout match that ends level is settled by the spareggi
(:mod:`rules.briscola.spareggi`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.briscola.partita import Side
from rules.briscola.spareggi import Spareggio, SpareggioResult, resolve_spareggi
from rules.briscola.tally import Tally, tally_partite
from rules.errors import InvalidMatchError
from rules.packs import BriscolaSection, MatchPoints, RulePack


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
    tally = tally_partite(games, best_of, section)
    _check_decided(tally, best_of, section)
    match_winner, settled = _winner(tally, knockout, spareggi, pack)
    points_a, points_b = _points(section.match_points, match_winner)
    return MatchResult(
        best_of=best_of,
        winner=match_winner,
        games_won_a=tally.won_a,
        games_won_b=tally.won_b,
        games_drawn=tally.drawn,
        games_replayed=tally.replayed,
        card_points_a=tally.card_a,
        card_points_b=tally.card_b,
        points_a=points_a,
        points_b=points_b,
        spareggi=settled,
    )


def _check_decided(tally: Tally, best_of: int, section: BriscolaSection) -> None:
    """Refuse a match its partite do not decide.

    Seed 001's "due partite su tre giocate" (``briscola-approdo`` v3, every partita
    played): the third partita counts, and the match is 3-0:

    >>> from rules.packs import load_pack
    >>> v3 = load_pack("briscola-approdo", 3)
    >>> r = match_result([(80, 40), (70, 50), (61, 59)], 3, v3)
    >>> r.games_won_a, r.games_won_b, (r.points_a, r.points_b)
    (3, 0, (1, 0))
    >>> match_result([(80, 40), (70, 50)], 3, v3)
    Traceback (most recent call last):
    ...
    rules.errors.InvalidMatchError: every partita of a best of 3 is played (play_all_partite): 2 counted (2-0)
    """
    if tally.decided:
        return
    won_a, won_b, drawn = tally.won_a, tally.won_b, tally.drawn
    counted = won_a + won_b + drawn
    if section.play_all_partite:
        raise InvalidMatchError(
            f"every partita of a best of {best_of} is played (play_all_partite):"
            f" {counted} counted ({won_a}-{won_b})",
            code="incomplete",
            params={
                "score": f"{won_a}-{won_b}",
                "best_of": best_of,
                "counted": counted,
            },
        )
    raise InvalidMatchError(
        f"too few partite: {counted} counted ({won_a}-{won_b}"
        f"{f', {drawn} drawn' if drawn else ''}) do not decide a best of {best_of}",
        code="undecided",
        params={"score": f"{won_a}-{won_b}", "best_of": best_of},
    )


def _winner(
    tally: Tally, knockout: bool, spareggi: Sequence[Spareggio], pack: RulePack
) -> tuple[Side | None, SpareggioResult | None]:
    """Who won the match: more partite, else (a knockout) the spareggi; None for a
    girone match that ends level. Spareggi for any other match are refused."""
    winner: Side | None = None
    if tally.won_a != tally.won_b:
        winner = Side.A if tally.won_a > tally.won_b else Side.B
    if spareggi and (not knockout or winner is not None):
        raise InvalidMatchError(
            f"spareggi settle only a level knockout match; got {len(spareggi)} for a"
            f" {'knockout' if knockout else 'girone'} match ending"
            f" {tally.won_a}-{tally.won_b}"
        )
    if knockout and winner is None:
        settled = resolve_spareggi(spareggi, pack)
        return settled.winner, settled
    return winner, None


def _points(points: MatchPoints, winner: Side | None) -> tuple[int, int]:
    """The standings points of sides A and B for a match won by ``winner``."""
    if winner is None:
        return points.draw, points.draw
    if winner is Side.A:
        return points.win, points.loss
    return points.loss, points.win
