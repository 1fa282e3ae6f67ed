"""Team tournaments through the services: registration, rounds, line-ups, team scores."""

from __future__ import annotations

from dataclasses import replace

import pytest

from draw.services import lineups, rounds
from draw.services.rounds import round_violations
from participants.models import Pair
from rules.packs import load_pack
from scoring.models import TeamScore
from seating.models import TeamMatch
from standings.services.impact import stored_impact
from tournament.services.errors import RoundError

from .factories import director, enter, hands, make_team_event, match_of, play_round

pytestmark = pytest.mark.django_db


def test_a_team_round_is_two_tables_a_match():
    """Team A's first pair NS at table 1, its second EO at table 2, against B's."""
    _t, made = make_team_event(teams_count=4)
    girone = made[0].girone
    round_ = rounds.generate_round(girone)
    assert round_violations(round_) == []
    matches = list(TeamMatch.objects.filter(round=round_).order_by("number"))
    assert len(matches) == 2 and round_.tables.count() == 4
    for m in matches:
        t1, t2 = m.table_1, m.table_2
        assert t1.pair_ns.team_id == t2.pair_ew.team_id == m.team_a_id
        assert t1.pair_ew.team_id == t2.pair_ns.team_id == m.team_b_id
        assert (t1.number, t2.number) == (2 * m.number - 1, 2 * m.number)


def test_team_score_needs_both_tables_and_sums_the_differences():
    """Sum of differences: +350 and -50 make +300, 11-9 on the 3-smazzate team table."""
    _t, made = make_team_event(teams_count=4)
    user = director()
    round_ = rounds.generate_round(made[0].girone)
    rounds.publish_round(round_)
    match = match_of(round_, 1)
    enter(match.table_1, user, hands((300, 0), (200, 100), (100, 150)))  # A +350
    assert not TeamScore.objects.filter(match=match).exists()
    # Table 2: B is NS. B 250, A 200 -> A -50.
    enter(match.table_2, user, hands((100, 100), (100, 50), (50, 50)))
    scores = {s.side: s for s in TeamScore.objects.filter(match=match)}
    assert (scores["a"].vp, scores["b"].vp) == (11, 9)
    assert scores["a"].mp_for - scores["a"].mp_against == 300
    assert scores["a"].team_id == match.team_a_id and scores["b"].played


def test_the_same_match_in_sum_of_vp_mode(monkeypatch):
    """The match above under mp_combination = "sum_of_vp" (a pack may choose it,
    docs/rules.md §11), through the same write path: each table converted with the
    3-smazzate pair table of seed 004 and the VP added. Table 1: A +350, 13-7 (band
    255-350); table 2: A -50, 10-10 (band 0-50); the match 23-17 of 40."""
    import scoring.services.teams as team_scoring

    def sum_of_vp(tournament):
        pack = load_pack(tournament.rule_pack, tournament.rule_pack_version)
        return replace(
            pack, team=replace(pack.require_team(), mp_combination="sum_of_vp")
        )

    monkeypatch.setattr(team_scoring, "_pack", sum_of_vp)
    _t, made = make_team_event(teams_count=4)
    user = director()
    round_ = rounds.generate_round(made[0].girone)
    rounds.publish_round(round_)
    match = match_of(round_, 1)
    enter(match.table_1, user, hands((300, 0), (200, 100), (100, 150)))  # A +350
    enter(match.table_2, user, hands((100, 100), (100, 50), (50, 50)))  # A -50
    scores = {s.side: s for s in TeamScore.objects.filter(match=match)}
    assert (scores["a"].vp, scores["b"].vp) == (23, 17)
    assert (
        scores["a"].mp_for - scores["a"].mp_against == 300
    )  # MP: as in the other mode


def test_odd_teams_rest_at_a_rest_table():
    _t, made = make_team_event(teams_count=5)
    user = director()
    round_ = rounds.generate_round(made[0].girone)
    rest = TeamMatch.objects.get(round=round_, team_b__isnull=True)
    assert rest.table_2 is None and rest.table_1.pair_ew is None
    play_round(round_, user)
    score = TeamScore.objects.get(match=rest)
    assert (score.vp, score.mp_for, score.played) == (14, 705, False)


