"""Issue 27 §7: Briscola's two readings as pack settings, each seed's reading the
default of its pack (docs/rules.md §10.2, §10.5); v2 keeps its results.

* seed 001 (``briscola-approdo`` v3, ``play_all_partite``): "Acquisisce un punto in
  classifica la squadra che vince due partite su tre giocate"; "Le finali dei due
  Tornei saranno giocate n. 5 partite e vincerà chi ne avrà vinto 3/5": every partita
  is played, a 3-0 is possible and counts in the partite difference;
* seed 002 (``briscola-vp`` v3, ``forfeit_offender_partite = "void"``): the line that
  lets the time run out or abandons "perde la partita": the partite it won before do
  not count.
"""

from __future__ import annotations

import pytest

from scoring.services import SheetError
from tests.scoring.helpers import save, sheet
from tests.scoring.test_fidelity import Kind, briscola_world, build_round, scores

pytestmark = pytest.mark.django_db


def test_every_partita_is_played_and_a_3_0_counts(make_user):
    """Seed 001, "due partite su tre giocate": the third partita after 2-0 is played
    and the match is stored 3-0 (1 point, partite +3)."""
    _, girone, pairs, user = briscola_world(make_user, "briscola-approdo", 3)
    _, tables = build_round(girone, 1, [(pairs[0], pairs[1])], hands=3)
    save(tables[0], user, sheet((80, 40), (70, 50), (61, 59)))
    assert scores(tables[0]) == {1: (1, 3, 0), 2: (0, 0, 3)}


def test_a_match_stopped_at_2_0_is_refused_with_the_reason(make_user):
    _, girone, pairs, user = briscola_world(make_user, "briscola-approdo", 3)
    _, tables = build_round(girone, 1, [(pairs[0], pairs[1])], hands=3)
    with pytest.raises(SheetError) as exc:
        save(tables[0], user, sheet((80, 40), (70, 50)))
    (message,) = exc.value.errors["h3_ns"]
    assert "al meglio di 3" in message.lower() and "2–0" in message, message


def test_v2_keeps_its_reading_the_third_partita_is_refused(make_user):
    """briscola-approdo v2: the match stops once decided (2-0); v2 tournaments keep
    their results."""
    _, girone, pairs, user = briscola_world(make_user, "briscola-approdo", 2)
    _, tables = build_round(girone, 1, [(pairs[0], pairs[1])], hands=3)
    with pytest.raises(SheetError) as exc:
        save(tables[0], user, sheet((80, 40), (70, 50), (61, 59)))
    assert "h3_ns" in exc.value.errors
    save(tables[0], user, sheet((80, 40), (70, 50)))
    assert scores(tables[0]) == {1: (1, 2, 0), 2: (0, 0, 2)}


@pytest.mark.parametrize(
    ("version", "expected"),
    [
        pytest.param(3, {1: (14, 0, 0), 2: (0, 0, 0)}, id="v3-void"),
        pytest.param(2, {1: (14, 0, 1), 2: (0, 1, 0)}, id="v2-kept"),
    ],
)
def test_the_forfeiting_side_loses_the_partite_it_won(make_user, version, expected):
    """Seed 002, "Penalità in caso di Tempo Scaduto o Abbandono": the offender "perde
    la partita". EO won the first partita 80-40, then abandoned: under v3 its partita
    is void (0-0 in partite, NS "minimo 14 VP"); v2 kept it (EO +1 in partite from a
    match it forfeited)."""
    _, girone, pairs, user = briscola_world(make_user, "briscola-vp", version)
    _, tables = build_round(girone, 1, [(pairs[0], pairs[1])], hands=3)
    save(tables[0], user, sheet((40, 80), kind=Kind.FORFEIT, line="ew", reason="via"))
    assert scores(tables[0]) == expected


def test_a_void_partita_no_longer_puts_the_present_side_behind(make_user):
    """Best of 5: NS won 1, EO 2, then EO abandoned. Its partite void, NS leads 1-0:
    a match won (20 VP, seed 002's table "Vittoria 20"), not "minimo 14"."""
    _, girone, pairs, user = briscola_world(make_user, "briscola-vp", 3)
    _, tables = build_round(girone, 1, [(pairs[0], pairs[1])], hands=5)
    partite = [(80, 40), (40, 80), (30, 90)]
    save(tables[0], user, sheet(*partite, kind=Kind.FORFEIT, line="ew", reason="via"))
    assert scores(tables[0]) == {1: (20, 1, 0), 2: (0, 0, 1)}
