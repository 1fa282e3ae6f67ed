"""MP→VP conversion: the F.I.Bur. victory-point tables, read from the rule pack.

At the end of a turn each line's MP is the sum of its scores over the turn's smazzate. The
**absolute difference of the two lines' totals** picks a band of the table for the turn's
number of smazzate (docs/rules.md §4, seed 004); the line ahead gets the band's winner VP,
the other ``total - winner VP`` (20 in all). A difference inside the first band is 10-10
even if one line is ahead. A turn of 1 smazzata uses the 2-smazzate table (seed 004,
``[vp] hands_1_uses``). The table follows the turn's configured number of smazzate, not the
number actually played (docs/rules.md §4.3).

What is rejected, with :class:`~rules.errors.InvalidScoreError` or
:class:`~rules.errors.InvalidMatchError` naming the value:

* a total that is not an ``int`` (``bool`` and ``float`` included) or not a multiple of 5
  (every Burraco amount is one, so a difference that is not a multiple of 5 cannot occur);
* a smazzate count the pack has no table for (1-4 under fibur-2026);
* an absurd total: beyond ``hands × max_hand_score(pack)`` in absolute value, where
  :func:`rules.burraco.max_hand_score` bounds one smazzata by the points of all 108 cards
  (1080), the bonus of the most burrachi 108 cards can form (15 × 200) and the closing
  (100): 4180 per smazzata under fibur-2026.

Negative totals are legal in Burraco (seed 000 "Punti Negativi": cards left in hand, -100
for the pozzetto not taken, penalties), so a negative total within the bound is accepted.

Terminology: MP = match points (punti partita); VP = victory points (punti vittoria);
hands = smazzate per turn (turno); band = fascia of the table; line = linea (NS / EO).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from rules.burraco import max_hand_score
from rules.errors import InvalidMatchError, InvalidScoreError
from rules.packs import RulePack, VpBand, default_burraco_pack

__all__ = [
    "VpBand",
    "VpRow",
    "VpTable",
    "band_min_mp",
    "convert",
    "victory_points",
    "victory_points_for",
    "vp_table",
]


#: Largest per-line bound a VpTable accepts (keeps its lookup table small).
_MAX_TOTAL_LIMIT = 100_000


@dataclass(frozen=True)
class VpRow:
    """One printed row of a VP table: MP differences ``min_diff``-``max_diff``."""

    min_diff: int
    max_diff: int | None  # None = open-ended ("oltre")
    winner_vp: int
    loser_vp: int


class VpTable:
    """A VP table bound to a turn of ``hands`` smazzate, ready to convert MP fast."""

    __slots__ = ("_bands", "_lut", "_offset", "hands", "max_total", "total")

    def __init__(
        self, bands: Sequence[VpBand], *, hands: int, max_total: int, total: int = 20
    ) -> None:
        """Build from bands (last one open-ended); ``max_total`` bounds each line's MP.

        >>> t = VpTable([VpBand(50, 10), VpBand(None, 12)], hands=1, max_total=1000)
        >>> t.convert(0, 60)
        (8, 12)
        """
        bounds = [b.max_diff for b in bands[:-1] if b.max_diff is not None]
        if not bands or bands[-1].max_diff is not None or len(bounds) != len(bands) - 1:
            raise InvalidScoreError(
                f"a VP table needs bands whose last one only is open-ended, got {bands!r}"
            )
        if any(b % 5 for b in bounds) or bounds != sorted(set(bounds)):
            raise InvalidScoreError(
                f"VP band bounds must be increasing multiples of 5, got {bounds!r}"
            )
        if type(max_total) is not int or not 0 <= max_total <= _MAX_TOTAL_LIMIT:
            raise InvalidScoreError(
                f"max_total must be an integer from 0 to {_MAX_TOTAL_LIMIT},"
                f" got {max_total!r}"
            )
        self.hands, self.max_total, self.total = hands, max_total, total
        self._bands = tuple(bands)
        # One entry per 5 MP of difference over every difference two valid totals can
        # make (-2 max_total .. 2 max_total): a conversion is one index, no branch.
        steps: list[int] = []
        for band in self._bands[:-1]:
            assert band.max_diff is not None
            steps.extend([band.winner_vp] * (band.max_diff // 5 + 1 - len(steps)))
        span = 2 * max_total // 5
        top = self._bands[-1].winner_vp
        ahead = [steps[i] if i < len(steps) else top for i in range(span + 1)]
        pairs = {vp: ((vp, total - vp), (total - vp, vp)) for vp in set(ahead)}
        self._offset = span
        self._lut = tuple(pairs[vp][1] for vp in reversed(ahead[1:])) + tuple(
            pairs[vp][0] for vp in ahead
        )

    @classmethod
    def from_pack(cls, pack: RulePack, hands: int) -> VpTable:
        """The table of ``pack`` for a turn of ``hands`` smazzate.

        >>> VpTable.from_pack(default_burraco_pack(), 3).band_min_mp(14)
        355
        """
        section = pack.require_vp()
        if type(hands) is not int or hands not in section.hands_supported:
            supported = ", ".join(map(str, section.hands_supported))
            raise InvalidMatchError(
                f"a turn under {pack.label} has {supported} smazzate, got {hands!r}"
            )
        spec = section.table_for(hands)
        return cls(
            spec.bands,
            hands=hands,
            max_total=hands * max_hand_score(pack),
            total=section.total,
        )

    @property
    def bands(self) -> tuple[VpBand, ...]:
        """The bands, as in the pack."""
        return self._bands

    def convert(self, mp_a: int, mp_b: int) -> tuple[int, int]:
        """``(vp_a, vp_b)`` for the two lines' MP totals of the turn.

        >>> t = vp_table(3)
        >>> t.convert(485, 130), t.convert(130, 485), t.convert(50, 0)
        ((14, 6), (6, 14), (10, 10))
        """
        bound = self.max_total
        if (
            type(mp_a) is not int
            or type(mp_b) is not int
            or mp_a % 5
            or mp_b % 5
            or not -bound <= mp_a <= bound
            or not -bound <= mp_b <= bound
        ):
            self._reject(mp_a, mp_b)
        return self._lut[(mp_a - mp_b) // 5 + self._offset]

    def _reject(self, mp_a: object, mp_b: object) -> None:
        for mp in (mp_a, mp_b):
            if type(mp) is not int:
                raise InvalidScoreError(f"an MP total must be an integer, got {mp!r}")
            if mp % 5:
                raise InvalidScoreError(
                    f"MP total {mp} is not a multiple of 5 (every Burraco amount is)"
                )
            if abs(mp) > self.max_total:
                raise InvalidScoreError(
                    f"MP total {mp} is impossible in a turn of {self.hands} smazzate:"
                    f" a line's total lies within ±{self.max_total}"
                )

    def rows(self) -> tuple[VpRow, ...]:
        """The table as printed on the score card, one row per band.

        >>> vp_table(4).rows()[-1]
        VpRow(min_diff=2005, max_diff=None, winner_vp=20, loser_vp=0)
        """
        rows, low = [], 0
        for band in self._bands:
            rows.append(
                VpRow(low, band.max_diff, band.winner_vp, self.total - band.winner_vp)
            )
            low = band.max_diff + 5 if band.max_diff is not None else low
        return tuple(rows)

    def band_min_mp(self, vp: int) -> int:
        """Lowest MP difference that gives the line ahead ``vp`` VP.

        >>> vp_table(2).band_min_mp(20)
        1005
        """
        for row in self.rows():
            if row.winner_vp == vp and type(vp) is int:
                return row.min_diff
        offered = ", ".join(str(row.winner_vp) for row in self.rows())
        raise InvalidScoreError(
            f"no band of the {self.hands}-smazzate table gives {vp!r} VP to the line"
            f" ahead (winner VP: {offered})"
        )

    def line_band_min(self, vp: int) -> int:
        """The band minimum of ``vp`` VP read from the line's side, as a signed MP difference.

        A line ahead (more than half the VP) reads the lower bound of its band; the level
        band starts at 0; a line behind reads the lower bound of the band of the VP its
        opponent got, negated (seed 004 measures MP from VP by "i corrispondenti minimi").

        >>> t = vp_table(3)
        >>> t.line_band_min(14), t.line_band_min(10), t.line_band_min(6)
        (355, 0, -355)
        """
        level = self.total // 2
        if type(vp) is not int or not 0 <= vp <= self.total:
            raise InvalidScoreError(
                f"a line's VP lie between 0 and {self.total}, got {vp!r}"
            )
        if vp >= level:
            return self.band_min_mp(vp)
        return -self.band_min_mp(self.total - vp)

    def mp_of_one_vp(self, vp: int) -> int:
        """The MP that one VP is worth to a line that has ``vp`` VP (docs/rules.md §6.5).

        The step between the band minima of ``vp`` and of ``vp - 1``, both from the line's
        side (:meth:`line_band_min`); below 1 VP, the step of the last VP.

        >>> t = vp_table(3)
        >>> [t.mp_of_one_vp(v) for v in (20, 14, 11, 10, 9, 6, 1, 0)]
        [250, 100, 55, 55, 100, 150, 250, 250]
        """
        if type(vp) is int and vp <= 0:
            return self.line_band_min(1) - self.line_band_min(0)
        return self.line_band_min(vp) - self.line_band_min(vp - 1)

    def __repr__(self) -> str:
        return (
            f"VpTable(hands={self.hands}, bands={len(self._bands)}, total={self.total})"
        )


@functools.cache
def _cached_table(pack: RulePack, hands: int) -> VpTable:
    return VpTable.from_pack(pack, hands)


def vp_table(hands: int, pack: RulePack | None = None) -> VpTable:
    """The (cached) VP table of ``pack`` (fibur-2026 when ``None``) for ``hands`` smazzate.

    >>> [(r.min_diff, r.max_diff, r.winner_vp) for r in vp_table(3).rows()[:2]]
    [(0, 50, 10), (55, 150, 11)]
    """
    if type(hands) is not int:
        raise InvalidMatchError(
            f"the smazzate per turn must be an integer, got {hands!r}"
        )
    return _cached_table(pack or default_burraco_pack(), hands)


def convert(table: VpTable, mp_a: int, mp_b: int) -> tuple[int, int]:
    """``(vp_a, vp_b)`` through ``table`` (same as ``table.convert``).

    >>> convert(vp_table(4), 0, 2005)
    (0, 20)
    """
    return table.convert(mp_a, mp_b)


@functools.cache
def _default_tables() -> dict[int, VpTable]:
    pack = default_burraco_pack()
    return {h: vp_table(h, pack) for h in pack.require_vp().hands_supported}


def victory_points(mp_a: int, mp_b: int, hands: int) -> tuple[int, int]:
    """``(vp_a, vp_b)`` for a turn of ``hands`` smazzate under fibur-2026.

    >>> victory_points(485, 130, 3)
    (14, 6)
    >>> victory_points(-100, 20, 2)
    (9, 11)
    >>> victory_points(37, 0, 3)
    Traceback (most recent call last):
    ...
    rules.errors.InvalidScoreError: MP total 37 is not a multiple of 5 (every Burraco amount is)
    """
    table = _default_tables().get(hands) if type(hands) is int else None
    if table is None:
        table = vp_table(hands)  # raises, naming the bad count
    return table.convert(mp_a, mp_b)


def victory_points_for(
    mp_a: int, mp_b: int, hands: int, pack: RulePack | None = None
) -> tuple[int, int]:
    """``(vp_a, vp_b)`` under ``pack`` (the pack-aware twin of :func:`victory_points`).

    >>> from rules.packs import load_pack
    >>> victory_points_for(0, 1505, 3, load_pack("burraco-tradizionale", 1))
    (0, 20)
    """
    return vp_table(hands, pack).convert(mp_a, mp_b)


def band_min_mp(table_or_hands: VpTable | int, vp: int) -> int:
    """Lowest MP difference giving ``vp`` VP to the line ahead (for adjudicated results).

    >>> band_min_mp(3, 14), band_min_mp(vp_table(2), 10)
    (355, 0)
    """
    if isinstance(table_or_hands, VpTable):
        return table_or_hands.band_min_mp(vp)
    return vp_table(table_or_hands).band_min_mp(vp)
