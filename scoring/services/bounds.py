"""The bounds of a sheet: impossible values refused, unlikely ones saved only when confirmed.

docs/rules.md §5. :mod:`rules.bounds` finds the values (codes and numbers); this module
words them next to the form field they concern and decides:

* an **impossible** value (9995 in one smazzata, 45 VP, 1 point in a Briscola partita) is
  refused with :class:`ImpossibleError`, whatever the referee says;
* an **unlikely** one (a smazzata over 2,000, every smazzata 0-0, a difference over
  3,000 under fibur-2026) is refused with :class:`UnlikelyError` unless ``confirm`` says
  the table checked it: ``True`` accepts any unlikely value (the replay's ``"confirm":
  true``), a string accepts exactly the unlikely values whose :func:`confirmation_key` it
  is (the page's hidden field: change a flagged value and the table is asked again).

:func:`check_sheet` is the one entry point for a typed sheet: every write path
(``submit_sheet``; the replay) goes through it before anything reaches the database.
:func:`check_totals` does the same for two line totals over N smazzate, and
:func:`check_match` for a knockout match's smazzate or partite.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.formats import number_format
from django.utils.translation import gettext as _

from rules import bounds as rules_bounds
from rules.bounds import Code, Finding
from rules.packs import RulePack

from ..models import ResultVersion
from .errors import NON_FIELD, SheetError
from .sheet_types import Context, Outcome, Sheet
from .sheets import compute

Kind = ResultVersion.Kind

#: ``confirm``: True (accept any unlikely value), a confirmation key, or nothing.
Confirm = bool | str

__all__ = [
    "BoundsError",
    "Confirm",
    "ImpossibleError",
    "Problem",
    "UnlikelyError",
    "check_match",
    "check_sheet",
    "check_totals",
    "confirmation_key",
    "impossible_problems",
    "unlikely_problems",
]


@dataclass(frozen=True)
class Problem:
    """One impossible or unlikely value: the form field, the rules' code, the message."""

    field: str
    code: str
    value: int
    unlikely: bool
    message: str


class BoundsError(SheetError):
    """Some typed values break the bounds of docs/rules.md §5 (nothing was saved)."""

    code = "impossible"

    def __init__(self, problems: Sequence[Problem], *, note: str = "") -> None:
        errors: dict[str, list[str]] = {}
        if note:
            errors[NON_FIELD] = [note]
        for problem in problems:
            errors.setdefault(problem.field, []).append(problem.message)
        super().__init__(errors)
        self.problems = tuple(problems)


class ImpossibleError(BoundsError):
    """A value no game can produce: refused whatever the table confirms."""

    code = "impossible"

    def __init__(self, problems: Sequence[Problem]) -> None:
        super().__init__(problems)


class UnlikelyError(BoundsError):
    """Possible values that the table must confirm; ``key`` confirms exactly these."""

    code = "unlikely"

    def __init__(self, problems: Sequence[Problem]) -> None:
        super().__init__(
            problems,
            note=_(
                "Unlikely values (marked): check them on the score card. If they are"
                " right, save again to confirm them."
            ),
        )
        self.key = confirmation_key(problems)


def confirmation_key(problems: Sequence[Problem]) -> str:
    """A short digest of the unlikely values: what a confirmation at the table confirms."""
    text = "|".join(sorted(f"{p.field}:{p.code}:{p.value}" for p in problems))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _confirmed(confirm: Confirm, problems: Sequence[Problem]) -> bool:
    if confirm is True:
        return True
    return bool(confirm) and confirm == confirmation_key(problems)


def _n(value: int) -> str:
    return number_format(value, force_grouping=True)


# --- wording ----------------------------------------------------------------------


