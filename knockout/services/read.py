"""What the bracket pages show: rounds as columns, matches as cards; no writes."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules.knockout.bracket import round_code
from tournament.models import Pair, Team, Tournament

from ..models import Bracket, BracketMatch, Entry


def round_title(rounds: int, round_: int) -> str:
    code = round_code(rounds, round_)
    names = {
        "final": _("The final"),
        "semifinal": _("Semifinals"),
        "quarterfinal": _("Quarterfinals"),
        "quarterfinal_of_8": _("Round of 16"),
    }
    if code in names:
        return names[code]
    return _("Round of %(n)s") % {"n": code.removeprefix("round_of_")}


@dataclass(frozen=True)
class Side:
    pair: Pair | Team | None  # a team in a team tabellone
    tag: str  # 1A
    seed: int | None
    won: bool
    lost: bool
    score: int | None


def format_text(briscola: bool, games: int) -> str:
    """How long a match is: "al meglio di 3" only where a best-of applies.

    A Briscola match of one partita is a single partita; a Burraco match is a number
    of smazzate whose MP add up (no best-of).
    """
    if not briscola:
        return ngettext("%(n)s smazzata", "%(n)s smazzate", games) % {"n": games}
    if games == 1:
        return _("single partita")
    return _("best of %(n)s") % {"n": games}


def score_pair(a: int, b: int) -> str:
    """Two lines' scores of a smazzata or partita: "320 – −200", never "320--200"
    (numbers through the locale, a real minus sign, kept on one line)."""

    def one(value: int) -> str:
        text = number_format(abs(value), force_grouping=True)
        return f"\u2212{text}" if value < 0 else text

    return f"{one(a)}\u00a0–\u00a0{one(b)}"


@dataclass(frozen=True)
class MatchView:
    match: BracketMatch
    a: Side
    b: Side
    label: str
    briscola: bool = False

    @property
    def format_text(self) -> str:
        return format_text(self.briscola, self.match.best_of)

    @property
    def games_text(self) -> str:
        games = [score_pair(a, b) for a, b in self.match.games]
        if self.match.teams and len(games) == 2 * self.match.best_of:
            half = self.match.best_of  # table 1's smazzate, then table 2's
            return " · ".join(games[:half]) + " | " + " · ".join(games[half:])
        return " · ".join(games)

    @property
    def decided_text(self) -> str:
        texts = {
            "spareggio": _("won at the spareggi"),
            "last_trick": _("last trick of the last spareggio"),
            "last_move": _("MP level: last move of the last smazzata"),
            "no_show": _("absent pair"),
        }
        return texts.get(self.match.decided_by, "")


@dataclass(frozen=True)
class RoundView:
    number: int
    title: str
    matches: list[MatchView]


@dataclass(frozen=True)
class BracketView:
    bracket: Bracket
    rounds: list[RoundView]
    third_place: MatchView | None
    champion: Pair | Team | None
    entries: list[Entry]
    briscola: bool = False

    @property
    def format_line(self) -> str:
        """The matches' length and the final's, e.g. "al meglio di 3, finale al
        meglio di 5" or "2 smazzate, finale 4 smazzate"."""
        b = self.bracket
        matches = format_text(self.briscola, b.best_of)
        if b.final_best_of == b.best_of:
            return matches
        return _("%(matches)s, final %(final)s") % {
            "matches": matches,
            "final": format_text(self.briscola, b.final_best_of),
        }


