"""The entry page's quick sheet of one table, rendered in Python.

A round of 500 tables is 500 sheets of about ten inputs each: through form widgets and
template nodes that took seconds per page, so the quick sheet is written here with
``format_html`` (same markup, a few milliseconds for the whole round). The values and
errors come from a bound :class:`~scoring.forms.SheetForm` after a failed save (the typed
sheet stays), or from the initial values of a fresh sheet. Field names are the form's
(``t<table>-h<n>_ns`` ...), so the POST goes through the same form and services.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from .forms import SheetForm, visible_rows


@dataclass(frozen=True)
class QuickSheet:
    """What one quick sheet shows: its values and errors by (unprefixed) field name."""

    prefix: str
    rows: int
    rest: bool
    values: Mapping[str, object]
    errors: Mapping[str, Sequence[str]] = field(default_factory=dict)
    #: Rows shown before any 60-60 (Briscola: the best of N; the others are spares).
    shown: int | None = None
    #: Only the two lines' MP totals are typed (docs/rules.md §5f).
    totals: bool = False
    #: A turn played to these points (docs/rules.md §4.4): one more row shows until a
    #: line reaches them.
    target: int | None = None

    @classmethod
    def from_form(cls, form: SheetForm) -> QuickSheet:
        values = {name: form[name].value() for name in form.fields}
        errors = {name: [str(m) for m in msgs] for name, msgs in form.errors.items()}
        return cls(
            form.prefix or "",
            form.rows,
            form.rest,
            values,
            errors,
            shown=form.shown,
            totals=form.totals,
            target=form.target,
        )


@dataclass(frozen=True)
class Labels:
    """The translated words of a round's sheets (computed once per page)."""

    word: str  # "Smazzata" / "Partita"
    total: str
    diff: str
    reason: str
    reason_rest: str
    save: str
    save_rest: str
    confirm: str  # the save button once the table is asked to confirm unlikely values
    live: str  # what the live figure is: VP (Burraco) or partite won (Briscola)
    briscola: bool = False  # no MP difference: a Briscola match is counted in partite

    @classmethod
    def for_game(cls, game: str, *, to_points: bool = False) -> Labels:
        return cls(
            word=_("Game") if game == "briscola" else _("Hand"),
            total=_("Tot."),
            diff=_("Diff."),
            # Briscola: a match is played to its end (a forfeit is a special result);
            # a turn to points too (docs/rules.md §4.4).
            reason=_("Reason")
            if game == "briscola" or to_points
            else _("Reason (only if fewer hands)"),
            reason_rest=_("Reason"),
            save=_("Save"),
            save_rest=_("Record the rest"),
            confirm=_("Confirm and save"),
            live=_("Games won") if game == "briscola" else "VP",
            briscola=game == "briscola",
        )


def _value(value: object) -> str:
    return "" if value is None else str(value)


def render(sheet: QuickSheet, *, action: str, csrf: str, labels: Labels) -> SafeString:
    """The ``<form>`` of one table's quick sheet."""
    w = _Writer(sheet, labels)
    # Asked to confirm unlikely values: saving again as typed confirms them.
    confirming = bool(sheet.values.get("confirm")) and bool(sheet.errors)
    parts = [w.head(action, csrf, confirming=confirming)]
    if sheet.totals and not sheet.rest:
        parts.append(w.totals())
    elif not sheet.rest:
        parts.append(w.hands())
    parts.append(w.foot(confirming=confirming))
    return mark_safe("".join(parts))  # every part escaped by format_html


