"""The score-sheet form: parses a POST into a :class:`~scoring.services.Sheet`.

The form only parses (integers, choices, lengths); every rule of the game, the bounds of
a score included (docs/rules.md §5), is checked by the services, whose errors come back
keyed by these field names and are put next to the fields with ``add_error``. The
hidden ``confirm`` field carries the table's confirmation of unlikely values (the key
the service gave when it asked). One form class serves the quick row of the entry page (line
scores only) and the table page (``detailed``: kind of result, line, reason, breakdowns
and a referee-set score).
"""

from __future__ import annotations

import re
import uuid

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.inputs import integer_field

from .models import Line, ResultVersion, TableResult
from .services import Breakdown, Hand, Sheet
from .services.sheets import COUNT_PARTS, FLAG_PARTS, POINT_PARTS

_HAND_FIELD = re.compile(r"^h(\d+)_(ns|ew)$")
#: What a typed score may be as a number at all: the bounds of a score are the services'
#: (a message that says the real limit), this only keeps absurd input out of the code.
PARSE_LIMIT = 999_999
#: ``inputmode`` keeps phones on a number pad.
SCORE_ATTRS = {
    "inputmode": "numeric",
    "autocomplete": "off",
    "class": "score",
    "size": "5",
    "maxlength": "6",
    "pattern": "-?[0-9]*",
}
#: A Burraco score has a sign, and an iPhone's number pad no minus key: a field that
#: may be negative says so, and ``static/js/score-sign.js`` gives it a ± key on a
#: touch screen (a keyboard types "-" as ever).
SIGNED_ATTRS = {**SCORE_ATTRS, "data-signed": ""}


#: Kinds of result that only a Burraco round has (no Briscola rule gives them a value).
BURRACO_ONLY_KINDS = frozenset(
    {
        ResultVersion.Kind.LATE_ARRIVAL,
        ResultVersion.Kind.LATE_FORFEIT,
        ResultVersion.Kind.SECOND_WARNING,
    }
)


def visible_rows(
    values: dict[str, object], rows: int, shown: int, target: int | None = None
) -> int:
    """How many of ``rows`` score rows a sheet shows: ``shown``, one more per 60-60
    typed (a partita the pack replays), and at least up to the last row with a value.

    A turn to ``target`` points (docs/rules.md §4.4) shows one row more than the last
    typed until a line's running total reaches the target."""
    ties = last = 0
    totals = [0, 0]
    reached = False
    for n in range(1, rows + 1):
        ns, ew = values.get(f"h{n}_ns"), values.get(f"h{n}_ew")
        if str(ns or "").strip() or str(ew or "").strip():
            last = n
        if str(ns).strip() == "60" and str(ew).strip() == "60":
            ties += 1
        for i, value in enumerate((ns, ew)):
            text = str(value if value is not None else "").strip()
            # isdecimal, not isdigit: "²" is a digit that int() refuses (a 500).
            if text.lstrip("-").isdecimal():
                totals[i] += int(text)
        if target and not reached and max(totals) >= target:
            reached = True
    if target and last and not reached:
        last += 1
    return min(rows, max(shown + ties, last))


def new_token() -> str:
    """A fresh idempotency token for one rendering of a form."""
    return uuid.uuid4().hex


def part_label(part: str) -> str:
    return str(
        {
            "clean": _("Clean burrachi"),
            "semiclean": _("Semi-clean burrachi"),
            "dirty": _("Dirty burrachi"),
            "closed": _("Closed the hand"),
            "pozzetto": _("Took the pozzetto"),
            "melded": _("Cards melded"),
            "in_hand": _("Cards in hand"),
            "penalties": _("Penalties"),
        }[part]
    )


