"""A Briscola match (incontro) awarded after a forfeit (docs §10.5)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.briscola.partita import Side
from rules.briscola.tally import Tally, tally_partite
from rules.errors import InvalidMatchError
from rules.packs import MatchPoints, RulePack


@dataclass(frozen=True)
class ForfeitResult:
    """A match (incontro) awarded after a forfeit: standings points and partite won."""

    points_a: int
    points_b: int
    games_won_a: int  # partite won before the forfeit that count (0 without any)
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
    VP"): ahead in partite = a match won, level = drawn, behind = lost. Under
    ``forfeit_offender_partite = "void"`` (seed 002: the offender "perde la partita")
    the partite the offender won do not count, there or in the partite won.

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

    Seed 002's "perde la partita" (v3): B led 1-0 and left; its partita is void, so A
    is no longer behind (level 0-0: minimo 14) and B keeps no partita won:

    >>> v3 = load_pack("briscola-vp", 3)
    >>> forfeit_result(Side.B, v3, [(40, 80)], best_of=3)
    ForfeitResult(points_a=14, points_b=0, games_won_a=0, games_won_b=0, games_counted=1)
    >>> forfeit_result(Side.B, v2, [(40, 80)], best_of=3).games_won_b
    1
    """
    section = pack.require_briscola()
    tally = _partite_before(offender, pack, games, best_of)
    won_a, won_b = tally.won_a, tally.won_b
    if section.forfeit_offender_partite == "void":  # the offender's do not count
        won_a, won_b = (0, won_b) if offender is Side.A else (won_a, 0)
    present = section.forfeit_winner_points
    if games:
        ahead = won_a - won_b if offender is Side.B else won_b - won_a
        present = max(present, _as_they_stand(section.match_points, ahead))
    absent = section.forfeit_loser_points
    points_a, points_b = (absent, present) if offender is Side.A else (present, absent)
    counted = tally.won_a + tally.won_b + tally.drawn
    return ForfeitResult(points_a, points_b, won_a, won_b, counted)


def _partite_before(
    offender: Side, pack: RulePack, games: Sequence[tuple[int, int]], best_of: int
) -> Tally:
    """The partite played before the forfeit, counted; refused when the pack takes
    none, or when they already decide the match."""
    section = pack.require_briscola()
    if not isinstance(offender, Side):
        raise InvalidMatchError(f"offender must be Side.A or Side.B, got {offender!r}")
    if games and not section.forfeit_keeps_played:
        raise InvalidMatchError(
            f"pack {pack.label} takes no partite with a forfeit"
            " (forfeit_keeps_played = false)"
        )
    tally = tally_partite(games, best_of, section)
    if tally.decided:
        raise InvalidMatchError(
            f"the partite typed already decide the match ({tally.won_a}-{tally.won_b}):"
            " it was not forfeited"
        )
    return tally


def _as_they_stand(points: MatchPoints, ahead: int) -> int:
    """The present side's standings points for the partite as they stand: ahead by
    ``ahead`` partite = a match won, level = drawn, behind = lost."""
    return points.win if ahead > 0 else points.draw if ahead == 0 else points.loss
