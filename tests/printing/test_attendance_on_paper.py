"""Late and withdrawn pairs are marked on paper and in the CSV too (issue 17 §2).

The screen said "entrata al turno 2" / "ritirata dopo il turno 1" (issue 14); the
standings PDF, the prize list and the standings CSV said nothing.
"""

from __future__ import annotations

import csv
import io

import pytest
from django.utils import translation

from printing.documents import build
from printing.pdf import render_pdf
from standings.services.csv_export import standings_csv
from tests.standings.test_overall import late_event  # noqa: F401 (a fixture)

from .conftest import pdf_pages

pytestmark = pytest.mark.django_db


def text_of(tournament, kind, scope=""):
    with translation.override("it"):
        return " ".join(pdf_pages(render_pdf(build(tournament, kind, scope)).data))


def test_the_standings_pdf_names_late_and_withdrawn_pairs(late_event):  # noqa: F811
    tournament, _a, b = late_event
    overall = text_of(tournament, "standings")
    assert "entrata al turno 2" in overall and "ritirata dopo il turno 1" in overall
    assert "entrata al turno 2" in text_of(tournament, "standings", f"girone:{b.pk}")


def test_the_prize_list_names_them(late_event, settings):  # noqa: F811
    tournament, _a, _b = late_event
    settings.PRINTING_DEFAULT_PRIZE_SLOTS = 17
    text = text_of(tournament, "prizes")
    assert "entrata al turno 2" in text and "ritirata dopo il turno 1" in text


def test_the_csv_says_when_they_entered_and_withdrew(late_event):  # noqa: F811
    tournament, _a, _b = late_event
    lines = list(csv.DictReader(io.StringIO(standings_csv(tournament))))
    overall = {int(line["pair"]): line for line in lines if line["girone"] == ""}
    assert overall[17]["entered_at_round"] == "2"
    assert overall[17]["rounds_missed"] == "1"
    assert overall[8]["withdrew_after_round"] == "1"
    assert overall[1]["entered_at_round"] == overall[1]["withdrew_after_round"] == ""
