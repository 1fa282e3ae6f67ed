"""What the referee pages show: context builders for the views and their JSON answers.

Kept apart from the views so that the views stay one service call per POST, and from
the services because nothing here writes. The entry page shows each table as a small
sheet form; which sheet a referee sees depends on the table's state:

* missing: an empty sheet (a rest table: a one-click rest award);
* awaiting the second entry (double entry): the first referee waits; any other referee
  gets an empty sheet, **blind** (the first sheet's scores are never sent to the page);
* disputed: a link to the table page, which lists the differences to settle;
* confirmed: the result (MP and VP), and a link to correct it on the table page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch, Q
from django.middleware.csrf import get_token
from django.urls import reverse
from django.utils.safestring import SafeString

from participants.models import Pair
from seating.models import Table, TeamMatch
from tournament import visibility
from tournament.models import Round, Tournament, TournamentRole
from tournament.permissions import has_role
from tournament.words import GameWords, game_words

from . import quick, room, services
from .cards import cards_html
from .formats import in_team_matches, rest_reason
from .forms import SheetForm, new_token
from .models import ResultVersion, TableResult
from .sheet_shape import form_shape, vp_data

Role = TournamentRole.Role
TableStatus = TableResult.Status
Kind = ResultVersion.Kind


@dataclass(frozen=True)
class RowContext:
    """What every row of one entry page shares: who, the token, words and URLs."""

    user: Any
    csrf: str
    labels: quick.Labels
    words: GameWords
    save_url: str  # with ``/0/`` where the table number goes
    table_url: str

    @classmethod
    def of(cls, request: Any, tournament: Tournament, round_: Round) -> RowContext:
        kwargs = {"slug": tournament.slug, "round_id": round_.pk, "number": 0}
        return cls(
            user=request.user,
            csrf=get_token(request),
            labels=quick.Labels.for_game(
                tournament.game, to_points=round_.target_points is not None
            ),
            words=game_words(tournament),
            save_url=reverse("scoring:save", kwargs=kwargs),
            table_url=reverse("scoring:table", kwargs=kwargs),
        )

    def url(self, base: str, number: int) -> str:
        return base.replace("/tavolo/0/", f"/tavolo/{number}/")


@dataclass(frozen=True)
class TeamInfo:
    """A table's team match, as the entry page names it (docs/rules.md §11)."""

    match: int
    team_ns: str
    team_ew: str  # empty at a rest table
    result: str  # the match's VP (NS team first) once both tables count, else empty


def team_info(round_: Round, tables: list[Table] | None = None) -> dict[int, TeamInfo]:
    """Table id -> its team match, for the tables of a team round (all when None)."""
    from .models import TeamScore

    matches = TeamMatch.objects.filter(round=round_).select_related("team_a", "team_b")
    if tables is not None:
        ids = [t.pk for t in tables]
        matches = matches.filter(Q(table_1_id__in=ids) | Q(table_2_id__in=ids))
    found = list(matches)
    vp = {(s.match_id, s.side): s.vp for s in TeamScore.objects.filter(match__in=found)}
    info: dict[int, TeamInfo] = {}
    for m in found:
        a, b = str(m.team_a), str(m.team_b) if m.team_b else ""
        va, vb = vp.get((m.pk, "a")), vp.get((m.pk, "b"))
        # Each card reads NS first: table 1 seats team A NS, table 2 team B.
        first = f"{va}–{vb} VP" if va is not None and vb is not None else ""
        if va is not None and m.team_b_id is None:
            first = f"{va} VP"
        second = f"{vb}–{va} VP" if va is not None and vb is not None else ""
        info[m.table_1_id] = TeamInfo(m.number, a, b, first)
        if m.table_2_id is not None:
            info[m.table_2_id] = TeamInfo(m.number, b, a, second)
    return info


