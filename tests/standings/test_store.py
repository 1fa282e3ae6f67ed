"""Stored standings: rewritten with the results, versioned, never leaking a round."""

import pytest

from core.pipeline import drain
from standings.models import Row, Snapshot, StandingsConfig
from standings.refresh import refresh_gironi
from standings.services import read
from standings.services.provisional import provisional_standings
from standings.services.visibility import set_round_visibility
from tests.standings.factories import (
    THREE_WAY,
    add_result,
    make_girone,
    make_pairs,
    make_round,
    make_tournament,
    play,
    seat,
)

pytestmark = pytest.mark.django_db

THREE_WAY_NOTE = (
    "Coppie 4, 9, 12 a pari VP (32): classifica avulsa 12 (26 VP), 4 (19), 9 (15)"
)


def snapshot(girone, kind="public", line=""):
    return Snapshot.objects.get(girone=girone, kind=kind, line=line)


def rows(snap):
    """The rows as pages read them (tie notes attached)."""
    (table,) = read.tables([snap])
    return table.rows


@pytest.fixture
def girone():
    tournament = make_tournament()
    g = make_girone(tournament)
    make_pairs(tournament, g, [4, 9, 12, 20])
    return g


def test_three_way_tie_is_stored_with_its_explanation(girone):
    play(girone, THREE_WAY)
    snap = snapshot(girone)
    got = rows(snap)
    assert [(r.pair_number, r.position) for r in got] == [
        (12, 1),
        (4, 2),
        (9, 3),
        (20, 4),
    ]
    assert [r.vp for r in got] == [32, 32, 32, 24]
    assert [r.mp_diff for r in got] == [250, 200, 300, -750]
    assert [r.played for r in got] == [3, 3, 3, 3]
    assert {r.note for r in got[:3]} == {THREE_WAY_NOTE}
    assert got[0].note_en.startswith("Pairs 4, 9, 12 level on VP (32)")
    assert got[3].note == "" and got[3].tie is None
    assert got[0].players.startswith("Rossi") and got[0].club == "Aurora"
    assert snap.chain == ["points", "h2h_points", "h2h_diff", "diff", "scored", "lot"]
    assert snap.rounds == [1, 2, 3]


def test_version_moves_only_when_the_content_changes(girone):
    play(girone, {1: THREE_WAY[1]})
    snap = snapshot(girone)
    assert snap.version == 1
    refresh_gironi([girone.pk])
    assert snapshot(girone).version == 1
    rnd = make_round(girone, 2)
    table = seat(rnd, 1, *girone.pairs.filter(number__in=[12, 9]).order_by("-number"))
    add_result(table, 1300, 850, 14, 6)
    snap = snapshot(girone)
    assert snap.version == 2
    assert Row.objects.filter(snapshot=snap).count() == 4


def test_only_confirmed_results_count(girone):
    play(girone, {1: THREE_WAY[1]})
    rnd = make_round(girone, 2)
    pairs = {p.number: p for p in girone.pairs.all()}
    add_result(seat(rnd, 1, pairs[12], pairs[9]), 1300, 850, 14, 6, status="entered")
    got = {r.pair_number: r.vp for r in rows(snapshot(girone, "confirmed"))}
    assert got == {9: 17, 12: 12, 4: 8, 20: 3}


def test_provisional_view_counts_but_never_shows_a_pending_first_entry(girone):
    """Blind double entry (issue 14 §5): a director may type the second entry."""
    play(girone, {1: THREE_WAY[1]})
    rnd = make_round(girone, 2)
    pairs = {p.number: p for p in girone.pairs.all()}
    add_result(seat(rnd, 1, pairs[12], pairs[9]), 1300, 850, 14, 6, status="entered")
    view = provisional_standings(girone)
    assert view.entered == 1
    assert {r.pair_number: r.vp for r in view.rows} == {12: 12, 9: 17, 4: 8, 20: 3}