class SheetForm(forms.Form):
    #: Bounded by its column (a number past it would reach the database: a 500 on
    #: PostgreSQL from 2^31, on SQLite from 2^63).
    lock_version = integer_field(TableResult, "lock_version", widget=forms.HiddenInput)
    #: One per rendering of a sheet: a resubmission of the same sheet (double click,
    #: resend after a dropped connection, the offline queue) is recognised by it.
    idempotency_key = forms.CharField(
        max_length=64,
        widget=forms.HiddenInput(attrs={"data-idempotency-key": ""}),
    )
    #: The confirmation key of the unlikely values the table confirmed (services.bounds).
    confirm = forms.CharField(
        max_length=64,
        required=False,
        widget=forms.HiddenInput(attrs={"data-confirm": ""}),
    )
    reason = forms.CharField(
        label=_("Reason"),
        required=False,
        max_length=500,
        widget=forms.TextInput(attrs={"autocomplete": "off", "class": "reason"}),
    )

    def __init__(
        self,
        *args: object,
        rows: int,
        game: str = "burraco",
        detailed: bool = False,
        rest: bool = False,
        shown: int | None = None,
        totals: bool = False,
        target: int | None = None,
        **kwargs: object,
    ) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.rows, self.game, self.detailed, self.rest = rows, game, detailed, rest
        #: A turn played to these points (docs/rules.md §4.4): rows show as needed.
        self.target = target
        #: The two lines' MP totals may be typed instead of the smazzate (§5f).
        self.totals = totals and game == "burraco" and not rest
        if self.totals:
            self._add_totals()
        #: Rows shown before any 60-60 (the rest are spares for replayed partite).
        self.shown = rows if shown is None else shown
        self._add_hands()
        if not detailed:
            self.fields["kind"] = forms.ChoiceField(
                choices=ResultVersion.Kind.choices,
                required=False,
                widget=forms.HiddenInput,
            )
            return
        self._add_special()
        if game == "burraco":
            self._add_breakdowns()

    def _add_totals(self) -> None:
        for line, name in (("ns", _("NS")), ("ew", _("EO"))):
            self.fields[f"tot_{line}"] = forms.IntegerField(
                label=f"{_('Total')} {name}",
                required=False,
                min_value=-PARSE_LIMIT,
                max_value=PARSE_LIMIT,
                widget=forms.TextInput(attrs=dict(SIGNED_ATTRS)),
            )

    def _add_hands(self) -> None:
        """The two line scores of each smazzata or partita."""
        word = _("Game") if self.game == "briscola" else _("Hand")
        # A partita of Briscola counts card points: never below 0.
        signed = SCORE_ATTRS if self.game == "briscola" else SIGNED_ATTRS
        for n in range(1, self.rows + 1):
            for line, name in (("ns", _("NS")), ("ew", _("EO"))):
                self.fields[f"h{n}_{line}"] = forms.IntegerField(
                    label=f"{word} {n} {name}",
                    required=False,
                    min_value=-PARSE_LIMIT,
                    max_value=PARSE_LIMIT,
                    widget=forms.TextInput(attrs=dict(signed)),
                )

    def _add_special(self) -> None:
        """The detailed sheet's kind of result, its line, and the set scores."""
        game = self.game
        kinds = ResultVersion.Kind.choices
        if game == "briscola":
            kinds = [(k, label) for k, label in kinds if k not in BURRACO_ONLY_KINDS]
        self.fields["kind"] = forms.ChoiceField(
            label=_("Kind of result"),
            choices=kinds,
            initial=ResultVersion.Kind.REST if self.rest else ResultVersion.Kind.NORMAL,
        )
        self.fields["line"] = forms.ChoiceField(
            label=_("Line concerned"),
            choices=[("", "—"), *Line.choices],
            required=False,
        )
        # Briscola: a referee sets the standings points only (docs/rules.md §10).
        set_kinds = ("vp",) if game == "briscola" else ("mp", "vp")
        for kind in set_kinds:
            unit = _("Points") if game == "briscola" else kind.upper()
            for line, name in (("ns", _("NS")), ("ew", _("EO"))):
                self.fields[f"set_{kind}_{line}"] = forms.IntegerField(
                    label=f"{unit} {name}",
                    required=False,
                    min_value=-PARSE_LIMIT,
                    max_value=PARSE_LIMIT,
                    widget=forms.TextInput(
                        attrs=dict(SIGNED_ATTRS if kind == "mp" else SCORE_ATTRS)
                    ),
                )

    def _add_breakdowns(self) -> None:
        """Each Burraco line's breakdown of each smazzata (burrachi, points, flags)."""
        for n in range(1, self.rows + 1):
            for line in ("ns", "ew"):
                for part in (*COUNT_PARTS, *POINT_PARTS):
                    self.fields[f"h{n}_{line}_{part}"] = forms.IntegerField(
                        label=part_label(part),
                        required=False,
                        min_value=0,
                        max_value=9999,
                        widget=forms.TextInput(attrs=dict(SCORE_ATTRS)),
                    )
                for part in FLAG_PARTS:
                    self.fields[f"h{n}_{line}_{part}"] = forms.BooleanField(
                        label=part_label(part), required=False
                    )

    def clean(self) -> dict[str, object]:
        cleaned = super().clean() or {}
        extra = sorted(
            int(m.group(1))
            for key, value in self.data.items()
            if (m := _HAND_FIELD.match(key.removeprefix(self.add_prefix(""))))
            and int(m.group(1)) > self.rows
            and str(value).strip()
        )
        if extra:
            word = _("games") if self.game == "briscola" else _("hands")
            self.add_error(
                None,
                _("Too many %(word)s: this round has %(n)d.")
                % {"word": word, "n": self.rows},
            )
        return cleaned

    def hand_rows(
        self,
    ) -> list[tuple[int, forms.BoundField, forms.BoundField, bool]]:
        """``(n, NS field, EO field, hidden)`` for each smazzata, for the templates."""
        values = {name: self[name].value() for name in self.fields}
        visible = visible_rows(values, self.rows, self.shown, self.target)
        return [
            (n, self[f"h{n}_ns"], self[f"h{n}_ew"], n > visible)
            for n in range(1, self.rows + 1)
        ]

    def breakdown_rows(
        self,
    ) -> list[tuple[int, list[tuple[str, list[forms.BoundField]]]]]:
        """Per smazzata, per line, the breakdown fields (table page only)."""
        if not self.detailed or self.game != "burraco":
            return []
        parts = (*COUNT_PARTS, *FLAG_PARTS, *POINT_PARTS)
        return [
            (
                n,
                [
                    (str(name), [self[f"h{n}_{line}_{p}"] for p in parts])
                    for line, name in (("ns", _("NS")), ("ew", _("EO")))
                ],
            )
            for n in range(1, self.rows + 1)
        ]

    def to_sheet(self) -> Sheet:
        """The cleaned data as a plain :class:`Sheet` (call after ``is_valid()``)."""
        data = self.cleaned_data
        hands = []
        for n in range(1, self.rows + 1):
            hands.append(
                Hand(
                    ns=data.get(f"h{n}_ns"),
                    ew=data.get(f"h{n}_ew"),
                    ns_breakdown=self._breakdown(n, "ns"),
                    ew_breakdown=self._breakdown(n, "ew"),
                )
            )
        kind = data.get("kind") or (
            ResultVersion.Kind.REST if self.rest else ResultVersion.Kind.NORMAL
        )
        totals = None
        if self.totals:
            typed = (data.get("tot_ns"), data.get("tot_ew"))
            # The quick sheet has only the totals; on the table page they are the
            # alternative to the smazzate, taken when typed.
            if not self.detailed or typed != (None, None):
                totals = typed
        return Sheet(
            hands=tuple(hands),
            kind=kind,
            line=data.get("line") or "",
            reason=data.get("reason") or "",
            set_mp=(data.get("set_mp_ns"), data.get("set_mp_ew")),
            set_vp=(data.get("set_vp_ns"), data.get("set_vp_ew")),
            totals=totals,
        )

    def _breakdown(self, n: int, line: str) -> Breakdown | None:
        if not self.detailed or self.game != "burraco":
            return None
        data = self.cleaned_data
        values = {p: data.get(f"h{n}_{line}_{p}") for p in (*COUNT_PARTS, *POINT_PARTS)}
        flags = {p: bool(data.get(f"h{n}_{line}_{p}")) for p in FLAG_PARTS}
        if all(v is None for v in values.values()) and not any(flags.values()):
            return None
        counts = {k: int(v or 0) for k, v in values.items()}
        # Counts are ints and flags bools: mypy cannot pair the two dicts' keys.
        return Breakdown(**counts, **flags)  # type: ignore[arg-type]

    def ask_confirmation(self, key: str) -> None:
        """Render the form again with ``key`` in ``confirm``: saving it confirms."""
        data = self.data.copy()  # type: ignore[attr-defined]  # the POST's QueryDict
        data[self.add_prefix("confirm")] = key
        self.data = data

    def add_service_errors(self, errors: dict[str, list[str]]) -> None:
        """Put a service's errors next to their fields (unknown fields: at the top)."""
        for field, messages in errors.items():
            target = field if field in self.fields else None
            for message in messages:
                self.add_error(target, message)


class SettleForm(forms.Form):
    version = integer_field(ResultVersion, "id", min_value=1, widget=forms.HiddenInput)
    lock_version = integer_field(TableResult, "lock_version", widget=forms.HiddenInput)
