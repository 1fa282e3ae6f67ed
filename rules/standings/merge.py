"""The overall standings of several gironi: the stable merge of the girone standings.

Teams of different gironi never met, so the overall standings compare them by overall
criteria only; but two teams of the same girone are already ordered by their girone's
chain (head-to-head included), and the overall never contradicts it. So the overall is
a **stable merge**: repeatedly take, among the best remaining team of each girone, the
one the overall chain ranks first. The chain is a total order on teams once the lot is
drawn (each criterion is a per-team value; the lot orders by a per-team hash), so the
merge takes, at each step, the head that a ranking of every team by that chain puts
first.

Every tie on the chain's first criterion gets one explanation: a tie inside one girone
keeps the girone's explanation (its chain decided); a tie across gironi gets the steps
of the overall chain and, when the girone order overruled them, a ``girone_order`` step
naming the teams kept in their girone's order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.errors import StandingsError
from rules.standings.chain import check_chain
from rules.standings.model import (
    HEAD_TO_HEAD,
    Explanation,
    StandingRow,
    Step,
    Team,
    Totals,
)
from rules.standings.ranker import _Ranker
from rules.standings.results import _Acc, _check_hashable

__all__ = ["rank_overall"]


class _Fixed[T](_Acc[T]):
    """A team's totals as the chain reads them, with a given per-match denominator."""

    __slots__ = ("fixed_rounds",)

    def __init__(self, totals: Totals, rounds: int | None) -> None:
        super().__init__()
        self.played, self.byes, self.missed = totals.played, totals.byes, totals.missed
        self.won, self.drawn, self.lost = totals.won, totals.drawn, totals.lost
        self.points, self.points_against = totals.points, totals.points_against
        self.score_for, self.score_against = totals.score_for, totals.score_against
        self.fixed_rounds = totals.rounds if rounds is None else rounds

    @property
    def rounds(self) -> int:
        return self.fixed_rounds


def rank_overall[T: Team](
    gironi: Sequence[Sequence[StandingRow[T]]],
    chain: Sequence[str],
    *,
    rounds: Mapping[T, int] | None = None,
    lot_seed: int | None = None,
    decisions: Sequence[Sequence[T]] | None = None,
    lot_names: Mapping[T, object] | None = None,
) -> list[StandingRow[T]]:
    """Merge the standings of several gironi (each a :func:`rank` result, in order).

    ``chain`` holds overall criteria only (the teams of different gironi never met).
    ``rounds`` gives the ``*_per_match`` denominator of each team (e.g. the rounds its
    girone's plan scheduled, missed ones included); default: its :attr:`Totals.rounds`.
    ``lot_names``: what each team is called in the lot (``lot_order``).

    Below, girone A ranks 2 above 1 (their direct match) although 1 has the better
    MP difference; the overall keeps 2 above 1, and 9 (girone B) goes first on MP:

    >>> from rules.standings import rank, render_explanation
    >>> chain = ["points", "h2h_points", "diff", "lot"]
    >>> a = rank([(2, 1, 900, 800, 11, 9), (1, 3, 1500, 500, 20, 0),
    ...           (2, 3, 1200, 500, 18, 2)], chain, lot_seed=1)
    >>> b = rank([(9, 8, 1000, 800, 11, 9), (9, 7, 1150, 500, 18, 2),
    ...           (8, 7, 900, 900, 10, 10)], chain, lot_seed=1)
    >>> [(r.team, r.totals.points, r.totals.diff) for r in a]
    [(2, 29, 800), (1, 29, 900), (3, 2, -1700)]
    >>> rows = rank_overall([a, b], ["points", "diff", "lot"], lot_seed=1)
    >>> [(r.team, r.position) for r in rows]
    [(9, 1), (2, 2), (1, 3), (8, 4), (7, 5), (3, 6)]
    >>> render_explanation(rows[0].explanation)
    'Coppie 1, 2, 9 a pari VP (29): differenza MP 1 (+900), 9 (+850), 2 (+800); \
ordine del girone mantenuto: 2 prima di 1, quindi 9, 2, 1'
    """
    names = _overall_chain(chain, lot_seed)
    lists = _read_gironi(gironi)
    rows_of: dict[T, StandingRow[T]] = {}
    owner: dict[T, int] = {}
    for number, rows in enumerate(lists):
        for row in rows:
            rows_of[row.team] = row
            owner[row.team] = number
    if rounds is not None:
        _check_rounds(rounds, rows_of)
    accs: dict[T, _Acc[T]] = {
        team: _Fixed(row.totals, None if rounds is None else rounds.get(team))
        for team, row in rows_of.items()
    }
    ranker = _Ranker(accs, names, False, "use_played", lot_seed, decisions, lot_names)
    by_chain = ranker.run(sorted(rows_of))
    at = {row.team: i for i, row in enumerate(by_chain)}
    chained = {row.team: row for row in by_chain}
    merged = _merge([[row.team for row in rows] for rows in lists], at)
    notes = _explanations(by_chain, merged, owner, rows_of)
    return _positions(merged, chained, rows_of, owner, notes)


def _overall_chain(chain: Sequence[str], lot_seed: int | None) -> tuple[str, ...]:
    """The chain's criteria, checked: overall ones only (teams of different gironi
    never met), and the lot's seed."""
    names = check_chain(chain)
    h2h = [name for name in names if name in HEAD_TO_HEAD]
    if h2h:
        raise StandingsError(
            f"rank_overall compares teams of different gironi, which never met:"
            f" {h2h[0]!r} cannot be in its chain {list(names)!r}"
        )
    if lot_seed is not None and type(lot_seed) is not int:
        raise StandingsError(f"lot_seed must be an int or None, got {lot_seed!r}")
    return names


