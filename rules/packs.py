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
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Literal, cast

from rules.errors import RulePackError

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

Game = Literal["burraco", "briscola"]

#: Rank codes a ``[burraco.card_points]`` table must price, jolly included.
CARD_POINT_KEYS = (
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "10",
    "J",
    "Q",
    "K",
    "A",
    "2",
    "JK",
)
#: Criteria a ``[standings] chain`` may name (see the packs for their meaning per game).
STANDINGS_KEYS = ("points", "h2h_points", "h2h_diff", "diff", "scored", "lot")

#: Name and version of the pack used when a Burraco function is given none. Pinned, so that a
#: future fibur-2026 v2 changes no default silently; moving it is a deliberate decision.
DEFAULT_BURRACO_PACK = ("fibur-2026", 1)

_PACK_FILE = re.compile(
    r"^(?P<name>[a-z0-9]+(?:-[a-z0-9]+)*)\.v(?P<version>[1-9]\d*)\.toml$"
)
_PACKS_DIR: Traversable = resources.files("rules").joinpath("packs")


@dataclass(frozen=True)
class VpBand:
    """One band of a VP table: MP differences up to ``max_diff`` give ``winner_vp``."""

    max_diff: int | None  # inclusive upper bound; None = open-ended last band
    winner_vp: int


@dataclass(frozen=True)
class VpTableSpec:
    """The bands of the VP table for a turn of ``hands`` smazzate."""

    hands: int
    bands: tuple[VpBand, ...]


@dataclass(frozen=True)
class VpSection:
    """``[vp]``: MP→VP tables by number of smazzate per turn."""

    tables: tuple[VpTableSpec, ...]
    hands_1_uses: int
    total: int
    #: A turn played to this many points instead of a number of smazzate (seed 004
    #: "TURNI CON 4 SMAZZATE o 2005 pt"; docs/rules.md §4.4); 0 = not offered.
    target_points: int
    #: The table (its smazzate count) that converts a turn played to ``target_points``.
    target_uses: int

    @property
    def hands_supported(self) -> tuple[int, ...]:
        """Every smazzate count a turn may have under this pack, ascending."""
        own = {t.hands for t in self.tables}
        return (
            tuple(sorted(own | {1})) if self.hands_1_uses in own else tuple(sorted(own))
        )

    def table_for(self, hands: int) -> VpTableSpec:
        """The table used for a turn of ``hands`` smazzate (1 uses ``hands_1_uses``)."""
        if type(hands) is int:
            wanted = self.hands_1_uses if hands == 1 else hands
            for table in self.tables:
                if table.hands == wanted:
                    return table
        supported = ", ".join(map(str, self.hands_supported))
        raise RulePackError(
            f"no VP table for a turn of {hands!r} smazzate (tables for: {supported})"
        )


@dataclass(frozen=True)
class BurracoSection:
    """``[burraco]``: bonuses, closing, pozzetto and card values of a smazzata."""

    clean: int
    semiclean: int
    dirty: int
    closing: int
    pozzetto_penalty: int
    pozzetto_penalty_if_none_taken: bool
    has_semiclean: bool
    semiclean_combination: Literal["at_least_8", "exactly_8"]
    card_points: tuple[tuple[str, int], ...]

    def points_of(self, rank: str) -> int:
        """Card points of a rank code (``"3"`` … ``"K"``, ``"A"``, ``"2"``, ``"JK"``)."""
        for key, points in self.card_points:
            if key == rank:
                return points
        raise RulePackError(f"no card points for rank {rank!r}")


