"""CSV import as untrusted input: reading, encodings, lengths and ranges, scale.

* Reading: doubled quotes are one quote, an open quote is an error on its line, BOMs
  (UTF-8, UTF-16 LE/BE) and BOM-less UTF-16 are recognised, a spreadsheet or binary
  file is refused saying what it is.
* Lengths and ranges the same on SQLite and PostgreSQL: a surname over 60 characters,
  a membership number over 20, a club over 120, pair 99999999999, seed 10^20, a NUL
  byte are each a clear error on their line in the preview; nothing is stored (the
  confirm button cannot store them either), never a 500.
* Scale: the checks are linear (counted, not timed: ``bench/bench_import.py`` times
  10,000 lines).
"""

from __future__ import annotations

import codecs

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

from participants.csv_import import CsvFileError, decode_csv, parse_pairs_csv
from participants.models import Pair
from participants.services import checks, registration
from people.models import Club, Player

HEADER = "Cognome 1;Nome 1;Tessera 1;Cognome 2;Nome 2;Tessera 2;Circolo"
ACCENTED = HEADER + "\nNicolò;Aurora;;Çelik;Zoë;;Città di Castello\n"

pytestmark = pytest.mark.django_db


@pytest.fixture
def director_client(client, director):
    client.force_login(director)
    return client


def import_url(tournament):
    return reverse("tournament:import", kwargs={"slug": tournament.slug})


def upload(data: bytes, name="coppie.csv"):
    return SimpleUploadedFile(name, data, content_type="text/csv")


# --- reading ------------------------------------------------------------------------


def test_doubled_quotes_are_one_quote():
    text = (
        "Cognome 1;Nome 1;Cognome 2;Nome 2;Circolo\n"
        'Rossi;Anna;Bianchi;Luca;"Circolo ""La Rosa"""\n'
        '"D\'Amico; jr";"Anna ""Nina""";Verdi;Ugo;\n'
    )
    parsed = parse_pairs_csv(text)
    assert parsed.errors == []
    assert parsed.entries[0].club == 'Circolo "La Rosa"'
    assert parsed.entries[1].last_name1 == "D'Amico; jr"
    assert parsed.entries[1].first_name1 == 'Anna "Nina"'


def test_a_quote_left_open_is_an_error_on_its_line_not_the_end_of_the_file():
    text = (
        "Cognome 1;Nome 1;Cognome 2;Nome 2\n"
        '"Rossi" Bepi;Anna;Bianchi;Luca\n'
        "Verdi;Ugo;Neri;Ivo\n"
    )
    parsed = parse_pairs_csv(text)
    assert [(e.line, e.code) for e in parsed.errors] == [(2, "parse")]
    assert [e.last_name1 for e in parsed.entries] == ["Verdi"]
    assert parsed.entries[0].line == 3


def test_a_cell_over_two_lines_keeps_the_files_line_numbers():
    text = 'Cognome 1;Nome 1;Cognome 2;Nome 2\n"Rossi\nRossi";Anna;Bianchi;Luca\nVerdi;;Neri;Ivo\n'
    preview = parse_pairs_csv(text)
    assert [e.line for e in preview.entries] == [2, 4]


