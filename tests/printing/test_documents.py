"""Every document's text, extracted from the PDF, matches the data it prints."""

from __future__ import annotations

import pytest
from django.utils import translation

from printing.documents import DocumentError, build
from printing.documents.cardframe import card_frame_png
from printing.documents.scorecards import briscola_frame_labels, frame_labels, vp_rows
from printing.pdf import render_pdf
from rules.packs import load_pack
from rules.vp import vp_table
from tournament.models import Round

from .conftest import pdf_pages
from .factories import make_standings

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def italian():
    with translation.override("it"):
        yield


def first_round(world, label="A"):
    return Round.objects.get(
        girone__stage__tournament=world, girone__label=label, number=1
    )


def test_table_list_by_table_and_alphabetically(world):
    rnd = first_round(world)
    pdf = render_pdf(build(world, "tables", f"round:{rnd.pk}"))
    pages = pdf_pages(pdf.data)
    text = " ".join(pages)
    assert "Torneo di Natale" in text and "Circolo del Burraco, Roma" in text
    assert "Girone A – turno 1" in text
    tables = list(rnd.tables.select_related("pair_ns__player1", "pair_ew__player1"))
    for table in tables:
        assert f"{table.pair_ns.number} {table.pair_ns.names}" in text
        if table.pair_ew:
            assert f"{table.pair_ew.number} {table.pair_ew.names}" in text
        else:
            assert "riposo" in text
    # The alphabetical part lists every pair in order of names.
    alpha = text[text.index("Per coppia") :]
    names = sorted(
        [t.pair_ns.names for t in tables]
        + [t.pair_ew.names for t in tables if t.pair_ew],
        key=str.casefold,
    )
    positions = [alpha.index(n) for n in names]
    assert positions == sorted(positions)


def test_score_cards_one_per_playing_table_prefilled(world):
    rnd = first_round(world)
    doc = build(world, "scorecards", f"round:{rnd.pk}")
    pdf = render_pdf(doc)
    pages = pdf_pages(pdf.data)
    playing = [t for t in rnd.tables.all() if t.pair_ew_id]
    assert len(doc.sections[0]["cards"]) == len(playing) == 2
    assert pdf.pages == 1  # two cards per sheet
    text = pages[0]
    for table in playing:
        assert f"Tavolo {table.number}" in text
        for pair in (table.pair_ns, table.pair_ew):
            assert f"coppia {pair.number}" in text
            assert f"{pair.player1.last_name} {pair.player1.first_name}" in text
            assert f"{pair.player2.last_name} {pair.player2.first_name}" in text
    assert "Turno 1" in text


def test_score_card_vp_table_is_the_rounds_table():
    """The VP table drawn on the card is the rule pack's table for the round's hands."""
    pack = load_pack("fibur-2026", 1)

    class T:
        rule_pack, rule_pack_version = "fibur-2026", 1

    for hands in (2, 3, 4):
        rows = vp_rows(T, hands)
        expected = vp_table(hands, pack).rows()
        assert [(r["min"], r["max"], r["winner"], r["loser"]) for r in rows] == [
            (e.min_diff, e.max_diff, e.winner_vp, e.loser_vp) for e in expected
        ]
    png = card_frame_png(3, vp_rows(T, 3), frame_labels(3))
    assert png.startswith(b"\x89PNG")


def test_score_cards_refuse_a_round_without_vp_table(world):
    rnd = first_round(world)
    Round.objects.filter(pk=rnd.pk).update(hands=7)
    with pytest.raises(DocumentError, match="7"):
        build(world, "scorecards", f"round:{rnd.pk}")


def test_standings_per_girone_with_tie_explanation(world):
    snaps = make_standings(world)
    girone = snaps[0].girone
    pdf = render_pdf(build(world, "standings", f"girone:{girone.pk}"))
    text = " ".join(pdf_pages(pdf.data))
    assert "Classifica · Girone A" in text
    assert "Provvisoria" in text
    for row in snaps[0].rows.order_by("index"):
        assert f"{row.pair_number} {row.players}" in text
        assert (
            f"{row.vp} {row.mp_for} {row.mp_against} {row.mp_for - row.mp_against}"
            in text
        )
    note = snaps[0].tie_note
    assert f"[1] {note}" in text
    assert text.count(note) == 1  # once per tie, not per row


