"""Issue 16 through result entry: what a v2 tournament stores, what v1 keeps.

Each test quotes the seed passage it checks; the rules are in docs/rules.md (§3.4
pozzetto, §6.2 forfeit, §6.5 second ammonizione, §4.3 smazzate per round, §10 Briscola).
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import PairScore, ResultVersion
from scoring.services import Breakdown, Hand, Sheet, SheetError
from standings.models import Row, Snapshot
from tests.scoring.conftest import build_round, build_tournament, grant
from tests.scoring.helpers import save, sheet
from tournament.models import Round, Tournament

Kind = ResultVersion.Kind


def scores(table):
    """{pair number: (vp, mp_for, mp_against)} of the table's stored pair scores."""
    return {
        s.pair.number: (s.vp, s.mp_for, s.mp_against)
        for s in PairScore.objects.filter(table=table).select_related("pair")
    }


def pinned(tournament: Tournament, version: int) -> Tournament:
    Tournament.objects.filter(pk=tournament.pk).update(rule_pack_version=version)
    tournament.refresh_from_db()
    return tournament


@pytest.fixture
def burraco_v2(db, make_user):
    tournament, girone, pairs = build_tournament(pairs=2)
    pinned(tournament, 2)
    user = make_user("arbitro-v2")
    grant(user, tournament)
    _, tables = build_round(girone, 1, [(pairs[0], pairs[1])])
    return tournament, tables[0], user


def test_time_out_totals_with_no_pozzetto_taken_are_accepted(burraco_v2):
    """Seed 000: "Verranno detratti anche 100 punti (-100) alle coppie che non sono
    'andate a pozzetto'". The referee types the totals the players wrote (-10 / -60)
    with the breakdown (90 and 40 melded, no pozzetto): v1 refused them (90 / 40)."""
    _, table, user = burraco_v2
    the_sheet = Sheet(
        hands=(
            Hand(-10, -60, Breakdown(melded=90), Breakdown(melded=40)),
            Hand(0, 0),
            Hand(0, 0),
        )
    )
    saved = save(table, user, the_sheet)
    assert (saved.version.mp_ns, saved.version.mp_ew) == (-10, -60)


def test_forfeit_after_smazzate_takes_the_band_minimum(burraco_v2):
    """Seed 004: "I MP di entrambe le linee saranno calcolati dai VP in base ai
    corrispondenti minimi previsti dalla tabella". EO led 1,500 to 0 (19 VP) when NS
    abandoned: EO 19 VP, MP difference +1,255 (v1 stored its 1,500)."""
    _, table, user = burraco_v2
    saved = save(
        table,
        user,
        sheet((0, 800), (0, 700), kind=Kind.FORFEIT, line="ns", reason="abbandono"),
    )
    assert scores(table) == {1: (0, 0, 1255), 2: (19, 1255, 0)}
    assert saved.version.vp_ew == 19


def test_second_warning_takes_the_equivalent_mp(burraco_v2):
    """Two ammonizioni: -1 VP "and the equivalent MP". NS 530 - EO 130 over 3 smazzate
    (14-6); NS warned: 13 VP and 430 MP (100 less: 14 VP start at 355, 13 at 255)."""
    _, table, user = burraco_v2
    save(
        table,
        user,
        sheet(
            (300, 100),
            (130, 30),
            (100, 0),
            kind=Kind.SECOND_WARNING,
            line="ns",
            reason="seconda ammonizione",
        ),
    )
    assert scores(table) == {1: (13, 430, 130), 2: (6, 130, 430)}


def test_v1_tournaments_keep_v1(db, make_user):
    """A tournament pinned to v1 keeps v1: the MP untouched by a second warning."""
    tournament, girone, pairs = build_tournament(pairs=2)
    user = make_user("arbitro-v1")
    grant(user, tournament)
    _, tables = build_round(girone, 1, [(pairs[0], pairs[1])])
    save(
        tables[0],
        user,
        sheet((300, 100), (130, 30), (100, 0), kind=Kind.SECOND_WARNING, line="ns",
              reason="seconda ammonizione"),
    )  # fmt: skip
    assert scores(tables[0]) == {1: (13, 530, 130), 2: (6, 130, 530)}


def test_a_round_without_a_vp_table_gets_a_clear_message(burraco_v2):
    """Seed 004 has tables for "1 o 2", 3 and "4 smazzate": a round of 5 is refused
    with a message, not a raw error."""
    _, table, user = burraco_v2
    Round.objects.filter(pk=table.round_id).update(hands=5)
    table.refresh_from_db()
    with pytest.raises(SheetError) as exc:
        save(table, user, sheet((100, 0)))
    message = " ".join(m for msgs in exc.value.errors.values() for m in msgs)
    assert "5" in message and "1, 2, 3, 4" in message


