"""Team standings: the chain, the classifica avulsa and its explanation, over team
results; the butler view of each pair's contribution (docs/rules.md §11)."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from core.pipeline import drain
from draw.services import rounds
from scoring.models import TeamScore
from seating.models import TeamMatch
from standings.models import Snapshot, TeamRow
from standings.services.butler import butler
from standings.services.csv_export import standings_csv

from .factories import director, make_team_event, play_round

pytestmark = pytest.mark.django_db


def _scores_for(round_, winners):
    """Sheets so that the team of ``winners`` wins its match by +100 MP at each table."""
    scores = {}
    for m in TeamMatch.objects.filter(round=round_, team_b__isnull=False):
        a_wins = m.team_a.number in winners
        big = ((300, 200), (100, 100), (100, 100))  # NS +100
        small = ((200, 300), (100, 100), (100, 100))  # NS -100
        # Table 1: A is NS; table 2: A is EO.
        scores[m.table_1.number] = big if a_wins else small
        scores[m.table_2.number] = small if a_wins else big
    return scores


def test_team_standings_rank_by_the_chain_with_an_avulsa_note():
    """Three teams level on VP: the classifica avulsa among them, explained in words
    that name teams (Squadre), stored as TeamRow rows of the girone's snapshot."""
    _t, made = make_team_event(teams_count=4, plan="round_robin")
    user = director()
    girone = made[0].girone
    # Berger for 1-4: R1 (1,4) (2,3); R2 (4,2) (3,1); R3 (3,4) (1,2).
    winners = [{1, 2}, {4, 3}, {3, 1}]
    for w in winners:
        round_ = rounds.generate_round(girone)
        play_round(round_, user, _scores_for(round_, w))
    snap = Snapshot.objects.get(girone=girone, kind=Snapshot.Kind.CONFIRMED)
    rows = list(TeamRow.objects.filter(snapshot=snap).order_by("index"))
    by_number = {r.team_number: r for r in rows}
    # Each match: winner's team MP diff = +200 -> team table 3: 11-9.
    assert {n: r.vp for n, r in by_number.items()} == {1: 31, 2: 29, 3: 31, 4: 29}
    assert rows[0].tie is not None and rows[0].tie == rows[1].tie
    note = snap.notes[rows[0].tie - 1][0]
    assert note.startswith("Squadre 1, 3 a pari VP (31)")
    assert "scontro diretto" in note or "classifica avulsa" in note
    assert rows[0].team_number == 3  # 3 beat 1 in round 2: their direct match


def test_public_standings_follow_the_released_rounds():
    _t, made = make_team_event(teams_count=4)
    user = director()
    round_ = rounds.generate_round(made[0].girone)
    play_round(round_, user)
    public = Snapshot.objects.get(girone=made[0].girone, kind=Snapshot.Kind.PUBLIC)
    assert public.rounds == []
    rounds.set_visibility(round_, tables=True, results=True)
    drain()
    public.refresh_from_db()
    assert public.rounds == [1]
    assert TeamRow.objects.filter(snapshot=public).count() == 4


def test_butler_lists_what_each_pair_brought():
    tournament, made = make_team_event(teams_count=2)
    user = director()
    round_ = rounds.generate_round(made[0].girone)
    m = TeamMatch.objects.get(round=round_)
    # A +400 at table 1 (NS), -100 at table 2 (EO).
    play_round(
        round_,
        user,
        {
            m.table_1.number: [(300, 100), (200, 0), (0, 0)],
            m.table_2.number: [(200, 100), (0, 0), (0, 0)],
        },
    )
    view = butler(tournament)
    a = next(t for t in view.teams if t.team.pk == m.team_a_id)
    totals = {line.pair.number: line.total for line in a.pairs}
    assert totals == {m.team_a.number * 100 + 1: 400, m.team_a.number * 100 + 2: -100}
    score = TeamScore.objects.get(match=m, side="a")
    assert score.mp_for - score.mp_against == 300


def test_overall_team_standings_merge_the_gironi():
    """Two gironi: the stage's overall standings hold every team, each girone's order
    kept (the stable merge, as for pairs), the girone named on each row."""
    tournament, made = make_team_event(teams_count=8, gironi=2)
    user = director()
    gironi = {t.girone for t in made}
    for girone in gironi:
        for _ in range(3):
            play_round(rounds.generate_round(girone), user)
    overall = Snapshot.objects.get(
        stage__tournament=tournament, girone__isnull=True, kind=Snapshot.Kind.CONFIRMED
    )
    rows = list(TeamRow.objects.filter(snapshot=overall).order_by("index"))
    assert len(rows) == 8 and {r.girone_label for r in rows} == {"A", "B"}
    for girone in gironi:
        own = Snapshot.objects.get(girone=girone, kind=Snapshot.Kind.CONFIRMED)
        order = list(
            TeamRow.objects.filter(snapshot=own)
            .order_by("index")
            .values_list("team_id", flat=True)
        )
        merged = [r.team_id for r in rows if r.team_id in order]
        assert merged == order


def test_the_directors_standings_of_a_team_event_read_its_teams(client):
    """The standings of a team event are read as a pair event's (one reader of the
    stored rows): the CSV lists its teams, one line each with its number and name;
    the director's page links the butler; the provisional standings, which rank the
    pairs' tables, are not offered (a team match counts with both tables)."""
    tournament, made = make_team_event(teams_count=4)
    user = director()
    play_round(rounds.generate_round(made[0].girone), user)
    lines = list(csv.DictReader(io.StringIO(standings_csv(tournament))))
    assert sorted((int(x["pair"]), x["players"]) for x in lines) == sorted(
        (t.number, t.name) for t in made
    )
    client.force_login(user)
    page = client.get(reverse("standings:director", args=[tournament.slug]))
    assert reverse("standings:team_pairs", args=[tournament.slug]) in page.text
    assert "non tutte le squadre si sono incontrate" in page.text  # the chain's words
    provisional = reverse(
        "standings:provisional", args=[tournament.slug, made[0].girone_id]
    )
    assert provisional not in page.text
    assert client.get(provisional).status_code == 302
