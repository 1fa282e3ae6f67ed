"""Writing what a save decided: a version with its hands, and the pairs' scores.

:func:`create_version` stores one submission (its smazzate or partite, their
breakdowns); :func:`write_pair_scores` rewrites a table's
:class:`~scoring.models.PairScore` rows from the version that counts and refreshes the
girone's ranking and the publishing after it in the outbox, in the caller's
transaction. :func:`sheet_key` and
:func:`version_key` say what two sheets of a double entry must agree on.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Max, Q
from django.utils import timezone

from outbox.work import record_rank
from seating.models import Table

from ..formats import in_team_matches
from ..models import BriscolaGame, HandScore, PairScore, ResultVersion, TableResult
from .sheet_types import Outcome, Sheet
from .teams import write_team_scores

Status = ResultVersion.Status
Purpose = ResultVersion.Purpose


def write_pair_scores(
    table: Table, version: ResultVersion | None, *, replacing: bool = True
) -> None:
    """Replace the table's PairScore rows with what ``version`` gives each pair.

    ``replacing=False``: the table had no version that counts until now, so it has no
    rows to delete (they are written only from the version that counts, here and in
    core/archive_rebuild.py). In a team tournament the table's team match is scored
    again (``.teams``). Then the girone's ranking is recorded in the outbox, in the
    caller's transaction: the worker ranks it and publishes the table's round and
    pairs (core/pipeline.py).
    """
    if replacing:
        PairScore.objects.filter(table=table).delete()
    scores = _pair_scores(table, version) if version is not None else []
    if scores:
        PairScore.objects.bulk_create(scores)
    if in_team_matches(table.round.girone.stage.tournament):
        write_team_scores(table, scores)  # the team match's result, from the scores
    record_rank(
        table.round.girone_id,
        rounds=[table.round_id],
        pairs=[p for p in (table.pair_ns_id, table.pair_ew_id) if p is not None],
    )


def pair_lines(table: Table, version: ResultVersion) -> list[dict[str, Any]]:
    """What each pair of the table gets from ``version`` (the fields of its score line:
    pair, opponent, line, VP, MP for and against, whether it counts as played, the
    penalty outside the meeting)."""
    played = version.kind not in (
        ResultVersion.Kind.REST,
        ResultVersion.Kind.FORFEIT,
        ResultVersion.Kind.LATE_FORFEIT,
        ResultVersion.Kind.BOTH_ABSENT,
    )
    mp_ns, mp_ew = version.mp_ns or 0, version.mp_ew or 0
    # A second ammonizione under ``second_warning_scope = "standings"`` (§6.5): the
    # warned line's MP and VP count its loss, the meeting is them plus the penalty,
    # so the other line's MP against is what the warned line made.
    penalty = {"ns": (0, 0), "ew": (0, 0)}
    if version.penalty_vp or version.penalty_mp:
        penalty[version.line] = (version.penalty_vp, version.penalty_mp)
    against_ns, against_ew = mp_ew + penalty["ew"][1], mp_ns + penalty["ns"][1]
    # A forfeit under ``forfeit_offender_mp = "band_min"`` (docs/rules.md §6.2) stores
    # the offender's MP difference as a negative MP: its MP against, none for the other.
    if version.kind == ResultVersion.Kind.FORFEIT and min(mp_ns, mp_ew) < 0:
        against_ns, against_ew = max(0, -mp_ns), max(0, -mp_ew)
        mp_ns, mp_ew = max(0, mp_ns), max(0, mp_ew)
    lines = [
        {
            "pair_id": table.pair_ns_id,
            "opponent_id": table.pair_ew_id,
            "line": "ns",
            "vp": version.vp_ns or 0,
            "mp_for": mp_ns,
            "mp_against": against_ns,
            "played": played and table.pair_ew_id is not None,
            "penalty_vp": penalty["ns"][0],
            "penalty_mp": penalty["ns"][1],
        }
    ]
    if table.pair_ew_id is not None:
        lines.append(
            {
                "pair_id": table.pair_ew_id,
                "opponent_id": table.pair_ns_id,
                "line": "ew",
                "vp": version.vp_ew or 0,
                "mp_for": mp_ew,
                "mp_against": against_ew,
                "played": played,
                "penalty_vp": penalty["ew"][0],
                "penalty_mp": penalty["ew"][1],
            }
        )
    return lines


def _pair_scores(table: Table, version: ResultVersion) -> list[PairScore]:
    common = {
        "round_id": table.round_id,
        "girone_id": table.round.girone_id,
        "round_number": table.round.number,
        "table": table,
        "version": version,
    }
    return [PairScore(**line, **common) for line in pair_lines(table, version)]


def seen(result: TableResult, token: str) -> tuple[ResultVersion | None, int]:
    """What a save reads of the table's versions, in one statement: the version
    ``token`` already made (a replayed form; None), and the number of the next one.

    Aggregates, so without ResultVersion's default ordering (result, number), which
    joins the table, round, girone, stage and tournament to order the rows."""
    found = result.versions.aggregate(
        n=Max("number"), replay=Max("pk", filter=Q(idempotency_key=token))
    )
    replay = None
    if found["replay"] is not None:
        replay = ResultVersion.objects.get(pk=found["replay"])
    return replay, (found["n"] or 0) + 1


def create_version(
    result: TableResult,
    table: Table,
    sheet: Sheet,
    outcome: Outcome,
    *,
    status: str,
    by: Any,
    token: str,
    expected: int,
    purpose: str = Purpose.ENTRY,
    supersedes: ResultVersion | None = None,
    now: Any = None,
    source: str = ResultVersion.Source.REFEREE,
    number: int | None = None,
) -> ResultVersion:
    """Store one submission: ``by`` a user, or None for a player (``source``);
    ``number``: the version's, when the caller read it (:func:`seen`)."""
    now = now or timezone.now()
    if number is None:
        number = (result.versions.aggregate(n=Max("number"))["n"] or 0) + 1
    confirmed = status in (Status.CONFIRMED, Status.MATCHED)
    game = table.round.girone.stage.tournament.game
    version = ResultVersion.objects.create(
        result=result,
        number=number,
        game=game,
        purpose=purpose,
        kind=sheet.kind,
        line=sheet.line,
        reason=sheet.reason.strip(),
        status=status,
        hands_table=table.round.hands,
        target_points=table.round.target_points,
        hands_played=(
            outcome.counted if outcome.counted is not None else len(outcome.hands)
        ),
        set_mp_ns=sheet.set_mp[0],
        set_mp_ew=sheet.set_mp[1],
        set_vp_ns=sheet.set_vp[0],
        set_vp_ew=sheet.set_vp[1],
        mp_ns=outcome.mp_ns,
        mp_ew=outcome.mp_ew,
        vp_ns=outcome.vp_ns,
        vp_ew=outcome.vp_ew,
        penalty_vp=outcome.penalty_vp,
        penalty_mp=outcome.penalty_mp,
        idempotency_key=token,
        expected_lock_version=expected,
        source=source,
        entered_by=by,
        entered_at=now,
        confirmed_by=by if confirmed and by is not None else None,
        confirmed_as=source if confirmed and by is None else "",
        confirmed_at=now if confirmed else None,
        supersedes=supersedes,
    )
    _write_rows(version, outcome)
    return version


