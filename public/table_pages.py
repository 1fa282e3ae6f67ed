"""What the players' table pages show (issue 30): the sheet, the other line's, after.

The phone holds a table's code in its session (``tavolo``: the code's id and the line
the person said they play); every page checks the code again (revoked: gone; round
closed: read-only). Nothing here writes: the views call
:func:`scoring.services.player_submit` and :func:`~scoring.services.player_confirm`.
A page shows only its own table, and the open sheets of that table only to whoever holds
its code (both lines sit there); a referee's open sheet is never shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.middleware.csrf import get_token
from django.urls import reverse
from django.utils.safestring import SafeString

from scoring import quick
from scoring.forms import SheetForm, new_token
from scoring.models import Line, ResultVersion, TableResult
from scoring.services import load_table
from scoring.sheet_shape import form_shape, summary, vp_data
from tournament import visibility
from tournament.models import Pair, Round, Table, TableCode, Tournament
from tournament.services.hall import offsets
from tournament.words import game_words

from . import pages as public_pages
from . import services

SESSION = "tavolo"
TableStatus = TableResult.Status
Source = ResultVersion.Source


@dataclass(frozen=True)
class Grant:
    """The table this phone opened, and the line its holder said they play."""

    code: TableCode
    table: Table
    round: Round
    tournament: Tournament
    line: str  # "ns", "ew" or "" (not chosen yet)

    @property
    def open(self) -> bool:
        """Whether the sheet may still be typed here (else it is shown read-only)."""
        return (
            self.round.status == Round.Status.PUBLISHED
            and not self.code.revoked_at
            and self.tournament.entry_by != Tournament.EntryBy.REFEREES
        )


def remember(request: Any, code: TableCode) -> None:
    """The phone opened ``code``: keep it (and the line, if the same table)."""
    before = request.session.get(SESSION) or {}
    line = before.get("line", "") if before.get("code") == code.pk else ""
    request.session[SESSION] = {"code": code.pk, "line": line}


def choose_line(request: Any, line: str) -> None:
    """Keep the line said on this phone (the session written only when it changes)."""
    found = request.session.get(SESSION) or {}
    if found.get("code") and line in (Line.NS, Line.EW) and found.get("line") != line:
        request.session[SESSION] = {**found, "line": line}


def forget(request: Any) -> None:
    request.session.pop(SESSION, None)


def grant_of(request: Any) -> Grant | None:
    """The phone's table, when its code was not revoked (else None: type it again)."""
    found = request.session.get(SESSION) or {}
    pk = found.get("code")
    if not isinstance(pk, int):
        return None
    code = TableCode.objects.filter(pk=pk, revoked_at__isnull=True).first()
    if code is None:
        return None
    table = load_table(code.table_id)
    line = found.get("line") if found.get("line") in (Line.NS, Line.EW) else ""
    return Grant(
        code, table, table.round, table.round.girone.stage.tournament, line or ""
    )


def hall_number(tournament: Tournament, table: Table) -> int:
    if not tournament.hall_numbering:
        return table.number
    round_ = table.round
    return offsets(round_.girone.stage_id, round_.number).get(
        round_.girone_id, 0
    ) + int(table.number)


def line_of(source: str) -> str:
    return Line.NS if source == Source.PLAYER_NS else Line.EW


def version_view(version: ResultVersion, words: Any) -> dict[str, Any]:
    """One sheet as the phone shows it: its rows, totals and VP, who typed it."""
    rows = version.games.all() if version.game == "briscola" else version.hands.all()
    return {
        "pk": version.pk,
        "line": line_of(version.source),
        "by": version.get_source_display(),
        "rows": [(r.number, r.ns, r.ew) for r in rows],
        "mp": (version.mp_ns, version.mp_ew),
        "vp": (version.vp_ns, version.vp_ew),
        "summary": summary(version, words),
    }


def mark_differences(versions: list[dict[str, Any]]) -> None:
    """Each row of each sheet says which of its cells differ from the other sheets'
    (``cells``: (number, NS, EO, NS differs, EO differs)), so the eye finds them."""
    seen: dict[int, set[tuple[int, int]]] = {}
    for v in versions:
        for n, ns, ew in v["rows"]:
            seen.setdefault(n, set()).add((ns, ew))
    for v in versions:
        v["cells"] = [
            (
                n,
                ns,
                ew,
                len({a for a, _b in seen[n]}) > 1,
                len({b for _a, b in seen[n]}) > 1,
            )
            for n, ns, ew in v["rows"]
        ]


