"""The players' entry (issue 30): one line enters, the other confirms; twice → referee."""

from __future__ import annotations

import pytest

from scoring import services
from scoring.models import PairScore, ResultVersion, TableResult
from scoring.services import NotAllowedError
from tests.scoring.helpers import save, sheet
from tests.scoring.players_helpers import confirm, enter, status

pytestmark = pytest.mark.django_db

S = TableResult.Status
V = ResultVersion.Status
FIRST = ((250, 300), (95, 400), (300, 125))
OTHER = ((250, 300), (95, 400), (300, 100))


@pytest.fixture(params=["single", "double"])
def players(world, request):
    world.tournament.entry_by = "players"
    world.tournament.entry_mode = request.param
    world.tournament.save()
    return world


def test_one_line_enters_the_other_confirms(players):
    table = players.tables[0]
    first = enter(table, "ns", sheet(*FIRST))
    assert first.result.status == S.ENTERED
    assert first.version.source == "player_ns" and first.version.entered_by is None
    assert not PairScore.objects.exists()
    done = confirm(table, "ew", first.version)
    assert done.result.status == S.CONFIRMED
    version = ResultVersion.objects.get(pk=first.version.pk)
    assert version.status == V.CONFIRMED and version.confirmed_as == "player_ew"
    assert version.confirmed_by is None and version.confirmed_at is not None
    assert PairScore.objects.filter(table=table).count() == 2


def test_a_line_cannot_confirm_its_own_sheet(players):
    table = players.tables[0]
    first = enter(table, "ns", sheet(*FIRST))
    with pytest.raises(NotAllowedError):
        confirm(table, "ns", first.version)
    assert status(table) == S.ENTERED


def test_the_other_line_typing_the_same_sheet_agrees(players):
    table = players.tables[0]
    enter(table, "ew", sheet(*FIRST))
    second = enter(table, "ns", sheet(*FIRST))
    assert second.result.status == S.CONFIRMED
    assert second.version.status == V.MATCHED
    assert second.version.purpose == ResultVersion.Purpose.SECOND_ENTRY


def test_a_first_disagreement_shows_both_then_agreement(players):
    table = players.tables[0]
    enter(table, "ns", sheet(*FIRST))
    second = enter(table, "ew", sheet(*OTHER))
    assert second.result.status == S.CONTESTED
    disputed = ResultVersion.objects.filter(result__table=table, status=V.DISPUTED)
    assert disputed.count() == 2
    assert services.differences(list(disputed))  # both versions, side by side
    # NS accepts EO's sheet: it counts.
    done = confirm(table, "ns", second.version)
    assert done.result.status == S.CONFIRMED
    assert done.result.current_id == second.version.pk


def test_a_second_disagreement_calls_the_referee(players):
    table = players.tables[0]
    enter(table, "ns", sheet(*FIRST))
    enter(table, "ew", sheet(*OTHER))
    third = enter(table, "ns", sheet(*FIRST))
    assert third.result.status == S.DISPUTED
    assert not PairScore.objects.exists()
    with pytest.raises(NotAllowedError):
        enter(table, "ew", sheet(*OTHER))
    # A referee settles it by choosing a sheet, or by typing it.
    settled = save(table, players.referee, sheet(*OTHER))
    assert settled.result.status == S.CONFIRMED
    assert settled.version.purpose == ResultVersion.Purpose.SETTLEMENT
    assert settled.version.source == "referee"
    assert not ResultVersion.objects.filter(
        result__table=table, status__in=[V.ENTERED, V.DISPUTED]
    ).exists()


def test_a_referee_settles_by_choosing_a_players_sheet(players):
    table = players.tables[0]
    enter(table, "ns", sheet(*FIRST))
    second = enter(table, "ew", sheet(*OTHER))
    enter(table, "ns", sheet(*FIRST))
    result = TableResult.objects.get(table=table)
    services.settle(
        table=services.load_table(table.pk),
        version_id=second.version.pk,
        by=players.referee,
        expected_lock_version=result.lock_version,
    )
    assert status(table) == S.CONFIRMED


def test_a_referee_takes_over_a_table_at_any_moment(players):
    table = players.tables[0]
    enter(table, "ns", sheet(*FIRST))
    taken = save(table, players.referee, sheet(*OTHER))
    assert taken.result.status == S.CONFIRMED
    assert taken.version.purpose == ResultVersion.Purpose.SETTLEMENT
    with pytest.raises(services.AlreadyConfirmedError):
        enter(table, "ew", sheet(*FIRST))


def test_the_entering_line_may_type_again_before_the_answer(players):
    table = players.tables[0]
    enter(table, "ns", sheet(*OTHER))
    again = enter(table, "ns", sheet(*FIRST))
    assert again.result.status == S.ENTERED
    assert (
        ResultVersion.objects.filter(result__table=table, status=V.ENTERED).get()
        == again.version
    )
    assert confirm(table, "ew", again.version).result.status == S.CONFIRMED


def test_a_stale_form_is_a_conflict_recorded_not_counted(players):
    table = players.tables[0]
    enter(table, "ns", sheet(*FIRST))
    with pytest.raises(services.ConflictError):
        enter(table, "ew", sheet(*FIRST), lock=0)
    assert status(table) == S.ENTERED
    assert ResultVersion.objects.filter(result__table=table, status=V.REJECTED).count()


def test_a_repeated_token_is_not_counted_twice(players):
    table = players.tables[0]
    enter(table, "ns", sheet(*FIRST), token="same")
    again = enter(table, "ns", sheet(*FIRST), token="same", lock=0)
    assert not again.created
    assert ResultVersion.objects.filter(result__table=table).count() == 1


def test_special_results_stay_the_referees(players):
    table = players.tables[0]
    # A player's sheet is a normal one whatever was posted: an empty sheet refused.
    with pytest.raises(services.SheetError):
        enter(table, "ns", sheet(kind="forfeit", line="ew", reason="via"))
    saved = enter(table, "ns", sheet(*FIRST, kind="referee_set", set_vp=(20, 0)))
    assert saved.version.kind == "normal" and saved.version.set_vp_ns is None


def test_a_players_sheet_is_checked_as_a_referees(players):
    table = players.tables[0]
    with pytest.raises(services.SheetError):
        enter(table, "ns", sheet((7, 300), (95, 400), (300, 125)))
    assert not TableResult.objects.filter(table=table, status=S.ENTERED).exists()


def test_referees_only_tournament_refuses_players(world):
    with pytest.raises(NotAllowedError):
        enter(world.tables[0], "ns", sheet(*FIRST))


def test_a_referees_open_sheet_is_not_the_players(players):
    players.tournament.entry_mode = "double"
    players.tournament.save()
    table = players.tables[0]
    save(table, players.referee, sheet(*FIRST))
    with pytest.raises(NotAllowedError):
        enter(table, "ns", sheet(*FIRST))


def test_a_closed_round_refuses_players(players):
    for table in players.tables:
        confirm(table, "ew", enter(table, "ns", sheet(*FIRST)).version)
    services.close_round(round_id=players.round.pk, by=players.referee)
    with pytest.raises(services.RoundStateError):
        enter(players.tables[0], "ns", sheet(*FIRST))
