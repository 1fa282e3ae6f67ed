"""Tabellone generation: 256 qualifiers (the first 16 of 16 gironi), seeded apart.

Times the whole pure pipeline a director's "draw" runs: qualifiers, placement keeping
the gironi apart, and the bracket with its byes advanced. Best of 3 runs.
"""

from __future__ import annotations

from bench.common import best_of, report
from rules.knockout.bracket import build_bracket
from rules.knockout.qualifiers import qualifiers_by_girone
from rules.knockout.seeding import earliest_meetings, place_qualifiers


def generate(n_gironi: int, per_girone: int) -> None:
    standings = {
        f"G{g:02d}": [1000 * g + i for i in range(1, per_girone + 5)]
        for g in range(n_gironi)
    }
    qualifiers = qualifiers_by_girone(standings, per_girone)
    slots = place_qualifiers(qualifiers)
    build_bracket([q.pair if q else None for q in slots])
    # The same gironi never meet before round 5 of 8 (16 per girone in 256 slots).
    assert min(earliest_meetings(slots).values()) >= 5 or per_girone != 16


def main() -> None:
    report("bracket.generate.256", best_of(3, lambda: generate(16, 16)) * 1000, "ms")
    report("bracket.generate.64", best_of(3, lambda: generate(8, 8)) * 1000, "ms")


if __name__ == "__main__":
    main()
