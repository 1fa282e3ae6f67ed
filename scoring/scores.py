"""The one reader of stored scores: from PairScore (or TeamScore) rows to matches and
totals.

A competitor is a pair in a pair event and a team in a team event (docs/rules.md §11):
a team match's TeamScore rows are read as the same :class:`Score` as a table's PairScore
rows (:func:`team_scores`), so every ranking below reads one kind of result.

Every ranking of results reads them here: the stored standings (``standings``), the
director's provisional view (with the sheets entered but not confirmed) and the impact
report of a correction, so they can never disagree about what a result is.

A table whose two pairs met gives one match ``(ns, ew, mp_ns, mp_ew, vp_ns, vp_ew)``
(the tuples of ``rules.standings``). A rest, a forfeit or a no-show (``played``
false) gives each pair a match against ``None``: its VP and MP count in its totals,
but it is never a meeting, so never in a classifica avulsa (docs/rules.md §7).

A second ammonizione under ``second_warning_scope = "standings"`` (docs/rules.md §6.5)
is a penalty outside the meeting: the match is the score as played, and
:func:`penalties_of` gives what each pair loses in its totals only
(``rules.standings.rank``'s ``penalties``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from django.db.models import Count, Q, Sum

from rules.standings import MatchTuple


class Score(NamedTuple):
    """What one table gave one pair in one round (a PairScore row, or a provisional one),
    or one team match one team (a TeamScore row: ``pair_id`` is the team, ``table_id``
    the match, ``line`` its side "a" or "b").

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
    #: The part of ``vp`` and ``mp_for`` that is a penalty outside the meeting (§6.5).
    penalty_vp: int = 0
    penalty_mp: int = 0


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
    "penalty_vp",
    "penalty_mp",
)


@dataclass(frozen=True)
class PairTotals:
    vp: int = 0
    mp_for: int = 0
    mp_against: int = 0
    played: int = 0

    @property
    def mp_diff(self) -> int:
        return self.mp_for - self.mp_against


@dataclass(frozen=True)
class Position:
    """One pair's (a team's, in a team tournament) place in its girone's ranking (and
    in the stage's overall, if any), as the stored standings rank it."""

    position: int
    pair_id: int
    pair_number: int
    totals: PairTotals
    overall: int | None = None


def confirmed_scores(girone_ids: Iterable[int]) -> list[Score]:
    """The PairScore rows (the versions that count) of these gironi."""
    from .models import PairScore

    rows = PairScore.objects.filter(girone_id__in=list(girone_ids)).values_list(
        *SCORE_FIELDS
    )
    return list(map(Score._make, rows.order_by()))


#: A TeamScore row's columns in the order of :class:`Score`'s fields.
TEAM_SCORE_FIELDS = (
    "team_id",
    "opponent_id",
    "girone_id",
    "round_number",
    "match_id",
    "side",
    *SCORE_FIELDS[6:],
)


def team_scores(girone_ids: Iterable[int]) -> list[Score]:
    """The TeamScore rows of these gironi (one per team and complete match; a rest is
    a match against nobody), as scores: the team as ``pair_id``, the match as
    ``table_id``, its side as ``line``."""
    from .models import TeamScore

    rows = TeamScore.objects.filter(girone_id__in=list(girone_ids)).values_list(
        *TEAM_SCORE_FIELDS
    )
    return list(map(Score._make, rows.order_by()))


@dataclass(frozen=True)
class Entered:
    """A girone's confirmed scores plus those of the sheets only entered."""

    scores: list[Score]
    entered: int  # tables counted from an entered, unconfirmed sheet
    disputed: int  # tables left out: their sheets differ


def entered_scores(girone_id: int) -> Entered:
    """Confirmed scores, and how many tables await their second entry or are disputed.

    A table awaiting its second entry is counted but its first sheet is left out: who
    reads this may still type the second entry, and double entry is blind (issue 14
    §5). A disputed table does not count either: its two sheets differ."""
    from .models import TableResult

    scores = confirmed_scores([girone_id])
    pending = TableResult.objects.filter(
        round__girone_id=girone_id,
        status__in=[TableResult.Status.ENTERED, TableResult.Status.DISPUTED],
    )
    entered = disputed = 0
    for status in pending.values_list("status", flat=True):
        if status == TableResult.Status.DISPUTED:
            disputed += 1
        else:
            entered += 1
    return Entered(scores, entered, disputed)


