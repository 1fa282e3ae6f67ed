"""The director's and referees' forms fuzzed with hypothesis: a clear error or a clean save.

For every form, hypothesis builds the posted fields from plausible values (real names,
small numbers, the choices the form offers) mixed with hostile ones (numbers past any
column, negative, of other scripts; NUL bytes; text longer than any column; unknown
choices). Each post must end in one of two ways, on SQLite and PostgreSQL alike:

- refused: the answer shows the error (an error list on the page, or an error message
  after a redirect), and nothing in the database changed;
- saved: every row of the tournament fits the columns of PostgreSQL (lengths, integer
  ranges, no NUL), so that SQLite never keeps what PostgreSQL would refuse.

Never a 500. (The score sheet's own endpoints are fuzzed in ``test_fuzz.py``; the CSV
import there too.)
"""

from __future__ import annotations

import pytest
from django.apps import apps
from django.db import models
from django.test import Client
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from knockout import services as knockout
from knockout.models import BracketMatch
from tests import dbstate
from tests.budget import examples
from tests.knockout.factories import make_gironi, play_gironi, staff
from tests.knockout.factories import make_tournament as make_ko_tournament
from tests.scoring.conftest import build_round, build_tournament, grant
from tournament.inputs import RANGES

pytestmark = pytest.mark.django_db

FUZZ = settings(
    max_examples=examples(30),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

HUGE = ["99999999999", str(10**20), "2147483648", "32768", "9223372036854775808"]
numbers = st.one_of(
    st.integers(-3, 40).map(str),
    st.sampled_from([*HUGE, "-1", "0", "", " ", "١٢", "²", "1e3", "0x10", "5.0"]),
    st.integers().map(str),
)
hostile_text = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["\x00", "Ros\x00si", "R" * 61, "C" * 121, "x" * 201, "=1+1"]),
)
hostile = st.one_of(st.sampled_from(HUGE), numbers, hostile_text)
names = st.sampled_from(["Rossi", "D'Angelo", "Ünal", "Bianchi", "Verdi", "Lo Russo"])
small = st.integers(1, 9).map(str)


def spoiled(valid: dict[str, st.SearchStrategy[str]], at_most: int = 2):
    """A form's fields: valid values, with up to ``at_most`` of them made hostile.

    One bad field among good ones reaches the save (where a value past a column would
    be written); several at once exercise the error display.
    """
    bad = st.dictionaries(st.sampled_from(sorted(valid)), hostile, max_size=at_most)
    return st.fixed_dictionaries(valid).flatmap(
        lambda base: bad.map(lambda spoils: {**base, **spoils})
    )


#: The apps whose rows a director's or referee's form writes (and the users: staff).
APPS = ("tournament", "knockout", "standings", "scoring")
MODELS = ("auth.User",)


def rows() -> dict[str, str | None]:
    """Every row of the data apps (the fixtures are small), as text by model: one
    query (tests/dbstate.py), compared before/after."""
    return dbstate.state(dbstate.data_models(APPS, MODELS))


def misfits(before: dict[str, str | None], after: dict[str, str | None]) -> list[str]:
    """Values that PostgreSQL's columns would refuse, in the tables that changed
    (every row of them: the fixtures' rows fit, so only new or changed ones can fail)."""
    problems = []
    for label, found in dbstate.values(dbstate.changed(before, after)).items():
        model = apps.get_model(label)
        for row in found:
            for field in model._meta.concrete_fields:
                value = row.get(field.attname)
                kind = field.get_internal_type()
                if isinstance(value, str):
                    if "\x00" in value:
                        problems.append(f"{label}.{field.name}: a NUL byte")
                    limit = getattr(field, "max_length", None)
                    too_long = limit is not None and len(value) > limit
                    if isinstance(field, models.CharField) and too_long:
                        problems.append(f"{label}.{field.name}: {len(value)} chars")
                elif isinstance(value, int) and kind in RANGES:
                    low, high = RANGES[kind]
                    if not low <= value <= high:
                        problems.append(f"{label}.{field.name}: {value}")
    return problems


