"""The CSV import fuzzed with hypothesis: a clear error or a clean save, nothing between.

Each example is a file of a few pairs written with the csv module (so a cell holds
exactly the drawn value: quotes, separators, line breaks, NUL, 200-character names,
numbers of every size, digits of other scripts), in one of several encodings, pasted
or uploaded, checked and confirmed at once. The page answers without a 5xx, and the
database holds either every pair of the file, each exactly as its line says, or
nothing new at all (no player or club left behind by a refused import).

The archive import has its own fuzz test in ``tests/archive``.
"""

from __future__ import annotations

import codecs
import csv
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.urls import reverse
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from participants.models import Pair
from participants.services.entries import MAX_PAIR_NUMBER, MAX_SEED
from participants.services.entry_fields import stored_value
from people.models import Club, Player
from tests.budget import examples
from tests.scoring.conftest import build_tournament, grant

pytestmark = pytest.mark.django_db

FUZZ = settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# A file of plausible values, then (most of the time) one cell or one whole line made
# wild: so clean saves are common and each wild value is tried on its own.
plausible_name = st.from_regex(
    r"[A-Z][a-zàèéìòù']{1,12}( [A-Z][a-z]{1,8})?", fullmatch=True
)
plausible = (
    plausible_name,
    plausible_name,
    st.one_of(st.just(""), st.from_regex(r"[A-Z]{2}[0-9]{3,6}", fullmatch=True)),
    plausible_name,
    plausible_name,
    st.just(""),
    st.sampled_from(["", "Circolo Fuzz", "circolo fuzz", "=1+1 Club"]),
    st.one_of(st.just(""), st.integers(3, 99_999).map(str)),
    st.one_of(st.just(""), st.integers(1, 99_999).map(str)),
)
wild_text = st.one_of(
    st.sampled_from(["Rossi", "D'Angelo", "de luca", "ÇELIK", "Nicolò", "", " "]),
    st.text(max_size=70),
    st.text(alphabet="ab \t\r\n\x00\x1b\u2028\"';,", max_size=12),
    st.sampled_from(["x" * 61, "y" * 200, "9" * 21, "C" * 121, "=cmd|' /C calc'!A0"]),
)
wild_number = st.one_of(
    st.integers(-5, 100_500).map(str),
    st.integers(min_value=0).map(str),
    st.sampled_from(["99999999999", "1" + "0" * 20, "10^20", "١٢", "5.0", " 7 ", "+3"]),
    wild_text,
)
wild = (*[wild_text] * 7, wild_number, wild_number)


@st.composite
def files(draw):
    lines = draw(st.lists(st.tuples(*plausible), min_size=1, max_size=4))
    lines = [list(line) for line in lines]
    damage = draw(st.sampled_from(["none", "cell", "cell", "line"]))
    row = draw(st.integers(0, len(lines) - 1))
    if damage == "cell":
        column = draw(st.integers(0, 8))
        lines[row][column] = draw(wild[column])
    elif damage == "line":
        lines[row] = [draw(strategy) for strategy in wild]
    return [tuple(line) for line in lines]


HEADER = [
    "Cognome 1",
    "Nome 1",
    "Tessera 1",
    "Cognome 2",
    "Nome 2",
    "Tessera 2",
    "Circolo",
    "Numero",
    "Testa di serie",
]


@pytest.fixture
def world(make_user):
    tournament, _girone, _pairs = build_tournament(pairs=2)
    director = make_user("direttore-import")
    grant(director, tournament, "director")
    Club.objects.create(name="Circolo Fuzz")
    Club.objects.create(name="=1+1 Club")
    return tournament, director


def _csv(lines, delimiter: str) -> str:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\r\n")
    writer.writerow(HEADER)
    writer.writerows(lines)
    return out.getvalue()


def _encode(text: str, encoding: str) -> bytes | None:
    try:
        if encoding == "utf-16-le-nobom":
            return text.encode("utf-16-le")
        if encoding == "utf-8-bom":
            return codecs.BOM_UTF8 + text.encode("utf-8")
        return text.encode(encoding)
    except UnicodeEncodeError:
        return None


def _snapshot():
    return (Pair.objects.count(), Player.objects.count(), Club.objects.count())


@FUZZ
@given(
    lines=files(),
    delimiter=st.sampled_from([";", ",", "\t"]),
    how=st.sampled_from(
        ["text", "utf-8", "utf-8-bom", "utf-16", "utf-16-le-nobom", "cp1252"]
    ),
    create=st.booleans(),
)
def test_a_fuzzed_import_saves_every_line_exactly_or_nothing(
    client, world, lines, delimiter, how, create
):
    """Each example starts from the same database (a savepoint rolled back)."""
    with transaction.atomic():
        _import_and_check(client, world, lines, delimiter, how, create)
        transaction.set_rollback(True)


def _import_and_check(client, world, lines, delimiter, how, create):
    tournament, director = world
    client.force_login(director)
    text = _csv(lines, delimiter)
    data: dict = {"confirm": "on"}
    if create:
        data["create_clubs"] = "on"
    if how == "text":
        data["text"] = text
    else:
        encoded = _encode(text, how)
        if encoded is None:
            return  # not representable in that encoding
        data["file"] = SimpleUploadedFile(
            "coppie.csv", encoded, content_type="text/csv"
        )
    before = _snapshot()
    existing = set(Pair.objects.values_list("pk", flat=True))

    response = client.post(reverse("tournament:import", args=[tournament.slug]), data)

    assert response.status_code < 500, response.content[:500]
    after = _snapshot()
    if after == before:
        event("refused")
        assert response.status_code == 200  # the page says what was wrong
        context = response.context
        assert context["form"].errors or (
            context["preview"] is not None and context["preview"].errors
        )
        return
    # A clean save: every line became exactly one pair, as the line says.
    event("saved")
    assert response.status_code == 302
    new = list(
        Pair.objects.exclude(pk__in=existing)
        .select_related("player1", "player2", "club")
        .order_by("pk")
    )
    assert len(new) == len(lines)
    for pair, line in zip(new, lines, strict=True):
        last1, first1, card1, last2, first2, card2, club, number, seed = line
        assert pair.tournament_id == tournament.pk
        assert (pair.player1.last_name, pair.player1.first_name) == (
            stored_value("last_name1", last1),
            stored_value("first_name1", first1),
        )
        assert (pair.player2.last_name, pair.player2.first_name) == (
            stored_value("last_name2", last2),
            stored_value("first_name2", first2),
        )
        assert pair.player1.membership_number == card1.strip()
        assert pair.player2.membership_number == card2.strip()
        assert len(pair.player1.last_name) <= 60 and len(pair.player2.first_name) <= 60
        assert (pair.club is None) == (not club.strip())
        if number.strip():
            assert pair.number == int(number)
        assert 1 <= pair.number <= MAX_PAIR_NUMBER
        assert pair.seed is None or 1 <= pair.seed <= MAX_SEED
        assert pair.seed == (int(seed) if seed.strip() else None)
