"""The walk over tied groups: one chain applied to the teams, with its explanation.

:class:`_Ranker` sorts every team by the chain's first criterion and walks the rest of
the chain only inside the groups still level. Head-to-head figures are computed per
base group (and cached) from the meetings of the teams of that base
(:mod:`rules.standings.head_to_head`). The rules are described in
:mod:`rules.standings`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.errors import StandingsError
from rules.standings.chain import _OVERALL_VALUE, lot_order
from rules.standings.head_to_head import _H2H
from rules.standings.memo import RankMemo, _Resolved, group_key
from rules.standings.model import (
    HEAD_TO_HEAD,
    Explanation,
    StandingRow,
    Step,
    Team,
    Unmet,
    Value,
)
from rules.standings.results import _Acc, _check_hashable


def _split[T](group: Sequence[T], values: Mapping[T, Value]) -> list[list[T]]:
    """Sub-groups by value, highest first; equal teams keep the group's order."""
    ordered = sorted(group, key=values.__getitem__, reverse=True)
    parts: list[list[T]] = [[ordered[0]]]
    last = values[ordered[0]]
    for team in ordered[1:]:
        value = values[team]
        if value == last:
            parts[-1].append(team)
        else:
            parts.append([team])
            last = value
    return parts


class _Raw[T]:
    """A step as recorded while resolving, before the final order is known."""

    __slots__ = ("base", "criterion", "group", "h2h", "parts", "seed", "values")

    def __init__(
        self,
        criterion: str,
        group: list[T],
        values: Mapping[T, Value] | None,
        parts: list[list[T]],
        base: frozenset[T] | None = None,
        h2h: _H2H[T] | None = None,
        seed: int | None = None,
    ) -> None:
        self.criterion = criterion
        self.group = group
        self.values = values
        self.parts = parts
        self.base = base
        self.h2h = h2h
        self.seed = seed