def shows_an_error(response) -> bool:
    queued = getattr(
        getattr(response.wsgi_request, "_messages", None), "_queued_messages", []
    )
    if any(m.level_tag == "error" for m in queued):
        return True
    html = response.content.decode(errors="replace")
    # An import's preview lists its problems by line ("line-errors").
    return any(
        mark in html for mark in ('class="errorlist', "msg-error", "line-errors")
    )


def saved(response) -> bool:
    queued = getattr(
        getattr(response.wsgi_request, "_messages", None), "_queued_messages", []
    )
    return any(m.level_tag == "success" for m in queued)


def post_and_check(client: Client, url: str, data: dict) -> None:
    """Post ``data``: a clear refusal that changed nothing, or a save that fits."""
    before = rows()
    response = client.post(url, data)
    assert response.status_code < 500, (url, data, response.content[:300])
    after = rows()
    refused = response.status_code in (400, 403, 404, 405, 409) or (
        shows_an_error(response) and not saved(response)
    )
    if refused:
        assert after == before, (
            url,
            data,
            "refused but changed",
            dbstate.changed(before, after),
        )
    elif after != before:
        problems = misfits(before, after)
        assert not problems, (url, data, problems)
    else:
        # Nothing changed and nothing said: only a save that had nothing to change.
        assert saved(response), (url, data, "no error shown", response.status_code)


#: Valid posts, spoiled by the explicit examples (the issue's cases).
TOURNAMENT = {
    "name": "Coppa",
    "date": "2026-05-01",
    "game": "burraco",
    "rule_pack": "fibur-2026",
    "hands_per_round": "3",
    "rounds_planned": "4",
    "movement_plan": "mitchell",
    "entry_mode": "single",
    "entry_by": "referees",
}
PAIR = {
    "last_name1": "Rossi",
    "first_name1": "Anna",
    "last_name2": "Bianchi",
    "first_name2": "Bruno",
    "create_club": "on",
}


@pytest.fixture
def director(make_user):
    tournament, girone, pairs = build_tournament(pairs=6, slug="coppa-moduli")
    build_round(
        girone, 1, [(pairs[0], pairs[1]), (pairs[2], pairs[3]), (pairs[4], pairs[5])]
    )
    user = make_user("direttore-moduli")
    grant(user, tournament, "director")
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return tournament, client


@FUZZ
@given(
    data=spoiled(
        {
            "name": names,
            "date": st.sampled_from(["2026-05-01", "2027-01-31"]),
            "venue": names,
            "game": st.sampled_from(["burraco", "briscola"]),
            "rule_pack": st.sampled_from(["fibur-2026", "briscola-approdo"]),
            "hands_per_round": small,
            "rounds_planned": small,
            "movement_plan": st.sampled_from(["mitchell", "3xmitchell+danese"]),
            "mitchell_step": st.sampled_from(["", "1", "3"]),
            "entry_mode": st.sampled_from(["single", "double"]),
            "organiser": st.just(""),
            "totals_only": st.sampled_from(["", "on"]),
            "correction_minutes": st.sampled_from(["", "0", "10", "1440"]),
            "entry_by": st.sampled_from(["referees", "players", "both"]),
            "idle_minutes": st.sampled_from(["", "1", "30", "600"]),
        }
    ),
    editing=st.booleans(),
)
@example(data={**TOURNAMENT, "entry_by": "everybody"}, editing=True)
@example(data={**TOURNAMENT, "idle_minutes": str(10**12)}, editing=False)
@example(data={**TOURNAMENT, "correction_minutes": "1441"}, editing=True)
@example(data={**TOURNAMENT, "correction_minutes": str(10**12)}, editing=False)
@example(data={**TOURNAMENT, "mitchell_step": "99999"}, editing=True)
@example(data={**TOURNAMENT, "hands_per_round": "3", "name": "N" * 151}, editing=False)
def test_the_tournament_form(director, data, editing):
    tournament, client = director
    url = f"/direzione/{tournament.slug}/modifica/" if editing else "/direzione/nuovo/"
    post_and_check(client, url, data)


