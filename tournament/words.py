"""The words a page uses for a game's scores: VP and MP (Burraco), points and partite
(Briscola).

A Burraco round has smazzate, scored in MP and converted into VP; a Briscola match has
partite and gives standings points, and the score the standings count is the partite won
(or, under the v1 Briscola packs, the card points: docs/rules.md §10.3). Every page and
PDF that shows a result or a standings column takes its words from :func:`game_words`,
so that no Burraco word reaches a Briscola page.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from rules.errors import RulesError
from rules.packs import load_pack

from .models import Tournament


@dataclass(frozen=True)
class GameWords:
    """Translated words for one tournament's scores (built per request)."""

    briscola: bool
    hand: str  # one smazzata / partita: "Smazzata" / "Partita"
    hands: str  # "smazzate" / "partite"
    points: str  # the standings points: "VP" / "Punti"
    score: str  # a for–against score: "MP" / "Partite" / "Punti carta"
    score_for: str  # the score taken: "MP" / "Partite vinte" / "Punti carta"
    score_diff: str  # "Diff. MP" / "Diff. partite" / "Diff. punti carta"
    score_plus: str  # a printed column of the score taken: "MP+" / "Vinte"
    score_minus: str  # and conceded: "MP−" / "Perse"

    def summary(self, score: str, points: str) -> str:
        """``MP 620–310 · VP 14–6`` / ``Partite 2–1 · Punti 1–0``."""
        return f"{self.score} {score} · {self.points} {points}"


def match_score(tournament: Tournament) -> str:
    """What a Briscola match's stored score counts: ``partite`` or ``card_points``."""
    try:
        pack = load_pack(tournament.rule_pack, tournament.rule_pack_version)
    except RulesError:
        return "partite"
    return pack.briscola.match_score if pack.briscola is not None else "partite"


def game_words(tournament: Tournament) -> GameWords:
    """The words of ``tournament``'s game, in the active language."""
    if tournament.game != Tournament.Game.BRISCOLA:
        return GameWords(
            briscola=False,
            hand=_("Hand"),
            hands=_("hands"),
            points="VP",
            score="MP",
            score_for="MP",
            score_diff=_("MP diff."),
            score_plus=_("MP+"),
            score_minus=_("MP−"),
        )
    if match_score(tournament) == "card_points":
        score = score_for = _("Card points")
        score_diff = _("Card points diff.")
        plus, minus = _("Card pts+"), _("Card pts−")
    else:
        score, score_for, score_diff = _("Games"), _("Games won"), _("Games diff.")
        plus, minus = _("Won games"), _("Lost games")
    return GameWords(
        briscola=True,
        hand=_("Game"),
        hands=_("games"),
        points=_("Points"),
        score=score,
        score_for=score_for,
        score_diff=score_diff,
        score_plus=plus,
        score_minus=minus,
    )