def _positions[T: Team](
    merged: list[T],
    chained: Mapping[T, StandingRow[T]],
    rows_of: Mapping[T, StandingRow[T]],
    owner: Mapping[T, int],
    notes: Mapping[T, tuple[Explanation[T], bool]],
) -> list[StandingRow[T]]:
    """The merged order as rows: a team level with the one before shares its
    position; the lot and decisions shown are those of the chain that placed it."""
    out: list[StandingRow[T]] = []
    for i, team in enumerate(merged):
        position = i + 1
        if i and _level(merged[i - 1], team, chained, owner, rows_of):
            position = out[-1].position
        mine, ranked = rows_of[team], chained[team]
        explanation, from_girone = notes.get(team, (None, False))
        source = mine if from_girone else ranked
        out.append(
            StandingRow(
                team=team,
                position=position,
                totals=mine.totals,
                explanation=explanation,
                by_lot=source.by_lot,
                lot_seed=source.lot_seed,
                by_decision=source.by_decision,
            )
        )
    return out


def _read_gironi[T](
    gironi: Sequence[Sequence[StandingRow[T]]],
) -> list[list[StandingRow[T]]]:
    if isinstance(gironi, (str, bytes)) or not isinstance(gironi, Sequence):
        raise StandingsError(f"gironi must be a list of standings, got {gironi!r}")
    lists: list[list[StandingRow[T]]] = []
    seen: dict[object, int] = {}
    for number, rows in enumerate(gironi, start=1):
        if isinstance(rows, (str, bytes)) or not isinstance(rows, Sequence):
            raise StandingsError(
                f"girone #{number} must be a list of rows, got {rows!r}"
            )
        for row in rows:
            if not isinstance(row, StandingRow):
                raise StandingsError(
                    f"girone #{number} lists {row!r}, which is not a StandingRow"
                )
            _check_hashable(row.team, f"girone #{number}")
            if row.team in seen:
                raise StandingsError(
                    f"team {row.team!r} is in girone #{seen[row.team]}"
                    f" and girone #{number}"
                )
            seen[row.team] = number
        lists.append(list(rows))
    return lists


def _check_rounds[T](rounds: Mapping[T, int], rows_of: Mapping[T, object]) -> None:
    if not isinstance(rounds, Mapping):
        raise StandingsError(f"rounds must map teams to a count, got {rounds!r}")
    for team, count in rounds.items():
        if team not in rows_of:
            raise StandingsError(f"rounds names team {team!r}, which is not ranked")
        if type(count) is not int or count < 0:
            raise StandingsError(
                f"rounds of team {team!r} must be an int >= 0, got {count!r}"
            )


def _merge[T](lists: list[list[T]], at: Mapping[T, int]) -> list[T]:
    """Stable merge: at each step the head that the chain's ranking puts first."""
    heads = [0] * len(lists)
    out: list[T] = []
    total = sum(len(rows) for rows in lists)
    while len(out) < total:
        best = -1
        for g, rows in enumerate(lists):
            if heads[g] < len(rows) and (
                best < 0 or at[rows[heads[g]]] < at[lists[best][heads[best]]]
            ):
                best = g
        out.append(lists[best][heads[best]])
        heads[best] += 1
    return out


def _level[T](
    before: T,
    team: T,
    chained: Mapping[T, StandingRow[T]],
    owner: Mapping[T, int],
    rows_of: Mapping[T, StandingRow[T]],
) -> bool:
    """Whether two consecutive teams share a position: the chain left them level
    and, if they are of one girone, so did the girone's chain."""
    if chained[before].position != chained[team].position:
        return False
    if owner[before] != owner[team]:
        return True
    return rows_of[before].position == rows_of[team].position


def _explanations[T](
    by_chain: list[StandingRow[T]],
    merged: list[T],
    owner: Mapping[T, int],
    rows_of: Mapping[T, StandingRow[T]],
) -> dict[T, tuple[Explanation[T], bool]]:
    """Each tied team's explanation, and whether it is its girone's (then its
    ``by_lot`` and ``by_decision`` are the girone's too)."""
    place = {team: i for i, team in enumerate(merged)}
    groups: dict[int, tuple[Explanation[T], list[T]]] = {}
    for row in by_chain:
        if row.explanation is not None:
            groups.setdefault(id(row.explanation), (row.explanation, []))[1].append(
                row.team
            )
    out: dict[T, tuple[Explanation[T], bool]] = {}
    for explanation, teams in groups.values():
        final = sorted(teams, key=place.__getitem__)
        gironi = {owner[team] for team in teams}
        if len(gironi) == 1:
            own = rows_of[teams[0]].explanation
            if own is not None and set(own.teams) == set(teams):
                for team in teams:
                    out[team] = (own, True)
                continue
        steps = list(explanation.steps)
        if final != list(explanation.teams):
            kept = _kept(explanation.teams, final, owner)
            steps.append(
                Step(
                    "girone_order",
                    tuple(final),
                    groups=tuple((team,) for team in final),
                    kept=kept,
                )
            )
        note = Explanation(
            tuple(final), explanation.criterion, explanation.value, tuple(steps)
        )
        for team in teams:
            out[team] = (note, False)
    return out


def _kept[T](
    by_chain: Sequence[T], final: Sequence[T], owner: Mapping[T, int]
) -> tuple[tuple[T, ...], ...]:
    """The teams of each girone whose order the merge kept against the chain's."""
    kept: list[tuple[T, ...]] = []
    for girone in sorted({owner[team] for team in final}):
        mine = [team for team in final if owner[team] == girone]
        if len(mine) > 1 and mine != [t for t in by_chain if owner[t] == girone]:
            kept.append(tuple(mine))
    return tuple(kept)