def hand_message(finding: Finding, game: str) -> str:
    value, limit = _n(finding.value), _n(finding.limit or 0)
    code = finding.code
    if game == "briscola":
        if code == Code.UNREACHABLE:
            return _(
                "No cards add up to %(value)s points: a side takes from 0 to 120 points"
                " in a game, never 1 or 119."
            ) % {"value": value}
        if code == Code.NOT_120:
            return _("The two lines take 120 points in all, not %(total)d.") % {
                "total": finding.value
            }
        return _("Between 0 and 120.")
    if code == Code.ABOVE_MAX:
        return _(
            "%(value)s is more than a line can score in one hand (at most %(limit)s)."
        ) % {"value": value, "limit": limit}
    if code == Code.BELOW_MIN:
        return _(
            "%(value)s is less than a line can score in one hand (at least %(limit)s)."
        ) % {"value": value, "limit": limit}
    if code == Code.HAND_HIGH:
        return _("Unlikely: more than %(limit)s in one hand.") % {"limit": limit}
    if code == Code.HAND_LOW:
        return _("Unlikely: less than %(limit)s in one hand.") % {"limit": limit}
    return _("%(score)d is not a multiple of 5: every Burraco score is.") % {
        "score": finding.value
    }


def _total_message(finding: Finding) -> str:
    value, limit = _n(finding.value), _n(finding.limit or 0)
    if finding.code == Code.ABOVE_MAX:
        return _(
            "%(value)s MP is more than a line can score in this round (at most"
            " %(limit)s)."
        ) % {"value": value, "limit": limit}
    if finding.code == Code.BELOW_MIN:
        return _(
            "%(value)s MP is less than a line can score in this round (at least"
            " %(limit)s)."
        ) % {"value": value, "limit": limit}
    return _("%(score)d is not a multiple of 5: every Burraco score is.") % {
        "score": finding.value
    }


def _vp_message(finding: Finding, game: str) -> str:
    value, limit = _n(finding.value), _n(finding.limit or 0)
    if game == "briscola":
        return _("Points from %(low)s to %(high)s, not %(value)s.") % {
            "low": 0,
            "high": limit,
            "value": value,
        }
    return _("VP from %(low)s to %(high)s (the VP table's range), not %(value)s.") % {
        "low": 0,
        "high": limit,
        "value": value,
    }


def _table_message(finding: Finding, *, totals: bool = False) -> str:
    if finding.code == Code.ALL_ZERO and totals:
        return _("Unlikely: both lines' MP are 0. Is the sheet complete?")
    if finding.code == Code.ALL_ZERO:
        return _("Unlikely: every hand is 0–0. Is the sheet complete?")
    return _("Unlikely: a difference of %(value)s MP (more than %(limit)s).") % {
        "value": _n(finding.value),
        "limit": _n(finding.limit or 0),
    }


def _hand_problems(findings: Sequence[Finding], game: str) -> list[Problem]:
    problems = []
    for f in findings:
        if f.line is None or f.hand is None:
            field, message = (
                ("h1_ns" if f.code == Code.ALL_ZERO else NON_FIELD),
                (_table_message(f)),
            )
        else:
            field, message = f"h{f.hand}_{f.line}", hand_message(f, game)
        problems.append(Problem(field, f.code.value, f.value, f.unlikely, message))
    return problems


# --- the checks ---------------------------------------------------------------------


def impossible_problems(sheet: Sheet, ctx: Context) -> list[Problem]:
    """The impossible values a sheet holds (typed smazzate or partite, set MP and VP)."""
    pack = ctx.pack
    typed = [(hand.ns, hand.ew) for hand in sheet.hands]
    problems = _hand_problems(rules_bounds.check_hands(typed, pack), ctx.game)
    if ctx.game == "burraco":
        for f in rules_bounds.check_totals(sheet.set_mp, ctx.most_hands, pack):
            problems.append(
                Problem(
                    f"set_mp_{f.line}", f.code.value, f.value, False, _total_message(f)
                )
            )
    for f in rules_bounds.check_vp(sheet.set_vp, pack):
        problems.append(
            Problem(
                f"set_vp_{f.line}",
                f.code.value,
                f.value,
                False,
                _vp_message(f, ctx.game),
            )
        )
    return problems