@dataclass(frozen=True)
class SpecialSection:
    """``[special]``: adjudicated results (riposo, forfeit, lateness, warnings)."""

    rest_vp: int
    rest_mp: Literal["band_min"] | int
    forfeit_winner_vp: int
    forfeit_loser_vp: int
    forfeit_mp: Literal["band_min"] | int
    forfeit_loser_mp: int
    #: MP of the present line when the smazzate played before the forfeit gave it more
    #: VP than the award: "kept" (the MP it made; v1) or "band_min" (the lower bound of
    #: the band of the VP it keeps, seed 004; docs/rules.md §6.2).
    forfeit_played_mp: Literal["kept", "band_min"]
    late_arrival_mp: int
    late_forfeit_vp: tuple[tuple[int, int, int], ...]  # (hands, winner VP, late VP)
    second_warning_vp: int
    #: MP of a second ammonizione: "none" (v1) or "equivalent" (the MP the VP taken away
    #: is worth at the line's result, docs/rules.md §6.5).
    second_warning_mp: Literal["none", "equivalent"]
    both_absent_vp: int
    #: The forfeiting line's MP difference: "mirror" (minus the present line's: v1, v2)
    #: or "band_min" (from its own VP, 0, by the band minimum: seed 004's "I MP di
    #: entrambe le linee ... dai corrispondenti minimi"; docs/rules.md §6.2).
    forfeit_offender_mp: Literal["mirror", "band_min"]
    #: Points added to the present line's score of the smazzate played before an
    #: abandonment (seed 004 "una penalità pari a 350 punti"; 0 = none, v1 and v2;
    #: docs/rules.md §6.2).
    abandon_penalty: int
    #: A late pair over 10 minutes keeps its score of the smazzate played when that is
    #: better than its award ("a meno che per lei non risulti vantaggioso"): true caps
    #: the award (docs/rules.md §6.4); false (v1, v2) gives the award regardless.
    late_forfeit_cap: bool
    #: Where a second ammonizione's penalty is taken: "meeting" (from the table's
    #: result, so the other line's MP against and the classifica avulsa read it: v1 to
    #: v3) or "standings" (from the warned pair's standings totals only, the meeting
    #: kept as played: art. 20 of the Codice, "nella classifica generale";
    #: docs/rules.md §6.5).
    second_warning_scope: Literal["meeting", "standings"]


@dataclass(frozen=True)
class EntrySection:
    """``[entry]``: bounds of a typed smazzata and the values confirmed before saving.

    ``max_referee_penalty`` enters the lowest possible line score of a smazzata
    (:func:`rules.burraco.min_hand_score`); the ``unlikely_*`` thresholds mark values that
    are possible but asked for a confirmation at the table (:mod:`rules.bounds`).
    """

    max_referee_penalty: int
    unlikely_hand_above: int
    unlikely_hand_below: int
    unlikely_all_zero: bool
    unlikely_diff_above: int


@dataclass(frozen=True)
class StandingsSection:
    """``[standings]``: the tie-break chain, how head-to-head ties are handled, and
    what a round a pair missed (entered late, withdrew) gives it."""

    chain: tuple[str, ...]
    reapply_head_to_head: bool
    unmet_ties: Literal["use_played", "skip"]
    missed_round_points: int  # VP (Burraco) or standings points (Briscola) per round
    missed_round_score: int  # MP (Burraco) or the score column (Briscola) per round
    #: Minutes a closed round's results stay provisional (docs/rules.md §5e): referees
    #: may correct them, with a reason; later only the chief referee (a late correction).
    correction_minutes: int = 0


@dataclass(frozen=True)
class PairingSection:
    """``[pairing]``: Danese and Mitchell options (burraco)."""

    danese_no_rematch: Literal["previous", "any"]
    danese_higher_ranked_ns: bool
    mitchell_ranking: Literal["combined", "per_line"]


@dataclass(frozen=True)
class TeamSection:
    """``[team]``: how a team match combines its two tables, its VP tables, rosters.

    ``mp_combination``: ``"sum_of_differences"`` (team MP = the algebraic sum of the two
    tables' MP differences, converted with the team table of ``tables``, ``total`` VP
    a match) or ``"sum_of_vp"`` (each table converted with the pair table of ``[vp]``,
    the VP added: twice the pair total a match). ``rest_vp``: a resting team's VP on
    the team table (its MP: the lowest of that band). ``roster_min`` / ``roster_max``:
    players a team may register.
    """

    mp_combination: Literal["sum_of_differences", "sum_of_vp"]
    total: int
    tables: tuple[VpTableSpec, ...]
    rest_vp: int
    roster_min: int
    roster_max: int

    def table_for(self, hands: int, hands_1_uses: int) -> VpTableSpec:
        """The team table for a turn of ``hands`` smazzate (1 uses ``hands_1_uses``).

        >>> team = load_pack("fibur-2026", 2).team
        >>> team.table_for(1, 2).hands, team.table_for(3, 2).bands[0].max_diff
        (2, 100)
        """
        wanted = hands_1_uses if hands == 1 else hands
        for table in self.tables:
            if table.hands == wanted and type(hands) is int:
                return table
        known = ", ".join(str(t.hands) for t in self.tables)
        raise RulePackError(
            f"no team VP table for a turn of {hands!r} smazzate (tables for: {known})"
        )