def _write_rows(version: ResultVersion, outcome: Outcome) -> None:
    """The version's sheet: its partite (Briscola) or smazzate with their breakdowns."""
    if version.game == "briscola":
        BriscolaGame.objects.bulk_create(
            BriscolaGame(version=version, number=i, ns=ns, ew=ew)
            for i, (ns, ew) in enumerate(outcome.hands, start=1)
        )
    else:
        HandScore.objects.bulk_create(
            HandScore(
                version=version,
                number=i,
                ns=ns,
                ew=ew,
                ns_breakdown=bd[0].as_json() if bd[0] else None,
                ew_breakdown=bd[1].as_json() if bd[1] else None,
            )
            for i, ((ns, ew), bd) in enumerate(
                zip(outcome.hands, _pad(outcome), strict=True), start=1
            )
        )


def _pad(outcome: Outcome) -> tuple[tuple[Any, Any], ...]:
    if len(outcome.breakdowns) == len(outcome.hands):
        return outcome.breakdowns
    return tuple((None, None) for _ in outcome.hands)


def sheet_key(sheet: Sheet, outcome: Outcome) -> tuple[object, ...]:
    """What two sheets of a double entry must agree on: kind, line and the scores."""
    return (
        sheet.kind,
        sheet.line,
        tuple(outcome.hands),
        tuple(sheet.set_mp),
        tuple(sheet.set_vp),
        # The MP each line made: what two sheets typed as totals agree on (§5f).
        (outcome.mp_ns, outcome.mp_ew),
    )


def version_key(version: ResultVersion) -> tuple[object, ...]:
    """The :func:`sheet_key` of a stored version.

    Its rows ordered by number alone: their default ordering starts with the version's,
    which joins the result, table, round, girone, stage and tournament."""
    rows = version.games if version.game == "briscola" else version.hands
    return (
        version.kind,
        version.line,
        tuple(rows.order_by("number").values_list("ns", "ew")),
        (version.set_mp_ns, version.set_mp_ew),
        (version.set_vp_ns, version.set_vp_ew),
        (version.mp_ns, version.mp_ew),
    )