@dataclass
class TableRow:
    """One table of the entry page."""

    table: Table
    result: TableResult | None
    sheet_html: SafeString | None  # the quick sheet, when this user may type one
    waiting: bool  # this user typed the first sheet of a double entry
    second: bool  # the form is a (blind) second entry
    table_url: str = ""
    team: TeamInfo | None = None  # team tournaments: the match this table belongs to
    lazy: bool = False  # a sheet to type, sent on demand (see EAGER_SHEETS)
    #: The pairs' names, when the page read them as values (else from the table).
    ns_label: str = ""
    ew_label: str = ""
    #: The state in the players' words (issue 30: "Entered by line NS ..."), if any.
    badge: str = ""
    late: bool = False  # nothing typed after the director's minutes
    code: str = ""  # the table's code for the players, shown to the referees

    @property
    def status(self) -> str:
        return self.result.status if self.result else TableStatus.EMPTY

    @property
    def status_label(self) -> str:
        return self.badge or str(TableStatus(self.status).label)

    @property
    def current(self) -> ResultVersion | None:
        return self.result.current if self.result else None


def round_rows(tournament: Tournament) -> list[dict[str, Any]]:
    """The tournament's published and closed rounds with their entry progress: the
    rounds still open first (the current one on top), then the closed ones, latest
    first."""
    rounds = sorted(
        visibility.published_rounds(tournament).select_related("girone__stage"),
        key=lambda r: (
            r.status == Round.Status.CLOSED,
            -r.number,
            r.girone.stage.order,
            r.girone.label,
        ),
    )
    return [{"round": r, "progress": services.round_progress(r.pk)} for r in rounds]


def table_by_number(round_: Round, number: int) -> Table:
    """The round's table ``number`` with everything the services read (or DoesNotExist)."""
    pk = Table.objects.values_list("pk", flat=True).get(round=round_, number=number)
    return services.load_table(pk)


def _fresh_sheet(
    tournament: Tournament, round_: Round, table: Table, lock_version: int
) -> quick.QuickSheet:
    shape = form_shape(tournament, round_, table, detailed=False)
    values: dict[str, object] = {
        "lock_version": lock_version,
        "idempotency_key": new_token(),
    }
    if shape["rest"]:
        values["kind"] = Kind.REST
        values["reason"] = rest_reason(tournament)
    return quick.QuickSheet(
        f"t{table.number}",
        shape["rows"],
        shape["rest"],
        values,
        shown=shape["shown"],
        totals=shape["totals"] and tournament.game == Tournament.Game.BURRACO,
        target=shape["target"],
    )


def table_row(
    tournament: Tournament,
    round_: Round,
    table: Table,
    result: TableResult | None,
    ctx: RowContext,
    *,
    bound: SheetForm | None = None,
    with_sheet: bool = True,
) -> TableRow:
    """The table's card; ``with_sheet`` False: a sheet to type is left out (``lazy``:
    the page's script fetches the card with it when the referee goes to the table)."""
    status = result.status if result else TableStatus.EMPTY
    lock_version = result.lock_version if result else 0
    waiting = second = False
    sheet: quick.QuickSheet | None = None
    if round_.status == Round.Status.PUBLISHED:
        if status == TableStatus.ENTERED:
            first = next(
                (v for v in result.versions.all() if v.status == "entered"),  # type: ignore[union-attr]
                None,
            )
            players = first is not None and first.source in ResultVersion.PLAYER_SOURCES
            waiting = first is not None and first.entered_by_id == ctx.user.pk
            second = not waiting and not players
            if players:  # a referee's sheet takes the table over
                sheet = _fresh_sheet(tournament, round_, table, lock_version)
        if bound is not None:
            sheet = quick.QuickSheet.from_form(bound)
        elif sheet is None and (status == TableStatus.EMPTY or second):
            sheet = _fresh_sheet(tournament, round_, table, lock_version)
    html = None
    if sheet is not None and not with_sheet:
        return TableRow(
            table,
            result,
            None,
            waiting,
            second,
            ctx.url(ctx.table_url, table.number),
            lazy=True,
        )
    if sheet is not None:
        html = quick.render(
            sheet,
            action=ctx.url(ctx.save_url, table.number),
            csrf=ctx.csrf,
            labels=ctx.labels,
        )
    return TableRow(
        table, result, html, waiting, second, ctx.url(ctx.table_url, table.number)
    )


#: Sheets to type sent with the entry page: those of the first tables still missing
#: (in table order) and any sent back with errors. The other missing tables' cards come
#: without their sheet, fetched when the referee goes to the table
#: (``?card=1`` on the table page): a 500-table round's page stays light (issue 19).
EAGER_SHEETS = 24


