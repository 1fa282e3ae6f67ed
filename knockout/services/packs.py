"""The match lengths a tournament's rule pack gives the tabellone."""

from __future__ import annotations

from rules.errors import RulesError
from rules.packs import RulePack, load_pack
from tournament.models import Tournament


def pack_of(tournament: Tournament) -> RulePack | None:
    try:
        return load_pack(tournament.rule_pack, tournament.rule_pack_version)
    except RulesError:
        return None


def default_best_of(tournament: Tournament) -> tuple[int, int]:
    """(partite per match, partite in the final); Burraco: smazzate per match, twice.

    Briscola follows the pack (seed 001: 3, and 5 in the finals); without a pack the
    tournament's games per match and 5 for the final.
    """
    if tournament.game == Tournament.Game.BRISCOLA:
        pack = pack_of(tournament)
        if pack is not None and pack.briscola is not None:
            section = pack.briscola
            return section.games_per_match, section.final_games_per_match
        return tournament.hands_per_round, 5
    return tournament.hands_per_round, tournament.hands_per_round
