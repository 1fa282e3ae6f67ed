"""Issue 27 §1: a second ammonizione costs the warned pair 1 VP and the equivalent MP
in its standings totals only; the other line keeps exactly what it played.

Source: art. 20 of the Italian Codice di Gara as published by the federation's referees
[S, eburraco.com, docs/rules.md §6.5]: two ammonizioni cost "-1 VP e i corrispondenti MP
nella classifica generale", and the penalty "non comporta l'acquisizione di alcun
vantaggio per l'altra linea". fibur-2026 v4 (``second_warning_scope = "standings"``)
reads it so; v3 (``"meeting"``) keeps what it did: the other line's MP against read the
warned line's MP after the penalty.
"""

from __future__ import annotations

import pytest

from participants.models import Pair
from rules.standings import rank
from scoring.models import PairScore, ResultVersion
from scoring.scores import confirmed_scores, matches_of, penalties_of
from standings.models import Snapshot
from standings.services import read
from tests.scoring.conftest import build_round, build_tournament, grant
from tests.scoring.helpers import save, sheet
from tournament.models import Tournament

pytestmark = pytest.mark.django_db

Kind = ResultVersion.Kind

#: The issue's tables, 3 smazzate. Table 1: NS (pair 1) 530, EO (pair 2) 130 (+400,
#: 14-6), NS warned twice. Table 2: NS (pair 3) 480, EO (pair 4) 100 (+380, 14-6).
WARNED = sheet(
    (300, 100),
    (130, 30),
    (100, 0),
    kind=Kind.SECOND_WARNING,
    line="ns",
    reason="seconda ammonizione",
)
PLAIN = sheet((300, 50), (100, 50), (80, 0))


def play(version: int, make_user):
    tournament, girone, pairs = build_tournament(pairs=4)
    Tournament.objects.filter(pk=tournament.pk).update(rule_pack_version=version)
    user = make_user(f"arbitro-sw-{version}")
    grant(user, tournament)
    _, tables = build_round(girone, 1, [(pairs[0], pairs[1]), (pairs[2], pairs[3])])
    save(tables[0], user, WARNED)
    save(tables[1], user, PLAIN)
    return girone, tables


def stored(table):
    """{pair number: (vp, mp_for, mp_against, penalty_vp, penalty_mp)}."""
    return {
        s.pair.number: (s.vp, s.mp_for, s.mp_against, s.penalty_vp, s.penalty_mp)
        for s in PairScore.objects.filter(table=table).select_related("pair")
    }


def standings(girone):
    (table,) = read.tables(
        [Snapshot.objects.get(girone=girone, line="", kind="confirmed")]
    )
    return table.rows


def test_the_other_line_keeps_what_it_played(make_user):
    """The issue's case: pair 2 lost 130-530 (-400) to a line warned twice. Under v4 it
    keeps -400 and stays behind pair 4 (6 VP, -380); the warned pair 1 has 13 VP and
    +300 in its totals."""
    girone, tables = play(4, make_user)
    assert stored(tables[0]) == {1: (13, 430, 130, 1, 100), 2: (6, 130, 530, 0, 0)}
    rows = standings(girone)
    got = [(r.pair_number, r.vp, r.mp_for - r.mp_against) for r in rows]
    assert got == [(3, 14, 380), (1, 13, 300), (4, 6, -380), (2, 6, -400)]
    tie = next(r for r in rows if r.pair_number == 4)
    assert "4 (-380), 2 (-400)" in tie.note


def test_v3_keeps_its_results(make_user):
    """A tournament pinned to v3 keeps what it published: pair 2's MP against read the
    warned line's MP after the penalty (-300), and it passed pair 4 (issue 27 §1:
    "decide la differenza MP 2 (-300), 4 (-380)")."""
    girone, tables = play(3, make_user)
    assert stored(tables[0]) == {1: (13, 430, 130, 0, 0), 2: (6, 130, 430, 0, 0)}
    got = [(r.pair_number, r.mp_for - r.mp_against) for r in standings(girone)]
    assert got[2:] == [(2, -300), (4, -380)]


def test_the_meeting_is_the_score_as_played(make_user):
    """The classifica avulsa reads the meeting as played (14-6, 530-130): the penalty
    is "nella classifica generale", apart from the meeting."""
    girone, _tables = play(4, make_user)
    number = dict(Pair.objects.filter(girone=girone).values_list("pk", "number"))
    scores = confirmed_scores([girone.pk])
    matches = [(number[a], number[b], *rest) for a, b, *rest in matches_of(scores)]
    assert sorted(matches) == [(1, 2, 530, 130, 14, 6), (3, 4, 480, 100, 14, 6)]
    penalties = penalties_of(scores)
    assert {number[pk]: p for pk, p in penalties.items()} == {1: (1, 100)}
    rows = rank(matches_of(scores), ["points", "h2h_points", "diff", "lot"],
                lot_seed=1, penalties=penalties)  # fmt: skip
    got = {number[r.team]: (r.totals.points, r.totals.diff) for r in rows}
    assert got[1] == (13, 300) and got[2] == (6, -400)
