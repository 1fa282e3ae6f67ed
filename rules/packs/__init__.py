"""Rule packs: versioned TOML data files that hold every number a tournament scores by.

A pack lives in ``rules/packs/<name>.v<version>.toml``. A tournament pins a pack by name
*and* version, so a ``v2`` can sit beside ``v1`` without changing old results. Every
pack has ``name``, ``version``, ``game`` (``"burraco"`` or ``"briscola"``), ``title`` and
``source`` (the seeds it transcribes and the ``docs/rules.md`` sections that give each
setting's reason), then sections:

* burraco packs: ``[vp]`` (MP→VP tables), ``[burraco]`` (bonuses, pozzetto, card points),
  ``[special]`` (riposo, forfeit, lateness, warnings), ``[standings]``, ``[pairing]``,
  ``[team]``, ``[entry]`` (what a score sheet may hold, and what is confirmed first);
* briscola packs: ``[briscola]`` (games per match, 60-60, standings points) and
  ``[standings]``.

Loading validates the whole file: a missing, unknown or ill-typed key raises
:class:`~rules.errors.RulePackError` naming the key, its section and the pack, so a typo
in a data file never silently falls back to a default.

Terminology: hand = smazzata; MP = match points (punti partita); VP = victory points
(punti vittoria); band = one row of a VP table (fascia); riposo = bye/rest; partita =
one Briscola game; incontro = match; spareggio = tie-break game.

This package keeps the packaged files and finds and caches them (here); what a pack
holds is :mod:`rules.packs.sections`, how a file is checked :mod:`rules.packs.parse`
(its VP tables :mod:`rules.packs.vp_tables`, the typed reading of a TOML table
:mod:`rules.packs.table`).
"""

from __future__ import annotations

import functools
import tomllib
from importlib import resources
from importlib.resources.abc import Traversable

from rules.errors import RulePackError
from rules.packs.parse import PACK_FILE, parse_pack
from rules.packs.sections import (
    CARD_POINT_KEYS,
    STANDINGS_KEYS,
    BriscolaSection,
    BurracoSection,
    EntrySection,
    MatchPoints,
    PairingSection,
    RulePack,
    SpecialSection,
    StandingsSection,
    TeamSection,
    VpBand,
    VpSection,
    VpTableSpec,
)

__all__ = [
    "CARD_POINT_KEYS",
    "DEFAULT_BURRACO_PACK",
    "STANDINGS_KEYS",
    "BriscolaSection",
    "BurracoSection",
    "EntrySection",
    "MatchPoints",
    "PairingSection",
    "RulePack",
    "SpecialSection",
    "StandingsSection",
    "TeamSection",
    "VpBand",
    "VpSection",
    "VpTableSpec",
    "available_packs",
    "default_burraco_pack",
    "load_pack",
    "parse_pack",
]


#: Name and version of the pack used when a Burraco function is given none. Pinned, so that a
#: future fibur-2026 v2 changes no default silently; moving it is a deliberate decision.
DEFAULT_BURRACO_PACK = ("fibur-2026", 1)

_PACKS_DIR: Traversable = resources.files("rules").joinpath("packs")


def available_packs() -> list[tuple[str, int]]:
    """Every packaged ``(name, version)``, sorted by name then version.

    >>> ("fibur-2026", 1) in available_packs()
    True
    """
    return list(_index())


def load_pack(name: str, version: int | None = None) -> RulePack:
    """Load and validate pack ``name`` at ``version`` (the latest when ``None``).

    >>> pack = load_pack("fibur-2026")
    >>> pack.game, pack.require_burraco().semiclean
    ('burraco', 150)
    >>> load_pack("fibur-1999")
    Traceback (most recent call last):
    ...
    rules.errors.RulePackError: unknown rule pack 'fibur-1999' (available: ...)
    """
    if not isinstance(name, str):
        raise RulePackError(f"a pack name must be a string, got {name!r}")
    if version is not None and type(version) is not int:
        raise RulePackError(f"a pack version must be an int or None, got {version!r}")
    versions = [v for n, v in _index() if n == name]
    if not versions:
        known = ", ".join(sorted({n for n, _ in _index()}))
        raise RulePackError(f"unknown rule pack {name!r} (available: {known})")
    if version is None:
        version = max(versions)
    elif version not in versions:
        listed = ", ".join(f"v{v}" for v in versions)
        raise RulePackError(
            f"rule pack {name!r} has no version {version!r} (available: {listed})"
        )
    return _load(name, version)


def default_burraco_pack() -> RulePack:
    """The pack used when a Burraco function is given none: fibur-2026, pinned at v1.

    >>> default_burraco_pack().label
    'fibur-2026 v1'
    """
    return load_pack(*DEFAULT_BURRACO_PACK)


@functools.cache
def _index() -> tuple[tuple[str, int], ...]:
    found: list[tuple[str, int]] = []
    for entry in _PACKS_DIR.iterdir():
        match = PACK_FILE.match(entry.name)
        if match and entry.is_file():
            found.append((match["name"], int(match["version"])))
    return tuple(sorted(found))


@functools.cache
def _load(name: str, version: int) -> RulePack:
    filename = f"{name}.v{version}.toml"
    try:
        data = tomllib.loads(_PACKS_DIR.joinpath(filename).read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise RulePackError(f"{filename}: not valid TOML ({exc})") from exc
    pack = parse_pack(data, origin=filename)
    if (pack.name, pack.version) != (name, version):
        raise RulePackError(
            f"{filename}: file declares name={pack.name!r} version={pack.version!r},"
            f" which does not match its file name"
        )
    return pack
