"""Rounds of a girone through the services: every movement, refusals, swap, publish."""

import pytest

from draw.services import rounds
from draw.services.rounds import round_violations
from scoring import services as scoring
from scoring.models import TableResult
from scoring.services import Hand, Sheet
from seating.services import gironi
from tournament.models import Round
from tournament.services.errors import RoundError


def seats(round_):
    return [
        (t.number, t.pair_ns.number, t.pair_ew.number if t.pair_ew else None)
        for t in round_.tables.select_related("pair_ns", "pair_ew").order_by("number")
    ]


def one_girone(tournament, make_pairs, count, **kwargs):
    make_pairs(tournament, count, **kwargs)
    return gironi.split_into_gironi(tournament, count=1).gironi[0]


def play(round_, director, results):
    """Enter and confirm a result per table ({table number: (hand NS, hand EO)})."""
    round_.refresh_from_db()
    if round_.status == Round.Status.DRAFT:
        rounds.publish_round(round_)
    for table in round_.tables.all():
        if table.pair_ew_id is None:
            sheet = Sheet(kind="rest", reason="Riposo")
        else:
            ns, ew = results.get(table.number, (300, 100))
            sheet = Sheet(hands=tuple(Hand(ns, ew) for _ in range(round_.hands)))
        scoring.submit_sheet(
            table=scoring.load_table(table.pk),
            sheet=sheet,
            by=director,
            expected_lock_version=0,
            token=f"t-{table.pk}",
        )
    scoring.close_round(round_id=round_.pk, by=director)


@pytest.mark.django_db
def test_round_robin_calendar_with_a_rest(make_tournament, make_pairs):
    tournament = make_tournament(movement_plan="round_robin")
    girone = one_girone(tournament, make_pairs, 5)
    met = set()
    for number in range(1, 6):
        round_ = rounds.generate_round(girone)
        assert round_.number == number and round_.movement == "round_robin"
        assert round_violations(round_) == []
        rows = seats(round_)
        assert len([r for r in rows if r[2] is None]) == 1  # one pair rests
        met |= {frozenset(r[1:]) for r in rows if r[2] is not None}
        rounds.publish_round(round_)
    assert len(met) == 10  # everybody met everybody once
    with pytest.raises(RoundError, match="di 5 coppie ha 5 turni"):
        rounds.generate_round(girone)


@pytest.mark.django_db
def test_mitchell_block_then_refused_when_too_long(make_tournament, make_pairs):
    tournament = make_tournament(movement_plan="3xmitchell+danese", rounds_planned=4)
    girone = one_girone(tournament, make_pairs, 8)
    first = rounds.generate_round(girone)
    ns_line = [row[1] for row in seats(first)]
    rounds.publish_round(first)
    second = rounds.generate_round(girone)
    assert [row[1] for row in seats(second)] == ns_line  # NS stays
    assert round_violations(second) == []

    small = make_tournament(
        name="Piccolo", movement_plan="5xmitchell", rounds_planned=5
    )
    girone = one_girone(small, make_pairs, 6, start=101)
    with pytest.raises(RoundError) as refused:
        rounds.generate_round(girone)
    assert "3" in refused.value.message and "5" in refused.value.message
    assert not Round.objects.filter(girone=girone).exists()  # nothing half-generated


@pytest.mark.django_db
def test_random_first_round_records_its_seed(tournament, make_pairs):
    girone = one_girone(tournament, make_pairs, 7)
    round_ = rounds.generate_round(girone, seed=42)
    assert round_.seed == 42
    drawn = seats(round_)
    again = rounds.generate_round(girone, seed=42)  # regenerates the draft
    assert again.pk == round_.pk and seats(again) == drawn
    assert drawn[-1][2] is None  # the rest is listed after the tables


@pytest.mark.django_db
def test_first_round_avoids_clubs(make_tournament, make_pairs, club):
    from people.models import Club

    other = Club.objects.create(name="Altro")
    tournament = make_tournament(movement_plan="seeded+danese", avoid_same_club=True)
    girone = one_girone(tournament, make_pairs, 8, clubs=[club, other])
    round_ = rounds.generate_round(girone)
    clubs = {p.number: p.club_id for p in tournament.pairs.all()}
    assert all(clubs[ns] != clubs[ew] for _, ns, ew in seats(round_))