def test_unreleased_round_stays_out_of_the_public_standings(girone):
    rounds = play(girone, {1: THREE_WAY[1]})
    rnd = make_round(girone, 2, results_public=False)
    pairs = {p.number: p for p in girone.pairs.all()}
    add_result(seat(rnd, 1, pairs[12], pairs[9]), 1300, 850, 14, 6)
    public = snapshot(girone, "public")
    assert {r.pair_number: r.vp for r in rows(public)}[12] == 12
    assert public.rounds == [1]
    assert {r.pair_number: r.vp for r in rows(snapshot(girone, "confirmed"))}[12] == 26
    before = public.version
    set_round_visibility(rnd.pk, results_public=True)
    drain()
    public = snapshot(girone, "public")
    assert public.version == before + 1 and public.rounds == [1, 2]
    assert {r.pair_number: r.vp for r in rows(public)}[12] == 26
    # Withdrawn again: the public standings drop it once the worker ranked.
    set_round_visibility(rounds[0].pk, results_public=False)
    drain()
    assert snapshot(girone, "public").rounds == [2]


def test_rest_counts_in_totals_but_is_not_a_match(girone):
    rnd = make_round(girone, 1)
    pairs = {p.number: p for p in girone.pairs.all()}
    add_result(seat(rnd, 1, pairs[4], pairs[9]), 1000, 900, 11, 9)
    add_result(seat(rnd, 2, pairs[12], None), 0, None, 12, None, kind="rest")
    got = {r.pair_number: r for r in rows(snapshot(girone))}
    assert (got[12].vp, got[12].played, got[12].byes) == (12, 0, 1)
    assert (got[4].played, got[4].byes) == (1, 0)
    assert got[20].played == 0 and got[20].vp == 0  # in the girone, no result yet


def test_mitchell_lines_ranked_apart_when_asked():
    tournament = make_tournament()
    StandingsConfig.objects.create(tournament=tournament, lines_apart=True)
    g = make_girone(tournament)
    make_pairs(tournament, g, [1, 2, 3, 4])
    play(g, {1: [(1, 2, 1200, 800, 15, 5), (3, 4, 900, 1100, 8, 12)]})
    ns = [r.pair_number for r in rows(snapshot(g, line="ns"))]
    ew = [r.pair_number for r in rows(snapshot(g, line="ew"))]
    assert (ns, ew) == ([1, 3], [4, 2])


def test_unknown_rule_pack_falls_back_to_the_default_chain_and_says_so():
    tournament = make_tournament(rule_pack="circolo-9999")
    g = make_girone(tournament)
    make_pairs(tournament, g, [1, 2])
    play(g, {1: [(1, 2, 1200, 800, 15, 5)]})
    snap = snapshot(g)
    assert snap.chain == ["points", "h2h_points", "h2h_diff", "diff", "scored", "lot"]
    assert (
        "docs/rules.md" in snap.settings_note and "circolo-9999" in snap.settings_note
    )


def test_referee_decision_orders_a_tie_the_chain_cannot_break():
    tournament = make_tournament()
    StandingsConfig.objects.create(tournament=tournament, decisions=[[3, 1]])
    g = make_girone(tournament)
    make_pairs(tournament, g, [1, 2, 3, 4])
    play(g, {1: [(1, 2, 1200, 800, 15, 5), (3, 4, 1200, 800, 15, 5)]})
    got = rows(snapshot(g))
    assert [r.pair_number for r in got][:2] == [3, 1]
    assert got[0].note == (
        "Coppie 1, 3 a pari VP (15): non si sono incontrate;"
        " differenza MP 3 (+400), 1 (+400); MP fatti 3 (1200), 1 (1200);"
        " decisione arbitrale, quindi 3 precede 1"
    )


def test_briscola_notes_name_points_and_card_points():
    tournament = make_tournament(game="briscola", rule_pack="briscola-approdo")
    g = make_girone(tournament)
    make_pairs(tournament, g, [1, 2, 3, 4])
    # 1 and 3 win (1 point each); 1 took more card points.
    play(g, {1: [(1, 2, 130, 110, 1, 0), (3, 4, 125, 115, 1, 0)]})
    got = rows(snapshot(g))
    assert [r.pair_number for r in got][:2] == [1, 3]
    assert got[0].note.startswith(
        "Coppie 1, 3 a pari punti (1): non si sono incontrate: decide"
    )
    assert "differenza punti carta 1 (+20), 3 (+10)" in got[0].note