@FUZZ
@given(
    data=spoiled(
        {
            "last_name1": names,
            "first_name1": names,
            "membership1": st.just(""),
            "last_name2": names,
            "first_name2": names,
            "membership2": st.just(""),
            "club": st.sampled_from(["", "Circolo Aurora"]),
            "seed": st.sampled_from(["", "1", "7"]),
            "number": st.just(""),
            "create_club": st.just("on"),
        }
    )
)
@example(data={**PAIR, "number": "99999999999"})
@example(data={**PAIR, "seed": str(10**20)})
@example(data={**PAIR, "last_name2": "R" * 200})
def test_the_pair_form(director, data):
    tournament, client = director
    post_and_check(client, f"/direzione/{tournament.slug}/coppie/", data)


@FUZZ
@given(
    data=spoiled(
        {
            "name": names.map(lambda n: f"Circolo {n}"),
            "city": names,
            "federation_code": st.sampled_from(["", "RM01"]),
        }
    )
)
def test_the_club_form(director, data):
    _, client = director
    post_and_check(client, "/direzione/circoli/", data)


@FUZZ
@given(
    data=spoiled(
        {
            "count": st.sampled_from(["1", "2", "3"]),
            "method": st.sampled_from(["snake", "random", "manual"]),
            "seed": st.sampled_from(["", "42"]),
            "avoid_clubs": st.sampled_from(["on", ""]),
            **{f"pair-{n}": st.sampled_from(["", "A", "B", "a"]) for n in range(1, 7)},
        }
    )
)
@example(data={"count": "1", "method": "random", "seed": str(10**20)})
def test_the_gironi_form(director, data):
    tournament, client = director
    post_and_check(client, f"/direzione/{tournament.slug}/gironi/", data)


@FUZZ
@given(
    action=st.sampled_from(["scambia", "visibilita", "pubblica", "ritira"]),
    data=spoiled(
        {
            "first": st.sampled_from(["1", "2", "5"]),
            "second": st.sampled_from(["3", "4", "6"]),
            "tables_public": st.sampled_from(["on", ""]),
            "results_public": st.sampled_from(["on", ""]),
        }
    ),
)
def test_the_round_forms(director, action, data):
    tournament, client = director
    url = f"/direzione/{tournament.slug}/gironi/A/turni/1/{action}/"
    post_and_check(client, url, data)


@FUZZ
@given(
    data=spoiled({"girone": st.sampled_from(["A", "B", "a", ""])}),
    number=st.sampled_from(["1", "6", "99999"]),
)
def test_the_late_pair_and_switch_forms(director, data, number):
    tournament, client = director
    post_and_check(
        client, f"/direzione/{tournament.slug}/coppie/{number}/girone/", data
    )
    post_and_check(client, f"/direzione/{tournament.slug}/gironi/A/danese/", data)


@FUZZ
@given(
    data=st.fixed_dictionaries(
        {
            "field": st.sampled_from(["tables", "results", "", "status", "\x00"]),
            "value": st.sampled_from(["1", "0", "", "١", "\x00"]),
        }
    ),
    status=st.sampled_from(["draft", "registration", "running", "finished", "x"]),
    number=st.sampled_from(["1", "2", "99999"]),
)
def test_the_status_and_release_forms(director, data, status, number):
    tournament, client = director
    rnd = tournament.stages.get().gironi.get().rounds.get()
    post_and_check(client, f"/classifiche/{tournament.slug}/turni/{rnd.pk}/", data)
    post_and_check(client, f"/direzione/{tournament.slug}/stato/", {"status": status})
    post_and_check(
        client,
        f"/direzione/{tournament.slug}/coppie/{number}/ritiro/",
        {"withdrawn": data["value"]},
    )