@pytest.mark.django_db
def test_danese_orders_by_vp_and_waits_for_the_closed_round(
    make_tournament, make_pairs, director
):
    tournament = make_tournament(
        movement_plan="seeded+danese_modificato", rematch_in_last_round=False
    )
    girone = one_girone(tournament, make_pairs, 4)
    first = rounds.generate_round(girone)
    assert seats(first) == [(1, 1, 3), (2, 2, 4)]  # seeding: 1 v 3, 2 v 4
    rounds.publish_round(first)
    with pytest.raises(RoundError, match="non è ancora chiuso"):
        rounds.generate_round(girone)
    # EO wins big at table 1, NS wins narrowly at table 2: 3 > 2 > 4 > 1.
    play(first, director, {1: (100, 900), 2: (400, 300)})
    second = rounds.generate_round(girone)
    # Danese modificato: 3 may not meet 1 again; the higher-ranked pair sits NS.
    assert seats(second) == [(1, 3, 2), (2, 4, 1)]
    assert round_violations(second) == []


@pytest.mark.django_db
def test_danese_modificato_with_no_valid_pairing_is_refused(
    make_tournament, make_pairs, director
):
    tournament = make_tournament(
        movement_plan="seeded+2xdanese_modificato", rematch_in_last_round=False
    )
    girone = one_girone(tournament, make_pairs, 2)
    first = rounds.generate_round(girone)
    play(first, director, {})
    with pytest.raises(RoundError) as refused:
        rounds.generate_round(girone)
    # The reason from rules.pairing, in Italian: both pairs met, nobody may rest.
    assert list(refused.value.details) == [
        "le coppie 1, 2 non possono incontrare nessuna delle altre 1 coppie"
        " (tutti gli incontri sono vietati)"
    ]
    assert Round.objects.filter(girone=girone).count() == 1


@pytest.mark.parametrize(
    ("order", "adjacency", "rest_order", "italian"),
    [
        (
            [5, 6, 7],
            [{1, 2}, {0}, {0}],
            [2, 1],
            "la coppia 5 non può incontrare nessuna delle altre 2 coppie (tutti gli"
            " incontri sono vietati) e non può riposare di nuovo",
        ),
        (
            [5, 6, 7],
            [{1}, {0}, set()],
            [2],
            "con 3 coppie una deve riposare, ma qualunque delle coppie che possono"
            " riposare (7) riposi, le altre non possono sedersi tutte senza un"
            " incontro vietato",
        ),
        (
            [1, 2, 3, 4],
            [{1, 2}, {0, 2}, {0, 1}, set()],
            [],
            "le 4 coppie non possono sedersi tutte senza un incontro vietato: al"
            " massimo 1 tavolo, e le coppie 2, 3 restano senza un avversario consentito",
        ),
    ],
)
def test_pairing_reasons_are_translated(order, adjacency, rest_order, italian):
    from django.utils import translation

    from rules.pairing.danese import failure
    from tournament.services.reasons import reason_text

    error = failure(order, adjacency, rest_order)
    with translation.override("it"):
        assert reason_text(error) == italian
    with translation.override("en"):
        assert reason_text(error) == str(error)  # the rules' own English


@pytest.mark.django_db
def test_swap_warns_when_it_breaks_the_rule(make_tournament, make_pairs, director):
    tournament = make_tournament(
        movement_plan="seeded+danese_modificato", rematch_in_last_round=False
    )
    girone = one_girone(tournament, make_pairs, 4)
    first = rounds.generate_round(girone)
    play(first, director, {1: (100, 900), 2: (400, 300)})
    second = rounds.generate_round(girone)
    outcome = rounds.swap_pairs(second, 2, 1)  # 3 v 1 again: a rematch
    assert seats(outcome.round) == [(1, 3, 1), (2, 4, 2)]
    assert [v.code for v in outcome.violations] == ["rematch", "rematch"]
    assert outcome.round.notes
    with pytest.raises(RoundError):
        rounds.swap_pairs(second, 2, 99)


@pytest.mark.django_db
def test_publish_unpublish_and_results_lock_the_round(tournament, make_pairs, director):
    girone = one_girone(tournament, make_pairs, 4)
    round_ = rounds.generate_round(girone, seed=3)
    rounds.publish_round(round_)
    with pytest.raises(RoundError):
        rounds.publish_round(round_)
    round_ = rounds.unpublish_round(round_)
    assert round_.status == Round.Status.DRAFT and not round_.tables_public
    rounds.publish_round(round_)
    table = round_.tables.exclude(pair_ew=None).first()
    TableResult.objects.create(table=table, round=round_, status="entered")
    with pytest.raises(RoundError, match="ha risultati"):
        rounds.unpublish_round(round_)
    with pytest.raises(RoundError):
        rounds.delete_draft(round_)
    round_.refresh_from_db()
    assert round_.status == Round.Status.PUBLISHED