def test_lineup_changes_the_tables_and_makes_the_pair():
    _t, made = make_team_event(teams_count=4, roster=6)
    round_ = rounds.generate_round(made[0].girone)
    match = match_of(round_, 1)
    team = match.team_a
    members = [m.player_id for m in team.members.order_by("order")]
    lineups.set_lineup(
        match, team, [(members[4], members[5]), (members[0], members[2])]
    )
    match.table_1.refresh_from_db()
    match.table_2.refresh_from_db()
    first = match.table_1.pair_ns
    second = match.table_2.pair_ew
    assert {first.player1_id, first.player2_id} == {members[4], members[5]}
    assert {second.player1_id, second.player2_id} == {members[0], members[2]}
    assert second.number == team.number * 100 + 4  # 3 default pairs, then this one
    assert round_violations(round_) == []
    with pytest.raises(RoundError, match="entrambe le coppie"):
        lineups.set_lineup(
            match, team, [(members[0], members[1]), (members[1], members[2])]
        )


def test_lineup_frozen_once_a_result_is_in():
    _t, made = make_team_event(teams_count=4)
    user = director()
    round_ = rounds.generate_round(made[0].girone)
    rounds.publish_round(round_)
    match = match_of(round_, 1)
    enter(match.table_1, user, hands((300, 0), (200, 100), (100, 150)))
    team = match.team_b
    members = [m.player_id for m in team.members.order_by("order")]
    with pytest.raises(RoundError, match="risultato di questo incontro"):
        lineups.set_lineup(
            match, team, [(members[2], members[3]), (members[0], members[1])]
        )


def test_danese_modificato_ranks_teams_and_avoids_the_previous_opponent():
    _t, made = make_team_event(teams_count=6, plan="seeded+3xdanese_modificato")
    user = director()
    girone = made[0].girone
    first = rounds.generate_round(girone)
    play_round(first, user)
    second = rounds.generate_round(girone)
    assert round_violations(second) == []
    met_first = {
        frozenset((m.team_a_id, m.team_b_id))
        for m in TeamMatch.objects.filter(round=first)
    }
    met_second = {
        frozenset((m.team_a_id, m.team_b_id))
        for m in TeamMatch.objects.filter(round=second)
    }
    assert not met_first & met_second


def test_team_pairs_do_not_clash_with_pair_uniqueness():
    """A roster player sits in several pairs of the team (line-ups), never twice."""
    _t, made = make_team_event(teams_count=2, roster=6)
    assert Pair.objects.filter(team=made[0]).count() == 3


def test_team_import_refuses_every_bad_line_at_once():
    """Every problem of the file is reported by line; nothing is saved (and nothing a
    database would refuse reaches it: a long name, a huge number)."""
    from participants.services.teams import preview_team_import

    tournament, _teams = make_team_event(teams_count=0, gironi=0)
    text = (
        "Squadra;Numero;Testa di serie;Capitano;Cognome 1;Nome 1;Cognome 2;Nome 2;"
        "Cognome 3;Nome 3;Cognome 4;Nome 4\n"
        f"{'L' * 121};;;;Rossi;Anna;Neri;Ugo;Verdi;Rita;Gallo;Ivo\n"
        "Le Aquile;1000;;;Russo;Sara;Costa;Pio;Conti;Ada;Greco;Leo\n"
        "I Lupi;;99999999999;7;Bruno;Eva;Sala;Ada;Villa;Io;Costa;Pio\n"
        f"Le Volpi;;;;{'X' * 61};Eva;Sala;Ada;;;;\n"
    )
    preview = preview_team_import(tournament, text)
    codes = {(e.line, e.code) for e in preview.errors}
    assert (2, "too_long") in codes and (3, "parse") in codes
    assert (4, "seed") in codes and (4, "captain") in codes
    assert (5, "too_long") in codes and (5, "roster_size") in codes
    assert (4, "duplicate_player") in codes  # Costa Pio is on line 3 too
    assert not preview.ok


