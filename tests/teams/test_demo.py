"""The demo's two team events, played through the real write path, created once."""

from __future__ import annotations

import io

import pytest

from core import demo_teams
from draw.services.rounds import round_violations
from knockout.models import Bracket, BracketMatch
from participants.models import Team
from scoring.models import TableResult, TeamScore
from seating.models import TeamMatch
from standings.models import Snapshot, TeamRow
from tournament.models import Round, Tournament

pytestmark = pytest.mark.django_db


def test_demo_team_events_are_played_and_idempotent(make_user):
    for name in ("direttore", "arbitro", "arbitro2"):
        make_user(name)
    demo_teams.seed(io.StringIO())
    counts = (
        Team.objects.count(),
        Round.objects.count(),
        TableResult.objects.count(),
        TeamScore.objects.count(),
        BracketMatch.objects.count(),
    )
    out = io.StringIO()
    demo_teams.seed(out)
    assert out.getvalue() == ""
    assert counts == (
        Team.objects.count(),
        Round.objects.count(),
        TableResult.objects.count(),
        TeamScore.objects.count(),
        BracketMatch.objects.count(),
    )

    coppa = Tournament.objects.get(slug=demo_teams.COPPA_SLUG)
    assert coppa.is_teams and coppa.teams.count() == 8
    rounds = list(Round.objects.filter(girone__stage__tournament=coppa))
    assert [r.status for r in rounds] == ["closed"] * 6 + ["draft"]
    met = set()
    for r in rounds:
        assert round_violations(r) == []
        met |= {
            frozenset((m.team_a_id, m.team_b_id))
            for m in TeamMatch.objects.filter(round=r)
        }
    assert len(met) == 28  # all'italiana: every pair of teams once in 7 rounds
    assert TeamScore.objects.filter(girone__stage__tournament=coppa).count() == 48

    giglio = Tournament.objects.get(slug=demo_teams.GIGLIO_SLUG)
    assert giglio.teams.count() == 12
    rounds = list(Round.objects.filter(girone__stage__tournament=giglio))
    assert [r.movement for r in rounds] == ["seeded"] + ["danese_modificato"] * 4
    assert all(r.status == "closed" and round_violations(r) == [] for r in rounds)
    snap = Snapshot.objects.get(
        girone__stage__tournament=giglio, kind=Snapshot.Kind.CONFIRMED
    )
    assert TeamRow.objects.filter(snapshot=snap).count() == 12
    bracket = Bracket.objects.get(tournament=giglio)
    assert bracket.status == Bracket.Status.FINISHED and bracket.count == 4
    final = BracketMatch.objects.get(bracket=bracket, round=2, index=0)
    assert final.winner_team_id in {final.team_a_id, final.team_b_id}
    assert len(final.games) == 2 * final.best_of  # two tables
