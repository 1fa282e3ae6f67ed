"""Every document turned into page images with pdftoppm (poppler-utils, installed by
``make test``): one image per page, nothing blank. The images are kept in
``torneo-print-pages`` in the system's temporary folder to be looked at (the review of
the layout is done on them: readable, nothing cut at page breaks, table headers repeated)."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from django.utils import translation
from PIL import Image

from printing.documents import build
from printing.pdf import render_pdf
from tournament.models import Round

from .factories import make_bracket, make_round_results, make_standings, make_world

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(not shutil.which("pdftoppm"), reason="needs poppler-utils"),
]

OUT = Path(tempfile.gettempdir()) / "torneo-print-pages"


def to_png(data: bytes, name: str) -> list[Path]:
    OUT.mkdir(exist_ok=True)
    for old in OUT.glob(f"{name}-*.png"):
        old.unlink()
    pdf = OUT / f"{name}.pdf"
    pdf.write_bytes(data)
    subprocess.run(
        ["pdftoppm", "-r", "60", "-png", str(pdf), str(OUT / name)], check=True
    )
    return sorted(OUT.glob(f"{name}-*.png"))


def ink(path: Path) -> float:
    """Share of the page that is not white (a blank page has none)."""
    image = Image.open(path).convert("L")
    histogram = image.histogram()
    return 1 - sum(histogram[250:]) / sum(histogram)


def test_every_document_turns_into_readable_pages(make_user):
    t = make_world(pairs=70, gironi=2, rounds=1, slug="pagine")
    make_standings(t)
    rnd = Round.objects.get(girone__stage__tournament=t, girone__label="A")
    referee = make_user("arbitro-pagine")
    make_round_results(rnd, referee)
    make_bracket(t, referee, size=16)
    documents = {
        "tables": f"round:{rnd.pk}",
        "scorecards": f"round:{rnd.pk}",
        "standings": "",
        "report": f"round:{rnd.pk}",
        "prizes": "",
        "bracket": "",
    }
    with translation.override("it"):
        for kind, scope in documents.items():
            pdf = render_pdf(build(t, kind, scope))
            pages = to_png(pdf.data, kind)
            assert len(pages) == pdf.pages, kind
            for page in pages:
                width, height = Image.open(page).size
                # A4: the bracket landscape, the others portrait.
                assert (width > height) == (kind == "bracket"), kind
                assert ink(page) > 0.005, page
