"""What a rule pack holds: one frozen dataclass per section of its TOML file.

:class:`RulePack` gathers the sections; those that do not apply to its game are
``None`` and its ``require_*`` methods name the missing one. The loader that builds
them from a file is :mod:`rules.packs.parse`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from rules.errors import RulePackError

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

        >>> from rules.packs import load_pack
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

        >>> from rules.packs import load_pack
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
