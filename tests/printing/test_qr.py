"""QR codes: each pair's code leads to its public page, on paper and on its phone page.

The codes are read back as a phone would: the PDF is rasterised (pdftoppm) and the
image decoded by zxing-cpp; the pair page's SVG is drawn by WeasyPrint first.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
import zxingcpp
from django.urls import reverse
from PIL import Image
from weasyprint import HTML

from participants.models import Pair
from printing.documents import DocumentError, build
from tournament.models import Round

from .conftest import pdf_pages

pytestmark = pytest.mark.django_db


def decode_pdf(data: bytes, tmp_path: Path, dpi: int = 150) -> list[list[str]]:
    """The QR codes of each page of a PDF, as texts, top to bottom then left to right."""
    pdf = tmp_path / "doc.pdf"
    pdf.write_bytes(data)
    subprocess.run(
        ["pdftoppm", "-r", str(dpi), "-png", str(pdf), str(tmp_path / "page")],
        check=True,
    )
    pages = []
    for png in sorted(tmp_path.glob("page-*.png")):
        found = zxingcpp.read_barcodes(Image.open(png))
        found = sorted(
            found, key=lambda r: (r.position.top_left.y // 50, r.position.top_left.x)
        )
        pages.append(
            [r.text for r in found if r.format == zxingcpp.BarcodeFormat.QRCode]
        )
    return pages


def decode_svg(svg: str, tmp_path: Path) -> list[str]:
    html = f"<html><body><div class='q'>{svg}</div></body></html>"
    css = "@page { size: 80mm 80mm; margin: 5mm } .q svg { width: 60mm; height: 60mm }"
    from weasyprint import CSS

    data = HTML(string=html).write_pdf(stylesheets=[CSS(string=css)])
    return [text for page in decode_pdf(data, tmp_path) for text in page]


def doc_url(world, kind, **query):
    url = reverse("printing:document", kwargs={"slug": world.slug, "kind": kind})
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def pair_page(world, number, host="http://testserver"):
    return host + reverse("public:pair", args=[world.slug, number])


def test_the_qr_sheet_has_a_scannable_card_per_pair(director_client, world, tmp_path):
    """Ten pairs: one card each, eight a sheet, each code the pair's own page."""
    Pair.objects.filter(tournament=world, number=10).update(withdrawn=True)
    response = director_client.get(doc_url(world, "qrcards"))
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "application/pdf"
    text = " ".join(pdf_pages(response.content))
    assert "Tessere QR delle coppie" in text
    assert "Inquadralo: dove giochi" in text
    codes = decode_pdf(response.content, tmp_path)
    assert [len(page) for page in codes] == [8, 1]
    assert [c for page in codes for c in page] == [
        pair_page(world, n) for n in range(1, 10)
    ]


def test_the_configured_address_is_the_one_printed(
    director_client, world, tmp_path, settings
):
    settings.PUBLIC_BASE_URL = "https://torneo.example.it"
    girone = world.stages.get().gironi.get(label="B")
    response = director_client.get(doc_url(world, "qrcards", girone=girone.pk))
    codes = [c for page in decode_pdf(response.content, tmp_path) for c in page]
    expected = [
        pair_page(world, p.number, "https://torneo.example.it")
        for p in Pair.objects.filter(girone=girone).order_by("number")
    ]
    assert codes == expected


def test_score_cards_carry_both_pairs_codes(director_client, world, tmp_path):
    rnd = Round.objects.filter(
        girone__stage__tournament=world, number=1, girone__label="A"
    ).get()
    response = director_client.get(doc_url(world, "scorecards", turno=rnd.pk))
    assert response.status_code == 200
    codes = decode_pdf(response.content, tmp_path, dpi=200)
    tables = [t for t in rnd.tables.order_by("number") if t.pair_ew_id]
    expected = []
    for t in tables:
        expected += [
            pair_page(world, t.pair_ns.number),
            pair_page(world, t.pair_ew.number),
        ]
    assert [c for page in codes for c in page] == expected


def test_no_pair_no_sheet(world):
    Pair.objects.filter(tournament=world).update(withdrawn=True)
    with pytest.raises(DocumentError, match="Nessuna coppia"):
        build(world, "qrcards", "")


def test_the_pair_page_shares_its_own_address(client, world, tmp_path):
    response = client.get(reverse("public:pair", args=[world.slug, 3]))
    page = response.content.decode()
    svg = re.search(r"<svg[^>]*class=\"qr\".*?</svg>", page, re.S).group(0)
    assert decode_svg(svg, tmp_path) == [pair_page(world, 3)]
    assert pair_page(world, 3) in page  # written out too
    assert "?coppia=3" in page  # the standings with the pair's row first


def test_score_cards_carry_the_tables_code_when_players_enter(
    director_client, world, tmp_path
):
    """Issue 30: each card's QR opens its table's sheet; its code is printed beside."""
    from seating.models import TableCode
    from seating.services.table_codes import issue_codes

    world.entry_by = "players"
    world.save()
    rnd = Round.objects.filter(
        girone__stage__tournament=world, number=1, girone__label="A"
    ).get()
    if rnd.status != Round.Status.PUBLISHED:
        Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
    issue_codes(rnd)
    response = director_client.get(doc_url(world, "scorecards", turno=rnd.pk))
    assert response.status_code == 200
    codes = [
        c for page in decode_pdf(response.content, tmp_path, dpi=200) for c in page
    ]
    tables = [t for t in rnd.tables.order_by("number") if t.pair_ew_id]
    live = {c.table_id: c for c in TableCode.objects.filter(table__in=tables)}
    assert codes == [f"http://testserver/tavolo/{live[t.pk].code}/" for t in tables]
    text = " ".join(pdf_pages(response.content))
    assert all(live[t.pk].display in text for t in tables)