def test_a_correction_changes_the_team_result_and_reports_the_teams():
    _t, made = make_team_event(teams_count=4)
    user = director()
    round_ = rounds.generate_round(made[0].girone)
    play_round(round_, user)  # every table 300-100 x3: NS +600 at each table
    match = match_of(round_, 1)
    before = {s.side: s.vp for s in TeamScore.objects.filter(match=match)}
    assert before == {"a": 10, "b": 10}  # +600 at table 1, -600 at table 2
    corrected = replace(
        hands((900, 100), (300, 100), (300, 100)), reason="Smazzata 1 trascritta male"
    )
    saved = enter(match.table_1, user, corrected, correction=True)
    after = {s.side: s.vp for s in TeamScore.objects.filter(match=match)}
    assert after == {"a": 13, "b": 7}  # +1200 - 600 = +600: 505-700, 13-7
    report = stored_impact(saved.version)
    assert report["teams"] is True
    changed = {row["pair"] for row in report["rows"]}
    assert str(match.team_a) in changed and str(match.team_b) in changed


def test_double_entry_counts_a_match_once_both_tables_are_confirmed():
    from django.contrib.auth import get_user_model

    tournament, made = make_team_event(teams_count=2, entry_mode="double")
    first = director()
    second = get_user_model().objects.create(username="arbitro2")
    from tournament.models import TournamentRole

    TournamentRole.objects.create(
        tournament=tournament, user=second, role=TournamentRole.Role.REFEREE
    )
    round_ = rounds.generate_round(made[0].girone)
    rounds.publish_round(round_)
    match = match_of(round_, 1)
    sheet = hands((300, 100), (100, 100), (100, 100))
    for table in match.tables:
        enter(table, first, sheet)
    assert not TeamScore.objects.filter(match=match).exists()  # awaiting 2nd entry
    enter(match.table_1, second, sheet)
    assert not TeamScore.objects.filter(match=match).exists()
    enter(match.table_2, second, sheet)
    assert TeamScore.objects.filter(match=match).count() == 2


def test_a_second_warning_is_not_converted_twice():
    """fibur-2026 v2 (second_warning_mp = "equivalent"): the warned line loses 1 VP and
    100 MP at its table; the team difference is converted as played (+400: 12-8), then
    the team loses the VP (11-8); its MP are those after the warning (docs §11)."""
    _t, made = make_team_event(teams_count=2)
    user = director()
    round_ = rounds.generate_round(made[0].girone)
    rounds.publish_round(round_)
    match = match_of(round_, 1)
    warned = replace(
        hands((330, 30), (100, 50), (100, 50)),
        kind="second_warning",
        line="ns",
        reason="Seconda ammonizione",
    )
    enter(match.table_1, user, warned)  # team A is NS at table 1
    enter(match.table_2, user, hands((100, 100), (0, 0), (0, 0)))
    a = TeamScore.objects.get(match=match, side="a")
    b = TeamScore.objects.get(match=match, side="b")
    assert (a.vp, b.vp) == (11, 8)
    assert (a.mp_for, a.mp_against) == (530, 230)