#: Usernames that Django stores as another one (NFKC) or that differ from one only by
#: case beyond ASCII: each existing account below has such a twin.
EXISTING_USERS = ("admin", "arbitro", "élodie", "ﬁlippo")
unicode_usernames = st.one_of(
    st.sampled_from(
        [
            "arbitro-nuovo",
            "Mario.Rossi",
            "ａｒｂｉｔｒｏ",
            "ａｄｍｉｎ",
            "ＡＲＢＩＴＲＯ",
            "ÉLODIE",
            "FILIPPO",
            "ǅorđe",
            "ß-strasse",
        ]
    ),
    st.text(alphabet=st.characters(categories=["L", "N", "Pd", "Zs"]), max_size=20),
)


def folded_usernames() -> list[str]:
    from django.contrib.auth import get_user_model

    User = get_user_model()
    return [
        User.normalize_username(name).casefold()
        for name in User.objects.values_list("username", flat=True)
    ]


@FUZZ
@given(
    data=spoiled(
        {
            "username": unicode_usernames,
            "first_name": names,
            "last_name": names,
            "role": st.sampled_from(["referee", "chief_referee", "director"]),
        }
    ),
    create=st.booleans(),
)
def test_the_staff_forms(director, data, create):
    """Any username, full-width and of any script included: a clear refusal or a save;
    never a second account that differs from another only by case or width (a 500
    for "ａｄｍｉｎ" before, and "ＡＲＢＩＴＲＯ" beside "arbitro")."""
    from django.contrib.auth import get_user_model

    tournament, client = director
    for name in EXISTING_USERS:
        get_user_model().objects.get_or_create(username=name)
    action = "nuovo" if create else "aggiungi"
    post_and_check(client, f"/direzione/{tournament.slug}/staff/{action}/", data)
    folded = folded_usernames()
    assert len(folded) == len(set(folded)), sorted(folded)


@pytest.fixture
def federation_world(director):
    """The director's tournament, whose pair 1 has a player and a club of its own,
    and another tournament that shares pair 2's first player and club."""
    from participants.models import Pair
    from people.models import Club
    from tests.scoring.conftest import build_tournament as build

    tournament, client = director
    pairs = list(tournament.pairs.order_by("number"))
    own, shared = (
        Club.objects.create(name="Circolo Proprio"),
        Club.objects.create(name="Circolo Comune"),
    )
    Pair.objects.filter(pk=pairs[0].pk).update(club=own)
    Pair.objects.filter(pk=pairs[1].pk).update(club=shared)
    _other, _girone, other_pairs = build(pairs=2, slug="altro-federazione")
    Pair.objects.filter(pk=other_pairs[0].pk).update(
        player1=pairs[1].player1, club=shared
    )
    return tournament, client, pairs, own, shared


@FUZZ
@given(
    value=st.one_of(
        hostile,
        st.sampled_from(["rm 123 4", "BF\x01123", "\x7f", "RM-042", "x" * 40, ""]),
    ),
    which=st.sampled_from(["own-player", "shared-player", "own-club", "shared-club"]),
)
def test_the_federation_fix_forms(federation_world, value, which):
    """The tessera and club code forms of the federation check: NUL, control
    characters, any length; a player or club another tournament uses never changes."""
    from people.models import Club, Player

    tournament, client, pairs, own, shared = federation_world
    base = f"/classifiche/{tournament.slug}/federazione/"
    target = {
        "own-player": (
            f"{base}tessera/{pairs[0].player1_id}/",
            Player,
            pairs[0].player1_id,
        ),
        "shared-player": (
            f"{base}tessera/{pairs[1].player1_id}/",
            Player,
            pairs[1].player1_id,
        ),
        "own-club": (f"{base}circolo/{own.pk}/", Club, own.pk),
        "shared-club": (f"{base}circolo/{shared.pk}/", Club, shared.pk),
    }[which]
    url, model, pk = target
    before = model.objects.filter(pk=pk).values().get()
    post_and_check(client, url, {"value": value})
    if which.startswith("shared"):
        assert model.objects.filter(pk=pk).values().get() == before


