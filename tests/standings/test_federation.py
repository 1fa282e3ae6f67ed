"""The federation report: the check, then CSV and XLSX with every pair's results."""

from __future__ import annotations

import csv
import html
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from people.models import Club, Player
from standings.services import federation
from tests.standings.factories import (
    THREE_WAY,
    make_girone,
    make_pairs,
    make_tournament,
    play,
)
from tournament.models import TournamentRole

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    """Pairs 4, 9, 12, 20 over three rounds (12, 4, 9 tied on VP); clean tessere."""
    tournament = make_tournament(status="finished")
    girone = make_girone(tournament)
    pairs = make_pairs(tournament, girone, [4, 9, 12, 20], club="Circolo Aurora")
    club = Club.objects.get(name="Circolo Aurora")
    club.federation_code = "RM-042"
    club.save()
    for n, pair in pairs.items():
        for i, player in enumerate((pair.player1, pair.player2), start=1):
            player.membership_number = f"RM{n:03d}{i}"
            player.save()
    play(girone, THREE_WAY)
    return tournament, pairs


@pytest.fixture
def director_client(event, client, make_user):
    tournament, _pairs = event
    user = make_user("direttore-fed")
    TournamentRole.objects.create(
        tournament=tournament, user=user, role=TournamentRole.Role.DIRECTOR
    )
    client.force_login(user)
    return client


def url(tournament, name, **kwargs):
    return reverse(f"standings:{name}", kwargs={"slug": tournament.slug, **kwargs})


def test_a_clean_event_has_nothing_to_fix(event, director_client):
    tournament, _ = event
    page = html.unescape(
        director_client.get(url(tournament, "federation")).content.decode()
    )
    assert "Ogni tessera e ogni codice di circolo" in page
    assert federation.check(tournament) == []


def test_the_check_lists_missing_malformed_and_duplicated_codes(event, director_client):
    tournament, pairs = event
    p4, p9, p12 = pairs[4], pairs[9], pairs[12]
    Player.objects.filter(pk=p4.player1_id).update(membership_number="")
    Player.objects.filter(pk=p9.player1_id).update(membership_number="12-ab")
    # Written differently, the same tessera: the database alone would not see it.
    Player.objects.filter(pk=p12.player1_id).update(membership_number="rm 0091")
    Player.objects.filter(pk=p9.player2_id).update(membership_number="RM0091")
    other = Club.objects.create(name="Circolo Borgo", federation_code="rm-042")
    Player.objects.filter(pk=p12.player2_id).update(club=other)
    Club.objects.create(name="Senza codice")
    Player.objects.filter(pk=pairs[20].player1_id).update(
        club=Club.objects.get(name="Senza codice")
    )
    codes = sorted(p.code for p in federation.check(tournament))
    assert codes == [
        "duplicate_club_code",
        "duplicate_tessera",
        "malformed_club_code",  # "rm-042": lower case
        "malformed_tessera",
        "malformed_tessera",  # "rm 0091": lower case and a space
        "missing_club_code",
        "missing_tessera",
    ]
    page = html.unescape(
        director_client.get(url(tournament, "federation")).content.decode()
    )
    assert "7 cose da sistemare prima di inviare il rapporto." in page
    assert "non ha la tessera" in page
    assert "“12-ab” non è di 4-12 lettere e cifre" in page
    assert "Stesso codice federale per i circoli" in page


def test_a_player_in_two_pairs_is_listed(event):
    tournament, pairs = event
    # The same person registered in two pairs (as player 1 of one, 2 of the other).
    pairs[20].player2 = pairs[4].player1
    pairs[20].save()
    problems = federation.check(tournament)
    assert [p.pairs for p in problems if p.code == "player_twice"] == [(4, 20)]