@dataclass(frozen=True)
class MatchPoints:
    """Standings points for a match won, drawn or lost."""

    win: int
    draw: int
    loss: int


@dataclass(frozen=True)
class BriscolaSection:
    """``[briscola]``: match length, 60-60 partite, standings points, spareggi."""

    games_per_match: int
    final_games_per_match: int
    tie_60: Literal["replay", "draw"]
    match_points: MatchPoints
    knockout_spareggi: int
    forfeit_winner_points: int
    forfeit_loser_points: int
    #: A forfeit after partite were played: False = the flat award (v1); True = the
    #: present line gets what the partite played give it if that is more (seed 002
    #: "minimo 14 VP"; docs/rules.md §10.5).
    forfeit_keeps_played: bool
    #: Standings points of a rest (riposo) in a girone with an odd number of pairs.
    rest_points: int
    #: What a match's score is in the standings (difference criteria, "scored"):
    #: "card_points" (v1) or "partite" won and lost (docs/rules.md §10.3).
    match_score: Literal["card_points", "partite"]
    #: Every partita of the best of N is played, the match decided or not (seed 001
    #: "due partite su tre giocate", "saranno giocate n. 5 partite": a 3-0 is
    #: possible); False: the match stops once one side cannot be caught
    #: (docs/rules.md §10.2).
    play_all_partite: bool
    #: A forfeit's partite won before it by the offender: "kept" (v1, v2) or "void"
    #: (seed 002: the offender "perde la partita"; docs/rules.md §10.5).
    forfeit_offender_partite: Literal["kept", "void"]


@dataclass(frozen=True)
class RulePack:
    """A validated rule pack; sections that do not apply to ``game`` are ``None``."""

    name: str
    version: int
    game: Game
    title: str
    source: str
    standings: StandingsSection
    vp: VpSection | None = None
    burraco: BurracoSection | None = None
    special: SpecialSection | None = None
    pairing: PairingSection | None = None
    team: TeamSection | None = None
    briscola: BriscolaSection | None = None
    entry: EntrySection | None = None
    _hash: int = field(init=False, repr=False, compare=False, default=0)

    def __post_init__(self) -> None:
        # Packs key caches (VP tables, score bounds): hash the deep contents once.
        fields_ = (self.name, self.version, self.game, self.title, self.source)
        sections = (self.standings, self.vp, self.burraco, self.special)
        rest = (self.pairing, self.team, self.briscola, self.entry)
        object.__setattr__(self, "_hash", hash(fields_ + sections + rest))

    def __hash__(self) -> int:
        return self._hash

    @property
    def label(self) -> str:
        """``name v<version>``, as shown in messages.

        >>> load_pack("fibur-2026", 1).label
        'fibur-2026 v1'
        """
        return f"{self.name} v{self.version}"

    def require_vp(self) -> VpSection:
        """The ``[vp]`` section, or RulePackError if this pack has none."""
        return _require(self.vp, "vp", self)

    def require_burraco(self) -> BurracoSection:
        """The ``[burraco]`` section, or RulePackError if this pack has none."""
        return _require(self.burraco, "burraco", self)

    def require_special(self) -> SpecialSection:
        """The ``[special]`` section, or RulePackError if this pack has none."""
        return _require(self.special, "special", self)

    def require_pairing(self) -> PairingSection:
        """The ``[pairing]`` section, or RulePackError if this pack has none."""
        return _require(self.pairing, "pairing", self)

    def require_entry(self) -> EntrySection:
        """The ``[entry]`` section, or RulePackError if this pack has none."""
        return _require(self.entry, "entry", self)

    def require_team(self) -> TeamSection:
        """The ``[team]`` section, or RulePackError if this pack has none."""
        return _require(self.team, "team", self)

    def require_briscola(self) -> BriscolaSection:
        """The ``[briscola]`` section, or RulePackError if this pack has none."""
        return _require(self.briscola, "briscola", self)


def _require[T](section: T | None, key: str, pack: RulePack) -> T:
    if section is None:
        raise RulePackError(
            f"pack {pack.label} (game {pack.game!r}) has no [{key}] section"
        )
    return section


# --- public API -------------------------------------------------------------------


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


