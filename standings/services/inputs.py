"""From stored results to the plain match tuples of ``rules.standings``.

A table whose two pairs met gives one match ``(ns, ew, mp_ns, mp_ew, vp_ns, vp_ew)``.
A rest, a forfeit or a no-show gives each pair a match against ``None``: its VP and MP
count in its totals, but it is never a meeting (so never in a classifica avulsa).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from rules.standings import MatchTuple


class Score(NamedTuple):
    """What one table gave one pair in one round (a PairScore row, or a provisional one).

    A named tuple: a 1,000-pair girone reads thousands of them on every result saved."""

    pair_id: int
    opponent_id: int | None
    girone_id: int
    round_number: int
    table_id: int
    line: str
    vp: int
    mp_for: int
    mp_against: int
    played: bool


SCORE_FIELDS = (
    "pair_id",
    "opponent_id",
    "girone_id",
    "round_number",
    "table_id",
    "line",
    "vp",
    "mp_for",
    "mp_against",
    "played",
)


def confirmed_scores(girone_ids: Iterable[int]) -> list[Score]:
    """The PairScore rows (the versions that count) of these gironi."""
    from scoring.models import PairScore

    rows = PairScore.objects.filter(girone_id__in=list(girone_ids)).values_list(
        *SCORE_FIELDS
    )
    return list(map(Score._make, rows.order_by()))


def matches_of(scores: Iterable[Score]) -> list[MatchTuple[int]]:
    """One match per table whose pairs met; a match against None for the others."""
    by_table: dict[int, dict[str, Score]] = {}
    matches: list[MatchTuple[int]] = []
    for score in scores:
        if score.played and score.opponent_id is not None:
            by_table.setdefault(score.table_id, {})[score.line] = score
        else:
            vp_against = 0
            matches.append(
                (
                    score.pair_id,
                    None,
                    score.mp_for,
                    score.mp_against,
                    score.vp,
                    vp_against,
                )
            )
    for sides in by_table.values():
        ns, ew = sides.get("ns"), sides.get("ew")
        if ns is not None and ew is not None:
            matches.append((ns.pair_id, ew.pair_id, ns.mp_for, ew.mp_for, ns.vp, ew.vp))
            continue
        for one in sides.values():  # the other side's row is filtered out: no meeting
            matches.append((one.pair_id, None, one.mp_for, one.mp_against, one.vp, 0))
    return matches
