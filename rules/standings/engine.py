"""The entry points: :func:`rank` for one girone, :func:`rank_across` for several.

They check the options, read the matches once into per-team totals
(:mod:`rules.standings.results`) and hand the teams to the chain
(:mod:`rules.standings.chain`, walked by :mod:`rules.standings.ranker`). The rules are
described in :mod:`rules.standings`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from rules.errors import StandingsError
from rules.standings.chain import check_chain
from rules.standings.memo import RankMemo
from rules.standings.model import (
    ACROSS_DEFAULT,
    HEAD_TO_HEAD,
    UNMET_CHOICES,
    MatchTuple,
    StandingRow,
    Team,
    Unmet,
)
from rules.standings.ranker import _Ranker
from rules.standings.results import (
    _Acc,
    _add_missed,
    _add_penalties,
    _read,
    _roster,
    _sorted_teams,
)

__all__ = ["rank", "rank_across"]


def rank[T: Team](
    matches: Iterable[MatchTuple[T]],
    chain: Sequence[str],
    *,
    reapply_head_to_head: bool = False,
    unmet: Unmet = "use_played",
    lot_seed: int | None = None,
    decisions: Sequence[Sequence[T]] | None = None,
    teams: Iterable[T] | None = None,
    missed: Mapping[T, int] | None = None,
    missed_points: int = 0,
    missed_score: int = 0,
    lot_names: Mapping[T, object] | None = None,
    memo: RankMemo | None = None,
    penalties: Mapping[T, tuple[int, int]] | None = None,
) -> list[StandingRow[T]]:
    """Rank the teams of one girone by ``chain``, explaining every tie.

    ``lot_names``: what each team is called in the lot (:func:`lot_order`).

    ``memo``: the tied groups of the previous ranking of this girone (:class:`RankMemo`):
    those met again unchanged are not resolved again; the result is the same.

    ``missed`` counts the rounds each team missed (it entered late, withdrew): each
    gives it ``missed_points`` and ``missed_score`` (the rule pack's award, default
    nothing) and counts in its :attr:`Totals.rounds`, never as a match.

    ``penalties`` maps a team to ``(points, score)`` taken from its totals outside
    every meeting (a second ammonizione, docs/rules.md §6.5): the matches keep the
    score as played, so the opponent's score against and the classifica avulsa read
    what was played. Pair 1 won 530-130 (14-6) warned twice: 13 VP and +300 in its
    totals, while pair 2 keeps -400 and the avulsa reads 14-6:

    >>> rows = rank([(1, 2, 530, 130, 14, 6)], ["points", "diff", "lot"], lot_seed=1,
    ...             penalties={1: (1, 100)})
    >>> [(r.team, r.totals.points, r.totals.diff) for r in rows]
    [(1, 13, 300), (2, 6, -400)]

    >>> rows = rank([(1, 2, 900, 700, 12, 8)], ["points", "lot"], lot_seed=1,
    ...             teams=[1, 2, 3], missed={3: 1}, missed_points=3, missed_score=-50)
    >>> [(r.team, r.totals.points, r.totals.score_for, r.totals.rounds) for r in rows]
    [(1, 12, 900, 1), (2, 8, 700, 1), (3, 3, -50, 1)]

    >>> rows = rank(
    ...     [(1, 2, 1100, 900, 12, 8), (2, 3, 1000, 1000, 10, 10), (3, 1, 1060, 1000, 11, 9)],
    ...     ["points", "h2h_points", "diff", "lot"],
    ... )
    >>> [(r.team, r.position, r.totals.points) for r in rows]
    [(3, 1, 21), (1, 2, 21), (2, 3, 18)]
    >>> rows[0].explanation is rows[1].explanation, rows[2].explanation
    (True, None)
    """
    names = check_chain(chain)
    _check_options(reapply_head_to_head, unmet, lot_seed)
    accs = _totals(matches, teams, missed, (missed_points, missed_score), penalties)
    order = _sorted_teams(accs)
    ranker = _Ranker(
        accs, names, reapply_head_to_head, unmet, lot_seed, decisions, lot_names, memo
    )
    return ranker.run(order)


def _totals[T: Team](
    matches: Iterable[MatchTuple[T]],
    teams: Iterable[T] | None,
    missed: Mapping[T, int] | None,
    award: tuple[int, int],
    penalties: Mapping[T, tuple[int, int]] | None,
) -> dict[T, _Acc[T]]:
    """Each team's totals: its matches read once, then the ``award`` (points, score)
    of each round it missed and its penalties (see :func:`rank`)."""
    roster = None if teams is None else _roster(teams)
    accs = _read(matches, roster)
    for name, value in zip(("missed_points", "missed_score"), award, strict=True):
        if type(value) is not int:
            raise StandingsError(f"{name} must be an int, got {value!r}")
    _add_missed(accs, missed, award[0], award[1], roster is not None)
    _add_penalties(accs, penalties)
    return accs


def rank_across[T: Team](
    groups: Iterable[Iterable[MatchTuple[T]]],
    chain: Sequence[str] = ACROSS_DEFAULT,
    *,
    select: Iterable[T] | None = None,
    lot_seed: int | None = None,
    decisions: Sequence[Sequence[T]] | None = None,
    lot_names: Mapping[T, object] | None = None,
    penalties: Mapping[T, tuple[int, int]] | None = None,
) -> list[StandingRow[T]]:
    """Rank teams of several gironi together (e.g. the best thirds), by overall criteria.

    ``penalties``: as :func:`rank`'s, taken from the teams' totals.

    >>> a = [(1, 2, 3, 0, 3, 0), (1, 3, 1, 1, 1, 1), (2, 3, 2, 0, 3, 0)]
    >>> b = [(7, 8, 2, 0, 3, 0)]
    >>> [(r.team, r.position) for r in rank_across([a, b], select=[2, 7])]
    [(7, 1), (2, 2)]
    """
    names = check_chain(chain)
    h2h = [name for name in names if name in HEAD_TO_HEAD]
    if h2h:
        raise StandingsError(
            f"rank_across compares teams of different gironi, which never met:"
            f" {h2h[0]!r} cannot be in its chain {list(names)!r}"
        )
    _check_options(False, "use_played", lot_seed)
    if isinstance(groups, (str, bytes)) or not isinstance(groups, Iterable):
        raise StandingsError(
            f"groups must be an iterable of match lists, got {groups!r}"
        )
    merged: dict[T, _Acc[T]] = {}
    owner: dict[T, int] = {}
    for number, group in enumerate(groups, start=1):
        for team, acc in _read(group, None).items():
            if team in owner:
                raise StandingsError(
                    f"team {team!r} plays in girone #{owner[team]} and girone #{number}"
                )
            owner[team] = number
            merged[team] = acc
    _add_penalties(merged, penalties)
    if select is not None:
        chosen = _roster(select)
        for team in chosen:
            if team not in merged:
                raise StandingsError(f"select names team {team!r}, which has no result")
        merged = {team: merged[team] for team in chosen}
    ranker = _Ranker(merged, names, False, "use_played", lot_seed, decisions, lot_names)
    return ranker.run(_sorted_teams(merged))


def _check_options(reapply: object, unmet: object, lot_seed: object) -> None:
    if not isinstance(reapply, bool):
        raise StandingsError(
            f"reapply_head_to_head must be True or False, got {reapply!r}"
        )
    if unmet not in UNMET_CHOICES:
        raise StandingsError(
            f"unmet must be one of {', '.join(UNMET_CHOICES)}, got {unmet!r}"
        )
    if lot_seed is not None and type(lot_seed) is not int:
        raise StandingsError(f"lot_seed must be an int or None, got {lot_seed!r}")