def parse_pack(data: Mapping[str, object], *, origin: str = "<data>") -> RulePack:
    """Validate an already-parsed TOML mapping and build its :class:`RulePack`.

    >>> parse_pack({"name": "x"}, origin="x.v1.toml")
    Traceback (most recent call last):
    ...
    rules.errors.RulePackError: x.v1.toml: missing key 'version' in [top level]
    """
    top = _Table(data, "top level", origin)
    name = top.str_("name")
    if not _PACK_FILE.match(f"{name}.v1.toml"):
        raise RulePackError(
            f"{origin}: pack name must be lower-case words joined by '-', got {name!r}"
        )
    version = top.int_("version", minimum=1)
    game = cast(Game, top.choice("game", ("burraco", "briscola")))
    title = top.str_("title")
    source = top.str_("source")
    standings = _standings(top.table("standings"))
    if game == "burraco":
        pack = RulePack(
            name=name,
            version=version,
            game=game,
            title=title,
            source=source,
            standings=standings,
            vp=_vp(top.table("vp")),
            burraco=_burraco(top.table("burraco")),
            special=_special(top.table("special")),
            pairing=_pairing(top.table("pairing")),
            team=_team(top.table("team"), top.data["vp"]),
            entry=_entry(top.table("entry")),
        )
    else:
        pack = RulePack(
            name=name,
            version=version,
            game=game,
            title=title,
            source=source,
            standings=standings,
            briscola=_briscola(top.table("briscola")),
        )
    top.done()
    return pack


# --- loading ------------------------------------------------------------------------


@functools.cache
def _index() -> tuple[tuple[str, int], ...]:
    found: list[tuple[str, int]] = []
    for entry in _PACKS_DIR.iterdir():
        match = _PACK_FILE.match(entry.name)
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


# --- sections -----------------------------------------------------------------------


def _vp(t: _Table) -> VpSection:
    total = t.int_("total", minimum=2)
    hands_1_uses = t.int_("hands_1_uses", minimum=2)
    raw_tables = t.table("tables")
    tables = []
    for key in sorted(raw_tables.keys(), key=lambda k: (len(k), k)):
        if not key.isdigit() or int(key) < 1:
            raise RulePackError(
                f"{t.origin}: [vp.tables] keys are smazzate counts, got {key!r}"
            )
        where = f"vp.tables.{key}"
        rows = raw_tables.list_(key)
        bands = tuple(_band(row, where, t.origin) for row in rows)
        _check_bands(bands, total, where, t.origin)
        tables.append(VpTableSpec(int(key), bands))
    raw_tables.done()
    if not tables:
        raise RulePackError(f"{t.origin}: [vp.tables] holds no table")
    if hands_1_uses not in {table.hands for table in tables}:
        raise RulePackError(
            f"{t.origin}: [vp] hands_1_uses = {hands_1_uses} names no table in"
            " [vp.tables]"
        )
    target_points = t.int_("target_points", minimum=0, step=5)
    target_uses = t.int_("target_uses", minimum=0)
    if target_points and target_uses not in {table.hands for table in tables}:
        raise RulePackError(
            f"{t.origin}: [vp] target_uses = {target_uses} names no table in"
            " [vp.tables]"
        )
    t.done()
    return VpSection(tuple(tables), hands_1_uses, total, target_points, target_uses)


def _band(row: object, where: str, origin: str) -> VpBand:
    if not isinstance(row, dict):
        raise RulePackError(
            f"{origin}: each band in [{where}] must be a table like"
            f" {{max_diff = 40, winner_vp = 10}}, got {row!r}"
        )
    band = _Table(cast(dict[str, object], row), where, origin)
    max_diff = band.int_("max_diff", minimum=0) if "max_diff" in band else None
    winner_vp = band.int_("winner_vp", minimum=0)
    band.done()
    return VpBand(max_diff, winner_vp)