def test_overall_standings_and_final_state(world):
    from tournament.models import Tournament

    snaps = make_standings(world)
    Tournament.objects.filter(pk=world.pk).update(status=Tournament.Status.FINISHED)
    world.refresh_from_db()
    pdf = render_pdf(build(world, "standings", ""))
    text = " ".join(pdf_pages(pdf.data))
    assert "Classifica generale" in text and "Definitiva" in text
    overall = snaps[-1]
    assert overall.girone_id is None
    for row in overall.rows.order_by("index"):
        assert f"{row.pair_number} {row.players}" in text


def test_standings_before_any_result_is_a_clear_error(world):
    with pytest.raises(DocumentError, match="Nessuna classifica"):
        build(world, "standings", "")


def test_long_standings_repeat_the_header_on_every_page(db):
    from .factories import make_world

    t = make_world(pairs=130, gironi=1, rounds=1, slug="lunga")
    make_standings(t)
    pdf = render_pdf(build(t, "standings", ""))
    pages = pdf_pages(pdf.data)
    assert len(pages) >= 3
    for page in pages:
        assert "POS. COPPIA GIOCATORI" in page
    # Every pair is printed exactly once (nothing lost at a page break).
    text = " ".join(pages)
    for pair in t.pairs.all():
        assert text.count(f" {pair.number} {pair.names} ") == 1, pair


@pytest.mark.parametrize("kind", ["tables", "scorecards"])
def test_round_documents_refuse_missing_and_draft_rounds(world, kind):
    with pytest.raises(DocumentError, match="Il turno 999999 non esiste") as exc:
        build(world, kind, "round:999999")
    assert exc.value.status == 404
    draft = Round.objects.get(
        girone__label="A", number=2, girone__stage__tournament=world
    )
    with pytest.raises(DocumentError, match="non è ancora pubblicato") as exc:
        build(world, kind, f"round:{draft.pk}")
    assert "Turno 2" in str(exc.value) or "turno 2" in str(exc.value)
    with pytest.raises(DocumentError, match="“abc”"):
        build(world, kind, "round:abc")


def test_referee_report_lists_missing_tables_and_special_results(world, make_user):
    from .factories import make_round_results

    rnd = first_round(world)
    referee = make_user("arbitro-rapporto")
    tables = make_round_results(rnd, referee)
    pdf = render_pdf(build(world, "report", f"round:{rnd.pk}"))
    text = " ".join(pdf_pages(pdf.data))
    assert "Rapporto dell'arbitro" in text and "Girone A – turno 1" in text
    missing = text[
        text.index("Tavoli ancora mancanti") : text.index("Risultati speciali")
    ]
    pending, none = tables["pending"], tables["none"]
    assert (
        f"{pending.number} {pending.pair_ns.number} {pending.pair_ns.names}" in missing
    )
    assert "In attesa della seconda immissione" in missing or "seconda" in missing
    assert f"{none.number} {none.pair_ns.number} {none.pair_ns.names}" in missing
    assert "Mancante" in missing
    forfeit = tables["forfeit"]
    special = text[text.index("Risultati speciali") :]
    assert f"{forfeit.pair_ns.number} {forfeit.pair_ns.names}" in special
    assert "La coppia NS non si è presentata al tavolo" in special
    assert "arbitro-rapporto" in special
    assert f"{forfeit.pair_ns.number} {forfeit.pair_ns.names}" not in missing


def test_prize_list_gives_the_slots_to_the_final_ranking(world):
    from printing.models import PrizeSlot

    snaps = make_standings(world)
    overall = list(snaps[-1].rows.order_by("index"))
    PrizeSlot.objects.create(tournament=world, position=1, prize="Coppa e 200 €")
    PrizeSlot.objects.create(tournament=world, position=2, prize="Coppa e 100 €")
    PrizeSlot.objects.create(tournament=world, position=4, prize="Cesto natalizio")
    pdf = render_pdf(build(world, "prizes", ""))
    text = " ".join(pdf_pages(pdf.data))
    assert "Elenco premi" in text
    for row in overall[:4]:
        assert f"{row.pair_number} {row.players}" in text
    assert (
        f"{overall[0].pair_number} {overall[0].players}"
        in text.split("Coppa e 200 €")[0]
    )
    assert "Cesto natalizio" in text
    assert f"{overall[4].pair_number} {overall[4].players}" not in text
    # Rows 2-4 are one unbroken tie in the fixture: marked ex aequo, explained once.
    assert "ex aequo" in text and text.count(snaps[-1].tie_note) == 1


