"""A team tournament with a knockout stage: its team pages, the pairs inside the teams,
the team standings, the bracket and the team API answers are published, each equal to
what the view answers; a bracket result republishes the bracket page."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import call_command

from draw.services import rounds
from knockout.services import confirm_qualifiers, draw_bracket
from participants.models import Team
from public import published
from tests.teams.factories import director, make_team_event, play_round
from tournament.models import Round

from .test_publish import files, url_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(settings, tmp_path):
    settings.PUBLISH_ROOT = str(tmp_path / "published")
    settings.PUBLIC_BASE_URL = "http://testserver"
    tournament, _made = make_team_event(teams_count=4, plan="round_robin")
    user = director()
    girone = _made[0].girone
    for _ in range(3):
        play_round(rounds.generate_round(girone), user)
    bracket = confirm_qualifiers(
        tournament, by=user, per_girone=4, best_of=2, final_best_of=2
    )
    draw_bracket(bracket.pk, by=user)
    return Path(settings.PUBLISH_ROOT), tournament


def test_team_pages_bracket_and_api_are_published_as_the_views_answer(
    client, settings, event
):
    base, tournament = event
    call_command("publish", tournament.slug, stdout=io.StringIO())
    slug = tournament.slug
    urls = {
        u for lang, u in map(lambda f: url_of(base, f), files(base)) if lang == "en"
    }
    numbers = Team.objects.filter(tournament=tournament).values_list(
        "number", flat=True
    )
    shown = Round.objects.filter(
        girone__stage__tournament=tournament, tables_public=True
    ).values_list("pk", flat=True)
    assert {f"/t/{slug}/squadra/{n}/" for n in numbers} <= urls
    assert {
        f"/t/{slug}/classifica/coppie/",
        f"/tabellone/{slug}/",
        f"/api/v1/tournaments/{slug}/teams",
        f"/api/v1/tournaments/{slug}/team-standings",
        *(f"/api/v1/tournaments/{slug}/rounds/{pk}/matches" for pk in shown),
    } <= urls
    settings.PUBLISH_ROOT = ""
    for target in files(base):
        lang, url = url_of(base, target)
        client.cookies["django_language"] = lang
        response = client.get(url)
        assert response.status_code == 200, url
        assert target.read_bytes() == response.content, (lang, url)
    bracket = published.file_for(base, "it", f"/tabellone/{slug}/").read_text()
    assert "tabellone" in bracket.lower()
