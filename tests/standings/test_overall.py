"""Issue 14 §1-§2: the overall standings across gironi, late and withdrawn pairs, and
ties whose pairs did not all meet, as stored (and as the prize list and CSV read them).
"""

import csv
import io

import pytest
from django.utils import translation

from core.pipeline import drain
from participants.models import Pair
from participants.services.registration import set_withdrawn
from printing.documents.prizes import build_prize_list
from seating.services.attendance import pair_attendance
from standings.models import Snapshot
from standings.services import read
from standings.services.csv_export import standings_csv
from tests.standings.factories import make_girone, make_pairs, make_tournament, play
from tests.standings.late_event import ROUND_1_A, make_late_event

pytestmark = pytest.mark.django_db


def rows_of(snap):
    (table,) = read.tables([snap])
    return table.rows


def overall(stage, kind="confirmed"):
    return rows_of(Snapshot.objects.get(stage=stage, girone__isnull=True, kind=kind))


def girone_rows(girone, kind="confirmed"):
    return rows_of(Snapshot.objects.get(girone=girone, line="", kind=kind))


@pytest.fixture
def late_event():
    """Issue 14 §1: 16 pairs in two gironi; pair 17 added to girone B after round 1,
    pair 8 withdrawn from girone A after round 1."""
    return make_late_event("late", rule_pack_version=2)


def test_a_late_pair_never_tops_the_overall_by_playing_fewer_matches(late_event):
    _tournament, a, _b = late_event
    got = overall(a.stage)
    assert len(got) == 17
    assert got[0].pair_number != 17 and got[0].vp == 24
    late = next(r for r in got if r.pair_number == 17)
    assert (late.vp, late.played, late.missed, late.entered_round) == (16, 1, 1, 2)
    assert late.average == ""  # same plan for both gironi: total VP, no averages
    # By total VP: 16 VP is below every pair with more.
    ahead = [r.pair_number for r in got if r.vp > 16]
    assert [r.pair_number for r in got][: len(ahead)] == ahead
    vps = [r.vp for r in got]
    assert vps == sorted(vps, reverse=True)


def test_the_prize_list_and_the_csv_follow_the_overall(late_event):
    tournament, a, _ = late_event
    top = overall(a.stage)[0].pair_number
    prizes = build_prize_list(tournament).sections[0]["rows"]
    assert prizes[0]["number"] == top != 17
    assert 17 not in [r["number"] for r in prizes]
    lines = list(csv.DictReader(io.StringIO(standings_csv(tournament))))
    first = next(line for line in lines if line["girone"] == "" and line["line"] == "")
    assert first["pair"] == str(top)


def test_late_and_withdrawn_pairs_are_named_in_the_standings(late_event):
    tournament, a, b = late_event
    with translation.override("it"):
        late = {r.pair_number: r for r in girone_rows(b)}[17]
        gone = {r.pair_number: r for r in girone_rows(a)}[8]
        assert late.attendance == "entrata al turno 2"
        assert gone.attendance == "ritirata dopo il turno 1"
        assert (gone.vp, gone.missed, gone.withdrew_after) == (7, 1, 1)
    with translation.override("en"):
        assert late.attendance == "entered at round 2"
        assert gone.attendance == "withdrew after round 1"
    rested = {r.pair_number: r for r in girone_rows(b)}[16]
    assert (rested.missed, rested.byes, rested.attendance) == (0, 1, "")
    att = pair_attendance(Pair.objects.get(tournament=tournament, number=17))
    assert att.missed([1, 2]) == (1,) and att.entered_at == 2


def test_overall_keeps_every_gironi_order(late_event):
    _, a, b = late_event
    where = {r.pair_number: i for i, r in enumerate(overall(a.stage))}
    for girone in (a, b):
        places = [where[r.pair_number] for r in girone_rows(girone)]
        assert places == sorted(places)


def test_a_missed_round_award_comes_from_the_pack(late_event, monkeypatch):
    """The pack's missed_round_points / missed_round_score (v2: 0 and 0) are used."""
    import dataclasses

    from standings.services import context, store

    real = context.standings_settings

    def generous(tournament):
        return dataclasses.replace(real(tournament), missed_points=5, missed_score=100)

    monkeypatch.setattr(context, "standings_settings", generous)
    _tournament, a, b = late_event
    store.refresh_gironi([a.pk, b.pk])
    late = {r.pair_number: r for r in girone_rows(b)}[17]
    assert (late.vp, late.mp_for, late.missed) == (21, 1600, 1)


