"""The walk's finders catch each Italian slip of issue 28 §6 (no database)."""

from __future__ import annotations

import pytest

from .walk import problems


@pytest.mark.parametrize(
    "text",
    [
        "Circuito demo · 1 tornei · contano i migliori 4 risultati",
        "Tabellone femminile · Gironi C",
        "Il girone A non è chiuso: turno/i 8, 9 ancora aperto/i.",
        "Improbabile, confermato al tavolo: smazzata 1 NS: Improbabile: più di 1.000",
        "La differenza MP di ogni coppia al suo tavolo, turno per turno (butler).",
        "Fonti: seed 000 (scoring, burrachi); seed 004 (VP tables)",
        "Gironi (seme del sorteggio 121860940)",
    ],
)
def test_each_slip_is_found(text):
    assert problems(text, italian=True)


def test_pairs_on_a_team_page_are_found_only_there():
    text = "Tenere separate le coppie dello stesso girone"
    assert problems(text, italian=True, teams=True)
    assert not problems(text, italian=True)


def test_the_right_words_pass():
    text = (
        "Circuito demo · 1 torneo · Tabellone femminile · Girone C · Gironi A, B ·"
        " Valore improbabile, confermato al tavolo: smazzata 1, NS: 2.500 (più di 1.000)"
    )
    assert problems(text, italian=True) == []
