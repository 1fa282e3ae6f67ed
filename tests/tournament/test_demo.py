"""The demo data: two realistic tournaments, created once."""

import io

import pytest

from draw import demo
from draw.services.rounds import round_violations
from participants.models import Pair
from tournament.models import Round, Tournament, TournamentRole


@pytest.mark.django_db
def test_demo_is_realistic_and_idempotent(make_user):
    for name in ("direttore", "arbitro", "arbitro2"):
        make_user(name)
    demo.seed(io.StringIO())
    counts = (
        Tournament.objects.count(),
        Pair.objects.count(),
        Round.objects.count(),
        TournamentRole.objects.count(),
    )
    demo.seed(io.StringIO())
    assert counts == (
        Tournament.objects.count(),
        Pair.objects.count(),
        Round.objects.count(),
        TournamentRole.objects.count(),
    )

    burraco = Tournament.objects.get(slug=demo.BURRACO_SLUG)
    assert burraco.pairs.count() == 40
    labels = list(burraco.pairs.values_list("girone__label", flat=True))
    assert labels.count("A") == labels.count("B") == 20
    published = Round.objects.filter(
        girone__stage__tournament=burraco, status=Round.Status.PUBLISHED
    )
    assert published.count() == 4
    for round_ in published:
        assert round_violations(round_) == []

    briscola = Tournament.objects.get(slug=demo.BRISCOLA_SLUG)
    sizes = {g: briscola.pairs.filter(girone__label=g).count() for g in ("A", "B", "C")}
    assert sizes == {"A": 9, "B": 9, "C": 8}
    women = Round.objects.get(girone__stage__tournament=briscola, girone__label="C")
    assert women.hands == 1 and women.movement == "round_robin"
    for tournament in (burraco, briscola):
        roles = set(tournament.roles.values_list("user__username", "role"))
        assert {
            ("direttore", "director"),
            ("arbitro", "referee"),
            ("arbitro2", "referee"),
        } <= roles