def seats_of(
    girone_id: int, scores: Iterable[Score]
) -> list[tuple[int, int, int | None]]:
    """Every table of the girone as ``(round number, NS pair, EO pair or None)``: those
    with a result read from ``scores`` (which must hold every confirmed score of the
    girone), only the others from the tables (few: a round being entered, the next).

    The same seats as reading every table (``seating.services.attendance``), for a
    fraction of the rows on every save."""
    from seating.models import Table

    from .models import PairScore

    seats: dict[int, tuple[int, int, int | None]] = {}
    for s in scores:
        if s.girone_id != girone_id:
            continue
        if s.line == "ns":
            seats[s.table_id] = (s.round_number, s.pair_id, s.opponent_id)
        elif s.opponent_id is not None:
            seats.setdefault(s.table_id, (s.round_number, s.opponent_id, s.pair_id))
    counted = PairScore.objects.filter(girone_id=girone_id).values("table_id")
    pending = (
        Table.objects.filter(round__girone_id=girone_id)
        .exclude(pk__in=counted)
        .order_by()  # a set of seats: Table's ordering would join up to the tournament
        .values_list("pk", "round__number", "pair_ns_id", "pair_ew_id")
    )
    for pk, number, ns, ew in pending:
        seats.setdefault(pk, (number, ns, ew))
    return list(seats.values())


def matches_of(scores: Iterable[Score]) -> list[MatchTuple[int]]:
    """One match per table (or team match) whose competitors met; a match against None
    for the others. The NS pair (side "a" of a team match) comes first.

    Each match is the score as played: a pair's penalty outside the meeting is added
    back here and taken from its totals by :func:`penalties_of` (docs/rules.md §6.5)."""
    by_table: dict[int, dict[str, Score]] = {}
    matches: list[MatchTuple[int]] = []
    for score in scores:
        if score.played and score.opponent_id is not None:
            by_table.setdefault(score.table_id, {})[score.line] = score
        else:
            matches.append(_alone(score))
    for sides in by_table.values():
        ns = sides.get("ns", sides.get("a"))
        ew = sides.get("ew", sides.get("b"))
        if ns is not None and ew is not None:
            matches.append(
                (
                    ns.pair_id,
                    ew.pair_id,
                    ns.mp_for + ns.penalty_mp,
                    ew.mp_for + ew.penalty_mp,
                    ns.vp + ns.penalty_vp,
                    ew.vp + ew.penalty_vp,
                )
            )
            continue
        for one in sides.values():  # the other side's row is filtered out: no meeting
            matches.append(_alone(one))
    return matches


def _alone(score: Score) -> MatchTuple[int]:
    """A pair's result that is no meeting, as played (its penalty apart)."""
    return (
        score.pair_id,
        None,
        score.mp_for + score.penalty_mp,
        score.mp_against,
        score.vp + score.penalty_vp,
        0,
    )


def penalties_of(scores: Iterable[Score]) -> dict[int, tuple[int, int]]:
    """Pair id -> (VP, MP) it loses outside its meetings (second ammonizioni under
    ``second_warning_scope = "standings"``, docs/rules.md §6.5): the ``penalties`` of
    ``rules.standings.rank``, so that the totals are the PairScore rows' sums."""
    out: dict[int, tuple[int, int]] = {}
    for s in scores:
        if s.penalty_vp or s.penalty_mp:
            vp, mp = out.get(s.pair_id, (0, 0))
            out[s.pair_id] = (vp + s.penalty_vp, mp + s.penalty_mp)
    return out


def totals_of(scores: Iterable[Score]) -> dict[int, PairTotals]:
    """Totals per pair id of these scores (a pair with none is absent: 0 VP, 0 MP)."""
    sums: dict[int, list[int]] = {}
    for s in scores:
        t = sums.setdefault(s.pair_id, [0, 0, 0, 0])
        t[0] += s.vp
        t[1] += s.mp_for
        t[2] += s.mp_against
        t[3] += s.played
    return {pid: PairTotals(*t) for pid, t in sums.items()}


def pair_totals(
    girone_id: int, *, before_round: int | None = None
) -> dict[int, PairTotals]:
    """Totals per pair id over the confirmed results of a girone (rounds < before_round).

    Summed by the database (the Danese reads them for every round it seats); the
    same sums as :func:`totals_of` over :func:`confirmed_scores`.
    """
    from .models import PairScore

    return _summed(PairScore, "pair_id", girone_id, before_round)


def team_totals(
    girone_id: int, *, before_round: int | None = None
) -> dict[int, PairTotals]:
    """Totals per team id over the complete team matches of a girone (as
    :func:`pair_totals`, from the :class:`~scoring.models.TeamScore` rows)."""
    from .models import TeamScore

    return _summed(TeamScore, "team_id", girone_id, before_round)


def _summed(
    model, competitor: str, girone_id: int, before_round: int | None
) -> dict[int, PairTotals]:
    """Totals per ``competitor`` of the ``model``'s rows (PairScore, TeamScore)."""
    rows = model.objects.filter(girone_id=girone_id)
    if before_round is not None:
        rows = rows.filter(round_number__lt=before_round)
    aggregated = (
        rows.values(competitor)
        .annotate(
            vp=Sum("vp"),
            mp_for=Sum("mp_for"),
            mp_against=Sum("mp_against"),
            played=Count("id", filter=Q(played=True)),
        )
        .order_by()
    )
    return {
        row[competitor]: PairTotals(
            vp=row["vp"],
            mp_for=row["mp_for"],
            mp_against=row["mp_against"],
            played=row["played"],
        )
        for row in aggregated
    }