@pytest.fixture
def knockout_world():
    tournament = make_ko_tournament()
    play_gironi(tournament, make_gironi(tournament, {"A": 4, "B": 4}))
    director, referee = staff(tournament)
    bracket = knockout.confirm_qualifiers(
        tournament,
        by=director,
        qualify="per_girone",
        per_girone=2,
        best_next=0,
        count=0,
        tiers_by_overall=False,
        gironi=[],
        seeding="separate_gironi",
        third_place=False,
        best_of=None,
        final_best_of=None,
        waiting_minutes=10,
        name="",
    )
    knockout.draw_bracket(bracket.pk, by=director)
    clients = {}
    for name, user in (("director", director), ("referee", referee)):
        clients[name] = Client(raise_request_exception=False)
        clients[name].force_login(user)
    return tournament, bracket, clients


def post_sheet_and_check(client: Client, url: str, data: dict) -> None:
    """:func:`post_and_check`, but a conflict (409) may add its rejected version."""
    from scoring.models import ResultVersion

    before = rows()
    kept = set(ResultVersion.objects.values_list("pk", flat=True))
    response = client.post(url, data)
    assert response.status_code < 500, (url, data, response.content[:300])
    after = rows()
    if response.status_code == 409:
        added = ResultVersion.objects.exclude(pk__in=kept)
        assert all(v.status == "rejected" for v in added), (url, data)
        return
    refused = response.status_code in (400, 403, 404, 405) or (
        shows_an_error(response) and not saved(response)
    )
    if refused:
        assert after == before, (
            url,
            data,
            "refused but changed",
            dbstate.changed(before, after),
        )
    elif after != before:
        assert not misfits(before, after), (url, data)
    else:
        assert saved(response), (url, data, "no error shown", response.status_code)


score = st.one_of(
    st.integers(-5, 130).map(str), st.sampled_from(["", *HUGE, "١", "\x00"])
)


@FUZZ
@given(
    data=st.dictionaries(
        st.sampled_from(
            [f"g{n}{s}" for n in range(1, 7) for s in "ab"]
            + [f"s{n}{s}" for n in range(1, 4) for s in "ab"]
            + ["no_show", "last_trick", "last_move"]
        ),
        st.one_of(score, st.sampled_from(["a", "b", "c"])),
        max_size=10,
    ),
    index=st.sampled_from([0, 1]),
)
def test_the_knockout_match_form(knockout_world, data, index):
    tournament, bracket, clients = knockout_world
    assert BracketMatch.objects.filter(bracket=bracket, round=1).count() == 2
    url = f"/tabellone/{tournament.slug}/arbitro/{bracket.pk}/1/{index}/"
    post_and_check(clients["referee"], url, data)


@FUZZ
@given(
    data=spoiled(
        {
            "name": st.sampled_from(["", "Tabellone"]),
            "gironi": st.sampled_from(["", "A", "A, B", "A;B"]),
            "qualify": st.sampled_from(["per_girone", "overall"]),
            "per_girone": st.sampled_from(["1", "2"]),
            "best_next": st.sampled_from(["0", "1"]),
            "count": st.sampled_from(["", "2", "4"]),
            "seeding": st.sampled_from(["separate_gironi", "overall"]),
            "third_place": st.sampled_from(["on", ""]),
            "best_of": st.sampled_from(["", "3"]),
            "final_best_of": st.sampled_from(["", "5"]),
            "waiting_minutes": st.sampled_from(["10", "0"]),
        }
    )
)
def test_the_qualification_form(knockout_world, data):
    tournament, _bracket, clients = knockout_world
    client = clients["director"]
    response = client.get(f"/tabellone/{tournament.slug}/direzione/", data)
    assert response.status_code < 500, (data, response.content[:300])
    post_and_check(client, f"/tabellone/{tournament.slug}/direzione/conferma/", data)


# Team tournaments (docs/rules.md §11): the team form, the team CSV import, the
# gironi, the withdrawal, each match's line-ups, the tournament form with the format,
# a team knockout match.