@pytest.mark.parametrize(
    "encoded",
    [
        pytest.param(ACCENTED.encode("utf-8"), id="utf-8"),
        pytest.param(codecs.BOM_UTF8 + ACCENTED.encode("utf-8"), id="utf-8-bom"),
        pytest.param(ACCENTED.encode("utf-16"), id="utf-16-bom"),
        pytest.param(codecs.BOM_UTF16_LE + ACCENTED.encode("utf-16-le"), id="le-bom"),
        pytest.param(codecs.BOM_UTF16_BE + ACCENTED.encode("utf-16-be"), id="be-bom"),
        pytest.param(ACCENTED.encode("utf-16-le"), id="utf-16-le-no-bom"),
        pytest.param(ACCENTED.encode("utf-16-be"), id="utf-16-be-no-bom"),
        pytest.param(ACCENTED.encode("utf-32"), id="utf-32-bom"),
        pytest.param(ACCENTED.encode("cp1252"), id="windows-1252"),
    ],
)
def test_uploads_in_every_encoding_read_the_same(director_client, tournament, encoded):
    Club.objects.create(name="Città di Castello")
    response = director_client.post(import_url(tournament), {"file": upload(encoded)})
    assert response.status_code == 200
    preview = response.context["preview"]
    assert preview.ok, preview.errors
    entry = preview.entries[0]
    assert (entry.last_name1, entry.last_name2, entry.first_name2) == (
        "Nicolò",
        "Çelik",
        "Zoë",
    )
    assert entry.club == "Città di Castello"


@pytest.mark.parametrize(
    ("data", "words"),
    [
        pytest.param(
            b"PK\x03\x04\x14\x00\x06\x00" + bytes(200), "CSV UTF-8", id="xlsx"
        ),
        pytest.param(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(100), "CSV", id="xls"),
        pytest.param(b"%PDF-1.7\n" + bytes(range(256)), "PDF", id="pdf"),
        pytest.param(bytes(range(256)) * 8, "CSV UTF-8", id="binary"),
    ],
)
def test_a_file_that_is_not_csv_text_says_what_is_wrong(
    director_client, tournament, data, words
):
    with translation.override("en"):
        response = director_client.post(
            import_url(tournament), {"file": upload(data)}, HTTP_ACCEPT_LANGUAGE="en"
        )
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert "file" in errors and words in errors["file"][0]
    assert "Paste the CSV text or choose a file." not in str(errors)
    assert Pair.objects.count() == 0


def test_the_italian_message_for_an_unreadable_file(director_client, tournament):
    response = director_client.post(
        import_url(tournament), {"file": upload(bytes(range(256)) * 8)}
    )
    page = response.content.decode()
    assert "Incolla il testo CSV o scegli un file" not in page
    assert "non si può leggere come testo" in page


def test_decoding_refuses_with_a_message():
    with pytest.raises(CsvFileError):
        decode_csv(b"PK\x03\x04rest")
    assert decode_csv(codecs.BOM_UTF16_BE + "Città".encode("utf-16-be")) == "Città"


# --- lengths and ranges ------------------------------------------------------------


LONG = "L" * 61


@pytest.mark.parametrize(
    ("line", "field", "code"),
    [
        pytest.param(
            f"{LONG};Anna;;Bianchi;Luca;;", "last_name1", "too_long", id="surname-61"
        ),
        pytest.param(
            f"Rossi;Anna;;Bianchi;{LONG};;", "first_name2", "too_long", id="name-61"
        ),
        pytest.param(
            "Rossi;Anna;" + "9" * 21 + ";Bianchi;Luca;;",
            "membership1",
            "too_long",
            id="card-21",
        ),
        pytest.param(
            "Rossi;Anna;;Bianchi;Luca;;" + "C" * 121, "club", "too_long", id="club-121"
        ),
        pytest.param(
            "Rossi;An\x00na;;Bianchi;Luca;;",
            "first_name1",
            "control_character",
            id="nul",
        ),
        pytest.param(
            "Rossi;Anna;;Bian\x1bchi;Luca;;",
            "last_name2",
            "control_character",
            id="escape",
        ),
    ],
)
def test_lengths_and_characters_are_line_errors(
    director_client, tournament, line, field, code
):
    text = f"{HEADER}\nVerdi;Ugo;;Neri;Ivo;;\n{line}\n"
    for data in ({"text": text}, {"text": text, "confirm": "on", "create_clubs": "on"}):
        response = director_client.post(import_url(tournament), data)
        assert response.status_code == 200
        preview = response.context["preview"]
        assert [(e.line, e.field, e.code) for e in preview.errors] == [(3, field, code)]
    assert (Pair.objects.count(), Player.objects.count(), Club.objects.count()) == (
        0,
        0,
        0,
    )


