"""CSV import: every error reported with its line, nothing saved until clean."""

import pytest

from participants.csv_import import parse_pairs_csv
from participants.models import Pair
from participants.services import registration
from participants.services.entries import PairEntry
from participants.services.registration import EntriesInvalid
from people.models import Club, Player

HEADER = "Cognome 1;Nome 1;Tessera 1;Cognome 2;Nome 2;Tessera 2;Circolo"


def csv(*lines):
    return "\n".join([HEADER, *lines]) + "\n"


def errors_of(tournament, text, **kwargs):
    preview = registration.preview_import(tournament, text, **kwargs)
    return [(e.line, e.code) for e in preview.errors], preview


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        pytest.param(
            ["Rossi;Anna;;Bianchi;;;"], [(2, "missing_name")], id="missing-name"
        ),
        pytest.param(
            ["Rossi;Anna;;Bianchi;Luca;;Circolo Fantasma"],
            [(2, "unknown_club")],
            id="unknown-club",
        ),
        pytest.param(
            ["Rossi;Anna;;Bianchi;Luca;;", "Verdi;Ugo;;Rossi;Anna;;"],
            [(3, "duplicate_player")],
            id="duplicate-player",
        ),
        pytest.param(
            ["Rossi;Anna;;Bianchi;Luca;;", "Bianchi;Luca;;Rossi;Anna;;"],
            [(3, "duplicate_pair")],
            id="duplicate-pair",
        ),
        pytest.param(
            ["Rossi;Anna;T1;Bianchi;Luca;;", "Verdi;Ugo;T1;Neri;Ivo;;"],
            [(3, "duplicate_tessera")],
            id="duplicate-membership-number",
        ),
        pytest.param(
            ["Rossi;Anna;;Bianchi;Luca;;", "Verdi;;;Neri;Ivo;;Nessuno", "ok;ok;;x;y;;"],
            [(3, "unknown_club"), (3, "missing_name")],
            id="two-errors-one-line",
        ),
    ],
)
def test_each_error_is_reported_on_its_line(tournament, lines, expected):
    found, preview = errors_of(tournament, csv(*lines))
    assert found == expected
    assert not preview.ok
    assert Pair.objects.count() == 0


@pytest.mark.django_db
def test_messages_name_the_bad_value_in_italian(tournament):
    from django.utils import translation

    with translation.override("it"):
        _, preview = errors_of(tournament, csv("Rossi;Anna;;Bianchi;Luca;;Atlantide"))
    assert preview.errors[0].message == "Circolo sconosciuto “Atlantide”."


@pytest.mark.django_db
def test_player_already_registered_and_membership_of_someone_else(
    tournament, make_pairs
):
    make_pairs(tournament, 1)  # Rossi1 Anna - Bianchi1 Luca
    Player.objects.create(first_name="Gino", last_name="Verdi", membership_number="X9")
    found, _ = errors_of(
        tournament,
        csv("Rossi1;Anna;;Neri;Ivo;;", "Gialli;Eva;X9;Blu;Leo;;"),
    )
    assert found == [(2, "registered_player"), (3, "tessera_owner")]


@pytest.mark.django_db
def test_header_problems_stop_the_import(tournament):
    found, _ = errors_of(tournament, "Cognome;Nome\nRossi;Anna\n")
    assert {code for _, code in found} == {"header"}
    assert found[0][0] == 1


@pytest.mark.django_db
def test_bad_numbers_are_reported(tournament):
    text = "Cognome 1;Nome 1;Cognome 2;Nome 2;Testa di serie;Numero\nA;B;C;D;uno;x\n"
    found, _ = errors_of(tournament, text)
    assert sorted(found) == [(2, "parse"), (2, "parse")]


@pytest.mark.django_db
def test_clean_import_saves_every_pair_with_clubs(tournament):
    Club.objects.create(name="Circolo Roma", federation_code="RM01")
    text = csv(
        "rossi;anna;T1;Bianchi;Luca;T2;circolo roma", "Verdi;Ugo;;Neri;Ivo;;RM01"
    )
    found, preview = errors_of(tournament, text)
    assert found == [] and preview.ok
    assert Pair.objects.count() == 0  # the preview saves nothing
    pairs = registration.import_pairs(tournament, text)
    assert [p.number for p in pairs] == [1, 2]
    assert {p.club.name for p in pairs} == {"Circolo Roma"}
    assert pairs[0].player1.last_name == "Rossi"


@pytest.mark.django_db
def test_import_with_errors_saves_nothing_at_all(tournament):
    text = csv("Rossi;Anna;;Bianchi;Luca;;", "Verdi;;;Neri;Ivo;;")
    with pytest.raises(EntriesInvalid) as refused:
        registration.import_pairs(tournament, text)
    assert [e.line for e in refused.value.errors] == [3]
    assert Pair.objects.count() == 0 and Player.objects.count() == 0


@pytest.mark.django_db
def test_unknown_clubs_may_be_created_on_request(tournament):
    text = csv("Rossi;Anna;;Bianchi;Luca;;Nuovo Circolo")
    found, preview = errors_of(tournament, text, create_clubs=True)
    assert found == [] and preview.clubs_to_create == ["Nuovo Circolo"]
    registration.import_pairs(tournament, text, create_clubs=True)
    assert Club.objects.filter(name="Nuovo Circolo").exists()


def test_separators_and_headers_are_flexible():
    text = "cognome_1,NOME 1,Cognome 2,Nome 2,Circolo\nRossi,Anna,Bianchi,Luca,X\n"
    parsed = parse_pairs_csv(text)
    assert parsed.errors == []
    assert parsed.entries == [
        PairEntry("Rossi", "Anna", "Bianchi", "Luca", club="X", line=2)
    ]


@pytest.mark.django_db
def test_register_one_pair_takes_the_next_number(tournament, make_pairs):
    make_pairs(tournament, 3)
    pair = registration.register_pair(
        tournament, PairEntry("Verdi", "Ugo", "Neri", "Ivo")
    )
    assert pair.number == 4
    with pytest.raises(EntriesInvalid):
        registration.register_pair(
            tournament, PairEntry("Verdi", "Ugo", "Gialli", "Eva", number=4)
        )


@pytest.mark.parametrize("text", ["\n0\r0", "a\rb\r", '"x\n', "\x00", "\r\r"])
def test_odd_text_is_reported_not_crashed(text):
    """Stray carriage returns, open quotes, NUL: errors at most, never an exception."""
    parsed = parse_pairs_csv(text)
    assert parsed.entries == []
