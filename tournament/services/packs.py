"""A tournament's rule pack and game counts: the packs the form offers (each game's
default first), the hands or best-of counts a pack allows, a turn played to points.

A tournament pins its rule pack by name and by the pack's latest version at creation
(rules.packs), so that a later version of a pack never changes a running tournament
(:func:`pinned_pack`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import gettext as _

from rules.errors import RulePackError
from rules.packs import RulePack, available_packs, load_pack
from tournament.models import Tournament

from .errors import ServiceError


@dataclass(frozen=True)
class PackChoice:
    """The latest version of one rule pack, as the tournament form offers it."""

    name: str
    version: int
    game: str
    title: str


#: The federation's rule packs are named after it and their edition (``fibur-2026``): the
#: latest edition at its latest version is a new Burraco tournament's pack. Briscola has
#: no federation: its default is the general VP rules rather than one club's event.
FEDERATION_EDITION = re.compile(
    r"fibur-\d{4}"
)  # not its variants (fibur-2026-squadre-…)
BRISCOLA_DEFAULT_PACK = "briscola-vp"


def _defaults(latest: dict[str, int]) -> set[str]:
    """The names of each game's default pack among the installed ones."""
    federation = [n for n in latest if FEDERATION_EDITION.fullmatch(n)]
    defaults = {BRISCOLA_DEFAULT_PACK}
    if federation:
        defaults.add(max(federation))  # the latest edition: "fibur-2027" > "fibur-2026"
    return defaults


def pack_choices(game: str | None = None) -> list[PackChoice]:
    """Every rule pack at its latest version (optionally of one game): Burraco's then
    Briscola's, each game's default first (:func:`default_pack`), the others by name."""
    latest: dict[str, int] = {}
    for name, version in available_packs():
        latest[name] = max(version, latest.get(name, 0))
    defaults = _defaults(latest)
    games = list(Tournament.Game.values)
    choices = []
    for name, version in sorted(
        latest.items(), key=lambda item: (item[0] not in defaults, item[0])
    ):
        pack = load_pack(name, version)
        if game is None or pack.game == game:
            choices.append(PackChoice(name, version, pack.game, pack.title))
    return sorted(choices, key=lambda c: games.index(c.game))


def default_pack(game: str) -> PackChoice | None:
    """The pack a new tournament of ``game`` starts with: for Burraco the federation's
    latest edition at its latest version."""
    choices = pack_choices(game)
    return choices[0] if choices else None


#: Best-of counts a Briscola match may have (odd; the database allows up to 9).
BRISCOLA_BEST_OF = (1, 3, 5, 7, 9)


def hands_choices(pack: RulePack) -> tuple[int, ...]:
    """The smazzate per round (Burraco) or partite per match (Briscola) ``pack`` allows.

    Burraco: the counts the pack has a VP table for (docs/rules.md §4.3); Briscola: an odd
    best of N (docs/rules.md §10.2).
    """
    if pack.game == Tournament.Game.BRISCOLA:
        return BRISCOLA_BEST_OF
    return pack.require_vp().hands_supported


def hands_groups() -> list[tuple[str, str, list[tuple[int, str]]]]:
    """The choices of the form's hands field, one group per game (every pack's counts):
    ``(game, label, choices)``."""
    by_game: dict[str, set[int]] = {}
    for choice in pack_choices():
        pack = load_pack(choice.name, choice.version)
        by_game.setdefault(pack.game, set()).update(hands_choices(pack))
    labels = {
        Tournament.Game.BURRACO: _("Burraco: smazzate per round"),
        Tournament.Game.BRISCOLA: _("Briscola: best of N games"),
    }
    return [
        (game, str(labels[game]), [(n, str(n)) for n in sorted(by_game[game])])
        for game in (Tournament.Game.BURRACO, Tournament.Game.BRISCOLA)
        if game in by_game
    ]


def pinned_pack(tournament: Tournament) -> RulePack | None:
    """The rule pack the tournament pinned (None if it is no longer installed)."""
    try:
        return load_pack(tournament.rule_pack, tournament.rule_pack_version)
    except RulePackError:
        return None


def pack_sections(pack: RulePack) -> str:
    """The sections of docs/rules.md a pack cites ("§3, §4, §6"): what its settings page
    shows of its sources, which name the project's own documentation only."""
    return ", ".join(re.findall(r"§\d+(?:\.\d+)*", pack.source))


def check_hands(pack: RulePack, hands: int) -> None:
    """ServiceError unless ``pack`` allows ``hands`` smazzate (or partite) per round."""
    offered = hands_choices(pack)
    if hands in offered:
        return
    listed = ", ".join(map(str, offered))
    if pack.game == Tournament.Game.BRISCOLA:
        message = _(
            "A Briscola match is played to the best of an odd number of games (%(offered)s),"
            " not %(n)s."
        )
    else:
        message = _(
            "The rule pack “%(pack)s” has VP tables for rounds of %(offered)s hands, not"
            " %(n)s."
        )
    raise ServiceError(message % {"pack": pack.title, "offered": listed, "n": hands})


def turn_target(pack: RulePack, to_points: bool) -> int | None:
    """The points a turn is played to (docs/rules.md §4.4), or None for a turn of a
    number of smazzate; ServiceError if ``pack`` offers no such turn."""
    if not to_points:
        return None
    vp = pack.vp
    if vp is None or not vp.target_points:
        raise ServiceError(
            _(
                "The rule pack “%(pack)s” has no turns played to points: choose the"
                " hands per round."
            )
            % {"pack": pack.title}
        )
    return vp.target_points