def entry_context(
    request: Any,
    tournament: Tournament,
    round_: Round,
    *,
    bound: dict[int, SheetForm] | None = None,
) -> dict[str, Any]:
    """Everything the round's entry page shows."""
    bound = bound or {}
    user = request.user
    ctx = RowContext.of(request, tournament, round_)
    rows = _rows(tournament, round_, ctx, bound)
    progress = services.round_progress(round_.pk)
    clock = room.clock(tournament, round_, progress.statuses)
    for row in rows:
        row.late = row.table.number in clock.late
    return {
        "tournament": tournament,
        "round": round_,
        "rows": rows,
        "clock": clock,
        "players_enter": room.players_enter(tournament),
        "cards": cards_html(rows, ctx.words),
        "progress": progress,
        "vp_data": vp_data(tournament, round_),
        "words": ctx.words,
        "hands": range(1, round_.hands + 1),
        "closed": round_.status == Round.Status.CLOSED,
        "in_period": services.in_correction_period(round_),
        "double_entry": tournament.entry_mode == Tournament.EntryMode.DOUBLE,
        "is_chief": has_role(user, tournament, Role.CHIEF_REFEREE),
        "is_director": has_role(user, tournament, Role.DIRECTOR),
    }


def _rows(
    tournament: Tournament,
    round_: Round,
    ctx: RowContext,
    bound: dict[int, SheetForm],
) -> list[TableRow]:
    """The round's table cards, with the pairs' names, the players' state and code
    and the team match; the first EAGER_SHEETS sheets to type sent with them."""
    tables = list(Table.objects.filter(round=round_).order_by("number"))
    labels = pair_labels(round_)
    results = _results(round_)
    rows = []
    # Players entering (issue 30): the sheets are typed at the tables; a referee takes
    # one over from its card ("players" only; "both": the sheets as ever).
    eager = 0 if tournament.entry_by == Tournament.EntryBy.PLAYERS else EAGER_SHEETS
    sources = room.open_sources(round_) if room.players_enter(tournament) else {}
    codes = room.live_codes(round_) if room.players_enter(tournament) else {}
    for t in tables:
        result = results.get(t.pk)
        row = table_row(
            tournament,
            round_,
            t,
            result,
            ctx,
            bound=bound.get(t.number),
            with_sheet=eager > 0 or t.number in bound,
        )
        if row.sheet_html is not None:
            eager -= 1
        row.badge = room.state_label(row.status, sources.get(t.pk, []))
        row.code = codes.get(t.pk, "") if row.status != TableStatus.CONFIRMED else ""
        row.ns_label = labels.get(t.pair_ns_id, "")
        row.ew_label = labels.get(t.pair_ew_id, "") if t.pair_ew_id else ""
        rows.append(row)
    if in_team_matches(tournament):
        info = team_info(round_)
        for row in rows:
            row.team = info.get(row.table.pk)
    return rows


def _results(round_: Round) -> dict[int, TableResult]:
    """Table id -> its result, for the entry page of a round.

    A 500-table round (issue 19): the pairs' names are read as values (``pair_labels``),
    not as 3,000 pair and player instances, and of the versions only the first sheets
    of a double entry (who typed them decides the card).
    """
    return {
        r.table_id: r
        for r in TableResult.objects.filter(round=round_)
        .select_related("current")
        .prefetch_related(
            Prefetch(
                "versions",
                queryset=ResultVersion.objects.filter(
                    status=ResultVersion.Status.ENTERED
                ).only("id", "result_id", "status", "entered_by_id", "source"),
            )
        )
    }


def pair_labels(round_: Round) -> dict[int, str]:
    """Pair id -> ``12. Rossi – Bianchi`` (``Pair.label``), for the round's pairs."""
    seated = Table.objects.filter(round=round_)
    found = Pair.objects.filter(
        Q(pk__in=seated.values("pair_ns_id")) | Q(pk__in=seated.values("pair_ew_id"))
    ).values_list("pk", "number", "player1__last_name", "player2__last_name")
    return {pk: Pair.label(number, a, b) for pk, number, a, b in found}
