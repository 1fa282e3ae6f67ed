"""Issue 27 §1 and §5 as invariants (hypothesis): a turn to points and a penalty kept
outside the meeting (docs/rules.md §4.4, §6.5).

* A turn to 2,005 (seed 004, "TURNI CON 4 SMAZZATE o 2005 pt"; "Vince la partita chi,
  avendo superato il punteggio previsto, ha più punti dell'avversario") is accepted
  exactly when its last smazzata, and no earlier one, brings a line to the target.
* A second ammonizione "non comporta l'acquisizione di alcun vantaggio per l'altra
  linea" (art. 20 of the Codice [S]): a penalty changes the penalised team's totals by
  the penalty and nobody else's totals, and the classifica avulsa reads the meetings
  as played.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import InvalidMatchError
from rules.standings import FIBUR_DEFAULT, rank
from rules.to_points import MAX_HANDS, check_turn, reached_at
from tests.budget import examples

TARGET = 2005
smazzata = st.tuples(st.integers(-40, 240), st.integers(-40, 240)).map(
    lambda t: (5 * t[0], 5 * t[1])
)


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(smazzata, max_size=MAX_HANDS + 2))
def test_a_turn_is_accepted_exactly_when_its_last_smazzata_reaches_the_target(hands):
    reached = reached_at(hands, TARGET)
    try:
        check_turn(hands, TARGET)
    except InvalidMatchError as exc:
        assert exc.code in {"too_many", "not_reached", "after_reached"}
        assert len(hands) > MAX_HANDS or reached != len(hands)
    else:
        assert len(hands) <= MAX_HANDS and reached == len(hands)
        ns = sum(a for a, _b in hands)
        ew = sum(b for _a, b in hands)
        before = (ns - hands[-1][0], ew - hands[-1][1])
        assert max(ns, ew) >= TARGET > max(before)


@st.composite
def girone_with_penalties(draw):
    n = draw(st.integers(2, 6))
    matches = []
    for a in range(1, n + 1):
        for b in range(a + 1, n + 1):
            if draw(st.booleans()):
                vp = draw(st.integers(0, 20))
                mp = draw(st.integers(-10, 30)) * 50
                matches.append((a, b, mp, 1000, vp, 20 - vp))
    teams = {t for m in matches for t in m[:2]}
    penalties = {
        t: (1, 5 * draw(st.integers(0, 50)))
        for t in sorted(teams)
        if draw(st.integers(0, 3)) == 0
    }
    return matches, penalties


@settings(max_examples=examples(150), deadline=None)
@given(girone_with_penalties())
def test_a_penalty_changes_its_own_totals_only(case):
    matches, penalties = case
    plain = {r.team: r.totals for r in rank(matches, FIBUR_DEFAULT, lot_seed=1)}
    ranked = rank(matches, FIBUR_DEFAULT, lot_seed=1, penalties=penalties)
    for row in ranked:
        before, after = plain[row.team], row.totals
        vp, mp = penalties.get(row.team, (0, 0))
        assert after.points == before.points - vp
        assert after.score_for == before.score_for - mp
        # What the opponents made against it, and its meetings, are as played.
        assert after.score_against == before.score_against
        assert after.points_against == before.points_against
        assert (after.won, after.drawn, after.lost) == (
            before.won,
            before.drawn,
            before.lost,
        )
    points = [r.totals.points for r in ranked]
    assert points == sorted(points, reverse=True)
