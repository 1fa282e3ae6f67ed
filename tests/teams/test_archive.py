"""A team tournament survives the archive's export and import (core.archive finds the
team models through their foreign keys), knockout of teams included."""

from __future__ import annotations

import json

import pytest

from core import archive
from draw.services import lineups, rounds
from knockout.services import MatchEntry, confirm_qualifiers, draw_bracket, enter_result
from participants.models import Pair, Team, TeamMember
from seating.models import TeamMatch
from standings.models import TeamRow
from tests.archive.test_archive import comparable
from tournament.models import Tournament

from .factories import director, make_team_event, match_of, play_round

pytestmark = pytest.mark.django_db


def test_a_team_tournament_round_trips_losslessly():
    tournament, made = make_team_event(teams_count=4, roster=5)
    user = director()
    girone = made[0].girone
    for number in range(1, 4):
        round_ = rounds.generate_round(girone)
        if number == 2:  # a captain's line-up with the fifth player
            match = match_of(round_, 1)
            members = [m.player_id for m in match.team_a.members.order_by("order")]
            lineups.set_lineup(
                match,
                match.team_a,
                [(members[4], members[0]), (members[2], members[3])],
            )
        play_round(round_, user)
    bracket = confirm_qualifiers(
        tournament, by=user, per_girone=2, best_of=1, final_best_of=1
    )
    draw_bracket(bracket.pk, by=user)
    enter_result(bracket.pk, 1, 0, MatchEntry(games=[(300, 100), (200, 100)]), by=user)
    tournament.status = Tournament.Status.FINISHED
    tournament.save()

    exported = archive.export_tournament(tournament)
    counts = {s["model"]: len(s["rows"]) for s in exported["models"]}
    assert counts["participants.team"] == 4
    assert counts["participants.teammember"] == 20
    assert counts["seating.teammatch"] == 6
    assert counts["scoring.teamscore"] == 12
    assert counts["standings.teamrow"] >= 4
    assert counts["knockout.entry"] == 2

    copy = archive.import_tournament(json.loads(archive.dumps(exported)), slug="copia")
    assert comparable(archive.export_tournament(copy)) == comparable(exported)
    assert copy.is_teams
    assert Team.objects.filter(tournament=copy).count() == 4
    assert TeamMember.objects.filter(tournament=copy).count() == 20
    assert Pair.objects.filter(tournament=copy, team__isnull=False).count() == 9
    assert TeamMatch.objects.filter(round__girone__stage__tournament=copy).count() == 6
    rows = TeamRow.objects.filter(snapshot__tournament=copy, snapshot__kind="confirmed")
    original = TeamRow.objects.filter(
        snapshot__tournament=tournament, snapshot__kind="confirmed"
    )
    assert list(rows.values_list("team_number", "vp", "mp_for")) == list(
        original.values_list("team_number", "vp", "mp_for")
    )


def test_a_team_lot_draws_the_same_on_any_database():
    """Four teams level on everything: the lot decides. It is drawn on the team
    numbers, as for pairs: the copy an archive makes (new ids) ranks them as the
    original does, after any recomputation (it drew on the ids before)."""
    from standings.services.store import refresh_tournament

    tournament, made = make_team_event(teams_count=4, roster=4)
    user = director()
    for _ in range(3):
        play_round(rounds.generate_round(made[0].girone), user)
    copy = archive.import_tournament(
        json.loads(archive.dumps(archive.export_tournament(tournament))), slug="lotto"
    )
    # Ids of the copy's teams in another order than their numbers' (as on another
    # site): the lot must not follow them.
    for target in (tournament, copy):
        refresh_tournament(target)

    def order(t):
        return list(
            TeamRow.objects.filter(snapshot__tournament=t, snapshot__kind="confirmed")
            .order_by("index")
            .values_list("team_number", "by_lot")
        )

    assert order(copy) == order(tournament)
    assert any(by_lot for _n, by_lot in order(tournament))
