"""A match's result: check it, decide it, advance the winner, flag what a correction hits.

Briscola matches are decided by :func:`rules.briscola.match_result` under the
tournament's pack (60-60 replayed or drawn, spareggi); Burraco matches by
:func:`rules.knockout.match.burraco_match` (MP, the last move loses a tie). The
tabellone logic is :func:`rules.knockout.bracket.record_winner`: the winner advances at
once; a correction changes the later matches that have not been played and flags the
played ones (their result is kept, their winner withdrawn, a note says why).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from outbox.work import record_publish
from participants.models import Pair, Team
from rules.briscola import Side, Spareggio, match_result
from rules.errors import RulesError
from rules.knockout.bracket import Bracket as PureBracket
from rules.knockout.bracket import Change, Match, Status, record_winner
from rules.knockout.match import (
    DECK_POINTS,
    Pending,
    briscola_match,
    burraco_match,
    wins_needed,
)
from rules.packs import BriscolaSection
from scoring.services.bounds import (
    Confirm,
    ImpossibleError,
    UnlikelyError,
    check_match,
    confirmation_key,
)
from tournament.models import Tournament
from tournament.text import has_words, reason_problem

from ..models import Bracket, BracketMatch
from .errors import KnockoutError, ReasonRequired
from .packs import pack_of


@dataclass(frozen=True)
class MatchEntry:
    """What the referee typed: partite (or smazzate) as (upper, lower) points."""

    games: list[tuple[int, int]] = field(default_factory=list)
    spareggi: list[tuple[int, int]] = field(default_factory=list)
    last_trick: str = ""  # "a" / "b": who made the last trick of the last spareggio
    last_move: str = ""  # "a" / "b": who made the last move of the last smazzata
    no_show: str = ""  # "a" / "b": the pair absent after the waiting time
    #: Why a result already entered is changed (a correction needs one, as at the tables).
    reason: str = ""
    #: The form fields of each row of ``games`` and ``spareggi`` (errors go next to
    #: them); empty: g1a/g1b ..., s1a/s1b ... by position.
    fields: list[tuple[str, str]] = field(default_factory=list)
    spareggio_fields: list[tuple[str, str]] = field(default_factory=list)

    def names(self) -> list[tuple[str, str]]:
        games = self.fields or [
            (f"g{n}a", f"g{n}b") for n in range(1, len(self.games) + 1)
        ]
        spareggi = self.spareggio_fields or [
            (f"s{n}a", f"s{n}b") for n in range(1, len(self.spareggi) + 1)
        ]
        return games + spareggi


@dataclass(frozen=True)
class Decided:
    winner: str  # "a" / "b"
    score_a: int
    score_b: int
    decided_by: str


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


def check_bounds(
    tournament: Tournament,
    entry: MatchEntry,
    *,
    confirm: Confirm = False,
    table_size: int | None = None,
) -> None:
    """The bounds of docs/rules.md §5 on the typed smazzate or partite (and spareggi).

    Raises :class:`~scoring.services.bounds.ImpossibleError` or, unless ``confirm``
    confirms them, :class:`~scoring.services.bounds.UnlikelyError`, each naming the
    form fields; nothing is saved. ``table_size``: a team match (docs/rules.md §11),
    whose rows are two tables of that many smazzate, each checked as one table's sheet
    (a table's unlikely MP difference is one table's, not the two tables' sum).
    """
    pack = pack_of(tournament)
    if entry.no_show or pack is None:
        return
    rows, names = [*entry.games, *entry.spareggi], entry.names()
    if not table_size:
        check_match(rows, pack, names=names, confirm=confirm)
        return
    impossible: list = []
    unlikely: list = []
    for start in range(0, len(rows), table_size):
        chunk = slice(start, start + table_size)
        try:
            check_match(rows[chunk], pack, names=names[chunk], confirm=False)
        except ImpossibleError as exc:
            impossible += exc.problems
        except UnlikelyError as exc:
            unlikely += exc.problems
    if impossible:
        raise ImpossibleError(impossible)
    if unlikely and not (
        confirm is True or (confirm and confirm == confirmation_key(unlikely))
    ):
        raise UnlikelyError(unlikely)


def decide(tournament: Tournament, match: BracketMatch, entry: MatchEntry) -> Decided:
    """The outcome of the typed result, or KnockoutError with the reason."""
    if entry.no_show:
        return Decided("b" if entry.no_show == "a" else "a", 0, 0, "no_show")
    if tournament.is_teams:
        return _decide_teams(match, entry)
    if tournament.game == Tournament.Game.BRISCOLA:
        return _decide_briscola(tournament, match, entry)
    return _decide_burraco(match, entry)


def _decide_briscola(
    tournament: Tournament, match: BracketMatch, entry: MatchEntry
) -> Decided:
    need = wins_needed(match.best_of)
    pack = pack_of(tournament)
    if pack is None or pack.briscola is None:
        raise KnockoutError(_("The tournament's rule pack is unknown."))
    # docs/rules.md §10.2: under play_all_partite every partita is played (3-0 is a
    # result); otherwise the match ends at the partite a win needs.
    sides = (
        ()
        if pack.briscola.play_all_partite
        else (("a", match.pair_a), ("b", match.pair_b))
    )
    for side, pair in sides:
        won = sum(1 for g in entry.games if g[0 if side == "a" else 1] >= 61)
        if won > need:
            raise KnockoutError(
                _(
                    "Best of %(n)s: pair %(pair)s has %(won)s partite won, but the "
                    "match ends at %(need)s."
                )
                % {"n": match.best_of, "pair": pair, "won": won, "need": need}
            )
    _precheck_briscola(match, entry, pack.briscola)
    spareggi = [Spareggio(a, b) for a, b in entry.spareggi]
    if spareggi and entry.last_trick:
        last = spareggi[-1]
        spareggi[-1] = Spareggio(last.points_a, last.points_b, Side(entry.last_trick))
    result = match_result(
        entry.games, match.best_of, pack, knockout=True, spareggi=spareggi
    )
    assert result.winner is not None  # a knockout match always has one
    decided_by = "games"
    if result.spareggi is not None:
        decided_by = "last_trick" if result.spareggi.by_last_trick else "spareggio"
    return Decided(
        result.winner.value, result.games_won_a, result.games_won_b, decided_by
    )


def _precheck_briscola(
    match: BracketMatch, entry: MatchEntry, section: BriscolaSection
) -> None:
    """The usual mistakes, refused in the user's language before the rules engine."""
    rows = [(_("partita %(n)s") % {"n": n}, g) for n, g in enumerate(entry.games, 1)]
    rows += [
        (_("spareggio %(n)s") % {"n": n}, g) for n, g in enumerate(entry.spareggi, 1)
    ]
    for label, (a, b) in rows:
        if a + b != DECK_POINTS:
            raise KnockoutError(
                _("%(what)s: %(a)s + %(b)s = %(sum)s points; a partita has 120.")
                % {"what": label, "a": a, "b": b, "sum": a + b}
            )
    try:
        outcome = briscola_match(
            entry.games,
            match.best_of,
            tie_60=section.tie_60,
            spareggi=entry.spareggi,
            max_spareggi=section.knockout_spareggi,
            last_trick=(entry.last_trick or None) if entry.spareggi else None,  # type: ignore[arg-type]
            play_all=section.play_all_partite,
        )
    except RulesError:
        return  # the rules engine gives the precise reason
    if outcome.pending is Pending.GAME:
        raise KnockoutError(
            _(
                "Best of %(n)s: at %(a)s-%(b)s the match is not over yet; type every "
                "partita played."
            )
            % {"n": match.best_of, "a": outcome.score_a, "b": outcome.score_b}
        )
    if outcome.pending is Pending.SPAREGGIO:
        raise KnockoutError(
            _("The match is level: type spareggio %(n)s (most points wins).")
            % {"n": outcome.spareggi_played + 1}
        )
    if outcome.pending is Pending.LAST_TRICK:
        raise KnockoutError(
            _(
                "Spareggio %(n)s ended 60-60 too: say which pair made its last trick "
                "(that pair loses)."
            )
            % {"n": outcome.spareggi_played}
        )


def _decide_burraco(match: BracketMatch, entry: MatchEntry) -> Decided:
    outcome = burraco_match(
        entry.games,
        match.best_of,
        last_move=(entry.last_move or None),  # type: ignore[arg-type]
    )
    if outcome.pending is Pending.GAME:
        raise KnockoutError(
            _("%(n)s of %(total)s smazzate entered: the match is not over.")
            % {"n": len(entry.games), "total": match.best_of}
        )
    if outcome.pending is Pending.LAST_MOVE:
        raise KnockoutError(
            _(
                "The MP are level (%(mp)s): say which line made the last move of the "
                "last smazzata (it loses)."
            )
            % {"mp": outcome.score_a}
        )
    assert outcome.winner is not None and outcome.decided_by is not None
    return Decided(
        outcome.winner, outcome.score_a, outcome.score_b, outcome.decided_by.value
    )


def _decide_teams(match: BracketMatch, entry: MatchEntry) -> Decided:
    """A team match over two tables (docs/rules.md §11): each row is one smazzata as
    (team A's line MP, team B's line MP), table 1's smazzate then table 2's; the team
    with more MP over both tables (the sum of the differences) wins, a level match goes
    to the last move of the last smazzata (seed 004), as a pair match."""
    planned = 2 * match.best_of
    outcome = burraco_match(
        entry.games,
        planned,
        last_move=(entry.last_move or None),  # type: ignore[arg-type]
    )
    if outcome.pending is Pending.GAME:
        raise KnockoutError(
            _(
                "%(n)s of %(total)s smazzate entered (%(each)s at each of the two "
                "tables): the match is not over."
            )
            % {"n": len(entry.games), "total": planned, "each": match.best_of}
        )
    if outcome.pending is Pending.LAST_MOVE:
        raise KnockoutError(
            _(
                "The teams' MP are level (%(mp)s): say which team made the last move "
                "of the last smazzata (it loses)."
            )
            % {"mp": outcome.score_a}
        )
    assert outcome.winner is not None and outcome.decided_by is not None
    return Decided(
        outcome.winner, outcome.score_a, outcome.score_b, outcome.decided_by.value
    )


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
    teams = bracket.tournament.is_teams
    by_key = {(m.round, m.index): m for m in rows}
    match = by_key.get((round_, index))
    if match is None:
        raise KnockoutError(_("There is no such match in the tabellone."))
    if match.status == BracketMatch.Status.BYE:
        raise KnockoutError(
            _("%(match)s is a bye: the pair goes through without playing.")
            % {"match": match_label(match)}
        )
    if match.side_id("a") is None or match.side_id("b") is None:
        if teams:
            message = _(
                "%(match)s: its teams are not known yet, no result can be entered."
            )
        else:
            message = _(
                "%(match)s: its pairs are not known yet, no result can be entered."
            )
        raise KnockoutError(message % {"match": match_label(match)})
    check_bounds(
        bracket.tournament,
        entry,
        confirm=confirm,
        table_size=match.best_of if teams else None,
    )
    correcting = match.status == BracketMatch.Status.PLAYED
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
    try:
        decided = decide(bracket.tournament, match, entry)
    except RulesError as exc:
        raise KnockoutError(_("Result refused: %(reason)s") % {"reason": exc}) from exc
    winner_id = match.side_id(decided.winner)
    try:
        pure, changes = record_winner(_pure(bracket, rows), round_, index, winner_id)  # type: ignore[arg-type]
    except RulesError as exc:
        raise KnockoutError(_("Result refused: %(reason)s") % {"reason": exc}) from exc
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
    impact = _apply(pure, by_key, changes, match, teams=teams)
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


def _apply(
    pure: PureBracket,
    by_key: dict[tuple[int, int], BracketMatch],
    changes: tuple[Change, ...],
    entered: BracketMatch,
    *,
    teams: bool = False,
) -> list[ImpactLine]:
    """Write the pure tabellone back: pairs (or teams), winners, statuses, notes."""
    sides = (
        ("team_a", "team_b", "winner_team") if teams else ("pair_a", "pair_b", "winner")
    )
    pairs = (Team if teams else Pair).objects.in_bulk(
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
                "new": new
                or (_("a team not known yet") if teams else _("a pair not known yet")),
            }
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