# Issue 14 §2: girone A ends with 1, 2, 3 on 38 VP, only 1-2 played (1 won 12-8).
GIRONE_38 = {
    1: [(1, 2, 1100, 900, 12, 8), (3, 4, 1400, 800, 15, 5), (5, 6, 1000, 1000, 10, 10)],
    2: [(1, 5, 1000, 700, 13, 7), (2, 4, 1300, 700, 15, 5), (3, 6, 1000, 800, 12, 8)],
    3: [(1, 4, 1000, 700, 13, 7), (2, 6, 1300, 700, 15, 5), (3, 5, 900, 800, 11, 9)],
}
GIRONE_B = {
    1: [(7, 8, 1000, 900, 11, 9)],
    2: [(7, 8, 1000, 900, 11, 9)],
    3: [(7, 8, 1000, 900, 11, 9)],
}


@pytest.mark.parametrize(
    ("version", "expected", "note"),
    [
        pytest.param(
            2,
            [2, 3, 1],
            "Coppie 1, 2, 3 a pari VP (38): non si sono incontrate tutte"
            " (solo 1 scontro diretto su 3): decide la differenza MP"
            " 2 (+1000), 3 (+900), 1 (+800)",
            id="v2-skip",
        ),
        pytest.param(
            1,
            [1, 2, 3],
            "Coppie 1, 2, 3 a pari VP (38): classifica avulsa"
            " (solo 1 scontro diretto su 3) 1 (12 VP), 2 (8), 3 (0)",
            id="v1-use-played",
        ),
    ],
)
def test_a_tie_whose_pairs_did_not_all_meet(version, expected, note):
    tournament = make_tournament(f"avulsa-{version}", rule_pack_version=version)
    a, b = make_girone(tournament, "A"), make_girone(tournament, "B")
    make_pairs(tournament, a, range(1, 7))
    make_pairs(tournament, b, [7, 8])
    play(a, GIRONE_38)
    play(b, GIRONE_B)
    mine = girone_rows(a)
    assert [r.pair_number for r in mine][:3] == expected
    assert mine[0].note == note
    tied = [r.pair_number for r in overall(a.stage) if r.pair_number in (1, 2, 3)]
    assert tied == expected  # the overall never orders them the other way
    assert overall(a.stage)[0].note == note  # a tie of one girone: its own note


def test_averages_per_round_only_when_the_plan_gives_different_rounds():
    """Round robins of 4 pairs (3 rounds) and of 2 (1 round): VP per round."""
    tournament = make_tournament("rr", movement_plan="round_robin")
    a, b = make_girone(tournament, "A"), make_girone(tournament, "B")
    make_pairs(tournament, a, [1, 2, 3, 4])
    make_pairs(tournament, b, [5, 6])
    play(
        a,
        {
            1: [(1, 2, 1200, 800, 15, 5), (3, 4, 1000, 1000, 10, 10)],
            2: [(1, 3, 1200, 800, 15, 5), (2, 4, 1000, 1000, 10, 10)],
            3: [(1, 4, 1200, 800, 15, 5), (2, 3, 1000, 1000, 10, 10)],
        },
    )
    play(b, {1: [(5, 6, 1600, 500, 18, 2)]})
    got = overall(a.stage)
    assert [(r.pair_number, r.vp, r.average) for r in got][:2] == [
        (5, 18, "18.00"),
        (1, 45, "15.00"),
    ]
    assert got[2].note == girone_rows(a)[1].note  # a tie of girone A: its own note
    with translation.override("it"):
        html = _public_page(tournament)
    assert "ordinata per VP a turno" in html


def _public_page(tournament):
    from django.test import Client
    from django.urls import reverse

    url = reverse("public:standings", args=[tournament.slug])
    return Client().get(url, HTTP_ACCEPT_LANGUAGE="it").content.decode()


def test_a_withdrawal_reaches_the_standings_at_once():
    """No result needed: withdrawing a pair rewrites its girone's standings."""
    tournament = make_tournament("ritiro")
    a = make_girone(tournament, "A")
    make_pairs(tournament, a, range(1, 9))
    play(a, {1: ROUND_1_A})
    assert {r.pair_number: r for r in girone_rows(a)}[8].withdrew_after is None
    set_withdrawn(Pair.objects.get(tournament=tournament, number=8), True)
    drain()
    gone = {r.pair_number: r for r in girone_rows(a)}[8]
    assert (gone.withdrew_after, gone.missed) == (1, 0)
    with translation.override("it"):
        assert gone.attendance == "ritirata dopo il turno 1"


