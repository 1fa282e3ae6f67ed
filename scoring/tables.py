"""Listings of the referee pages (django-tables2): they present, never compute."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from tournament.words import GameWords

from .models import ResultVersion, TableResult


class _Plain(tables.Table):
    class Meta:
        orderable = False
        attrs = {"class": "listing"}
        empty_text = _("Nothing yet.")


def _scores(version: ResultVersion) -> str:
    rows = version.games.all() if version.game == "briscola" else version.hands.all()
    return " · ".join(f"{r.ns}–{r.ew}" for r in rows) or "—"


def _name_columns(table: tables.Table, words: GameWords | None, **names: str) -> None:
    """Give this table's columns the game's words (Briscola: points and partite)."""
    if words is None:
        return
    for column, attribute in names.items():
        table.columns[column].column.verbose_name = getattr(words, attribute)


class VersionTable(_Plain):
    """Every version of one table, oldest first (the table page)."""

    class Meta(_Plain.Meta):
        pass

    def __init__(self, *args, words: GameWords | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        _name_columns(self, words, mp="score", vp="points")

    number = tables.Column(verbose_name="#")
    purpose = tables.Column(verbose_name=_("Purpose"))
    kind = tables.Column(verbose_name=_("Kind"))
    scores = tables.Column(verbose_name=_("Scores"), empty_values=())
    mp = tables.Column(
        verbose_name="MP", empty_values=(), attrs={"td": {"class": "num"}}
    )
    vp = tables.Column(
        verbose_name="VP", empty_values=(), attrs={"td": {"class": "num"}}
    )
    status = tables.Column(verbose_name=_("Status"))
    entered = tables.Column(verbose_name=_("Entered by"), empty_values=())
    confirmed = tables.Column(verbose_name=_("Confirmed by"), empty_values=())
    reason = tables.Column(verbose_name=_("Reason"))

    def render_scores(self, record: ResultVersion) -> str:
        return _scores(record)

    def render_mp(self, record: ResultVersion) -> str:
        return _line_pair(record.mp_ns, record.mp_ew)

    def render_vp(self, record: ResultVersion) -> str:
        return _line_pair(record.vp_ns, record.vp_ew)

    def render_entered(self, record: ResultVersion) -> str:
        when = record.entered_at.astimezone().strftime("%H:%M:%S")
        return f"{record.who} {when}"

    def render_confirmed(self, record: ResultVersion) -> str:
        if not record.confirmer or record.confirmed_at is None:
            return "—"
        when = record.confirmed_at.astimezone().strftime("%H:%M:%S")
        return f"{record.confirmer} {when}"


def _line_pair(ns: int | None, ew: int | None) -> str:
    if ns is None and ew is None:
        return "—"
    if ew is None:
        return str(ns)
    return f"{ns}–{ew}"


class VersionLogTable(_Plain):
    """The tournament's result versions, newest first (the director's log)."""

    class Meta(_Plain.Meta):
        pass

    def __init__(
        self,
        *args,
        words: GameWords | None = None,
        several_gironi: bool = False,
        **kwargs,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.units = (words.score, words.points) if words else ("MP", "VP")
        self.several_gironi = several_gironi

    entered_at = tables.DateTimeColumn(verbose_name=_("When"), format="d/m H:i:s")
    where = tables.Column(verbose_name=_("Table"), empty_values=())
    number = tables.Column(verbose_name=_("Version"))
    purpose = tables.Column(verbose_name=_("Purpose"))
    kind = tables.Column(verbose_name=_("Kind"))
    status = tables.Column(verbose_name=_("Status"))
    before = tables.Column(verbose_name=_("Before"), empty_values=())
    after = tables.Column(verbose_name=_("After"), empty_values=())
    entered_by = tables.Column(verbose_name=_("Who"), empty_values=())
    reason = tables.Column(verbose_name=_("Reason"))

    def render_entered_by(self, record: ResultVersion) -> str:
        """Who typed it (a referee, a line's player, an import, a replay) and who
        confirmed it, when someone else did."""
        if record.confirmer and record.confirmer != record.who:
            return _("%(who)s, confirmed by %(confirmer)s") % {
                "who": record.who,
                "confirmer": record.confirmer,
            }
        return record.who

    def render_purpose(self, record: ResultVersion) -> str:
        if record.late:
            return str(_("Late correction"))
        return record.get_purpose_display()

    def render_where(self, record: ResultVersion) -> str:
        table = record.result.table
        where = _("R%(r)d T%(t)d") % {"r": table.round.number, "t": table.number}
        if self.several_gironi:  # "T2 tav. 3" twice would be ambiguous
            return _("%(where)s, girone %(girone)s") % {
                "where": where,
                "girone": table.round.girone.label,
            }
        return where

    def render_before(self, record: ResultVersion) -> str:
        old = record.supersedes
        if old is None:
            return "—"
        return self._summary(old)

    def render_after(self, record: ResultVersion) -> str:
        if _blind(record):
            return str(_("hidden until the second entry"))
        return self._summary(record)

    def _summary(self, version: ResultVersion) -> str:
        score, points = self.units
        return (
            f"{score} {_line_pair(version.mp_ns, version.mp_ew)}"
            f" · {points} {_line_pair(version.vp_ns, version.vp_ew)}"
        )


def _blind(version: ResultVersion) -> bool:
    """A version of a table awaiting its second entry: its numbers stay hidden from
    everyone who may still type that entry (a director may: issue 14 §5)."""
    return version.result.status == TableResult.Status.ENTERED


class ImpactTable(_Plain):
    """The pairs a correction changed (rows of the stored impact report): each figure
    "before → after" in one column, so that a phone shows them all (issue 28 §7)."""

    class Meta(_Plain.Meta):
        pass

    def __init__(
        self, *args, words: GameWords | None = None, teams: bool = False, **kwargs
    ) -> None:
        super().__init__(*args, **kwargs)
        if words is not None:
            self.columns["vp"].column.verbose_name = words.points
            self.columns["mp_diff"].column.verbose_name = words.score_diff
        if teams:  # a team tournament's report lists teams (docs/rules.md §11)
            self.columns["pair"].column.verbose_name = _("Team")

    pair = tables.Column(verbose_name=_("Pair"))
    vp = tables.Column(
        verbose_name=_("VP"), empty_values=(), attrs={"td": {"class": "num"}}
    )
    mp_diff = tables.Column(
        verbose_name=_("MP diff."), empty_values=(), attrs={"td": {"class": "num"}}
    )
    position = tables.Column(
        verbose_name=_("Position"), empty_values=(), attrs={"td": {"class": "num"}}
    )
    overall = tables.Column(
        verbose_name=_("Overall position"),
        empty_values=(),
        attrs={"td": {"class": "num"}},
    )

    @staticmethod
    def _change(record, field: str) -> str:
        before, after = record.get(f"{field}_before"), record.get(f"{field}_after")
        shown = ["—" if v is None else str(v) for v in (before, after)]
        if before == after:
            return shown[1]
        return f"{shown[0]}\u00a0→\u00a0{shown[1]}"

    def render_vp(self, record) -> str:
        return self._change(record, "vp")

    def render_mp_diff(self, record) -> str:
        return self._change(record, "mp_diff")

    def render_position(self, record) -> str:
        return self._change(record, "position")

    def render_overall(self, record) -> str:
        return self._change(record, "overall")


class HistoryTable(_Plain):
    """Changes of pairs, rounds and tables (django-simple-history records)."""

    class Meta(_Plain.Meta):
        pass

    when = tables.DateTimeColumn(verbose_name=_("When"), format="d/m H:i:s")
    who = tables.Column(verbose_name=_("Who"))
    model = tables.Column(verbose_name=_("What"))
    object = tables.Column(verbose_name=_("Object"))
    action = tables.Column(verbose_name=_("Action"))
    changes = tables.Column(verbose_name=_("Changes"))
