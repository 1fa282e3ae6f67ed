"""Rounds made by hand (an event run on paper), late pairs, a given pack version."""

import pytest
from django.utils import translation

from draw.services import manual, rounds
from rules.packs import available_packs
from seating.services import gironi
from tournament.models import Round
from tournament.services.errors import GironiError, RoundError, ServiceError

from .test_rounds import one_girone, play, seats

pytestmark = pytest.mark.django_db


def refusal(call, *args, **kwargs) -> ServiceError:
    with translation.override("en"), pytest.raises(ServiceError) as caught:
        call(*args, **kwargs)
    return caught.value


def test_explicit_tables_numbered_in_order_rests_after(make_tournament, make_pairs):
    girone = one_girone(make_tournament(), make_pairs, 5)
    round_ = manual.create_round(girone, [(4, 1), (2, 5)], [3])
    assert seats(round_) == [(1, 4, 1), (2, 2, 5), (3, 3, None)]
    assert (round_.number, round_.status, round_.movement) == (1, "draft", "random")
    assert round_.hands == 3


@pytest.mark.parametrize(
    ("tables", "resting", "words"),
    [
        ([(1, 2), (3, 9)], [], "pair 9 does not play in this girone now"),
        ([(1, 2), (3, 1)], [], "pair 1 is listed more than once"),
        ([(1, 2)], [], "pair 4 is neither seated nor resting"),
        ([(1, 1), (2, 3)], [4], "pair 1 is seated against itself"),
    ],
)
def test_what_every_movement_requires_is_refused(
    make_tournament, make_pairs, tables, resting, words
):
    girone = one_girone(make_tournament(), make_pairs, 4)
    error = refusal(manual.create_round, girone, tables, resting)
    assert isinstance(error, RoundError)
    assert words in error.details
    assert not Round.objects.exists()


def test_a_rematch_is_refused_where_the_movement_forbids_one(
    make_tournament, make_pairs, director
):
    tournament = make_tournament(movement_plan="round_robin")
    girone = one_girone(tournament, make_pairs, 4)
    play(manual.create_round(girone, [(1, 2), (3, 4)]), director, {})
    error = refusal(manual.create_round, girone, [(2, 1), (4, 3)])
    assert error.details == (
        "pairs 2 and 1 already met, and this round's movement forbids a rematch",
        "pairs 4 and 3 already met, and this round's movement forbids a rematch",
    )


def test_a_plain_danese_allows_a_rematch_and_a_club_clash_is_the_directors_call(
    make_tournament, make_pairs, director, club
):
    tournament = make_tournament(movement_plan="random+3xdanese", avoid_same_club=True)
    girone = one_girone(tournament, make_pairs, 4, clubs=[club])
    play(manual.create_round(girone, [(1, 2), (3, 4)]), director, {})
    round_ = manual.create_round(girone, [(1, 2), (3, 4)])
    assert round_.number == 2


def test_a_draft_round_must_go_before_another_is_made(make_tournament, make_pairs):
    girone = one_girone(make_tournament(), make_pairs, 4)
    rounds.generate_round(girone)
    error = refusal(manual.create_round, girone, [(1, 2), (3, 4)])
    assert "is a draft" in error.message


def test_set_hands_of_a_draft_then_later_rounds_keep_them(
    make_tournament, make_pairs, director
):
    girone = one_girone(make_tournament(), make_pairs, 4)
    round_ = manual.set_hands(manual.create_round(girone, [(1, 2), (3, 4)]), 2)
    assert round_.hands == 2
    assert (
        refusal(manual.set_hands, round_, 10).message
        == "A round has from 1 to 9 hands."
    )
    play(round_, director, {})
    assert "not a draft" in refusal(manual.set_hands, round_, 3).message
    assert rounds.generate_round(girone).hands == 2


def test_a_late_pair_joins_a_running_girone_for_its_next_round(
    make_tournament, make_pairs, director
):
    tournament = make_tournament()
    girone = one_girone(tournament, make_pairs, 4)
    play(rounds.generate_round(girone), director, {})
    (late,) = make_pairs(tournament, 1, start=5)
    with pytest.raises(GironiError):  # the director's usual move refuses it ...
        gironi.move_pair(late, girone)
    gironi.add_late_pair(late, girone)  # ... the late entry does not
    late.refresh_from_db()
    assert late.girone == girone
    seated = {
        n for _t, ns, ew in seats(rounds.generate_round(girone)) for n in (ns, ew)
    }
    assert 5 in seated


def test_a_late_pair_is_refused_where_it_cannot_join(
    make_tournament, make_pairs, director
):
    tournament = make_tournament()
    girone = one_girone(tournament, make_pairs, 4)
    other = make_tournament(name="Altro torneo")
    (stranger,) = make_pairs(other, 1, start=1)
    assert (
        "another tournament" in refusal(gironi.add_late_pair, stranger, girone).message
    )
    (late,) = make_pairs(tournament, 1, start=5)
    rounds.generate_round(girone)  # a draft that leaves the late pair out
    error = refusal(gironi.add_late_pair, late, girone)
    assert "is a draft without pair 5" in error.message
    late.withdrawn = True
    late.save()
    assert "withdrawn" in refusal(gironi.add_late_pair, late, girone).message
    (seated,) = [p for p in girone.pairs.all() if p.number == 1]
    assert "already in" in refusal(gironi.add_late_pair, seated, girone).message


def test_a_tournament_may_pin_an_earlier_version_of_its_pack(make_tournament):
    latest = max(v for name, v in available_packs() if name == "fibur-2026")
    assert latest > 1
    assert make_tournament().rule_pack_version == latest
    assert make_tournament(rule_pack_version=1).rule_pack_version == 1
    error = refusal(make_tournament, rule_pack_version=99)
    assert error.message == "The rule pack “fibur-2026” has no version 99."
