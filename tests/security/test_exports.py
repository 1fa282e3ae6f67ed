"""Spreadsheet exports: a name that looks like a formula reaches the sheet as text.

OWASP's CSV injection: a cell starting with ``=``, ``+``, ``-``, ``@``, tab or carriage
return is run by a spreadsheet. Every CSV the app writes goes through tournament.csvsafe
(apostrophe in front, every text cell quoted), every XLSX writes text as a string
cell; numbers stay numbers. The standings CSV is also downloadable by the director.
"""

from __future__ import annotations

import csv
import doctest
import io
import zipfile

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from participants.models import Pair
from people.models import Club, Player
from standings.services.csv_export import standings_csv
from tests.standings.factories import make_girone, make_tournament, play
from tournament import csvsafe
from tournament.models import TournamentRole

EVIL_NAME = "=cmd|' /C calc'!A0"
EVIL_CLUB = "=1+1 Club"


def test_the_module_examples_hold():
    assert doctest.testmod(csvsafe).failed == 0


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_every_formula_start_is_neutralised(start):
    text = csvsafe.csv_text(["name"], [[f"{start}1+1"]])
    (_, [cell]) = list(csv.reader(io.StringIO(text)))
    assert cell == f"'{start}1+1"


@pytest.mark.parametrize(
    "value", [-120, 0, 3.5, "-120", "+5", "-1,5", "Rossi", "D'Angelo", "−120", None]
)
def test_numbers_and_plain_text_are_kept(value):
    assert csvsafe.safe_cell(value) == value


def test_integers_are_written_unquoted_and_text_quoted():
    text = csvsafe.csv_text(["club", "mp"], [["Aurora; =1+1", -120]])
    assert text.splitlines()[1] == '"Aurora; =1+1",-120'


@pytest.mark.django_db
def test_the_standings_csv_neutralises_names_and_clubs():
    tournament = make_tournament()
    girone = make_girone(tournament)
    club = Club.objects.create(name=EVIL_CLUB)
    for number, last in ((1, EVIL_NAME), (2, "@SOMMA(A1:A9)")):
        Pair.objects.create(
            tournament=tournament,
            number=number,
            player1=Player.objects.create(first_name="Anna", last_name=last),
            player2=Player.objects.create(first_name="-Bruno", last_name="Verdi"),
            club=club,
            girone=girone,
        )
    play(girone, {1: [(1, 2, -120, 900, 2, 18)]})
    text = standings_csv(tournament)
    lines = list(csv.DictReader(io.StringIO(text)))
    assert len(lines) == 2
    for line in lines:
        assert line["club"] == "'" + EVIL_CLUB
        assert line["players"][0] == "'"
    by_pair = {line["pair"]: line for line in lines}
    assert by_pair["1"]["players"].startswith("'" + EVIL_NAME)
    assert by_pair["1"]["mp_for"] == "-120"
    assert ",-120," in text  # a number, unquoted and without apostrophe
    for raw in text.splitlines()[1:]:
        for cell in next(csv.reader([raw])):
            assert not cell.startswith(csvsafe.FORMULA_STARTS) or cell == "-120"


@pytest.mark.django_db
def test_the_director_downloads_the_standings_csv(client, make_user):
    tournament = make_tournament()
    girone = make_girone(tournament)
    club = Club.objects.create(name=EVIL_CLUB)
    for number in (1, 2):
        Pair.objects.create(
            tournament=tournament,
            number=number,
            player1=Player.objects.create(first_name="Anna", last_name=f"R{number}"),
            player2=Player.objects.create(first_name="Ugo", last_name=f"V{number}"),
            club=club,
            girone=girone,
        )
    play(girone, {1: [(1, 2, 1200, 800, 15, 5)]})
    director = make_user("direttore-csv")
    TournamentRole.objects.create(tournament=tournament, user=director, role="director")
    referee = make_user("arbitro-csv")
    TournamentRole.objects.create(tournament=tournament, user=referee, role="referee")
    page = reverse("standings:director", args=[tournament.slug])
    url = reverse("standings:csv", args=[tournament.slug])

    client.force_login(referee)
    assert client.get(url).status_code == 403

    client.force_login(director)
    assert f'href="{url}"' in client.get(page).content.decode()
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    text = response.content.decode("utf-8-sig")
    assert text == standings_csv(tournament)
    assert f'"\'{EVIL_CLUB}"' in text


def test_xlsx_writes_text_as_text_never_as_a_formula():
    data = csvsafe.xlsx_bytes(
        [("Classifica: A/B", ["name", "mp"], [[EVIL_NAME, -120], [EVIL_CLUB, 5]])]
    )
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        sheets = [n for n in archive.namelist() if n.startswith("xl/worksheets/")]
        xml = "".join(archive.read(n).decode() for n in sheets)
    assert "<f>" not in xml and "<f " not in xml
    sheet = load_workbook(io.BytesIO(data)).worksheets[0]
    assert sheet.title == "Classifica  A B"
    assert sheet["A2"].value == EVIL_NAME and sheet["A2"].data_type == "s"
    assert sheet["A3"].value == EVIL_CLUB and sheet["A3"].data_type == "s"
    assert sheet["B2"].value == -120 and sheet["B2"].data_type == "n"