def test_prize_list_default_slots(world):
    make_standings(world)
    text = " ".join(pdf_pages(render_pdf(build(world, "prizes", "")).data))
    assert "1° premio" in text and "3° premio" in text and "4° premio" not in text


@pytest.mark.parametrize("size", [8, 64])
def test_bracket_landscape_with_every_match(db, make_user, size):
    from .factories import make_bracket, make_world

    t = make_world(pairs=size, gironi=2, rounds=1, slug=f"tabellone-{size}")
    bracket = make_bracket(t, make_user(f"dir-{size}"), size=size)
    doc = build(t, "bracket", "")  # the only bracket: no need to name it
    assert doc.landscape
    pdf = render_pdf(doc)
    pages = pdf_pages(pdf.data)
    text = " ".join(pages)
    assert "Tabellone" in text
    for match in bracket.matches.filter(round=1).select_related("pair_a", "pair_b"):
        assert f"{match.pair_a.number} {match.pair_a.names}" in text
        assert f"{match.pair_b.number} {match.pair_b.names}" in text
    if size == 64:
        assert len(pages) == 3  # two halves of 16 first-round matches, then the rest
        assert "Parte 1 di 2" in pages[0] and "Turni finali" in pages[2]
        assert "FINALE" in pages[2]
    else:
        assert len(pages) == 1
        assert "FINALE" in text and "SEMIFINALI" in text


def test_bracket_errors(world, make_user):
    with pytest.raises(DocumentError, match="non ha ancora un tabellone"):
        build(world, "bracket", "")
    with pytest.raises(DocumentError, match="Il tabellone 99999 non esiste") as exc:
        build(world, "bracket", "bracket:99999")
    assert exc.value.status == 404


def test_demo_prizes_are_idempotent(db):
    import io

    from printing import demo
    from printing.models import PrizeSlot

    from .factories import make_world

    make_world(pairs=4, slug=demo.BURRACO_SLUG)
    demo.seed(io.StringIO())
    demo.seed(io.StringIO())
    assert PrizeSlot.objects.count() == len(demo.PRIZES)


def test_score_cards_of_a_turn_to_2005_have_nine_rows_under_its_title(world):
    """Issue 27 §5 (docs/rules.md §4.4): a turn played to 2,005 takes as many smazzate
    as it lasts, at most nine, and seed 004's table "4 SMAZZATE o 2005 pt" converts
    it: the card has nine rows and names the turn over the 4-smazzate VP table."""
    rnd = first_round(world)
    Round.objects.filter(pk=rnd.pk).update(hands=4)
    four = build(world, "scorecards", f"round:{rnd.pk}")
    Round.objects.filter(pk=rnd.pk).update(target_points=2005)
    doc = build(world, "scorecards", f"round:{rnd.pk}")
    labels = frame_labels(4, 2005)
    assert labels.vp_title == "VP: 4 smazzate o 2005 punti"
    (frame,) = (
        v for k, v in doc.resources.items() if k.endswith(".png") and "frame" in k
    )
    assert frame == card_frame_png(9, vp_rows(world, 4), labels)
    assert frame not in four.resources.values()
    assert doc.version != four.version  # a new file, not the cached 4-smazzate one
    assert render_pdf(doc).pages == 1


@pytest.mark.parametrize("language", ["it", "en"])
def test_every_vp_title_fits_the_cards_table(language):
    """The title is drawn in the image over the VP table, which does not wrap it: the
    first title of a turn to 2,005 was cut after "(tabella delle 4 sm"."""
    from printing.documents.cardframe import VP_W, _Canvas, _font

    canvas = _Canvas()
    font = _font(True, canvas.px(2.6))  # the title's size and weight (card_frame_png)
    with translation.override(language):
        titles = [frame_labels(h).vp_title for h in (1, 2, 3, 4)]
        titles.append(frame_labels(4, 2005).vp_title)
        titles.append(briscola_frame_labels(load_pack("briscola-approdo")).vp_title)
    for title in titles:
        assert font.getlength(title) <= canvas.px(VP_W - 2), title
