"""What a knockout match's typed result decides: its bounds checked, its winner.

Briscola matches are decided by :func:`rules.briscola.match_result` under the
tournament's pack (60-60 replayed or drawn, spareggi), the usual mistakes refused first
in the user's language; Burraco matches by :func:`rules.knockout.match.burraco_match`
(MP, the last move loses a tie); a team match over its two tables' smazzate.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from rules.briscola import Side, Spareggio, match_result
from rules.errors import RulesError
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

from ..models import BracketMatch
from .entrants import Entrants, entrants_of
from .errors import KnockoutError
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
    entrants = entrants_of(tournament)
    # A team match is played at Burraco tables (docs/rules.md §11).
    if tournament.game == Tournament.Game.BRISCOLA and not entrants.teams:
        return _decide_briscola(tournament, match, entry)
    return _decide_burraco(match, entry, entrants)


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


def _decide_burraco(
    match: BracketMatch, entry: MatchEntry, entrants: Entrants
) -> Decided:
    """A Burraco match: the side with more MP over its smazzate wins; a level match
    goes to the last move of the last smazzata (seed 004). A team match is played over
    two tables (docs/rules.md §11): each row is one smazzata as (team A's line MP, team
    B's line MP), table 1's smazzate then table 2's, the MP summed over both."""
    planned = match.best_of * entrants.tables
    outcome = burraco_match(
        entry.games,
        planned,
        last_move=(entry.last_move or None),  # type: ignore[arg-type]
    )
    if outcome.pending is Pending.GAME:
        raise KnockoutError(
            str(entrants.match_not_over)
            % {"n": len(entry.games), "total": planned, "each": match.best_of}
        )
    if outcome.pending is Pending.LAST_MOVE:
        raise KnockoutError(str(entrants.level_mp) % {"mp": outcome.score_a})
    assert outcome.winner is not None and outcome.decided_by is not None
    return Decided(
        outcome.winner, outcome.score_a, outcome.score_b, outcome.decided_by.value
    )
