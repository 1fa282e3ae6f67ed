"""MP→VP conversion speed: a million conversions through ``rules.vp.victory_points``.

The inputs cycle over every multiple of 5 from -2000 to 2000 for line A against a
fixed set of totals for line B, over turns of 1-4 smazzate, so every band of every
table is hit; they are built before the clock starts.
"""

from __future__ import annotations

from bench.common import best_of, report
from rules.vp import victory_points, vp_table

N = 1_000_000


def _inputs() -> list[tuple[int, int, int]]:
    a_totals = range(-2000, 2005, 5)
    b_totals = (0, 335, -120, 1450, 2600)
    cases: list[tuple[int, int, int]] = []
    while len(cases) < N:
        for hands in (1, 2, 3, 4):
            for b in b_totals:
                cases.extend((a, b, hands) for a in a_totals)
    return cases[:N]


def main() -> None:
    cases = _inputs()

    def run_public() -> None:
        for a, b, hands in cases:
            victory_points(a, b, hands)

    report("vp.convert.1e6", best_of(3, run_public), "s")
    table = vp_table(3)
    convert = table.convert
    pairs = [(a, b) for a, b, _ in cases]

    def run_table() -> None:
        for a, b in pairs:
            convert(a, b)

    report("vp.convert_table.1e6", best_of(3, run_table), "s")


if __name__ == "__main__":
    main()