def unlikely_problems(sheet: Sheet, outcome: Outcome, ctx: Context) -> list[Problem]:
    """The unlikely values of a computed sheet (its smazzate, or a referee-set MP)."""
    problems = _hand_problems(
        rules_bounds.unlikely_hands(outcome.hands, ctx.pack), ctx.game
    )
    # A referee-set MP decides the VP only when no VP is set; 0-0 there is deliberate
    # (typed with a reason), a difference beyond the threshold is still a slip.
    set_ns, set_ew = sheet.set_mp
    mp_decides = sheet.kind == Kind.REFEREE_SET and sheet.set_vp == (None, None)
    if mp_decides and set_ns is not None and set_ew is not None:
        for f in rules_bounds.unlikely_totals((set_ns, set_ew), ctx.pack):
            if f.code == Code.DIFF_HIGH:
                message = _table_message(f)
                problems.append(
                    Problem("set_mp_ns", f.code.value, f.value, True, message)
                )
    return problems


def check_sheet(sheet: Sheet, ctx: Context, *, confirm: Confirm = False) -> Outcome:
    """Check ``sheet`` against the bounds and compute it; the :class:`Outcome` to save.

    Raises :class:`ImpossibleError` (never saved), :class:`UnlikelyError` (saved once
    ``confirm`` confirms it) or the :class:`SheetError` of :func:`.sheets.compute`.
    """
    problems = impossible_problems(sheet, ctx)
    if problems:
        raise ImpossibleError(problems)
    totals = sheet.totals
    if (
        ctx.game == "burraco"
        and totals is not None
        and totals[0] is not None
        and totals[1] is not None
        and sheet.kind != Kind.FORFEIT
    ):
        # Typed as the two lines' totals (docs/rules.md §5f): the same bounds, N times
        # a smazzata's, and the same unlikely values, confirmed the same way.
        check_totals(
            (totals[0], totals[1]),
            ctx.most_hands,
            ctx.pack,
            confirm=confirm,
            fields=("tot_ns", "tot_ew"),
        )
    outcome = compute(sheet, ctx)
    unlikely = unlikely_problems(sheet, outcome, ctx)
    if unlikely and not _confirmed(confirm, unlikely):
        raise UnlikelyError(unlikely)
    return outcome


def check_totals(
    totals: tuple[int, int],
    hands: int,
    pack: RulePack,
    *,
    confirm: Confirm = False,
    fields: tuple[str, str] = ("mp_ns", "mp_ew"),
) -> None:
    """Check two lines' MP totals over ``hands`` smazzate typed as totals (Burraco).

    For a sheet that records only each line's total: the same bounds, N times those of
    one smazzata, and the same unlikely thresholds; ``fields`` names the form fields.
    """
    by_line = dict(zip(("ns", "ew"), fields, strict=True))
    impossible = [
        Problem(
            by_line[f.line or "ns"], f.code.value, f.value, False, _total_message(f)
        )
        for f in rules_bounds.check_totals(totals, hands, pack)
    ]
    if impossible:
        raise ImpossibleError(impossible)
    unlikely = [
        Problem(fields[0], f.code.value, f.value, True, _table_message(f, totals=True))
        for f in rules_bounds.unlikely_totals(totals, pack)
    ]
    if unlikely and not _confirmed(confirm, unlikely):
        raise UnlikelyError(unlikely)


def check_match(
    games: Sequence[tuple[int, int]],
    pack: RulePack,
    *,
    names: Sequence[tuple[str, str]],
    confirm: Confirm = False,
) -> None:
    """Check a knockout match's smazzate (Burraco) or partite (Briscola).

    ``names`` gives each row's two form fields (side a, side b), row by row.
    """
    impossible = [
        _match_problem(f, names, pack.game)
        for f in rules_bounds.check_hands(games, pack)
    ]
    if impossible:
        raise ImpossibleError(impossible)
    unlikely = [
        _match_problem(f, names, pack.game)
        for f in rules_bounds.unlikely_hands(games, pack)
    ]
    if unlikely and not _confirmed(confirm, unlikely):
        raise UnlikelyError(unlikely)


def _match_problem(
    finding: Finding, names: Sequence[tuple[str, str]], game: str
) -> Problem:
    if finding.line is None or finding.hand is None:
        field = names[0][0] if finding.code == Code.ALL_ZERO else NON_FIELD
        message = _table_message(finding)
    else:
        row = names[finding.hand - 1]
        field = row[0] if finding.line == "ns" else row[1]
        message = hand_message(finding, game)
    return Problem(field, finding.code.value, finding.value, finding.unlikely, message)