# --- Briscola ------------------------------------------------------------------


def briscola_world(make_user, pack: str, version: int, pairs: int = 2):
    tournament, girone, made = build_tournament(
        pairs=pairs, game="briscola", rule_pack=pack, hands=3
    )
    pinned(tournament, version)
    user = make_user(f"arbitro-{pack}-{version}-{pairs}")
    grant(user, tournament)
    return tournament, girone, made, user


def test_briscola_v2_stores_partite(db, make_user):
    """briscola-approdo: "diff: partite won minus partite lost ... (NOT card points)"."""
    _, girone, pairs, user = briscola_world(make_user, "briscola-approdo", 2)
    _, tables = build_round(girone, 1, [(pairs[0], pairs[1])], hands=3)
    save(tables[0], user, sheet((68, 52), (40, 80), (75, 45)))
    assert scores(tables[0]) == {1: (1, 2, 1), 2: (0, 1, 2)}


def test_briscola_v1_keeps_card_points(db, make_user):
    _, girone, pairs, user = briscola_world(make_user, "briscola-approdo", 1)
    _, tables = build_round(girone, 1, [(pairs[0], pairs[1])], hands=3)
    save(tables[0], user, sheet((68, 52), (40, 80), (75, 45)))
    assert scores(tables[0]) == {1: (1, 183, 177), 2: (0, 177, 183)}


@pytest.mark.parametrize(
    ("version", "order"), [(2, [2, 1, 3]), (1, [2, 3, 1])], ids=["v2", "v1"]
)
def test_briscola_three_way_tie_in_the_stored_standings(db, make_user, version, order):
    """A-B 2-1, B-C 2-0, C-A 2-1 (A=1, B=2, C=3): seed 001 "In caso di parità fra tre
    o più squadre passerà il turno chi ha più punti nella classifica avulsa"; all level
    there, the partite difference ranks B, A, C (v2); card points B, C, A (v1)."""
    _, girone, p, user = briscola_world(make_user, "briscola-approdo", version, 3)
    games = {
        (0, 1): [(61, 59), (59, 61), (61, 59)],
        (1, 2): [(120, 0), (61, 59)],
        (2, 0): [(110, 10), (59, 61), (61, 59)],
    }
    for number, ((a, b), partite) in enumerate(games.items(), start=1):
        _, tables = build_round(girone, number, [(p[a], p[b])], hands=3)
        save(tables[0], user, sheet(*partite))
    snapshot = Snapshot.objects.get(girone=girone, kind="confirmed", line="")
    rows = Row.objects.filter(snapshot=snapshot).order_by("index")
    assert [r.pair_number for r in rows] == order
    note = snapshot.notes[0][0]
    assert ("differenza partite" in note) == (version == 2), note


def test_briscola_vp_forfeit_minimo_14(db, make_user):
    """Seed 002: "la linea avversaria farà minimo 14 VP": 20 when it led 1-0."""
    _, girone, pairs, user = briscola_world(make_user, "briscola-vp", 2)
    _, tables = build_round(girone, 1, [(pairs[0], pairs[1])], hands=3)
    save(tables[0], user, sheet((30, 90), kind=Kind.FORFEIT, line="ns", reason="via"))
    assert scores(tables[0]) == {1: (0, 0, 1), 2: (20, 1, 0)}


def test_briscola_rest_points_follow_the_pack(db, make_user):
    """Seed 001 gives a point to "la squadra che vince due partite su tre": a rest, 0."""
    _, girone, pairs, user = briscola_world(make_user, "briscola-approdo", 2)
    _, tables = build_round(girone, 1, [(pairs[0], None)], hands=3)
    save(tables[0], user, Sheet(kind=Kind.REST, reason="riposo"))
    assert scores(tables[0]) == {1: (0, 0, 0)}


def test_briscola_entry_page_shows_the_best_of_and_briscola_words(
    db, client, make_user
):
    """A match set to 3 partite shows 3 rows (the 2 spares for a replayed 60-60 are
    hidden until one is typed) and no Burraco word."""
    tournament, girone, pairs, user = briscola_world(make_user, "briscola-approdo", 2)
    round_, _tables = build_round(girone, 1, [(pairs[0], pairs[1])], hands=3)
    client.force_login(user)
    url = reverse(
        "scoring:entry", kwargs={"slug": tournament.slug, "round_id": round_.pk}
    )
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert page.count('<tr hidden><th scope="row">') == 2
    assert "partite per incontro: 3" in page
    assert "smazzat" not in page.lower()
    table_url = reverse(
        "scoring:table",
        kwargs={"slug": tournament.slug, "round_id": round_.pk, "number": 1},
    )
    page = client.get(table_url).content.decode()
    assert "Ritardo" not in page and "ammonizione" not in page
    assert "smazzat" not in page.lower() and "set_mp_ns" not in page