def _check_bands(
    bands: tuple[VpBand, ...], total: int, where: str, origin: str
) -> None:
    if not bands or bands[-1].max_diff is not None:
        raise RulePackError(f"{origin}: the last band of [{where}] must be open-ended")
    if bands[0].winner_vp * 2 != total:
        raise RulePackError(
            f"{origin}: the first band of [{where}] must split {total} VP evenly,"
            f" got winner_vp = {bands[0].winner_vp}"
        )
    previous: VpBand | None = None
    for band in bands:
        if band.max_diff is None and band is not bands[-1]:
            raise RulePackError(
                f"{origin}: only the last band of [{where}] may be open"
            )
        if band.max_diff is not None and band.max_diff % 5:
            raise RulePackError(
                f"{origin}: band bounds are multiples of 5, got max_diff ="
                f" {band.max_diff} in [{where}]"
            )
        if band.winner_vp > total:
            raise RulePackError(
                f"{origin}: winner_vp = {band.winner_vp} exceeds total = {total}"
                f" in [{where}]"
            )
        if previous is not None:
            assert previous.max_diff is not None  # only the last band is open
            if band.max_diff is not None and band.max_diff <= previous.max_diff:
                raise RulePackError(
                    f"{origin}: band bounds must increase, got {band.max_diff} after"
                    f" {previous.max_diff} in [{where}]"
                )
            if band.winner_vp <= previous.winner_vp:
                raise RulePackError(
                    f"{origin}: winner_vp must increase band by band, got"
                    f" {band.winner_vp} after {previous.winner_vp} in [{where}]"
                )
        previous = band


def _burraco(t: _Table) -> BurracoSection:
    amounts = {k: t.int_(k, minimum=0, step=5) for k in ("clean", "semiclean", "dirty")}
    closing = t.int_("closing", minimum=0, step=5)
    pozzetto_penalty = t.int_("pozzetto_penalty", minimum=0, step=5)
    if_none_taken = t.bool_("pozzetto_penalty_if_none_taken")
    has_semiclean = t.bool_("has_semiclean")
    combination = t.choice("semiclean_combination", ("at_least_8", "exactly_8"))
    points_table = t.table("card_points")
    card_points = tuple(
        (key, points_table.int_(key, minimum=0, step=5)) for key in CARD_POINT_KEYS
    )
    points_table.done()
    t.done()
    return BurracoSection(
        clean=amounts["clean"],
        semiclean=amounts["semiclean"],
        dirty=amounts["dirty"],
        closing=closing,
        pozzetto_penalty=pozzetto_penalty,
        pozzetto_penalty_if_none_taken=if_none_taken,
        has_semiclean=has_semiclean,
        semiclean_combination=cast(Literal["at_least_8", "exactly_8"], combination),
        card_points=card_points,
    )


def _special(t: _Table) -> SpecialSection:
    late_table = t.table("late_forfeit_vp")
    late: list[tuple[int, int, int]] = []
    for key in sorted(late_table.keys(), key=lambda k: (len(k), k)):
        pair = late_table.list_(key)
        if not key.isdigit() or len(pair) != 2 or not all(type(v) is int for v in pair):
            raise RulePackError(
                f"{t.origin}: [special.late_forfeit_vp] maps smazzate to"
                f" [winner VP, late VP], got {key} = {pair!r}"
            )
        late.append((int(key), cast(int, pair[0]), cast(int, pair[1])))
    late_table.done()
    section = SpecialSection(
        rest_vp=t.int_("rest_vp", minimum=0),
        rest_mp=t.mp_rule("rest_mp"),
        forfeit_winner_vp=t.int_("forfeit_winner_vp", minimum=0),
        forfeit_loser_vp=t.int_("forfeit_loser_vp", minimum=0),
        forfeit_mp=t.mp_rule("forfeit_mp"),
        forfeit_loser_mp=t.int_("forfeit_loser_mp", step=5),
        forfeit_played_mp=cast(
            Literal["kept", "band_min"],
            t.choice("forfeit_played_mp", ("kept", "band_min")),
        ),
        late_arrival_mp=t.int_("late_arrival_mp", step=5),
        late_forfeit_vp=tuple(late),
        second_warning_vp=t.int_("second_warning_vp"),
        second_warning_mp=cast(
            Literal["none", "equivalent"],
            t.choice("second_warning_mp", ("none", "equivalent")),
        ),
        both_absent_vp=t.int_("both_absent_vp", minimum=0),
        forfeit_offender_mp=cast(
            Literal["mirror", "band_min"],
            t.choice("forfeit_offender_mp", ("mirror", "band_min")),
        ),
        abandon_penalty=t.int_("abandon_penalty", minimum=0, step=5),
        late_forfeit_cap=t.bool_("late_forfeit_cap"),
        second_warning_scope=cast(
            Literal["meeting", "standings"],
            t.choice("second_warning_scope", ("meeting", "standings")),
        ),
    )
    t.done()
    return section