TEAM = {
    "name": "I Leoni",
    "club": "",
    "captain": "1",
    "last_name1": "Rossi",
    "first_name1": "Anna",
    "last_name2": "Bianchi",
    "first_name2": "Bruno",
    "last_name3": "Verdi",
    "first_name3": "Carla",
    "last_name4": "Neri",
    "first_name4": "Dino",
    "create_club": "on",
}


@pytest.fixture
def team_director(make_user):
    """Two team tournaments of one director: ``fresh`` (teams, no girone yet) and
    ``running`` (4 teams of 6, round 1 published, nothing typed)."""
    from draw.services import rounds
    from tests.teams.factories import make_team_event

    user = make_user("direttore-squadre")
    fresh, _ = make_team_event(teams_count=4, gironi=0, by=user)
    running, made = make_team_event(teams_count=4, roster=6, by=user)
    rounds.publish_round(rounds.generate_round(made[0].girone))
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return fresh, running, client


@FUZZ
@given(
    data=spoiled(
        {
            "name": names.map(lambda n: f"Squadra {n}"),
            "club": st.sampled_from(["", "Circolo Aurora"]),
            "captain": st.sampled_from(["1", "2", "6"]),
            "seed": st.sampled_from(["", "1", "7"]),
            "number": st.sampled_from(["", "12"]),
            "create_club": st.just("on"),
            **{
                f"{field}{n}": names if n <= 4 else st.sampled_from(["", "Gallo"])
                for n in range(1, 7)
                for field in ("last_name", "first_name")
            },
            **{f"membership{n}": st.sampled_from(["", "RM123"]) for n in (1, 5)},
        }
    )
)
@example(data={**TEAM, "number": "99999999999"})
@example(data={**TEAM, "seed": str(10**20)})
@example(data={**TEAM, "number": "1000"})
@example(data={**TEAM, "name": "N" * 121})
@example(data={**TEAM, "captain": "١"})
@example(data={**TEAM, "last_name3": "R\x00ssi"})
def test_the_team_form(team_director, data):
    fresh, _running, client = team_director
    post_and_check(client, f"/direzione/{fresh.slug}/squadre/", data)


TEAM_HEADER = "Squadra;Circolo;Capitano;Numero;Testa di serie;" + ";".join(
    f"Cognome {n};Nome {n}" for n in range(1, 5)
)
team_cell = st.one_of(names, hostile)


@FUZZ
@given(
    lines=st.lists(
        st.tuples(
            names.map(lambda n: f"Squadra {n}"),
            st.sampled_from(["", "Circolo Aurora"]),
            st.one_of(st.sampled_from(["", "1", "4"]), hostile),
            st.one_of(st.sampled_from(["", "20", "21"]), hostile),
            st.one_of(st.sampled_from(["", "3"]), hostile),
            *[st.one_of(names, names, names, hostile) for _ in range(8)],
        ),
        min_size=1,
        max_size=3,
    ),
    create=st.booleans(),
)
@example(
    lines=[("I Lupi", "", "1", "9" * 20, "", *["Rossi", "Anna"] * 4)], create=False
)
@example(lines=[("L" * 121, "", "", "", "", *["Rossi", "Anna"] * 4)], create=False)
def test_the_team_import(team_director, lines, create):
    fresh, _running, client = team_director
    text = "\n".join(
        [TEAM_HEADER]
        + [
            ";".join(c.replace(";", ",").replace("\n", " ") for c in line)
            for line in lines
        ]
    )
    data = {"text": text, "confirm": "on"}
    if create:
        data["create_clubs"] = "on"
    post_and_check(client, f"/direzione/{fresh.slug}/squadre/importa/", data)