def test_the_standings_read_the_same_seats_as_the_tables(late_event):
    """The refresh reads seats from the scores and only the tables without a result;
    it must find what reading every table finds (attendance's reference)."""
    from scoring.scores import confirmed_scores, seats_of
    from seating.services.attendance import attendance_from, girone_attendance
    from tests.standings.factories import add_result, make_round, seat

    tournament, a, b = late_event
    pairs = {p.number: p for p in Pair.objects.filter(tournament=tournament)}
    third = make_round(b, 3)
    add_result(seat(third, 1, pairs[17], pairs[9]), 1000, 900, 11, 9)
    add_result(seat(third, 2, pairs[10], pairs[16]), 900, 1000, 9, 11, status="entered")
    seat(third, 3, pairs[11], pairs[12])  # no result yet
    seat(third, 4, pairs[13], None)
    seat(make_round(a, 3, status="draft"), 1, pairs[1], pairs[2])
    for girone in (a, b):
        scores = confirmed_scores([girone.pk])
        fast = attendance_from(girone.pk, seats_of(girone.pk, scores))
        assert fast == girone_attendance(girone.pk)


def test_the_csv_carries_the_tie_notes_attendance_and_girone_of_the_pages(late_event):
    """Found by the reviewer: the CSV's ``tie_note`` column was always empty (the notes
    are stored once per snapshot, and the CSV read the rows without them), so a CSV of
    an event with ties did not say how they were decided; its overall rows did not say
    a pair's girone, nor that a pair entered late or withdrew."""
    tournament, _a, _b = late_event
    with translation.override("it"):
        pages = {
            (t.snapshot.girone.label if t.snapshot.girone_id else "", r.pair_number): r
            for t in read.tables(
                list(Snapshot.objects.filter(tournament=tournament, kind="confirmed"))
            )
            for r in t.rows
        }
        lines = list(csv.DictReader(io.StringIO(standings_csv(tournament))))
    assert len(lines) == len(pages)
    tied = [line for line in lines if line["tie_note"]]
    assert tied, "the event has ties: their notes must be in the CSV"
    for line in lines:
        row = pages[(line["girone"], int(line["pair"]))]
        assert line["tie_note"] == row.note
        assert line["rounds_missed"] == str(row.missed)
        assert line["pair_girone"] == row.girone_label or line["girone"]
    overall_rows = {int(line["pair"]): line for line in lines if line["girone"] == ""}
    assert overall_rows[17]["pair_girone"] == "B"
    assert overall_rows[17]["entered_at_round"] == "2"
    assert overall_rows[8]["withdrew_after_round"] == "1"
    assert any(line["tie_note"].startswith("Coppie ") for line in tied)


def test_an_average_is_written_the_italian_way_and_called_per_round():
    """Found by the reviewer (round robins of 8 and 9 pairs): the overall's average
    column read "12.44" under the header "VP/inc." on Italian pages and PDFs, though it
    is VP per round of the girone's plan (as the line above the table says) and an
    Italian decimal has a comma."""
    from printing.documents.standings import build_standings

    tournament = make_tournament("rr-media", movement_plan="round_robin")
    a, b = make_girone(tournament, "A"), make_girone(tournament, "B")
    make_pairs(tournament, a, [1, 2, 3, 4])
    make_pairs(tournament, b, [5, 6])
    play(
        a,
        {
            1: [(1, 2, 1200, 800, 15, 5), (3, 4, 1000, 1000, 10, 10)],
            2: [(1, 3, 1100, 900, 12, 8), (2, 4, 1000, 1000, 10, 10)],
            3: [(1, 4, 1000, 1000, 10, 10), (2, 3, 1000, 1000, 10, 10)],
        },
    )
    play(b, {1: [(5, 6, 1600, 500, 18, 2)]})
    assert overall(a.stage)[1].average == "12.33"  # stored as data: 37 / 3
    with translation.override("it"):
        html = _public_page(tournament)
        document = build_standings(tournament)
    import re

    cells = re.findall(r'<td class="num">([0-9]+[.,][0-9]{2})</td>', html)
    assert cells and all("," in c for c in cells), cells
    assert "VP/turno" in html and "VP/inc." not in html
    averages = [
        row["average"]
        for section in document.sections
        for row in section["rows"]
        if row["average"]
    ]
    assert "12,33" in averages and all("." not in a for a in averages)