@pytest.mark.parametrize(
    ("version", "b_against", "penalty_a"),
    [pytest.param(4, 630, (1, 100), id="v4"), pytest.param(3, 530, (0, 0), id="v3")],
)
def test_the_other_team_keeps_what_it_played(version, b_against, penalty_a):
    """Issue 27 §1, teams (docs/rules.md §6.5, §11): art. 20 of the Codice [S] takes
    the second ammonizione "nella classifica generale" with "nessun vantaggio per
    l'altra linea". The match above under v4: team B keeps the MP team A made (630
    against, -400), team A loses 1 VP and 100 MP in its totals only; v3 kept what it
    did (530 against: B's -300)."""
    from tournament.models import Tournament

    tournament, made = make_team_event(teams_count=2)
    Tournament.objects.filter(pk=tournament.pk).update(rule_pack_version=version)
    user = director()
    round_ = rounds.generate_round(made[0].girone)
    rounds.publish_round(round_)
    match = match_of(round_, 1)
    warned = replace(
        hands((330, 30), (100, 50), (100, 50)),
        kind="second_warning",
        line="ns",
        reason="Seconda ammonizione",
    )
    enter(match.table_1, user, warned)
    enter(match.table_2, user, hands((100, 100), (0, 0), (0, 0)))
    a = TeamScore.objects.get(match=match, side="a")
    b = TeamScore.objects.get(match=match, side="b")
    assert (a.vp, a.mp_for, a.mp_against) == (11, 530, 230)
    assert (b.vp, b.mp_for, b.mp_against) == (8, 230, b_against)
    assert (a.penalty_vp, a.penalty_mp) == penalty_a
    from standings.models import TeamRow

    ranked = TeamRow.objects.filter(
        snapshot__girone=round_.girone, snapshot__kind="confirmed"
    ).order_by("index")
    assert [(r.team_id, r.vp, r.mp_for, r.mp_against) for r in ranked] == [
        (match.team_a_id, 11, 530, 230),
        (match.team_b_id, 8, 230, b_against),
    ]


def test_team_csv_uses_the_pairs_reader():
    """A record with a broken quote is one error on its own line; the others read."""
    from participants.team_csv import parse_teams_csv

    text = (
        "Squadra,Cognome 1,Nome 1,Cognome 2,Nome 2,Cognome 3,Nome 3,Cognome 4,Nome 4\n"
        '"I ""Lupi"" di Prato",Rossi,Anna,Neri,Ugo,Verdi,Rita,Gallo,Ivo\n'
        '"Le Aquile" bis,Russo,Sara,Costa,Pio,Conti,Ada,Greco,Leo\n'
        "Le Volpi,Bruno,Eva,Sala,Ada,Villa,Io,Costa,Pio\n"
    )
    parsed = parse_teams_csv(text)
    assert [e.name for e in parsed.entries] == ['I "Lupi" di Prato', "Le Volpi"]
    assert [(e.line, e.code) for e in parsed.errors] == [(3, "parse")]


def test_a_team_match_played_to_2005_sums_its_tables_turns():
    """Issue 27 §5 for teams (seed 004's "TURNI CON 4 SMAZZATE o 2005 pt", docs/rules.md
    §4.4, §11): each table plays until a line reaches 2,005, as many smazzate as that
    takes, and the team table of 4 smazzate converts the sum of the differences.
    Table 1 (A NS): 2,050-1,900 in 5 smazzate, A +150; table 2 (B NS): 2,100-1,600 in
    3, A -500. A -350: "205-600 11-9" of the doubled 4-smazzate table, 9-11."""
    tournament, made = make_team_event(teams_count=4, to_points=True)
    assert (tournament.target_points, tournament.hands_per_round) == (2005, 4)
    user = director()
    round_ = rounds.generate_round(made[0].girone)
    rounds.publish_round(round_)
    assert round_.target_points == 2005
    match = match_of(round_, 1)
    five = [(300, 200), (400, 350), (500, 450), (400, 500), (450, 400)]
    enter(match.table_1, user, hands(*five))
    enter(match.table_2, user, hands((700, 600), (700, 600), (700, 400)))
    scores = {s.side: s for s in TeamScore.objects.filter(match=match)}
    assert (scores["a"].vp, scores["b"].vp) == (9, 11)
    assert scores["a"].mp_for - scores["a"].mp_against == -350


def test_a_hand_made_team_round_is_refused_in_team_words():
    """A round typed by hand in a team girone is checked as a pair girone's (issue 29),
    and its refusals name teams (they said "coppia" before)."""
    from django.utils import translation

    from draw.services import manual

    _t, made = make_team_event(teams_count=4)
    a, b, c, _d = (t.number for t in made)
    with translation.override("it"), pytest.raises(RoundError) as refused:
        manual.create_round(made[0].girone, [(a, b), (a, c)])
    details = " ".join(refused.value.details)
    assert f"la squadra {a} compare più di una volta" in details
    assert "coppia" not in details
