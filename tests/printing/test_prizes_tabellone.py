"""The prize list after a tabellone (docs/rules.md §9.5): the concluded demo event's
prize list and bracket agree (issue 28 §9)."""

import pytest


@pytest.mark.django_db
def test_the_prize_list_follows_the_tabellone():
    import io

    from django.contrib.auth import get_user_model

    from core import demo_circuit
    from draw import demo as tournament_demo
    from knockout.models import Bracket, BracketMatch
    from knockout.services.read import bracket_places
    from printing.documents.prizes import build_prize_list
    from scoring import demo as scoring_demo
    from tournament.models import Tournament

    for name in ("direttore", "arbitro", "arbitro2"):
        get_user_model().objects.create(username=name)
    out = io.StringIO()
    tournament_demo.seed(out)
    scoring_demo.seed(out)
    demo_circuit.seed(out)
    primavera = Tournament.objects.get(slug=demo_circuit.PRIMAVERA_SLUG)
    bracket = Bracket.objects.get(tournament=primavera)
    final = BracketMatch.objects.get(bracket=bracket, round=2)
    places = bracket_places(bracket)
    assert places[0] == [final.winner_id]
    assert len(places) == 3 and len(places[2]) == 2  # two semifinalists, level
    rows = build_prize_list(primavera).sections[0]["rows"]
    pairs = {p.number: p.pk for p in primavera.pairs.all()}
    assert pairs[rows[0]["number"]] == final.winner_id
    assert [r["position"] for r in rows[:4]] == [1, 2, 3, 3]
    assert [r["ex_aequo"] for r in rows[:4]] == [False, False, True, True]
