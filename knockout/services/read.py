"""What the bracket pages show: rounds as columns, matches as cards; no writes."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from rules.knockout.bracket import round_code
from tournament.models import Pair

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
    pair: Pair | None
    tag: str  # 1A
    seed: int | None
    won: bool
    lost: bool
    score: int | None


@dataclass(frozen=True)
class MatchView:
    match: BracketMatch
    a: Side
    b: Side
    label: str

    @property
    def games_text(self) -> str:
        return " · ".join(f"{a}-{b}" for a, b in self.match.games)

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
    champion: Pair | None
    entries: list[Entry]


def bracket_view(bracket: Bracket) -> BracketView:
    entries = list(
        Entry.objects.filter(bracket=bracket).select_related(
            "pair__player1", "pair__player2"
        )
    )
    info = {e.pair_id: e for e in entries}
    rows = list(
        BracketMatch.objects.filter(bracket=bracket)
        .select_related(
            "pair_a__player1", "pair_a__player2", "pair_b__player1", "pair_b__player2"
        )
        .order_by("round", "index")
    )
    rounds_total = bracket.size.bit_length() - 1 if bracket.size else 0

    def side(m: BracketMatch, pair: Pair | None, score: int | None) -> Side:
        e = info.get(pair.pk) if pair else None
        played = m.status == BracketMatch.Status.PLAYED
        won = pair is not None and m.winner_id == pair.pk and played
        lost = pair is not None and played and m.winner_id != pair.pk
        return Side(
            pair,
            e.tag if e else "",
            e.seed if e else None,
            won,
            lost,
            score if played else None,
        )

    def view(m: BracketMatch) -> MatchView:
        if m.third_place:
            label = _("Third place")
        else:
            label = _("Match %(n)s") % {"n": m.index + 1}
        return MatchView(
            m, side(m, m.pair_a, m.score_a), side(m, m.pair_b, m.score_b), label
        )

    rounds = []
    third = None
    for number in range(1, rounds_total + 1):
        matches = []
        for m in rows:
            if m.round != number:
                continue
            if m.third_place:
                third = view(m)
            else:
                matches.append(view(m))
        rounds.append(RoundView(number, round_title(rounds_total, number), matches))
    final = next(
        (m for m in rows if m.round == rounds_total and not m.third_place), None
    )
    champion = None
    if final is not None and final.status == BracketMatch.Status.PLAYED:
        champion = final.winner
    return BracketView(bracket, rounds, third, champion, entries)