def _entry(t: _Table) -> EntrySection:
    section = EntrySection(
        max_referee_penalty=t.int_("max_referee_penalty", minimum=0, step=5),
        unlikely_hand_above=t.int_("unlikely_hand_above", minimum=0, step=5),
        unlikely_hand_below=t.int_("unlikely_hand_below", maximum=0, step=5),
        unlikely_all_zero=t.bool_("unlikely_all_zero"),
        unlikely_diff_above=t.int_("unlikely_diff_above", minimum=0, step=5),
    )
    t.done()
    return section


def _standings(t: _Table) -> StandingsSection:
    chain = t.list_("chain")
    for item in chain:
        if item not in STANDINGS_KEYS:
            raise RulePackError(
                f"{t.origin}: [standings] chain names unknown criterion {item!r}"
                f" (known: {', '.join(STANDINGS_KEYS)})"
            )
    if len(set(chain)) != len(chain):
        raise RulePackError(
            f"{t.origin}: [standings] chain repeats a criterion: {chain!r}"
        )
    section = StandingsSection(
        chain=tuple(cast(list[str], chain)),
        reapply_head_to_head=t.bool_("reapply_head_to_head"),
        unmet_ties=cast(
            Literal["use_played", "skip"],
            t.choice("unmet_ties", ("use_played", "skip")),
        ),
        missed_round_points=t.int_("missed_round_points"),
        missed_round_score=t.int_("missed_round_score"),
        correction_minutes=t.int_("correction_minutes", minimum=0, maximum=1440),
    )
    t.done()
    return section


def _pairing(t: _Table) -> PairingSection:
    section = PairingSection(
        danese_no_rematch=cast(
            Literal["previous", "any"],
            t.choice("danese_no_rematch", ("previous", "any")),
        ),
        danese_higher_ranked_ns=t.bool_("danese_higher_ranked_ns"),
        mitchell_ranking=cast(
            Literal["combined", "per_line"],
            t.choice("mitchell_ranking", ("combined", "per_line")),
        ),
    )
    t.done()
    return section


def _team(t: _Table, vp: object) -> TeamSection:
    combination = t.choice("mp_combination", ("sum_of_differences", "sum_of_vp"))
    total = t.int_("total", minimum=2)
    raw_tables = t.table("tables")
    tables = []
    for key in sorted(raw_tables.keys(), key=lambda k: (len(k), k)):
        if not key.isdigit() or int(key) < 1:
            raise RulePackError(
                f"{t.origin}: [team.tables] keys are smazzate counts, got {key!r}"
            )
        where = f"team.tables.{key}"
        bands = tuple(_band(row, where, t.origin) for row in raw_tables.list_(key))
        _check_bands(bands, total, where, t.origin)
        tables.append(VpTableSpec(int(key), bands))
    raw_tables.done()
    # Every turn length the pair tables allow has its team table (a team tournament
    # under this pack can then play any of them).
    pair_tables = vp.get("tables", {}) if isinstance(vp, Mapping) else {}
    missing = sorted(set(pair_tables) - {str(table.hands) for table in tables})
    if missing:
        raise RulePackError(
            f"{t.origin}: [team.tables] has no table for {', '.join(missing)}"
            " smazzate, which [vp.tables] has"
        )
    rest_vp = t.int_("rest_vp", minimum=0)
    for table in tables:
        if rest_vp not in {band.winner_vp for band in table.bands}:
            raise RulePackError(
                f"{t.origin}: [team] rest_vp = {rest_vp} is the winner VP of no band"
                f" of [team.tables.{table.hands}]"
            )
    roster_min = t.int_("roster_min", minimum=4)
    roster_max = t.int_("roster_max", minimum=roster_min)
    t.done()
    return TeamSection(
        mp_combination=cast(Literal["sum_of_differences", "sum_of_vp"], combination),
        total=total,
        tables=tuple(tables),
        rest_vp=rest_vp,
        roster_min=roster_min,
        roster_max=roster_max,
    )


