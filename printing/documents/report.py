"""The referee's round report (rapporto del turno): what is missing, what was special.

* every table whose result does not count yet (no sheet, awaiting the second entry,
  sheets that differ), with its pairs;
* every table whose counted result is special (rest, forfeit, late arrival, second
  warning, referee-set score, both absent) or a correction, with its kind, the line
  concerned, the VP it gives and the reason the referee wrote; a correction made after
  the round's correction period is marked late (docs/rules.md §5e);
* the totals (tables, confirmed, missing).

The round must exist and be published; the report is final once the round is closed.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from scoring.models import ResultVersion, TableResult
from tournament import visibility
from tournament.models import Tournament
from tournament.words import game_words

from .base import Document, fingerprint, get_round, round_scope, title_block
from .tablelist import round_tables


def _pair(pair) -> str:
    return f"{pair.number} {pair.names}" if pair else _("rest")


def _special_row(version: ResultVersion, is_correction: bool) -> dict:
    """What the report says of a special result or a correction, and who made it."""
    return {
        "kind": version.get_kind_display(),
        "correction": is_correction,
        "late": version.late,
        "line": version.get_line_display() if version.line else "",
        "vp_ns": version.vp_ns,
        "vp_ew": version.vp_ew,
        "reason": version.reason,
        "entered_by": version.entered_by.get_username(),
        "confirmed_by": (
            version.confirmed_by.get_username() if version.confirmed_by else ""
        ),
    }


def build_round_report(tournament: Tournament, *, round_id: object) -> Document:
    rnd = get_round(tournament, round_id)
    tables = round_tables(rnd)
    results = {
        r.table_id: r
        for r in TableResult.objects.filter(round=rnd).select_related(
            "current__entered_by", "current__confirmed_by"
        )
    }
    status_labels = dict(TableResult.Status.choices)
    missing, special = [], []
    for table in tables:
        result = results.get(table.pk)
        row = {
            "table": table.number,
            "ns": _pair(table.pair_ns),
            "ew": _pair(table.pair_ew),
        }
        if result is None or result.status != TableResult.Status.CONFIRMED:
            status = result.status if result else TableResult.Status.EMPTY
            missing.append({**row, "status": str(status_labels[status])})
            continue
        version = result.current
        if version is None:
            continue
        is_special = version.kind != ResultVersion.Kind.NORMAL
        is_correction = version.purpose == ResultVersion.Purpose.CORRECTION
        if is_special or is_correction:
            special.append({**row, **_special_row(version, is_correction)})
    summary = {
        "tables": len(tables),
        "confirmed": len(tables) - len(missing),
        "missing": len(missing),
        "special": len(special),
    }
    return Document(
        kind="report",
        scope=f"round:{rnd.pk}",
        template="printing/pdf/round_report.html",
        title=title_block(
            tournament,
            _("Referee's report"),
            scope=round_scope(rnd),
            final=visibility.round_final(rnd),
        ),
        filename=f"rapporto-{rnd.girone.label}-turno-{rnd.number}.pdf",
        version=fingerprint(
            [(m["table"], m["status"]) for m in missing],
            [tuple(sorted(s.items())) for s in special],
            [rnd.status],
        ),
        size=len(missing) + 2 * len(special),
        sections=[{"missing": missing, "special": special, "summary": summary}],
        context={"round": rnd, "words": game_words(tournament)},
    )
