"""The plain values of a score sheet and of its computed outcome (no database).

Shared by :mod:`.sheets` (which checks a sheet and computes it through :mod:`rules`),
:mod:`.burraco_hands` and :mod:`.briscola_sheet` (its two games' sheets) and
:mod:`.specials` (the referee's adjudicated results).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from rules.errors import RulesError
from rules.packs import RulePack
from rules.to_points import MAX_HANDS as MAX_TARGET_HANDS
from rules.vp import VpTable

from ..models import ResultVersion
from .errors import NON_FIELD, SheetError

Kind = ResultVersion.Kind

#: Breakdown parts as named in the form, and their LineBreakdown field.
BREAKDOWN_PARTS: dict[str, str] = {
    "clean": "clean",
    "semiclean": "semiclean",
    "dirty": "dirty",
    "closed": "closed",
    "pozzetto": "took_pozzetto",
    "melded": "melded_points",
    "in_hand": "in_hand_points",
    "penalties": "penalties",
}
COUNT_PARTS = ("clean", "semiclean", "dirty")
POINT_PARTS = ("melded", "in_hand", "penalties")
FLAG_PARTS = ("closed", "pozzetto")


@dataclass(frozen=True)
class Breakdown:
    """One line's breakdown of a smazzata (seed 000 order: burrachi, closing, cards)."""

    clean: int = 0
    semiclean: int = 0
    dirty: int = 0
    closed: bool = False
    pozzetto: bool = False
    melded: int = 0
    in_hand: int = 0
    penalties: int = 0

    def as_json(self) -> dict[str, int | bool]:
        """The stored form: the field names of ``rules.burraco.LineBreakdown``."""
        return {BREAKDOWN_PARTS[k]: getattr(self, k) for k in BREAKDOWN_PARTS}

    @classmethod
    def from_json(cls, data: Mapping[str, int | bool]) -> Breakdown:
        return cls(**{k: data[v] for k, v in BREAKDOWN_PARTS.items() if v in data})  # type: ignore[arg-type]


@dataclass(frozen=True)
class Hand:
    """One smazzata (or Briscola partita) as typed; a score may be left to the breakdown."""

    ns: int | None
    ew: int | None
    ns_breakdown: Breakdown | None = None
    ew_breakdown: Breakdown | None = None


@dataclass(frozen=True)
class Sheet:
    """Everything a referee submits for one table."""

    hands: tuple[Hand, ...] = ()
    kind: str = Kind.NORMAL
    line: str = ""
    reason: str = ""
    set_mp: tuple[int | None, int | None] = (None, None)
    set_vp: tuple[int | None, int | None] = (None, None)
    #: The two lines' MP totals typed instead of the smazzate (docs/rules.md §5f);
    #: None: the smazzate are typed.
    totals: tuple[int | None, int | None] | None = None

    def content_key(self, outcome: Outcome) -> tuple[object, ...]:
        """What two sheets of a double entry must agree on (scores, not the reason)."""
        return (self.kind, self.line, outcome.hands, self.set_mp, self.set_vp)


@dataclass(frozen=True)
class Context:
    """What a sheet is checked against: the game, the pack, the round, the table."""

    game: str
    pack: RulePack
    round_hands: int
    is_rest: bool
    #: The round is played to these points, not to ``round_hands`` smazzate (which
    #: then names the VP table; docs/rules.md §4.4).
    target_points: int | None = None

    @property
    def most_hands(self) -> int:
        """The most smazzate a sheet of this round may hold."""
        return MAX_TARGET_HANDS if self.target_points else self.round_hands


@dataclass(frozen=True)
class Outcome:
    """The computed result: line scores per smazzata (or partita), MP and VP per line."""

    mp_ns: int | None
    mp_ew: int | None
    vp_ns: int | None
    vp_ew: int | None
    hands: tuple[tuple[int, int], ...] = ()
    breakdowns: tuple[tuple[Breakdown | None, Breakdown | None], ...] = ()
    played: bool = True
    notes: tuple[str, ...] = field(default=())
    #: Partite that count (a 60-60 partita replayed under the pack does not).
    counted: int | None = None
    #: VP and MP the version's ``line`` loses outside the meeting (a second
    #: ammonizione under ``second_warning_scope = "standings"``, docs/rules.md §6.5);
    #: the MP and VP above already count the loss.
    penalty_vp: int = 0
    penalty_mp: int = 0


class Errors:
    """Collects messages by field, then raises them all at once."""

    def __init__(self) -> None:
        self.by_field: dict[str, list[str]] = {}

    def add(self, field_name: str, message: str) -> None:
        self.by_field.setdefault(field_name, []).append(message)

    def raise_if_any(self) -> None:
        if self.by_field:
            raise SheetError(self.by_field)


def convert(table: VpTable, mp_ns: int, mp_ew: int) -> tuple[int, int]:
    try:
        return table.convert(mp_ns, mp_ew)
    except RulesError as exc:
        raise SheetError(
            {
                NON_FIELD: [
                    _("The totals cannot be converted: %(detail)s") % {"detail": exc}
                ]
            }
        ) from exc


def band_mp(table: VpTable, vp: int, rule: str | int) -> int:
    return table.band_min_mp(vp) if rule == "band_min" else int(rule)


def no_hands(sheet: Sheet) -> None:
    if typed_hands(sheet.hands):
        raise SheetError(
            {"h1_ns": [_("This kind of result takes no hand scores: clear them.")]}
        )


def typed_hands(hands: tuple[Hand, ...]) -> tuple[Hand, ...]:
    """The hands up to the last one with anything typed (blank rows at the end go)."""
    last = 0
    for number, hand in enumerate(hands, start=1):
        if (
            hand.ns is not None
            or hand.ew is not None
            or hand.ns_breakdown
            or hand.ew_breakdown
        ):
            last = number
    return hands[:last]
