"""Movements as a registry (issue 27 §8-§12): a new movement is one object, the Danese
pairs by the standings' own order, "never the same opponents", rematches and same-club
meetings on the draft, a Mitchell that keeps clubs apart."""

from __future__ import annotations

import pytest

from draw.services import rounds
from people.models import Club
from rules.pairing import REGISTRY, Constraints, Movement, Seating, Situation
from rules.pairing.mitchell import club_meetings, fewest_club_lines
from seating.services import gironi
from tournament.forms import TournamentForm
from tournament.models import Round
from tournament.services.movement_words import movement_label

from .test_rounds import play, seats

pytestmark = pytest.mark.django_db


class Rotation(Movement):
    """A simple rotation: pair 1 stays, the others turn one seat a round (the circle
    method); no pair meets another twice in N - 1 rounds."""

    name = "rotation"
    label = "simple rotation"  # a real movement marks it: gettext_noop("...")

    def constraints(self, situation: Situation) -> Constraints:
        return Constraints(no_rematch="any")

    def seat(self, situation: Situation) -> Seating:
        first, *others = sorted(situation.first_round_pairs or situation.pairs)
        turn = (situation.number - 1) % len(others)
        circle = [first, *others[turn:], *others[:turn]]
        n = len(circle)
        return Seating.numbered([(circle[i], circle[n - 1 - i]) for i in range(n // 2)])


def test_a_new_movement_is_one_object_and_the_checker_accepts_its_rounds(
    monkeypatch, make_tournament, make_pairs, director
):
    monkeypatch.setitem(REGISTRY, "rotation", Rotation())
    tournament = make_tournament(movement_plan="3xrotation", rounds_planned=3)
    make_pairs(tournament, 6)
    girone = gironi.split_into_gironi(tournament, count=1).gironi[0]
    met: set[frozenset[int]] = set()
    for _number in (1, 2, 3):
        round_ = rounds.generate_round(girone)
        assert round_.movement == "rotation"
        assert rounds.round_violations(round_) == []
        tables = [(ns, ew) for _n, ns, ew in seats(round_)]
        assert len(tables) == 3
        assert not met & {frozenset(t) for t in tables}
        met |= {frozenset(t) for t in tables}
        play(round_, director, {})
    assert movement_label("rotation") == "simple rotation"
    # The tournament form offers it among the plan's blocks (issue 28 §2), by name.
    form = TournamentForm()
    for block in ("plan_movement_1", "plan_movement_2"):
        assert "rotation" in dict(form.fields[block].choices)
    assert form.plan_word_labels["rotation"] == "simple rotation"


def test_the_danese_pairs_by_the_standings_order_head_to_head_first(
    make_tournament, make_pairs, director
):
    """Issue 27 §8. The Danese pairs "by the current ranking, 1st vs 2nd, 3rd vs
    4th" [S, eburraco.com on the four pairing systems, docs/rules.md §9.2], and the
    ranking breaks a tie by the direct match first (seed 001: "In caso di parità fra
    due squadre passerà il turno la coppia che ha vinto lo scontro diretto"; §7).
    After two rounds pairs 1 and 3 are level on 20 VP; 3 has the better MP difference
    (+45 against 0) but 1 won their direct match: the standings rank 2, 1, 3, 4 and
    the Danese pairs 2 v 1, 3 v 4 (by VP and MP difference it paired 2 v 3). The
    replay examples/replay/danese-standings-order.json plays it to the end."""
    tournament = make_tournament(movement_plan="seeded+2xdanese", rounds_planned=3)
    make_pairs(tournament, 4)
    girone = gironi.split_into_gironi(tournament, count=1).gironi[0]
    first = rounds.generate_round(girone)
    assert seats(first) == [(1, 1, 3), (2, 2, 4)]
    # 390-300 (90: 11-9) and 315-300 (15: 10-10) over 3 smazzate.
    play(first, director, {1: (130, 100), 2: (105, 100)})
    second = rounds.generate_round(girone)
    assert seats(second) == [(1, 1, 2), (2, 4, 3)]
    # 2 wins 390-300 (11-9); 3 wins 435-300 (135: 11-9).
    play(second, director, {1: (100, 130), 2: (100, 145)})
    third = rounds.generate_round(girone)
    ranking = rounds.danese_ranking(third)
    assert [(r.number, r.vp, r.mp_diff) for r in ranking] == [
        (2, 21, 105),
        (1, 20, 0),
        (3, 20, 45),
        (4, 19, -150),
    ]
    assert seats(third) == [(1, 2, 1), (2, 3, 4)]


def _four_rounds(make_tournament, make_pairs, director, **settings):
    tournament = make_tournament(
        movement_plan="2xmitchell+2xdanese_modificato", rounds_planned=4, **settings
    )
    make_pairs(tournament, 8)
    girone = gironi.split_into_gironi(tournament, count=1).gironi[0]
    made = []
    for number in range(1, 5):
        round_ = rounds.generate_round(girone)
        made.append(round_)
        if number < 4:
            play(round_, director, {})
    return made


def _meetings(made: list[Round]) -> list[frozenset[int]]:
    return [
        frozenset((ns, ew)) for r in made for _n, ns, ew in seats(r) if ew is not None
    ]


def test_never_the_same_opponents_avoids_every_earlier_opponent_in_every_round(
    make_tournament, make_pairs, director
):
    """Issue 27 §9. The Danese modificato: pairs "that met in the previous turn may
    not meet again, except in the last turn" [S, eburraco.com; docs/rules.md §9.3].
    With the director's choice "mai gli stessi avversari" no two pairs meet twice in
    a Mitchell ×2 + Danese modificato ×2, the last round included; with the defaults
    (the sources' wording) the draft lists every rematch, with the round the two met
    in (examples/replay/never-rematch.json and rematches-flagged.json)."""
    made = _four_rounds(make_tournament, make_pairs, director, never_rematch=True)
    meetings = _meetings(made)
    assert len(meetings) == len(set(meetings)) == 16
    assert all(rounds.round_meetings(r) == [] for r in made)

    default = _four_rounds(make_tournament, make_pairs, director, name="Altro")
    seen: dict[frozenset[int], int] = {}
    for number, r in enumerate(default, start=1):
        expected = {
            (frozenset((ns, ew)), seen[frozenset((ns, ew))])
            for _n, ns, ew in seats(r)
            if ew is not None and frozenset((ns, ew)) in seen
        }
        noted = {
            (frozenset(m.pairs), m.rounds[0])
            for m in rounds.round_meetings(r)
            if m.code == "met_before"
        }
        assert noted == expected, number
        for _n, ns, ew in seats(r):
            if ew is not None:
                seen.setdefault(frozenset((ns, ew)), number)
    # The draft says why the last round's rematches are no violation.
    assert rounds.round_rules(default[3]) == [
        "una rivincita è consentita: è l'ultimo turno (il torneo lo consente, come"
        " le fonti)"
    ]
    assert rounds.round_rules(default[2]) == [
        "nessun incontro ripetuto con l'avversario del turno precedente"
    ]


def test_a_rematch_swapped_in_by_hand_is_flagged_with_the_round_they_met(
    make_tournament, make_pairs, director
):
    tournament = make_tournament(movement_plan="seeded+2xdanese_modificato")
    make_pairs(tournament, 4)
    girone = gironi.split_into_gironi(tournament, count=1).gironi[0]
    first = rounds.generate_round(girone)
    assert seats(first) == [(1, 1, 3), (2, 2, 4)]
    play(first, director, {1: (300, 100), 2: (290, 100)})  # ranking 1, 2, 4, 3
    second = rounds.generate_round(girone)
    assert seats(second) == [(1, 1, 2), (2, 4, 3)]
    rounds.swap_pairs(second, 2, 3)
    noted = rounds.round_meetings(second)
    assert [(set(m.pairs), m.rounds) for m in noted] == [({1, 3}, (1,)), ({2, 4}, (1,))]
    assert noted[0].message == "le coppie 1 e 3 si sono incontrate nel turno 1"
    assert rounds.round_rules(second) == [
        "nessun incontro ripetuto con l'avversario del turno precedente"
    ]


def test_mitchell_keeps_clubs_apart_when_asked_and_the_draft_lists_every_meeting(
    make_tournament, make_pairs, director
):
    """Issue 27 §10. In a Mitchell "the fixed pair (NS) stays at the same table; the
    mobile pair (EO) moves to the next table each turn" [S, atuttonet; docs/rules.md
    §9.1], so with as many rounds as tables every NS pair meets every EO pair and the
    seats decide. 8 pairs of two clubs (4 each) in a 4-round Mitchell: numbered as
    they came (1 NS v 2 EO ...) the clubs meet 8 times and the draft lists each
    meeting; with "keep clubs apart" the Mitchell puts one club on each line: none
    (examples/replay/mitchell-clubs.json: 5 and 3 pairs, the 4 meetings left listed)."""
    a = Club.objects.create(name="Circolo Città di Forlì", city="Forlì")
    b = Club.objects.create(name="Burraco Club Cesena", city="Cesena")

    def block(**settings):
        tournament = make_tournament(
            movement_plan="4xmitchell", rounds_planned=4, **settings
        )
        make_pairs(tournament, 8, clubs=[a, a, b, b])
        girone = gironi.split_into_gironi(tournament, count=1).gironi[0]
        made = []
        for _number in range(4):
            round_ = rounds.generate_round(girone)
            made.append(round_)
            rounds.publish_round(round_)
        return made

    plain = block(name="Senza")
    noted = [m for r in plain for m in rounds.round_meetings(r)]
    assert len(noted) == 8 and {m.code for m in noted} == {"same_club"}
    assert all(rounds.round_violations(r) == [] for r in plain)

    apart = block(name="Con", avoid_same_club=True)
    assert [m for r in apart for m in rounds.round_meetings(r)] == []
    assert rounds.round_rules(apart[0]) == [
        "nessun incontro ripetuto con nessun avversario precedente",
        "le coppie dello stesso circolo si incontrano il meno possibile che il"
        " Mitchell consenta (non è vietato: il calendario è fisso)",
    ]


def test_fewest_club_lines_never_adds_a_same_club_meeting():
    clubs = {p: p % 3 for p in range(1, 12)}
    ns, ew = [1, 3, 5, 7, 9], [2, 4, 6, 8, 10, 11]
    before = club_meetings([*ns, None], ew, 4, 1, clubs)
    new_ns, new_ew = fewest_club_lines(ns, ew, 4, 1, clubs)
    assert sorted(new_ns + new_ew) == sorted(ns + ew)
    assert len(new_ns) == len(ns)
    assert club_meetings([*new_ns, None], new_ew, 4, 1, clubs) <= before