class _Writer:
    """The parts of one quick sheet: its hidden fields and errors, the score inputs
    (two totals, or a row per smazzata or partita), the reason and the button."""

    def __init__(self, sheet: QuickSheet, labels: Labels) -> None:
        self.sheet, self.labels = sheet, labels
        self.p = f"{sheet.prefix}-" if sheet.prefix else ""
        # A Burraco score has a sign (a ± key on a touch screen: forms.SIGNED_ATTRS).
        self.signed = "" if labels.briscola else mark_safe(" data-signed")

    def value(self, name: str) -> str:
        return _value(self.sheet.values.get(name))

    def error(self, name: str) -> SafeString:
        return format_html(
            '<span class="field-error" data-for="{}">{}</span>',
            self.p + name,
            " ".join(self.sheet.errors.get(name, ())),
        )

    def score(self, name: str, label: str) -> SafeString:
        errors = self.sheet.errors
        invalid = mark_safe(' aria-invalid="true"') if name in errors else ""
        return format_html(
            '<td><label class="sr-only" for="id_{0}">{1}</label><input type="text"'
            ' name="{0}" id="id_{0}" value="{2}" class="score" inputmode="numeric"'
            ' autocomplete="off" size="5" maxlength="6"{3}{5}>{4}</td>',
            self.p + name,
            label,
            self.value(name),
            invalid,
            self.error(name),
            self.signed,
        )

    def head(self, action: str, csrf: str, *, confirming: bool) -> SafeString:
        p = self.p
        form = format_html(
            '<form method="post" class="sheet{}" novalidate data-sheet action="{}">'
            '<input type="hidden" name="csrfmiddlewaretoken" value="{}">'
            '<input type="hidden" name="{}lock_version" value="{}">'
            '<input type="hidden" name="{}idempotency_key" value="{}" data-idempotency-key>'
            '<input type="hidden" name="{}kind" value="{}">'
            '<input type="hidden" name="{}confirm" value="{}" data-confirm>',
            " confirming" if confirming else "",
            action,
            csrf,
            p,
            self.value("lock_version"),
            p,
            self.value("idempotency_key"),
            p,
            self.value("kind"),
            p,
            self.value("confirm"),
        )
        errors = format_html(
            '<div class="form-errors" role="alert">{}</div>',
            format_html_join(
                "",
                '<p class="field-error">{}</p>',
                ((m,) for m in self.sheet.errors.get("__all__", ())),
            ),
        )
        return form + errors

    def totals(self) -> SafeString:
        """Totals-only entry: one row, the two lines' MP totals (about a dozen keys)."""
        labels = self.labels
        return format_html(
            '<table class="hands totals" data-totals="1"><thead><tr>'
            '<th scope="col"></th><th scope="col">NS</th><th scope="col">EO</th>'
            '</tr></thead><tbody><tr><th scope="row">{}</th>{}{}</tr></tbody>'
            "</table>"
            '<p class="live" aria-live="polite">{} <b class="diff">0</b>'
            ' · {} <b class="vp">—</b></p>',
            labels.total,
            self.score("tot_ns", f"{labels.total} NS"),
            self.score("tot_ew", f"{labels.total} EO"),
            labels.diff,
            labels.live,
        )

    def hands(self) -> SafeString:
        """A row per smazzata or partita (those past the visible ones hidden), the
        totals and the live figure."""
        sheet, labels = self.sheet, self.labels
        shown = sheet.rows if sheet.shown is None else sheet.shown
        visible = visible_rows(dict(sheet.values), sheet.rows, shown, sheet.target)
        rows = [
            format_html(
                '<tr{}><th scope="row">{}</th>{}{}</tr>',
                mark_safe(" hidden") if n > visible else "",
                n,
                self.score(f"h{n}_ns", f"{labels.word} {n} NS"),
                self.score(f"h{n}_ew", f"{labels.word} {n} EO"),
            )
            for n in range(1, sheet.rows + 1)
        ]
        if labels.briscola:
            live = format_html(
                '<p class="live" aria-live="polite">{} <b class="vp">—</b></p>',
                labels.live,
            )
        else:
            live = format_html(
                '<p class="live" aria-live="polite">{} <b class="diff">0</b>'
                ' · {} <b class="vp">—</b></p>',
                labels.diff,
                labels.live,
            )
        return format_html(
            '<table class="hands" data-shown="{}"{}><thead><tr><th scope="col"></th>'
            '<th scope="col">NS</th><th scope="col">EO</th></tr></thead>'
            '<tbody>{}</tbody><tfoot><tr><th scope="row">{}</th>'
            '<td class="tot-ns num">0</td><td class="tot-ew num">0</td></tr></tfoot>'
            "</table>{}",
            shown,
            format_html(' data-target="{}"', sheet.target) if sheet.target else "",
            mark_safe("".join(rows)),  # each row built by format_html
            labels.total,
            live,
        )

    def foot(self, *, confirming: bool) -> SafeString:
        """The reason, and the button (save, record the rest, or confirm and save)."""
        sheet, labels = self.sheet, self.labels
        save = labels.save_rest if sheet.rest else labels.save
        return format_html(
            '<div class="reason-wrap"><label for="id_{0}reason">{1}</label>'
            '<input type="text" name="{0}reason" id="id_{0}reason" value="{2}"'
            ' class="reason" maxlength="500" autocomplete="off">{3}</div>'
            '<button type="submit" class="primary save" data-confirm-label="{5}">{4}'
            "</button></form>",
            self.p,
            labels.reason_rest if sheet.rest else labels.reason,
            self.value("reason"),
            self.error("reason"),
            labels.confirm if confirming else save,
            labels.confirm,
        )