@pytest.mark.parametrize(
    ("column", "value", "message"),
    [
        pytest.param("Numero", "99999999999", "between 1 and", id="pair-99999999999"),
        pytest.param("Numero", "100000", "between 1 and", id="pair-100000"),
        pytest.param("Numero", "0", "between 1 and", id="pair-0"),
        pytest.param(
            "Testa di serie", "100000000000000000000", "too large", id="seed-10^20"
        ),
        pytest.param(
            "Testa di serie", "10^20", "not a whole number", id="seed-10^20-text"
        ),
        pytest.param("Testa di serie", "100000", "between 1 and", id="seed-100000"),
        pytest.param("Numero", "١٢", "not a whole number", id="arabic-digits"),
    ],
)
def test_numbers_out_of_range_are_line_errors(
    director_client, tournament, column, value, message
):
    text = (
        f"Cognome 1;Nome 1;Cognome 2;Nome 2;{column}\nRossi;Anna;Bianchi;Luca;{value}\n"
    )
    with translation.override("en"):
        preview = registration.preview_import(tournament, text)
    assert [e.line for e in preview.errors] == [2]
    assert message in preview.errors[0].message
    response = director_client.post(
        import_url(tournament), {"text": text, "confirm": "on"}
    )
    assert response.status_code == 200
    assert Pair.objects.count() == 0


def test_the_largest_allowed_values_are_stored(tournament):
    text = (
        f"{HEADER};Numero;Testa di serie\n"
        f"{'Rr' * 30};{'An' * 30};{'9' * 20};Bianchi;Luca;;{'Cc' * 60};99999;99999\n"
    )
    pairs = registration.import_pairs(tournament, text, create_clubs=True)
    pair = Pair.objects.get(pk=pairs[0].pk)
    assert (pair.number, pair.seed) == (99999, 99999)
    assert pair.player1.last_name == "Rr" * 30 and pair.club.name == "Cc" * 60
    assert pair.player1.membership_number == "9" * 20


def test_italian_messages_for_lengths(tournament):
    with translation.override("it"):
        preview = registration.preview_import(
            tournament, f"{HEADER}\n{LONG};Anna;;B;L;;\n"
        )
    assert preview.errors[0].message == (
        "Il cognome del giocatore 1 è troppo lungo: 61 caratteri, al massimo 60."
    )


# --- scale --------------------------------------------------------------------------


def test_the_checks_are_linear(tournament, make_pairs, monkeypatch):
    """Counted, not timed: the old checks compared every player with every other."""
    make_pairs(tournament, 50)
    calls = 0
    original = checks.same_person

    def counting(*args):
        nonlocal calls
        calls += 1
        return original(*args)

    monkeypatch.setattr(checks, "same_person", counting)
    rows = 400
    lines = [HEADER] + [
        f"Cognome{n};Anna;{f'T{n}' if n % 2 else ''};Altro{n};Luca;;"
        for n in range(rows)
    ]
    preview = registration.preview_import(tournament, "\n".join(lines))
    assert preview.ok
    assert calls <= 4 * rows  # the old checks: about 2 * rows**2 / 2 = 160,000


def test_automatic_numbers_stay_in_range(director_client, tournament):
    """Pair 99,999 given, the next line without a number: 100,000 is not handed out."""
    text = (
        "Cognome 1;Nome 1;Cognome 2;Nome 2;Numero\n"
        "Rossi;Anna;Bianchi;Luca;99999\n"
        "Verdi;Ugo;Neri;Ivo;\n"
    )
    response = director_client.post(
        import_url(tournament), {"text": text, "confirm": "on"}
    )
    assert response.status_code == 200
    preview = response.context["preview"]
    assert [(e.line, e.code) for e in preview.errors] == [(3, "number_range")]
    assert Pair.objects.count() == 0