@FUZZ
@given(
    data=spoiled(
        {
            "count": st.sampled_from(["1", "2", "3"]),
            "method": st.sampled_from(["snake", "random", "manual"]),
            "seed": st.sampled_from(["", "42"]),
            "avoid_clubs": st.sampled_from(["on", ""]),
        }
    ),
    running=st.booleans(),
)
@example(data={"count": "2", "method": "random", "seed": str(10**20)}, running=False)
def test_the_team_gironi_form(team_director, data, running):
    fresh, busy, client = team_director
    tournament = busy if running else fresh
    post_and_check(client, f"/direzione/{tournament.slug}/gironi/", data)


@FUZZ
@given(
    number=st.sampled_from(["1", "4", "5", "999", "99999999999"]),
    withdrawn=st.sampled_from(["1", "0", "", "١", "\x00"]),
)
def test_the_team_withdrawal(team_director, number, withdrawn):
    fresh, _running, client = team_director
    post_and_check(
        client,
        f"/direzione/{fresh.slug}/squadre/{number}/ritiro/",
        {"withdrawn": withdrawn},
    )


@FUZZ
@given(
    side=st.sampled_from(["a", "b", "", "c", "\x00"]),
    places=st.lists(
        st.one_of(st.integers(0, 5), st.sampled_from([*HUGE, "", "١", "\x00", "-1"])),
        min_size=4,
        max_size=4,
    ),
    match=st.sampled_from(["1", "2", "3"]),
)
def test_the_lineup_form(team_director, side, places, match):
    """``places``: the roster places of the four players (or hostile values)."""
    from seating.models import TeamMatch

    _fresh, running, client = team_director
    found = TeamMatch.objects.filter(round__girone__stage__tournament=running)
    found = found.filter(number=match).first()
    roster = []
    if found is not None and side in ("a", "b"):
        team = found.team_a if side == "a" else found.team_b
        roster = [m.player_id for m in team.members.order_by("order")]
    data = {"side": side}
    for key, place in zip(("p1a", "p1b", "p2a", "p2b"), places, strict=True):
        value = str(roster[place]) if isinstance(place, int) and roster else place
        data[f"{side}-{key}"] = str(value)
    url = f"/direzione/{running.slug}/gironi/A/turni/1/formazioni/{match}/"
    post_and_check(client, url, data)


@FUZZ
@given(
    data=spoiled(
        {
            **{k: st.just(v) for k, v in TOURNAMENT.items()},
            "format": st.sampled_from(["teams", "pairs", "", "squadre"]),
            "movement_plan": st.sampled_from(
                ["round_robin", "danese_modificato", "mitchell", "3xdanese"]
            ),
            "rounds_planned": st.sampled_from(["3", "4", "7"]),
        }
    ),
)
@example(data={**TOURNAMENT, "format": "teams", "game": "briscola"})
@example(data={**TOURNAMENT, "format": "teams", "movement_plan": "mitchell"})
def test_the_tournament_form_with_the_format(director, data):
    _tournament, client = director
    post_and_check(client, "/direzione/nuovo/", data)


@pytest.fixture
def team_knockout_world(make_user):
    """Four teams, the all'italiana played, a team bracket drawn (2 smazzate a table)."""
    from draw.services import rounds
    from tests.teams.factories import make_team_event, play_round

    user = make_user("direttore-tabellone-squadre")
    tournament, made = make_team_event(teams_count=4, plan="round_robin", by=user)
    for _ in range(3):
        play_round(rounds.generate_round(made[0].girone), user)
    bracket = knockout.confirm_qualifiers(
        tournament, by=user, per_girone=4, best_of=2, final_best_of=2
    )
    knockout.draw_bracket(bracket.pk, by=user)
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return tournament, bracket, client


@FUZZ
@given(
    data=st.dictionaries(
        st.sampled_from(
            [f"g{n}{s}" for n in range(1, 7) for s in "ab"]
            + ["no_show", "last_trick", "last_move"]
        ),
        st.one_of(score, st.sampled_from(["a", "b", "c"])),
        max_size=10,
    ),
    index=st.sampled_from([0, 1]),
)
@example(
    data={"g1a": "500", "g1b": "300", "g2a": "200", "g2b": "100", "g3a": "100"}
    | {"g3b": "200", "g4a": "100", "g4b": "100"},
    index=0,
)  # saved: 900-700, two tables of 2 smazzate
def test_the_team_knockout_match_form(team_knockout_world, data, index):
    """A team match is two tables: its games are both tables' smazzate."""
    tournament, bracket, client = team_knockout_world
    url = f"/tabellone/{tournament.slug}/arbitro/{bracket.pk}/1/{index}/"
    post_and_check(client, url, data)