def bracket_view(bracket: Bracket) -> BracketView:
    entries = list(
        Entry.objects.filter(bracket=bracket).select_related(
            "pair__player1", "pair__player2", "team"
        )
    )
    rows = _matches(bracket)
    rounds_total = bracket.size.bit_length() - 1 if bracket.size else 0
    briscola = (
        Tournament.objects.filter(pk=bracket.tournament_id)
        .values_list("game", flat=True)
        .first()
        == Tournament.Game.BRISCOLA
    )
    viewer = _Viewer({e.entrant_id: e for e in entries}, briscola)
    rounds = []
    third = None
    for number in range(1, rounds_total + 1):
        matches = []
        for m in rows:
            if m.round != number:
                continue
            if m.third_place:
                third = viewer.view(m)
            else:
                matches.append(viewer.view(m))
        rounds.append(RoundView(number, round_title(rounds_total, number), matches))
    final = next(
        (m for m in rows if m.round == rounds_total and not m.third_place), None
    )
    champion = None
    if final is not None and final.status == BracketMatch.Status.PLAYED:
        champion = final.winner_side
    return BracketView(bracket, rounds, third, champion, entries, briscola)


def _matches(bracket: Bracket) -> list[BracketMatch]:
    """The tabellone's matches in order, with their pairs' players (or teams)."""
    return list(
        BracketMatch.objects.filter(bracket=bracket)
        .select_related(
            "pair_a__player1",
            "pair_a__player2",
            "pair_b__player1",
            "pair_b__player2",
            "team_a",
            "team_b",
            "winner_team",
        )
        .order_by("round", "index")
    )


@dataclass(frozen=True)
class _Viewer:
    """A match as the tabellone shows it: its two sides (tag, seed, won or lost, score
    once played) and its title."""

    info: dict[int, Entry]
    briscola: bool

    def side(
        self, m: BracketMatch, pair: Pair | Team | None, score: int | None
    ) -> Side:
        e = self.info.get(pair.pk) if pair else None
        played = m.status == BracketMatch.Status.PLAYED
        winner_id = m.winner_team_id or m.winner_id
        won = pair is not None and winner_id == pair.pk and played
        lost = pair is not None and played and winner_id != pair.pk
        return Side(
            pair,
            e.tag if e else "",
            e.seed if e else None,
            won,
            lost,
            score if played else None,
        )

    def view(self, m: BracketMatch) -> MatchView:
        if m.third_place:
            label = _("Third place")
        else:
            label = _("Match %(n)s") % {"n": m.index + 1}
        return MatchView(
            m,
            self.side(m, m.side_a, m.score_a),
            self.side(m, m.side_b, m.score_b),
            label,
            self.briscola,
        )


def bracket_places(bracket: Bracket) -> list[list[int]]:
    """A played tabellone's final placings, best first: groups of pair ids level with
    each other (docs/rules.md §9.5: the winner, the finalist, the third-place match's
    two if it was played, then the pairs out in each earlier round, level, by seed).
    Empty until the final is played; pairs only (a team bracket has none here)."""
    matches = list(BracketMatch.objects.filter(bracket=bracket))
    main = [m for m in matches if not m.third_place]
    if not main:
        return []
    last = max(m.round for m in main)
    final = next((m for m in main if m.round == last), None)
    if final is None or final.winner_id is None:
        return []
    seeds = dict(
        Entry.objects.filter(bracket=bracket, pair__isnull=False).values_list(
            "pair_id", "seed"
        )
    )

    def loser(m: BracketMatch) -> int | None:
        if m.winner_id is None or m.pair_b_id is None:
            return None  # not played, or a bye
        return m.pair_b_id if m.winner_id == m.pair_a_id else m.pair_a_id

    places: list[list[int]] = [[final.winner_id]]
    finalist = loser(final)
    if finalist is not None:
        places.append([finalist])
    third = next((m for m in matches if m.third_place and m.winner_id), None)
    placed = {p for group in places for p in group}
    if third is not None:
        places.append([third.winner_id])
        if (out := loser(third)) is not None:
            places.append([out])
        placed |= {p for group in places for p in group}
    for round_ in range(last - 1, 0, -1):
        out = sorted(
            {p for m in main if m.round == round_ if (p := loser(m)) is not None}
            - placed,
            key=lambda p: seeds.get(p, 999),
        )
        if out:
            places.append(out)
            placed |= set(out)
    return places