@pytest.mark.django_db
def test_a_draft_round_with_results_cannot_be_regenerated(tournament, make_pairs):
    girone = one_girone(tournament, make_pairs, 4)
    round_ = rounds.generate_round(girone, seed=3)
    table = round_.tables.first()
    TableResult.objects.create(table=table, round=round_, status="entered")
    with pytest.raises(RoundError, match="non può essere rigenerato"):
        rounds.generate_round(girone)


@pytest.mark.django_db
def test_visibility_needs_a_published_round(tournament, make_pairs):
    girone = one_girone(tournament, make_pairs, 4)
    round_ = rounds.generate_round(girone, seed=1)
    with pytest.raises(RoundError):
        rounds.set_visibility(round_, tables=True, results=False)
    rounds.publish_round(round_)
    round_ = rounds.set_visibility(round_, tables=False, results=True)
    assert (round_.tables_public, round_.results_public) == (False, True)


@pytest.mark.django_db
def test_withdrawn_pair_sits_in_no_later_round(make_tournament, make_pairs, director):
    from participants.services.registration import set_withdrawn

    tournament = make_tournament(movement_plan="random+danese")
    pairs = make_pairs(tournament, 6)
    girone = gironi.split_into_gironi(tournament, count=1).gironi[0]
    play(rounds.generate_round(girone, seed=9), director, {})
    set_withdrawn(pairs[0], True)
    second = rounds.generate_round(girone)
    seated = {p for row in seats(second) for p in row[1:] if p is not None}
    assert seated == {2, 3, 4, 5, 6}
    assert round_violations(second) == []


@pytest.mark.django_db
def test_hybrid_plan_mitchell_then_danese_with_an_odd_count(
    make_tournament, make_pairs, director
):
    """2 Mitchell rounds then a Danese modificato, 7 pairs: fair rests, no rematch."""
    tournament = make_tournament(
        movement_plan="2xmitchell+danese_modificato",
        rounds_planned=3,
        rematch_in_last_round=False,
    )
    girone = one_girone(tournament, make_pairs, 7)
    resting = []
    for number in (1, 2):
        round_ = rounds.generate_round(girone)
        assert (round_.number, round_.movement) == (number, "mitchell")
        resting += [row[1] for row in seats(round_) if row[2] is None]
        play(round_, director, {1: (900, 100)})
    third = rounds.generate_round(girone)
    assert third.movement == "danese_modificato"
    assert round_violations(third) == []
    rest = [row[1] for row in seats(third) if row[2] is None]
    assert len(rest) == 1 and rest[0] not in resting
    previous = {frozenset(row[1:]) for row in seats(round_) if row[2] is not None}
    assert not previous & {frozenset(row[1:]) for row in seats(third) if row[2]}


@pytest.mark.django_db
def test_withdrawal_in_a_calendar(make_tournament, make_pairs):
    """Round robin and Mitchell: the pair that was to meet the withdrawn one rests."""
    from participants.services.registration import set_withdrawn

    tournament = make_tournament(movement_plan="round_robin")
    pairs = make_pairs(tournament, 4)
    girone = gironi.split_into_gironi(tournament, count=1).gironi[0]
    rounds.publish_round(rounds.generate_round(girone))
    set_withdrawn(pairs[3], True)
    second = rounds.generate_round(girone)
    rows = seats(second)
    assert len(rows) == 2 and rows[1][2] is None  # one table, one rest
    assert {rows[0][1], rows[0][2], rows[1][1]} == {1, 2, 3}
    assert round_violations(second) == []

    # A Mitchell goes on: whoever would meet the withdrawn pair rests
    # (tests/tournament/test_late_pairs.py has the details).
    mitchell = make_tournament(name="Mitchell", movement_plan="3xmitchell")
    pairs = make_pairs(mitchell, 6, start=11)
    girone = gironi.split_into_gironi(mitchell, count=1).gironi[0]
    rounds.publish_round(rounds.generate_round(girone))
    set_withdrawn(pairs[0], True)
    second = rounds.generate_round(girone)
    assert [row[2] for row in seats(second)].count(None) == 1
    assert 11 not in {p for row in seats(second) for p in row[1:]}


