"""Long documents rendered in parts (one process each) and joined: the same pages.

The joined PDF has the pages of the single-process render, page by page (pypdf's text,
the running header and the page number included), and the worker stores it.
"""

from __future__ import annotations

import io
import re

import pytest
from django.utils import translation
from pypdf import PdfReader

from printing import parts, pdf, services
from printing.documents import build, scorecards, standings
from printing.models import Render
from printing.pdf import render_pdf
from tournament.models import Round

from .conftest import pdf_pages
from .factories import make_standings, make_world

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def italian():
    with translation.override("it"):
        yield


@pytest.fixture
def long_world(monkeypatch):
    """46 pairs, standings in sections of 8 rows, score cards in sections of 4."""
    monkeypatch.setattr(standings, "ROWS_PER_SECTION", 8)
    monkeypatch.setattr(scorecards, "CARDS_PER_SECTION", 4)
    world = make_world(pairs=46, gironi=1, rounds=1, slug="torneo-lungo")
    make_standings(world)
    return world


def undated(data: bytes) -> list[str]:
    """The pages' text without the time of printing (two renders, two minutes)."""
    return [re.sub(r"\d\d/\d\d/\d{4} \d\d:\d\d", "", t) for t in pdf_pages(data)]


def page_numbers(data: bytes) -> list[str]:
    return [re.findall(r"Pag\. \d+", text)[-1] for text in pdf_pages(data)]


@pytest.mark.parametrize("count", [2, 3])
def test_standings_in_parts_have_the_pages_of_one_process(long_world, count):
    document = build(long_world, "standings", "")
    assert len(document.sections) >= 5
    one = render_pdf(document, parts=1)
    seen: list[tuple[int, int]] = []
    joined = render_pdf(document, parts=count, progress=lambda *p: seen.append(p))
    reader = PdfReader(io.BytesIO(joined.data))
    assert joined.pages == one.pages == len(reader.pages)
    assert reader.metadata.title == PdfReader(io.BytesIO(one.data)).metadata.title
    assert joined.pages > count
    assert pdf_pages(joined.data) == pdf_pages(one.data)
    assert page_numbers(joined.data) == [f"Pag. {n}" for n in range(1, one.pages + 1)]
    total = len(document.sections) + 1
    assert seen == [(n, total) for n in range(1, total + 1)]


def test_score_cards_in_parts_have_the_pages_of_one_process(long_world):
    rnd = Round.objects.get(girone__stage__tournament=long_world)
    document = build(long_world, "scorecards", f"round:{rnd.pk}")
    assert len(document.sections) == 6  # 23 cards by 4
    one = render_pdf(document, parts=1)
    joined = render_pdf(document, parts=2)
    assert joined.pages == one.pages == 12
    assert pdf_pages(joined.data) == pdf_pages(one.data)
    assert page_numbers(joined.data) == [f"Pag. {n}" for n in range(1, 13)]
    # The card's frame and the QR codes are images of both parts.
    reader = PdfReader(io.BytesIO(joined.data))
    assert all(page.images for page in reader.pages)


def test_a_failing_part_fails_the_render(long_world, monkeypatch):
    class Broken(pdf.PrintHTML):
        def render(self, *args, **kwargs):
            raise ValueError("layout broke")

    # The parts lay out with printing.pdf.lay_out; the children are forked.
    monkeypatch.setattr(pdf, "PrintHTML", Broken)
    with pytest.raises(RuntimeError, match=r"^layout broke$"):  # traceback: logged
        render_pdf(build(long_world, "standings", ""), parts=2)


def test_small_documents_render_in_one_process(long_world, settings):
    settings.PRINTING_PARTS = 2
    document = build(long_world, "standings", "")
    assert parts.parts_for(document) == 1  # 46 rows: under PRINTING_PARTS_MIN_SIZE
    settings.PRINTING_PARTS_MIN_SIZE = 40
    assert parts.parts_for(document) == 2
    assert not parts.start_render(document, parts=1).children


def test_the_worker_stores_the_joined_document(long_world, settings):
    settings.PRINTING_PARTS = 2
    settings.PRINTING_PARTS_MIN_SIZE = 1
    document = build(long_world, "standings", "")
    render = services.request_render(long_world, document)
    assert services.run_render(render.pk) == Render.Status.DONE
    render.refresh_from_db()
    one = render_pdf(document, parts=1)
    assert render.pages == one.pages and render.progress == 100
    assert undated(bytes(render.pdf)) == undated(one.data)


def test_split_keeps_sections_in_order_and_balanced():
    assert parts.split([1, 1, 1, 1], 2) == [range(0, 2), range(2, 4)]
    assert parts.split([5, 1, 1, 1, 1, 1], 2) == [range(0, 1), range(1, 6)]
    assert parts.split([1, 1], 3) == [range(0, 1), range(1, 2)]
    assert parts.split([3], 2) == [range(0, 1)]
    assert parts.split([1] * 10, 3) == [range(0, 3), range(3, 7), range(7, 10)]
    # Score cards: ten sections of about the same weight, five and five.
    cards = [100, 101, 99, 100, 98, 100, 100, 102, 100, 99]
    assert parts.split(cards, 2) == [range(0, 5), range(5, 10)]
    assert parts.split([0, 0, 0], 2) == [range(0, 1), range(1, 3)]