def test_the_director_fixes_a_tessera_from_the_check(event, director_client):
    tournament, pairs = event
    player = pairs[4].player1
    Player.objects.filter(pk=player.pk).update(membership_number="")
    response = director_client.post(
        url(tournament, "federation-tessera", player_id=player.pk),
        {"value": " rm 777 1 "},
        follow=True,
    )
    player.refresh_from_db()
    assert player.membership_number == "RM7771"
    assert federation.check(tournament) == []
    assert "Tessera di" in html.unescape(response.content.decode())


def test_a_tessera_of_someone_else_is_refused_with_a_message(event, director_client):
    tournament, pairs = event
    player = pairs[4].player1
    taken = pairs[9].player1.membership_number
    response = director_client.post(
        url(tournament, "federation-tessera", player_id=player.pk),
        {"value": taken.lower()},
        follow=True,
    )
    assert response.status_code == 200
    page = html.unescape(response.content.decode())
    assert f"La tessera {taken} è di un altro giocatore nell'anagrafica" in page
    assert str(pairs[9].player1) not in page  # never whose it is
    player.refresh_from_db()
    assert player.membership_number == "RM0041"


def test_a_player_of_another_tournament_cannot_be_changed(event, director_client):
    tournament, _ = event
    stranger = Player.objects.create(last_name="Estraneo", first_name="Ugo")
    director_client.post(
        url(tournament, "federation-tessera", player_id=stranger.pk), {"value": "X1234"}
    )
    stranger.refresh_from_db()
    assert stranger.membership_number == ""


def test_csv_has_every_pair_by_placement_with_rounds(event, director_client):
    tournament, _ = event
    response = director_client.get(url(tournament, "federation-csv"))
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    text = response.content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    head, body = rows[0], rows[1:]
    assert head[:4] == ["Posizione", "Coppia", "Girone", "Cognome 1"]
    assert "T3 VP" in head
    assert [r[1] for r in body] == ["12", "4", "9", "20"]  # the standings' order
    first = dict(zip(head, body[0], strict=True))
    assert first["Posizione"] == "1"
    assert first["Tessera 1"] == "RM0121"
    assert first["Circolo 1"] == "Circolo Aurora"
    assert first["Codice circolo 1"] == "RM-042"
    assert first["VP"] == "32"
    # Round 1: pair 12 (NS) beat pair 4 1100-900, 12 VP.
    assert (first["T1 avversari"], first["T1 MP fatti"], first["T1 MP subiti"]) == (
        "4",
        "1100",
        "900",
    )
    assert first["T1 VP"] == "12"


def test_xlsx_opens_with_text_kept_as_text(event, director_client):
    """A player named like a formula stays text in both files (no injection)."""
    tournament, pairs = event
    Player.objects.filter(pk=pairs[9].player1_id).update(
        last_name='=HYPERLINK("http://x")', first_name="@SUM(A1)"
    )
    response = director_client.get(url(tournament, "federation-xlsx"))
    assert response["Content-Type"].startswith("application/vnd.openxmlformats")
    book = load_workbook(io.BytesIO(response.content))
    assert book.sheetnames == ["Risultati", "Controlli"]
    sheet = book["Risultati"]
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0][0] == "Posizione"
    nine = next(r for r in rows[1:] if r[1] == 9)
    assert nine[3] == '=HYPERLINK("http://x")'
    assert nine[4] == "@SUM(A1)"
    assert all(c.data_type != "f" for row in sheet.iter_rows() for c in row)
    assert isinstance(nine[0], int)  # numbers stay numbers
    text = director_client.get(url(tournament, "federation-csv")).content.decode()
    assert '"\'=HYPERLINK(""http://x"")"' in text
    assert '"\'@SUM(A1)"' in text


@pytest.mark.parametrize("name", ["federation", "federation-csv", "federation-xlsx"])
def test_only_directors_reach_the_report(event, client, make_user, name):
    tournament, _ = event
    referee = make_user("arbitro-fed")
    TournamentRole.objects.create(
        tournament=tournament, user=referee, role=TournamentRole.Role.REFEREE
    )
    client.force_login(referee)
    assert client.get(url(tournament, name)).status_code == 403
