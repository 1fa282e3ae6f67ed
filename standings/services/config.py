"""The standings settings of a tournament: the rule pack's chain, or the default.

The chain, its two options and the missed-round award come from the rule pack's
``[standings]`` section (``rules.packs``; docs/rules.md §7 and §8). When the pack or
one of its settings is missing, nothing is asked: the defaults are used (Burraco:
``FIBUR_DEFAULT``; Briscola: ``BRISCOLA_DEFAULT``; head-to-head not re-applied; unmet
ties use the meetings that took place; a missed round gives nothing) and the fallback is
written in :attr:`Settings.note`, shown to the director.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules.errors import RulesError
from rules.standings import BRISCOLA_DEFAULT, FIBUR_DEFAULT, Unmet, check_chain
from tournament.models import Tournament


@dataclass(frozen=True)
class Settings:
    chain: tuple[str, ...]
    reapply_head_to_head: bool
    unmet: Unmet
    note: str  # empty when the pack gave everything
    missed_points: int = 0  # what a missed round gives: VP / standings points
    missed_score: int = 0  # ... and MP (docs/rules.md §8)


def _criterion_labels() -> dict[str, str]:
    """Each chain criterion as the director reads it (Burraco words: VP and MP)."""
    return {
        "points": _("Total VP"),
        "points_per_match": _("VP per round"),
        "points_diff": _("VP difference"),
        "won": _("Matches won"),
        "h2h_points": _("Classifica avulsa (direct matches)"),
        "h2h_diff": _("MP difference in the direct matches"),
        "h2h_scored": _("MP scored in the direct matches"),
        "diff": _("MP difference"),
        "diff_per_match": _("MP difference per round"),
        "scored": _("MP scored"),
        "scored_per_match": _("MP scored per round"),
        "decision": _("Referee's decision"),
        "lot": _("Lot"),
    }


def _briscola_labels() -> dict[str, str]:
    """The same criteria in Briscola's words: points, and partite (docs/rules.md §10.6)."""
    return {
        "points": _("Total points"),
        "points_per_match": _("Points per round"),
        "points_diff": _("Points difference"),
        "h2h_diff": _("Partite difference in the direct matches"),
        "h2h_scored": _("Partite won in the direct matches"),
        "diff": _("Partite difference"),
        "diff_per_match": _("Partite difference per round"),
        "scored": _("Partite won"),
        "scored_per_match": _("Partite won per round"),
    }


def chain_text(settings: Settings, game: str = "burraco") -> str:
    """The chain in words, for the director: "VP totali → Classifica avulsa → ...";
    a Briscola chain in points and partite."""
    labels = _criterion_labels()
    if game == "briscola":
        labels |= _briscola_labels()
    return " → ".join(labels.get(c, c) for c in settings.chain)


def missed_round_text(settings: Settings, game: str = "burraco") -> str:
    """What a missed round gives (docs/rules.md §8), for the director."""
    values = {"points": settings.missed_points, "score": settings.missed_score}
    if game == "briscola":
        points = settings.missed_points
        partite = settings.missed_score
        return _("a missed round gives %(points)s and %(score)s") % {
            "points": ngettext("%(n)s point", "%(n)s points", points) % {"n": points},
            "score": ngettext("%(n)s partita", "%(n)s partite", partite)
            % {"n": partite},
        }
    return _("a missed round gives %(points)s VP and %(score)s MP") % values


def default_chain(game: str) -> tuple[str, ...]:
    return BRISCOLA_DEFAULT if game == "briscola" else FIBUR_DEFAULT


def standings_settings(tournament: Tournament) -> Settings:
    """The chain and options of ``tournament``'s rule pack, defaults filled in."""
    fallback = Settings(default_chain(tournament.game), False, "use_played", "")
    try:
        from rules.packs import load_pack
    except ImportError:  # rule packs not installed: the defaults of docs/rules.md §7
        return _noted(fallback, "rule packs unavailable")
    try:
        pack = load_pack(tournament.rule_pack, tournament.rule_pack_version)
    except RulesError as error:
        return _noted(fallback, str(error))
    section = pack.standings
    if section is None:
        return _noted(fallback, f"{pack.label}: no [standings] section")
    chain = tuple(section.chain)
    try:
        check_chain(chain)
    except RulesError:
        return _noted(fallback, f"{pack.label}: no usable [standings] chain")
    # The loader is strict: a pack with a [standings] section has every key of it.
    return Settings(
        chain,
        section.reapply_head_to_head,
        section.unmet_ties,
        "",
        section.missed_round_points,
        section.missed_round_score,
    )


def _noted(settings: Settings, why: str) -> Settings:
    return Settings(
        settings.chain,
        settings.reapply_head_to_head,
        settings.unmet,
        f"default chain of docs/rules.md §7 ({why})",
    )
