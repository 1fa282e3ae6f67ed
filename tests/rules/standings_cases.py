"""Shared by the standings tests (rules.standings): helpers and known-answer matches.

Burraco matches are ``(pair_a, pair_b, MP_a, MP_b, VP_a, VP_b)`` with VP from the
3-smazzate table of seed 004 (docs/rules.md §4.1) (e.g. 200 MP = 12-8, 300 = 13-7,
400 = 14-6).
"""

from pathlib import Path

from rules.standings import FIBUR_DEFAULT, LABELS, render_explanation

DATA = Path(__file__).resolve().parent.parent / "data"
BRISCOLA_IT = LABELS["briscola"]["it"]
NO_LOT = FIBUR_DEFAULT[:-1]


def order(rows):
    return [r.team for r in rows]


def positions(rows):
    return [(r.team, r.position) for r in rows]


def texts(rows, **kwargs):
    """The explanation of each tie, once, in table order."""
    seen, out = set(), []
    for row in rows:
        if row.explanation is not None and id(row.explanation) not in seen:
            seen.add(id(row.explanation))
            out.append(render_explanation(row.explanation, **kwargs))
    return out


def football(name):
    """Matches of a tests/data scenario file, with 3/1/0 points."""
    matches = []
    for line in (DATA / name).read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        home, away, hg, ag = line.split()
        hg, ag = int(hg), int(ag)
        points = (3, 0) if hg > ag else (0, 3) if hg < ag else (1, 1)
        matches.append((home, away, hg, ag, *points))
    return matches


# 4, 9, 12 end on 32 VP. Among them: 12-4 12-8 (1100-900), 12-9 14-6 (1300-850),
# 4-9 11-9 (1000-900), so the avulsa is 12: 26, 4: 19, 9: 15. Pair 9 has the best MP
# difference (+300 against 4's +200 and 12's +250) and still comes third.
THREE_WAY = [
    (12, 4, 1100, 900, 12, 8),
    (12, 9, 1300, 850, 14, 6),
    (4, 9, 1000, 900, 11, 9),
    (12, 20, 800, 1200, 6, 14),
    (4, 20, 1150, 850, 13, 7),
    (9, 20, 1500, 650, 17, 3),
]

# One good Burraco match, for the checks of the options.
GOOD = [(1, 2, 1100, 900, 12, 8)]