def _briscola(t: _Table) -> BriscolaSection:
    games = t.int_("games_per_match", minimum=1)
    final_games = t.int_("final_games_per_match", minimum=1)
    for key, value in (
        ("games_per_match", games),
        ("final_games_per_match", final_games),
    ):
        if value % 2 == 0:
            raise RulePackError(
                f"{t.origin}: [briscola] {key} must be odd (best of N), got {value}"
            )
    points = t.table("match_points")
    match_points = MatchPoints(
        win=points.int_("win", minimum=0),
        draw=points.int_("draw", minimum=0),
        loss=points.int_("loss", minimum=0),
    )
    points.done()
    section = BriscolaSection(
        games_per_match=games,
        final_games_per_match=final_games,
        tie_60=cast(Literal["replay", "draw"], t.choice("tie_60", ("replay", "draw"))),
        match_points=match_points,
        knockout_spareggi=t.int_("knockout_spareggi", minimum=0),
        forfeit_winner_points=t.int_("forfeit_winner_points", minimum=0),
        forfeit_loser_points=t.int_("forfeit_loser_points", minimum=0),
        forfeit_keeps_played=t.bool_("forfeit_keeps_played"),
        rest_points=t.int_("rest_points", minimum=0),
        match_score=cast(
            Literal["card_points", "partite"],
            t.choice("match_score", ("card_points", "partite")),
        ),
        play_all_partite=t.bool_("play_all_partite"),
        forfeit_offender_partite=cast(
            Literal["kept", "void"],
            t.choice("forfeit_offender_partite", ("kept", "void")),
        ),
    )
    t.done()
    return section


class _Table:
    """A TOML table being read: typed getters that name the key, and a leftover check."""

    def __init__(self, data: Mapping[str, object], where: str, origin: str) -> None:
        if not isinstance(data, Mapping):
            raise RulePackError(f"{origin}: [{where}] must be a table, got {data!r}")
        self.data, self.where, self.origin = data, where, origin
        self.seen: set[str] = set()

    def keys(self) -> list[str]:
        return list(self.data)

    def __contains__(self, key: str) -> bool:
        return key in self.data

    def _get(self, key: str) -> object:
        if key not in self.data:
            raise RulePackError(f"{self.origin}: missing key {key!r} in [{self.where}]")
        self.seen.add(key)
        return self.data[key]

    def _bad(self, key: str, wanted: str, value: object) -> RulePackError:
        return RulePackError(
            f"{self.origin}: [{self.where}] {key} must be {wanted}, got {value!r}"
        )

    def int_(
        self,
        key: str,
        *,
        minimum: int | None = None,
        maximum: int | None = None,
        step: int = 1,
    ) -> int:
        value = self._get(key)
        if type(value) is not int:
            raise self._bad(key, "an integer", value)
        if minimum is not None and value < minimum:
            raise self._bad(key, f"at least {minimum}", value)
        if maximum is not None and value > maximum:
            raise self._bad(key, f"at most {maximum}", value)
        if value % step:
            raise self._bad(key, f"a multiple of {step}", value)
        return value

    def str_(self, key: str) -> str:
        value = self._get(key)
        if not isinstance(value, str) or not value.strip():
            raise self._bad(key, "a non-empty string", value)
        return value

    def bool_(self, key: str) -> bool:
        value = self._get(key)
        if not isinstance(value, bool):
            raise self._bad(key, "true or false", value)
        return value

    def choice(self, key: str, options: tuple[str, ...]) -> str:
        value = self._get(key)
        if not isinstance(value, str) or value not in options:
            raise self._bad(key, "one of " + ", ".join(map(repr, options)), value)
        return value

    def mp_rule(self, key: str) -> Literal["band_min"] | int:
        value = self._get(key)
        if value == "band_min":
            return "band_min"
        if type(value) is int and value % 5 == 0:
            return value
        raise self._bad(key, "'band_min' or an MP amount (multiple of 5)", value)

    def list_(self, key: str) -> list[object]:
        value = self._get(key)
        if not isinstance(value, list):
            raise self._bad(key, "an array", value)
        return cast(list[object], value)

    def table(self, key: str) -> _Table:
        value = self._get(key)
        if not isinstance(value, Mapping):
            raise self._bad(key, "a table", value)
        where = key if self.where == "top level" else f"{self.where}.{key}"
        return _Table(cast(Mapping[str, object], value), where, self.origin)

    def done(self) -> None:
        extra = sorted(set(self.data) - self.seen)
        if extra:
            raise RulePackError(
                f"{self.origin}: unknown key(s) {', '.join(map(repr, extra))}"
                f" in [{self.where}]"
            )
