"""One lifecycle of a result (tournament.visibility), and the director who cannot
publish a wrong picture by forgetting a click (issue 25, items 1-3)."""

from __future__ import annotations

import datetime as dt
from unittest import mock

import pytest
from django.urls import reverse
from django.utils import timezone

from core.pipeline import drain
from director.dashboard import next_actions
from printing.documents import build
from scoring import services
from standings.models import Season, Snapshot
from standings.services.season import season_table
from tests.scoring.helpers import save, sheet
from tournament import visibility
from tournament.models import Round, Tournament
from tournament.services.errors import ServiceError
from tournament.services.tournaments import set_status

pytestmark = pytest.mark.django_db

GOOD = ((450, 100), (120, 300), (200, 200))


def play_round_one(world, *, minutes: int = 10, hold: bool = False) -> Round:
    Tournament.objects.filter(pk=world.tournament.pk).update(
        correction_minutes=minutes, hold_results=hold
    )
    save(world.tables[0], world.referee, sheet(*GOOD))  # pair 1 wins by much
    save(world.tables[1], world.referee, sheet((300, 250), (120, 130), (200, 200)))
    return services.close_round(round_id=world.round.pk, by=world.referee)


def test_closing_a_round_releases_its_results_provisional_then_final(world):
    closed = play_round_one(world)
    assert closed.results_public and closed.tables_public
    assert visibility.round_phase(closed) == visibility.Phase.PROVISIONAL
    later = closed.provisional_until + dt.timedelta(seconds=1)
    assert visibility.round_phase(closed, later) == visibility.Phase.FINAL
    drain()
    public = Snapshot.objects.get(girone=world.girone, kind="public", line="")
    assert public.rounds == [1]


def test_a_held_round_waits_and_the_next_steps_name_it(world):
    closed = play_round_one(world, hold=True)
    assert not closed.results_public
    assert visibility.round_phase(closed) == visibility.Phase.HELD
    labels = [a.label for a in next_actions(world.tournament)]
    assert "Pubblica i risultati del turno 1 del Girone A (trattenuti)" in labels


def test_concluso_is_refused_while_a_round_is_held_or_provisional(world):
    play_round_one(world, hold=True)
    with pytest.raises(ServiceError) as refused:
        set_status(world.tournament, Tournament.Status.FINISHED)
    assert refused.value.details == (
        "I risultati del turno 1 del girone A non sono pubblicati.",
    )
    services_round = Round.objects.get(pk=world.round.pk)
    from tournament.services.publication import set_visibility

    set_visibility(services_round, results=True)
    with pytest.raises(ServiceError) as refused:
        set_status(world.tournament, Tournament.Status.FINISHED)
    assert "periodo di correzione" in refused.value.details[0]
    after = Round.objects.get(pk=world.round.pk).provisional_until
    with mock.patch(
        "django.utils.timezone.now", return_value=after + dt.timedelta(seconds=1)
    ):
        set_status(world.tournament, Tournament.Status.FINISHED)
    assert world.tournament.status == Tournament.Status.FINISHED


def test_the_round_report_says_what_the_public_pages_say(world):
    """Printed during the correction period: "Provvisoria"; after it, "Definitiva",
    under another stored version."""
    closed = play_round_one(world)
    during = build(world.tournament, "report", f"round:{closed.pk}")
    assert not during.title.final
    with mock.patch(
        "django.utils.timezone.now",
        return_value=closed.provisional_until + dt.timedelta(seconds=1),
    ):
        after = build(world.tournament, "report", f"round:{closed.pk}")
    assert after.title.final and after.version != during.version


def test_a_late_correction_after_concluso_reaches_the_season(world, client):
    closed = play_round_one(world, minutes=0)
    assert visibility.round_final(closed)
    set_status(world.tournament, Tournament.Status.FINISHED)
    season = Season.objects.create(name="Circuito", slug="circuito", scale=[10, 6])
    season.tournaments.add(world.tournament)
    drain()
    assert [t.pk for t in season_table(season).tournaments] == [world.tournament.pk]
    url = reverse("public:season", args=[season.slug])
    before = client.get(url).content.decode()
    winner = world.pairs[0].player1  # pair 1 won table 1, 4 VP ahead of pair 3
    assert _points(season, winner.pk) == 10
    # The chief referee corrects table 1 the other way round: pair 2 wins it.
    save(
        world.tables[0],
        world.chief,
        sheet((100, 450), (300, 120), (200, 200), reason="errore di trascrizione"),
        correction=True,
    )
    assert _points(season, winner.pk) < 10  # the season follows the correction
    assert client.get(url).content.decode() != before
    assert timezone.now() > closed.provisional_until


def _points(season, player_id: int) -> int:
    rows = {r.player: r.total for r in season_table(season).rows}
    return rows[player_id]
