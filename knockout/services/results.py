"""A match's result: check it, decide it, advance the winner, flag what a correction hits.

:mod:`.decide` checks and decides the typed result. The
tabellone logic is :func:`rules.knockout.bracket.record_winner`: the winner advances at
once; a correction changes the later matches that have not been played and flags the
played ones (their result is kept, their winner withdrawn, a note says why).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from outbox.work import record_publish
from participants.models import Pair, Team
from rules.errors import RulesError
from rules.knockout.bracket import Bracket as PureBracket
from rules.knockout.bracket import Change, Match, Status, record_winner
from scoring.services.bounds import (
    Confirm,
)
from tournament.text import has_words, reason_problem

from ..models import Bracket, BracketMatch
from .decide import Decided, MatchEntry, check_bounds, decide
from .entrants import Entrants, entrants_of
from .errors import KnockoutError, ReasonRequired


@dataclass(frozen=True)
class ImpactLine:
    match: BracketMatch
    old: Pair | Team | None
    new: Pair | Team | None
    was_played: bool


def match_label(m: BracketMatch) -> str:
    return _("round %(round)s, match %(index)s") % {
        "round": m.round,
        "index": m.index + 1,
    }


def _pure(bracket: Bracket, rows: list[BracketMatch]) -> PureBracket:
    matches = tuple(
        Match(
            m.round,
            m.index,
            m.side_id("a"),
            m.side_id("b"),
            m.winner_team_id or m.winner_id,
            Status(m.status),
        )
        for m in sorted(rows, key=lambda m: (m.round, m.index))
    )
    return PureBracket(bracket.size, bracket.third_place, matches)


@transaction.atomic
def enter_result(
    bracket_id: int,
    round_: int,
    index: int,
    entry: MatchEntry,
    *,
    by,
    confirm: Confirm = False,
) -> tuple[BracketMatch, list[ImpactLine]]:
    """Record a match's result; returns the match and what changed downstream.

    The typed values are checked first (:func:`check_bounds`, ``confirm`` as there).
    """
    bracket = (
        Bracket.objects.select_for_update(of=("self",))
        .select_related("tournament")
        .get(pk=bracket_id)
    )
    rows = list(
        BracketMatch.objects.filter(bracket=bracket).select_related(
            "pair_a", "pair_b", "team_a", "team_b"
        )
    )
    entrants = entrants_of(bracket.tournament)
    by_key = {(m.round, m.index): m for m in rows}
    match = _playable(by_key.get((round_, index)), entrants)
    check_bounds(
        bracket.tournament,
        entry,
        confirm=confirm,
        # A team match: two tables of best_of smazzate each, checked table by table.
        table_size=match.best_of if entrants.teams else None,
    )
    correcting = match.status == BracketMatch.Status.PLAYED
    _check_reason(match, entry, correcting=correcting)
    try:
        decided = decide(bracket.tournament, match, entry)
        winner_id = match.side_id(decided.winner)
        pure, changes = record_winner(_pure(bracket, rows), round_, index, winner_id)  # type: ignore[arg-type]
    except RulesError as exc:
        raise KnockoutError(_("Result refused: %(reason)s") % {"reason": exc}) from exc
    _write_entry(match, entry, decided, by, correcting=correcting)
    impact = _apply(pure, by_key, changes, match, entrants)
    bracket.version += 1
    final = pure.match(pure.rounds, 0)
    third_done = (
        not pure.third_place or pure.match(pure.rounds, 1).status is Status.PLAYED
    )
    finished = final.status is Status.PLAYED and third_done
    bracket.status = Bracket.Status.FINISHED if finished else Bracket.Status.DRAWN
    bracket.save(update_fields=["version", "status"])
    record_publish(bracket.tournament_id, pages=True)  # the public tabellone
    return match, impact


def _playable(match: BracketMatch | None, entrants: Entrants) -> BracketMatch:
    """The match, if a result can be entered for it: not a bye, both sides known."""
    if match is None:
        raise KnockoutError(_("There is no such match in the tabellone."))
    if match.status == BracketMatch.Status.BYE:
        raise KnockoutError(
            _("%(match)s is a bye: the pair goes through without playing.")
            % {"match": match_label(match)}
        )
    if match.side_id("a") is None or match.side_id("b") is None:
        message = str(entrants.sides_unknown)
        raise KnockoutError(message % {"match": match_label(match)})
    return match


def _check_reason(match: BracketMatch, entry: MatchEntry, *, correcting: bool) -> None:
    """A reason is plain words; a correction of a played match needs one."""
    problem = reason_problem(entry.reason)
    if problem is not None:
        raise ReasonRequired(problem)
    if correcting and not has_words(entry.reason):
        raise ReasonRequired(
            _(
                "%(match)s already has a result: changing it is a correction and needs"
                " a reason."
            )
            % {"match": match_label(match)}
        )


def _write_entry(
    match: BracketMatch,
    entry: MatchEntry,
    decided: Decided,
    by: Any,
    *,
    correcting: bool,
) -> None:
    """The typed result and its outcome on the match (saved with the tabellone)."""
    match.games = [list(g) for g in entry.games]
    match.spareggi = [list(g) for g in entry.spareggi]
    match.last_trick, match.last_move, match.no_show = (
        entry.last_trick,
        entry.last_move,
        entry.no_show,
    )
    match.score_a, match.score_b = decided.score_a, decided.score_b
    match.decided_by = decided.decided_by
    match.flag_note = ""
    match.correction_reason = entry.reason.strip() if correcting else ""
    match.entered_by, match.entered_at = by, timezone.now()


def _apply(
    pure: PureBracket,
    by_key: dict[tuple[int, int], BracketMatch],
    changes: tuple[Change, ...],
    entered: BracketMatch,
    entrants: Entrants,
) -> list[ImpactLine]:
    """Write the pure tabellone back: pairs (or teams), winners, statuses, notes."""
    sides = entrants.match_fields
    impact = _impact(by_key, changes, entered, entrants)
    dirty = {entered.pk: entered}
    for m in pure.matches:
        row = by_key[m.key]
        stored = tuple(getattr(row, f"{name}_id") for name in sides)
        if (*stored, row.status) != (
            m.pair_a,
            m.pair_b,
            m.winner,
            m.status.value,
        ) or row.pk in dirty:
            for name, value in zip(sides, (m.pair_a, m.pair_b, m.winner), strict=True):
                setattr(row, f"{name}_id", value)
            row.status = m.status.value
            dirty[row.pk] = row
    for c in changes:
        dirty[by_key[c.key].pk] = by_key[c.key]
    BracketMatch.objects.bulk_update(
        list(dirty.values()),
        [
            *sides,
            "status",
            "games",
            "spareggi",
            "last_trick",
            "last_move",
            "no_show",
            "score_a",
            "score_b",
            "decided_by",
            "flag_note",
            "correction_reason",
            "entered_by",
            "entered_at",
        ],
    )
    return impact


def _impact(
    by_key: dict[tuple[int, int], BracketMatch],
    changes: tuple[Change, ...],
    entered: BracketMatch,
    entrants: Entrants,
) -> list[ImpactLine]:
    """What the result changed downstream; a played match it hits gets a note."""
    pairs = entrants.model._default_manager.in_bulk(
        {c.old for c in changes if c.old} | {c.new for c in changes if c.new}
    )
    impact = []
    for c in changes:
        row = by_key[c.key]
        old, new = (
            pairs.get(c.old) if c.old else None,
            pairs.get(c.new) if c.new else None,
        )
        impact.append(ImpactLine(row, old, new, c.was_played))
        if c.was_played:
            row.flag_note = _(
                "A correction of %(source)s replaced %(old)s with %(new)s: the result "
                "entered before no longer counts; enter it again."
            ) % {
                "source": match_label(entered),
                "old": old or "—",
                "new": new or entrants.not_known,
            }
    return impact