def fresh_form(grant: Grant, lock_version: int) -> quick.QuickSheet:
    shape = form_shape(grant.tournament, grant.round, grant.table, detailed=False)
    values = {"lock_version": lock_version, "idempotency_key": new_token()}
    return quick.QuickSheet(
        "",
        shape["rows"],
        False,
        values,
        shown=shape["shown"],
        target=shape["target"],
    )


def player_form(grant: Grant, data: Any) -> SheetForm:
    shape = form_shape(grant.tournament, grant.round, grant.table, detailed=False)
    shape["totals"] = False  # the players type every smazzata
    return SheetForm(data, **shape)


def open_sheets(
    result: TableResult | None, words: Any
) -> tuple[list[dict[str, Any]], bool]:
    """The players' open sheets of the table (oldest first), and whether a referee's
    open sheet is there too (never shown: a referee's blind entry)."""
    sheets: list[dict[str, Any]] = []
    referee_open = False
    if result is None or result.status == TableStatus.CONFIRMED:
        return sheets, referee_open
    for v in result.versions.filter(
        status__in=[ResultVersion.Status.ENTERED, ResultVersion.Status.DISPUTED]
    ).prefetch_related("hands", "games"):
        if v.source in ResultVersion.PLAYER_SOURCES:
            sheets.append(version_view(v, words))
        else:
            referee_open = True
    mark_differences(sheets)
    return sheets, referee_open


def sheet_html(
    request: Any, grant: Grant, bound: SheetForm | None, lock: int
) -> SafeString:
    """The sheet to type (the quick sheet of the referees' entry page, its fields)."""
    sheet = quick.QuickSheet.from_form(bound) if bound else fresh_form(grant, lock)
    return quick.render(
        sheet,
        action=reverse("table_entry:save"),
        csrf=get_token(request),
        labels=quick.Labels.for_game(
            grant.tournament.game, to_points=grant.round.target_points is not None
        ),
    )


def sheet_context(
    request: Any,
    grant: Grant,
    *,
    bound: SheetForm | None = None,
    typing: bool = False,
) -> dict[str, Any]:
    """Everything the table's page shows, for this phone's line."""
    words = game_words(grant.tournament)
    result = TableResult.objects.filter(table=grant.table).first()
    status = result.status if result else TableStatus.EMPTY
    lock = result.lock_version if result else 0
    sheets, referee_open = open_sheets(result, words)
    line = grant.line
    mine = [v for v in sheets if v["line"] == line]
    theirs = [v for v in sheets if line and v["line"] != line]
    can_type = (
        grant.open
        and bool(line)
        and not referee_open
        and status in (TableStatus.EMPTY, TableStatus.ENTERED, TableStatus.CONTESTED)
    )
    show_form = can_type and (bound is not None or typing or not sheets)
    other = Line.EW if line == Line.NS else Line.NS
    return {
        "tournament": grant.tournament,
        "round": grant.round,
        "table": grant.table,
        "number": hall_number(grant.tournament, grant.table),
        "ns": str(grant.table.pair_ns),
        "ew": str(grant.table.pair_ew),
        "line": line,
        "other": other if line else "",
        "other_name": str(
            grant.table.pair_ew if other == Line.EW else grant.table.pair_ns
        ),
        "status": status,
        "open": grant.open,
        "lock_version": lock,
        "referee_open": referee_open,
        "versions": sheets,
        "mine": mine[-1] if mine else None,  # the latest of each line
        "theirs": theirs[-1] if theirs else None,
        "sheet_html": sheet_html(request, grant, bound, lock) if show_form else None,
        "typing": show_form,
        "words": words,
        "vp_data": vp_data(grant.tournament, grant.round),
        "result": after(grant, result) if status == TableStatus.CONFIRMED else None,
    }


def after(grant: Grant, result: TableResult | None) -> dict[str, Any]:
    """The phone after the confirmation: the table's result; once the round is
    released, the pair's running position; once the next round is published, where
    the pair sits next (the public pages' own rules: tournament.visibility)."""
    words = game_words(grant.tournament)
    found: dict[str, Any] = {
        "summary": summary(result.current if result else None, words),
        "position": [],
        "next": None,
    }
    line = grant.line
    if not line:
        return found
    pair_id = grant.table.pair_ns_id if line == Line.NS else grant.table.pair_ew_id
    if pair_id is None:
        return found
    pair = Pair.objects.select_related(*public_pages.PAIR_RELATED).get(pk=pair_id)
    if visibility.results_are_public(grant.round, grant.tournament):
        snapshots = public_pages.standings_found(grant.tournament)
        found["position"] = services.pair_rows(snapshots, pair.number)
    seat = services.current_seat(pair)
    if seat is not None and seat.round.number > grant.round.number:
        found["next"] = seat
    found["pair"] = pair
    return found
