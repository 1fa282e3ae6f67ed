"""Team documents: the team match sheet, the line-up sheet, the team standings and the
score cards naming each table's match, read back from the PDF's text."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from draw.services import rounds
from printing.documents import DocumentError, build
from printing.pdf import render_pdf
from seating.models import TeamMatch
from tests.printing.conftest import pdf_pages
from tournament.models import TournamentRole

from .factories import director, make_team_event, play_round

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def italian():
    with translation.override("it"):
        yield


@pytest.fixture
def event():
    tournament, made = make_team_event(teams_count=5)
    round_ = rounds.generate_round(made[0].girone)
    rounds.publish_round(round_)
    return tournament, round_


def text_of(tournament, kind, scope):
    return " ".join(pdf_pages(render_pdf(build(tournament, kind, scope)).data))


def test_team_match_sheet_names_both_tables_and_the_team_table(event):
    tournament, round_ = event
    text = text_of(tournament, "teammatches", f"round:{round_.pk}")
    for m in TeamMatch.objects.filter(round=round_, team_b__isnull=False):
        assert f"Incontro {m.number}" in text
        assert m.team_a.name in text and m.team_b.name in text
        for table in m.tables:
            assert (
                f"{table.pair_ns.number} " in text
                and f"{table.pair_ew.number} " in text
            )
    assert "Tabella VP a squadre, 3 smazzate" in text
    assert "705–1000 14 6" in text  # the doubled 355-500 band of the pair table
    assert "Capitano A" in text


def test_line_up_sheet_lists_rosters_and_seats(event):
    tournament, round_ = event
    text = text_of(tournament, "lineups", f"round:{round_.pk}")
    rest = TeamMatch.objects.get(round=round_, team_b__isnull=True)
    assert rest.team_a.name in text and "riposa" in text
    played = TeamMatch.objects.filter(round=round_, team_b__isnull=False).first()
    for member in played.team_a.members.select_related("player"):
        assert member.player.last_name in text
    assert "Firma del capitano" in text


def test_team_standings_and_score_cards(event):
    tournament, round_ = event
    play_round(round_, director())
    text = text_of(tournament, "standings", "")
    assert "Squadra" in text and "Squadra 1" in text
    cards = text_of(tournament, "scorecards", f"round:{round_.pk}")
    first = TeamMatch.objects.filter(round=round_, team_b__isnull=False).first()
    assert (
        f"Incontro {first.number}: {first.team_a.name} – {first.team_b.name}" in cards
    )


def test_team_documents_refused_for_a_pair_tournament(db):
    from tests.printing.factories import make_world

    world = make_world(pairs=4, gironi=1, rounds=1, published=1)
    round_ = world.stages.first().gironi.first().rounds.first()
    with pytest.raises(DocumentError, match="a coppie"):
        build(world, "teammatches", f"round:{round_.pk}")


def test_printing_page_links_the_team_documents(event, client):
    tournament, round_ = event
    user = director()
    TournamentRole.objects.get_or_create(
        tournament=tournament, user=user, role=TournamentRole.Role.DIRECTOR
    )
    client.force_login(user)
    page = client.get(
        reverse("printing:index", args=[tournament.slug])
    ).content.decode()
    assert "Referti degli incontri" in page and "Moduli delle formazioni" in page
    pdf = client.get(
        reverse("printing:document", args=[tournament.slug, "lineups"]),
        {"turno": round_.pk},
    )
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