class _Ranker[T: Team]:
    """Applies one chain to the teams; keeps the steps of the tie being resolved."""

    def __init__(
        self,
        accs: Mapping[T, _Acc[T]],
        chain: tuple[str, ...],
        reapply: bool,
        unmet: Unmet,
        lot_seed: int | None,
        decisions: Sequence[Sequence[T]] | None,
        lot_names: Mapping[T, object] | None = None,
        memo: RankMemo | None = None,
    ) -> None:
        self.accs, self.chain, self.reapply, self.unmet = accs, chain, reapply, unmet
        self.lot_seed, self.lot_names, self.memo = lot_seed, lot_names, memo
        self.decision_of = self._read_decisions(decisions)
        # For each head-to-head position: (first, one past the last) of its run.
        self.blocks: dict[int, tuple[int, int]] = {}
        i = 0
        while i < len(chain):
            if chain[i] in HEAD_TO_HEAD:
                j = i
                while j < len(chain) and chain[j] in HEAD_TO_HEAD:
                    j += 1
                for k in range(i, j):
                    self.blocks[k] = (i, j)
                i = j
            else:
                i += 1
        self.h2h_cache: dict[frozenset[T], _H2H[T]] = {}
        self.raw: list[_Raw[T]] = []
        self.by_lot: set[T] = set()
        self.by_decision: set[T] = set()

    def _read_decisions(
        self, decisions: Sequence[Sequence[T]] | None
    ) -> dict[T, tuple[int, int]]:
        if decisions is None:
            return {}
        if "decision" not in self.chain:
            raise StandingsError(
                f"decisions {decisions!r} are given but the chain"
                f" {list(self.chain)!r} has no 'decision' criterion"
            )
        if isinstance(decisions, (str, bytes)) or not isinstance(decisions, Sequence):
            raise StandingsError(
                f"decisions must be a list of team orders, got {decisions!r}"
            )
        found: dict[T, tuple[int, int]] = {}
        for number, order in enumerate(decisions):
            if isinstance(order, (str, bytes)) or not isinstance(order, Sequence):
                raise StandingsError(f"a decision is a list of teams, got {order!r}")
            for place, team in enumerate(order):
                _check_hashable(team, "decisions")
                if team not in self.accs:
                    raise StandingsError(
                        f"decision {list(order)!r} names team {team!r}, which is not ranked"
                    )
                if team in found:
                    raise StandingsError(
                        f"team {team!r} appears twice in decisions {decisions!r}"
                    )
                found[team] = (number, place)
        return found

    def run(self, teams: list[T]) -> list[StandingRow[T]]:
        rows: list[StandingRow[T]] = []
        if not teams:
            return rows
        first = self.chain[0]
        values = self._overall(first, teams)
        position = 1
        used: dict[object, _Resolved[Any]] = {}
        for part in _split(teams, values):
            explanation: Explanation[T] | None = None
            blocks = [part]
            if len(part) > 1:
                blocks, explanation = self._tied(part, values[part[0]], used)
            for block in blocks:
                for team in block:
                    rows.append(self._row(team, position, explanation))
                position += len(block)
        if self.memo is not None:
            self.memo.keep(used)
        return rows

    def _tied(
        self, part: list[T], value: Value, used: dict[object, _Resolved[Any]]
    ) -> tuple[list[list[T]], Explanation[T] | None]:
        """Resolve one group level on the first criterion (or take it from the memo)."""
        key: object = None
        if self.memo is not None:
            options = (self.chain, self.reapply, self.unmet, self.lot_seed)
            names = self.lot_names or {}
            key = group_key(options, value, part, self.accs, names, self.decision_of)
            known = self.memo.get(key)
            if known is not None:
                blocks, explanation, lot, decided = known
                self.by_lot.update(lot)
                self.by_decision.update(decided)
                used[key] = known
                return blocks, explanation
        self.raw = []
        blocks = self._resolve(part, 1, None)
        explanation = self._explain(self.chain[0], value, blocks)
        if self.memo is not None:
            used[key] = (
                blocks,
                explanation,
                frozenset(t for t in part if t in self.by_lot),
                frozenset(t for t in part if t in self.by_decision),
            )
        return blocks, explanation

    def _row(
        self, team: T, position: int, explanation: Explanation[T] | None
    ) -> StandingRow[T]:
        by_lot = team in self.by_lot
        return StandingRow(
            team=team,
            position=position,
            totals=self.accs[team].totals(),
            explanation=explanation,
            by_lot=by_lot,
            lot_seed=self.lot_seed if by_lot else None,
            by_decision=team in self.by_decision,
        )

    def _overall(self, criterion: str, group: Sequence[T]) -> dict[T, Value]:
        value = _OVERALL_VALUE[criterion]
        return {team: value(self.accs[team]) for team in group}

    def _resolve(
        self,
        group: list[T],
        idx: int,
        base: frozenset[T] | None,
        resume: int | None = None,
        skipped: tuple[int, int] | None = None,
    ) -> list[list[T]]:
        """Ordered blocks of ``group`` (a block of several teams shares a position).

        ``resume``: where the chain goes on when the current head-to-head run ends (a
        sub-group sent back to the run, see below). ``skipped``: (start of the run,
        size of the group) when the group's head-to-head run was skipped because not
        all of it met; with ``reapply``, a smaller sub-group still level after a later
        criterion, all of whose pairs met, goes through that run again.
        """
        if len(group) == 1:
            return [group]
        if idx == len(self.chain):
            self.raw.append(_Raw("level", group, None, [group]))
            return [group]
        criterion = self.chain[idx]
        if criterion in HEAD_TO_HEAD:
            return self._head_to_head(criterion, group, idx, base, resume)
        if criterion == "lot":
            return self._lot(group, idx, base)
        if criterion == "decision":
            return self._decision(group, idx, base, skipped)
        values = self._overall(criterion, group)
        parts = _split(group, values)
        self.raw.append(_Raw(criterion, group, values, parts))
        blocks: list[list[T]] = []
        for part in parts:
            if (
                skipped is not None
                and 1 < len(part) < skipped[1]
                and self._all_met(part)
            ):
                blocks.extend(self._resolve(part, skipped[0], None, resume=idx + 1))
            else:
                blocks.extend(self._resolve(part, idx + 1, base, skipped=skipped))
        return blocks

    def _all_met(self, group: list[T]) -> bool:
        stats = self._h2h(frozenset(group))
        return stats.pairs_met == stats.pairs_total

    def _h2h(self, base: frozenset[T]) -> _H2H[T]:
        stats = self.h2h_cache.get(base)
        if stats is None:
            stats = self.h2h_cache[base] = _H2H(base, self.accs)
        return stats

    def _head_to_head(
        self,
        criterion: str,
        group: list[T],
        idx: int,
        base: frozenset[T] | None,
        resume: int | None,
    ) -> list[list[T]]:
        start, end = self.blocks[idx]
        after = end if resume is None else resume
        if idx == start:
            # Entering a run of head-to-head criteria. Default: the base is the group
            # that first reached one (the whole originally-tied group) and stays so;
            # reapply: the base is whoever enters the run, restarts included.
            if self.reapply or base is None:
                base = frozenset(group)
            stats = self._h2h(base)
            if self.unmet == "skip" and stats.pairs_met < stats.pairs_total:
                self.raw.append(_Raw("unmet", group, None, [group], base, stats))
                again = (start, len(group)) if self.reapply else None
                return self._resolve(group, after, base, skipped=again)
            if stats.meetings == 0:
                self.raw.append(_Raw("no_meetings", group, None, [group], base, stats))
                return self._resolve(group, after, base)
        assert base is not None
        stats = self._h2h(base)
        table = stats.table(criterion)
        values: dict[T, Value] = {team: table[team] for team in group}
        parts = _split(group, values)
        self.raw.append(_Raw(criterion, group, values, parts, base, stats))
        blocks: list[list[T]] = []
        for part in parts:
            if self.reapply and idx + 1 == end and 1 < len(part) < len(base):
                # UEFA: still level after the whole run, and fewer than the base: the
                # run starts again on their meetings only.
                blocks.extend(self._resolve(part, start, None, resume=resume))
            elif idx + 1 == end:
                blocks.extend(self._resolve(part, after, base))
            else:
                blocks.extend(self._resolve(part, idx + 1, base, resume=resume))
        return blocks

    def _lot(
        self, group: list[T], idx: int, base: frozenset[T] | None
    ) -> list[list[T]]:
        if self.lot_seed is None:  # not drawn yet: recorded, and the group stays level
            self.raw.append(_Raw("lot", group, None, [group]))
            return self._resolve(group, idx + 1, base)
        parts = [[team] for team in lot_order(group, self.lot_seed, self.lot_names)]
        self.raw.append(_Raw("lot", group, None, parts, seed=self.lot_seed))
        self.by_lot.update(group)
        return parts

    def _decision(
        self,
        group: list[T],
        idx: int,
        base: frozenset[T] | None,
        skipped: tuple[int, int] | None,
    ) -> list[list[T]]:
        places = [self.decision_of.get(team) for team in group]
        numbers = {p[0] if p is not None else None for p in places}
        if None in numbers or len(numbers) != 1:  # no one decision covers the group
            self.raw.append(_Raw("decision", group, None, [group]))
            return self._resolve(group, idx + 1, base, skipped=skipped)
        order = sorted(group, key=lambda team: self.decision_of[team][1])
        parts = [[team] for team in order]
        self.raw.append(_Raw("decision", group, None, parts))
        self.by_decision.update(group)
        return parts

    def _explain(
        self, criterion: str, value: Value, blocks: list[list[T]]
    ) -> Explanation[T]:
        order = [team for block in blocks for team in block]
        index = {team: i for i, team in enumerate(order)}
        steps: list[Step[T]] = []
        for raw in self.raw:
            groups = tuple(
                tuple(p) if len(p) == 1 else tuple(sorted(p, key=index.__getitem__))
                for p in raw.parts
            )
            teams = tuple(team for g in groups for team in g)
            values = () if raw.values is None else tuple(raw.values[t] for t in teams)
            h2h = raw.h2h
            steps.append(
                Step(
                    criterion=raw.criterion,
                    teams=teams,
                    values=values,
                    groups=groups,
                    base=() if raw.base is None else tuple(sorted(raw.base)),
                    meetings=0 if h2h is None else h2h.meetings,
                    pairs_met=0 if h2h is None else h2h.pairs_met,
                    pairs_total=0 if h2h is None else h2h.pairs_total,
                    seed=raw.seed,
                )
            )
        return Explanation(tuple(order), criterion, value, tuple(steps))