@FUZZ
@given(
    action=st.sampled_from(["scambia", "visibilita", "pubblica", "ritira"]),
    data=spoiled(
        {
            "first": st.sampled_from(["1", "2", "5"]),
            "second": st.sampled_from(["3", "4", "6"]),
            "tables_public": st.sampled_from(["on", ""]),
            "results_public": st.sampled_from(["on", ""]),
        }
    ),
)
def test_the_team_round_forms(team_director, action, data):
    """A team round: the swap exchanges two teams (their matches), the rest as for
    pairs."""
    _fresh, running, client = team_director
    url = f"/direzione/{running.slug}/gironi/A/turni/1/{action}/"
    post_and_check(client, url, data)


@pytest.fixture
def player_phone(make_user):
    """A phone holding table 1's code (issue 30), its line said: NS."""
    from seating.models import TableCode
    from seating.services.table_codes import issue_codes

    tournament, girone, pairs = build_tournament(pairs=4, slug="coppa-giocatori")
    tournament.entry_by = "players"
    tournament.save(update_fields=["entry_by"])
    round_, _tables = build_round(
        girone, 1, [(pairs[0], pairs[1]), (pairs[2], pairs[3])]
    )
    issue_codes(round_)
    code = TableCode.objects.get(table__round=round_, table__number=1)
    client = Client(raise_request_exception=False)
    assert client.get(f"/tavolo/{code.code}/").status_code == 302
    client.post("/tavolo/foglio/linea/", {"line": "ns"})
    return client


score = st.one_of(st.integers(-200, 1200).map(lambda n: str(n - n % 5)), hostile)


@FUZZ
@given(
    data=spoiled(
        {
            **{f"h{n}_{line}": score for n in (1, 2, 3) for line in ("ns", "ew")},
            "lock_version": st.sampled_from(["0", "1"]),
            "idempotency_key": st.uuids().map(lambda u: u.hex),
            "confirm": st.sampled_from(["", "1"]),
            "reason": hostile_text,
            "kind": st.sampled_from(["", "normal", "forfeit", "referee_set", "x"]),
            "line": st.sampled_from(["", "ns", "ew", "zz"]),
        },
        at_most=3,
    ),
    then=st.sampled_from(["", "confirm-as-ew", "type-as-ew"]),
)
@example(
    data={"h1_ns": "99999999999", "lock_version": "0", "idempotency_key": "k"}, then=""
)
@example(data={"h1_ns": "\x00", "lock_version": "0", "idempotency_key": "k"}, then="")
@example(data={"lock_version": str(10**20), "idempotency_key": "k"}, then="")
def test_the_players_sheet(player_phone, data, then):
    """Issue 30: the players' sheet and confirmation, typed as phones do; never a 500,
    a clear refusal that changed nothing or a save that fits the columns (a conflict,
    409, keeps the losing attempt as a rejected version, as a referee's does)."""
    post_sheet_and_check(player_phone, "/tavolo/foglio/salva/", data)
    if then == "confirm-as-ew":
        from scoring.models import ResultVersion

        pending = ResultVersion.objects.filter(status="entered").first()
        post_and_check(
            player_phone,
            "/tavolo/foglio/conferma/",
            {
                "version": str(pending.pk if pending else 1),
                "lock_version": data.get("lock_version", "0"),
                "line": "ew",
            },
        )
    elif then == "type-as-ew":
        player_phone.post("/tavolo/foglio/linea/", {"line": "ew"})
        post_sheet_and_check(
            player_phone, "/tavolo/foglio/salva/", {**data, "idempotency_key": "ew"}
        )
