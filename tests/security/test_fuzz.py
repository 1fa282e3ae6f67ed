"""Random input at the entry forms, the CSV import and the API: never a server error.

Hypothesis builds the inputs: well-formed-looking values (numbers of every size,
signs, separators) mixed with arbitrary text. Each request may be refused (400, 404,
409...), but a 500 means an input reached code that did not expect it.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.budget import examples
from tests.scoring.conftest import build_round, build_tournament, grant

pytestmark = pytest.mark.django_db

FUZZ = settings(
    max_examples=examples(40),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

numbers = st.one_of(
    st.integers(-(10**6), 10**6).map(str),
    st.integers().map(str),
    st.sampled_from(["", " ", "-", "+5", "1e3", "0x10", "½", "١٢٣", "5.0", "--5"]),
)
text = st.text(max_size=40)
value = st.one_of(numbers, text)


@pytest.fixture
def world(make_user):
    tournament, girone, pairs = build_tournament(pairs=4)
    round_, _tables = build_round(
        girone, 1, [(pairs[0], pairs[1]), (pairs[2], pairs[3])]
    )
    referee = make_user("arbitro-fuzz")
    director = make_user("direttore-fuzz")
    grant(referee, tournament)
    grant(director, tournament, "director")
    return tournament, round_, referee, director


def sheet_fields(prefix: str) -> st.SearchStrategy[dict[str, str]]:
    names = [f"h{h}_{line}" for h in range(1, 6) for line in ("ns", "ew")]
    names += ["lock_version", "idempotency_key", "kind", "reason", "line"]
    names += [f"set_{k}_{line}" for k in ("mp", "vp") for line in ("ns", "ew")]
    names += [f"h1_ns_{p}" for p in ("clean", "dirty", "closed", "melded", "penalties")]
    keys = st.sampled_from([f"{prefix}{n}" for n in names] + names)
    return st.dictionaries(keys, value, max_size=14)


@FUZZ
@given(
    data=sheet_fields("t1-"),
    number=st.one_of(st.sampled_from([1, 2]), st.integers(0, 10**12)),
    extra=st.sampled_from([{}, {"detailed": "1"}, {"correction": "1"}]),
    accept=st.sampled_from(["application/json", "text/html"]),
)
def test_the_entry_endpoint_never_fails_on_random_sheets(
    client, world, data, number, extra, accept
):
    tournament, round_, referee, _ = world
    client.force_login(referee)
    url = f"/arbitro/{tournament.slug}/turno/{round_.pk}/tavolo/{number}/salva/"
    response = client.post(url, {**data, **extra}, HTTP_ACCEPT=accept)
    assert response.status_code < 500, response.content[:500]


@FUZZ
@given(data=sheet_fields(""), number=st.sampled_from([1, 2]))
def test_the_settle_endpoint_never_fails(client, world, data, number):
    tournament, round_, referee, _ = world
    client.force_login(referee)
    url = f"/arbitro/{tournament.slug}/turno/{round_.pk}/tavolo/{number}/risolvi/"
    response = client.post(url, data, HTTP_ACCEPT="application/json")
    assert response.status_code < 500, response.content[:500]


csv_cell = st.one_of(
    st.sampled_from(["Rossi", "Bianchi", "D'Angelo", "Ünal", "", " ", "123", "-4"]),
    st.text(max_size=20),
)
csv_header = st.lists(
    st.sampled_from(
        [
            "Cognome 1",
            "Nome 1",
            "Tessera 1",
            "Cognome 2",
            "Nome 2",
            "Tessera 2",
            "Circolo",
            "Numero",
            "Testa di serie",
            "boh",
            "",
        ]
    ),
    min_size=0,
    max_size=9,
)


@st.composite
def csv_texts(draw) -> str:
    if draw(st.booleans()):
        return draw(st.text(max_size=300))
    sep = draw(st.sampled_from([";", ",", "\t", "|"]))
    header = draw(csv_header)
    rows = draw(st.lists(st.lists(csv_cell, max_size=10), max_size=6))
    quote = draw(st.sampled_from(["", '"']))
    lines = [sep.join(header)] + [
        sep.join(f"{quote}{c}{quote}" for c in row) for row in rows
    ]
    return draw(st.sampled_from(["\n", "\r\n"])).join(lines)


@FUZZ
@given(text=csv_texts(), create=st.booleans(), confirm=st.booleans())
def test_the_csv_import_never_fails(client, world, text, create, confirm):
    tournament, _, _, director = world
    client.force_login(director)
    data = {"text": text}
    if create:
        data["create_clubs"] = "on"
    if confirm:
        data["confirm"] = "on"
    response = client.post(f"/direzione/{tournament.slug}/importa/", data)
    assert response.status_code < 500, response.content[:500]


path_part = st.one_of(
    st.integers(-5, 10**20).map(str),
    st.from_regex(r"[a-z0-9-]{1,30}", fullmatch=True),
    st.just("coppa"),
)
query = st.dictionaries(
    st.sampled_from(["q", "girone", "kind", "round", "line", "page", "lang", "format"]),
    value,
    max_size=3,
)


@FUZZ
@given(a=path_part, b=path_part, params=query, known=st.booleans())
def test_the_api_and_public_pages_never_fail(client, world, a, b, params, known):
    tournament, round_, _, _ = world
    slug = tournament.slug if known else a
    round_id = str(round_.pk) if known else b
    for url in (
        f"/api/v1/tournaments/{slug}",
        f"/api/v1/tournaments/{slug}/rounds",
        f"/api/v1/tournaments/{slug}/rounds/{round_id}/tables",
        f"/api/v1/tournaments/{slug}/standings",
        f"/t/{slug}/",
        f"/t/{slug}/classifica/",
        f"/t/{slug}/dove-gioco/",
        f"/t/{slug}/coppia/{b}/",
    ):
        response = client.get(url, params)
        assert response.status_code < 500, (url, params, response.content[:300])