@pytest.mark.django_db
def test_generate_all_gironi_is_all_or_nothing(make_tournament, make_pairs):
    tournament = make_tournament(movement_plan="2xmitchell", rounds_planned=2)
    make_pairs(tournament, 8)
    numbers = {n: "A" if n <= 3 else "B" for n in range(1, 9)}
    split = gironi.split_into_gironi(
        tournament, count=2, method="manual", assignment=numbers
    )
    made = rounds.generate_all(split.gironi)
    assert [(r.girone.label, r.number) for r in made] == [("A", 1), ("B", 1)]
    assert len(rounds.publish_all(split.gironi)) == 2

    bigger = make_tournament(name="Tre Mitchell", movement_plan="3xmitchell")
    make_pairs(bigger, 11, start=21)
    # Girone A: 4 pairs, 2 tables, at most 2 Mitchell rounds; B: 7 pairs could play.
    numbers = {n: "A" if n <= 24 else "B" for n in range(21, 32)}
    split = gironi.split_into_gironi(
        bigger, count=2, method="manual", assignment=numbers
    )
    with pytest.raises(RoundError, match="al massimo 2 turni"):
        rounds.generate_all(split.gironi)
    assert not Round.objects.filter(girone__in=split.gironi).exists()


@pytest.mark.django_db
def test_danese_modificato_backs_up_around_a_rematch(
    make_tournament, make_pairs, director
):
    """Ties on VP go down the standings' chain (MP difference, MP, lot: issue 27 §8,
    the Danese pairs by the standings' own order); 1 and 4 are next but met."""
    tournament = make_tournament(
        movement_plan="seeded+danese_modificato", rematch_in_last_round=False
    )
    girone = one_girone(tournament, make_pairs, 6)
    first = rounds.generate_round(girone)
    assert seats(first) == [(1, 1, 4), (2, 2, 5), (3, 3, 6)]
    # All 10-10 in VP; MP difference +15 for 2 and 3; the rest of each tie: the lot.
    play(first, director, {1: (300, 300), 2: (305, 300), 3: (305, 300)})
    second = rounds.generate_round(girone)
    ranking = rounds.danese_ranking(second)  # shown on the review page
    assert [(r.vp, r.mp_diff) for r in ranking] == [
        (10, 15),
        (10, 15),
        (10, 0),
        (10, 0),
        (10, -15),
        (10, -15),
    ]
    order = [r.number for r in ranking]
    assert set(order[:2]) == {2, 3} and set(order[2:4]) == {1, 4}
    first_two, next_two, last_two = order[:2], order[2:4], order[4:]
    # 1st v 2nd; then the 3rd meets the 5th (the 4th met it in round 1), 4th v 6th.
    assert seats(second) == [
        (1, *first_two),
        (2, next_two[0], last_two[0]),
        (3, next_two[1], last_two[1]),
    ]
    assert rounds.danese_ranking(first) == []


@pytest.mark.parametrize(
    ("plan", "italian"),
    [
        ("3xbridge", "il turno 1 usa “bridge”, che non è un movimento (noti: "),
        (
            "round_robin+danese",
            "un girone all'italiana è un calendario completo: non si può combinare"
            " con Danese",
        ),
        (
            "danese",
            "il turno 1 non può usare Danese: non c'è ancora una classifica (usare"
            " il sorteggio, le teste di serie o il Mitchell)",
        ),
        (
            "random+random",
            "il turno 2 usa sorteggio, che serve solo per il primo turno",
        ),
        (
            "random+mitchell",
            "il turno 2 usa il Mitchell dopo sorteggio: i turni Mitchell devono essere"
            " un solo blocco a partire dal turno 1",
        ),
        ("mitchell+?", "non riesco a leggere “?”: scrivere termini come “3xmitchell”"),
        ("0xmitchell", "“0xmitchell” ripete un movimento 0 volte"),
    ],
)
def test_a_bad_movement_plan_says_why_in_italian(plan, italian):
    from django.utils import translation

    from tournament.services.errors import ServiceError
    from tournament.services.tournaments import check_movement_plan

    with translation.override("it"), pytest.raises(ServiceError) as refused:
        check_movement_plan(plan, 6)
    assert refused.value.details[0].startswith(italian)
