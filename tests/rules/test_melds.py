"""Melds read from their cards: the burraco examples of seeds 000, 003 and 004."""

from __future__ import annotations

import copy
import tomllib
from importlib import resources

import pytest

from rules.burraco import hand_scores, line_score
from rules.errors import InvalidHandError
from rules.melds import BurracoKind, breakdown_from_cards, burraco_kind, read_meld
from rules.packs import RulePack, load_pack, parse_pack

CLEAN, SEMI, DIRTY = BurracoKind.CLEAN, BurracoKind.SEMICLEAN, BurracoKind.DIRTY
TRAD = load_pack("burraco-tradizionale", 1)


def fibur_with(**burraco: object) -> RulePack:
    """fibur-2026 v1 with some [burraco] settings changed (a would-be v2)."""
    text = resources.files("rules").joinpath("packs", "fibur-2026.v1.toml").read_text()
    data = copy.deepcopy(tomllib.loads(text))
    data["burraco"].update(burraco)
    data["version"] = 2
    return parse_pack(data, origin="fibur-2026.v2.toml")


@pytest.mark.parametrize(
    ("meld", "kind"),
    [
        # seed 000 "Esempi di BURRACO PULITO"
        pytest.param("3S 4S 5S 6S 7S 8S 9S", CLEAN, id="s000-pulito-sequenza"),
        pytest.param("4D 4D 4H 4H 4S 4C 4C", CLEAN, id="s000-pulito-combinazione"),
        # seed 000 "Esempi di BURRACO SEMIPULITO"
        pytest.param("JK 6C 7C 8C 9C 10C JC QC", SEMI, id="s000-semipulito-sequenza"),
        pytest.param(
            "2H 5D 5S 5H 5H 5S 5C 5C", SEMI, id="s000-semipulito-combinazione"
        ),
        # seed 000 "Esempi di BURRACO SPORCO"
        pytest.param("3H 4H JK 6H 7H 8H 9H", DIRTY, id="s000-sporco-sequenza-jolly"),
        pytest.param("3H 4H 2C 6H 7H 8H 9H", DIRTY, id="s000-sporco-sequenza-pinella"),
        pytest.param("4D 4D 4H 4H JK 4S 4C", DIRTY, id="s000-sporco-combinazione"),
        # seed 000: the pinella of hearts before the 3 is the natural 2
        pytest.param("3H 4H 5H 6H 7H 2H 9H", DIRTY, id="s000-pinella-as-8"),
        pytest.param("2H 3H 4H 5H 6H 7H 8H 9H", CLEAN, id="s000-pinella-natural"),
        # seed 000: jolly and pinella in one meld only with the natural 2
        pytest.param("2H 3H JK 5H 6H 7H 8H 9H", DIRTY, id="natural-2-plus-jolly"),
        pytest.param("2H 3H 4H 5H 6H 7H 8H JK", SEMI, id="natural-2-run-plus-jolly"),
        # seed 003: a matta amid seven consecutive clean cards, either side
        pytest.param("3C 4C 5C 6C 7C 8C 9C JK JC", SEMI, id="s003-run-of-7-then-matta"),
        pytest.param("3C 4C 5C JK 7C 8C 9C 10C", DIRTY, id="matta-in-the-middle"),
        pytest.param("JK 9S 10S JS QS KS AS", DIRTY, id="ace-high-7-cards"),
        pytest.param("8S 9S 10S JS QS KS AS", CLEAN, id="ace-high-clean"),
        pytest.param("AS 2S 3S 4S 5S 6S 7S", CLEAN, id="seed004-ace-low-natural-2"),
    ],
)
def test_burraco_kind(meld: str, kind: BurracoKind | None) -> None:
    assert burraco_kind(meld) is kind


def test_short_melds_are_no_burraco() -> None:
    """Seed 003: "4 fiori, 5 fiori, 6 fiori, 2 cuori (pinella per il 7), 8 fiori"."""
    assert burraco_kind("4C 5C 6C 2H 8C") is None
    assert read_meld("4C 5C 6C 2H 8C").matte == 1
    assert burraco_kind("6C 6H JK 6C") is None  # seed 003's combination with a matta
    assert read_meld("AH 2H 3H 4H").matte == 0  # seed 004: the 2 in its natural place


def test_semiclean_combination_setting() -> None:
    """§5d: 8 naturals + matta is semipulito under at_least_8, sporco under exactly_8."""
    nine = "JK 5D 5D 5S 5S 5H 5H 5C 5C"
    eight = "JK 5D 5D 5S 5S 5H 5H 5C"
    assert burraco_kind(nine) is SEMI
    exactly = fibur_with(semiclean_combination="exactly_8")
    assert burraco_kind(nine, exactly) is DIRTY
    assert burraco_kind(eight, exactly) is SEMI
    assert burraco_kind("JK 5D 5D 5S 5S 5H 5H", exactly) is DIRTY


def test_traditional_burraco_has_no_semiclean() -> None:
    """Seed 003: outside F.I.Bur. the semipulito is a plain sporco."""
    assert burraco_kind("JK 6C 7C 8C 9C 10C JC QC", TRAD) is DIRTY
    assert burraco_kind("3S 4S 5S 6S 7S 8S 9S", TRAD) is CLEAN


@pytest.mark.parametrize(
    ("meld", "pattern"),
    [
        ("3H 4H", "at least 3 cards"),
        ("JK 2C 2S", "only of matte"),
        ("3H JK 2C 6H", "2 matte"),
        ("5H 5S JK 2C", "2 matte"),
        ("3H 4S 5H", "neither a combination"),
        ("3H 5H 6H", "not in consecutive order"),
        ("KH AH 2H 3H", "not in consecutive order"),
        ("10D JD QD KD AD JK 3D", "not in consecutive order"),
        ("5H 5H 5S 5S 5C 5C 5D 5D 5D", "9 natural cards"),
        ("3H XX 5H", "'XX'"),
    ],
)
def test_illegal_melds_are_rejected_with_the_reason(meld: str, pattern: str) -> None:
    with pytest.raises(InvalidHandError, match=pattern):
        read_meld(meld)


def test_breakdown_from_cards_agrees_with_the_score_card() -> None:
    """A whole smazzata from its cards: NS closes, EO is caught with cards in hand."""
    ns = breakdown_from_cards(
        ["3S 4S 5S 6S 7S 8S 9S", "JK 6C 7C 8C 9C 10C JC QC", "KD KH KS"],
        "4C 5C",
        closed=True,
        took_pozzetto=True,
    )
    ew = breakdown_from_cards(
        ["3H 4H JK 6H 7H 8H 9H", "QH QS 2D"], ["AD", "2C", "7S"], took_pozzetto=False
    )
    assert (ns.clean, ns.semiclean, ns.dirty) == (1, 1, 0)
    assert (ns.melded_points, ns.in_hand_points) == (45 + 90 + 30, 10)
    assert (ew.clean, ew.semiclean, ew.dirty) == (0, 0, 1)
    assert (ew.melded_points, ew.in_hand_points) == (70 + 40, 40)
    ns_score = 200 + 150 + 100 + 165 - 10
    ew_score = 100 + 110 - 40 - 100
    assert hand_scores(ns, ew) == (ns_score, ew_score)
    assert line_score(ns) == ns_score


@pytest.mark.parametrize(
    ("meld", "matte"),
    [
        # seed 000 "in sequenza ... usando anche una 'matta' al posto di una carta
        # mancante: 7 ♠ 2 9 ♠" and "4 ♣ 5 ♣ jolly 7 ♣"
        pytest.param("7S 8S 9S", 0, id="s000-sequenza"),
        pytest.param("7S 2C 9S", 1, id="s000-sequenza-pinella"),
        pytest.param("4C 5C 6C 7C", 0, id="s000-sequenza-4"),
        pytest.param("4C 5C JK 7C", 1, id="s000-sequenza-jolly"),
        # seed 000 "L'Asso ... può iniziarla: A ♥ 2 ♥ 3 ♥ 4 ♥ ... può terminarla"
        pytest.param("AH 2H 3H 4H", 0, id="s000-asso-basso"),
        pytest.param("10D JD QD KD AD", 0, id="s000-asso-alto"),
        # seed 000 "in combinazione ... K ♦ K ♦ K ♠ ... 3 ♣ 3 ♦ 3 ♣ 3 ♠ ... jolly 3 ♣ 3 ♦ 3 ♠"
        pytest.param("KD KD KS", 0, id="s000-combinazione"),
        pytest.param("3C 3D 3C 3S", 0, id="s000-combinazione-4"),
        pytest.param("JK 3C 3D 3S", 1, id="s000-combinazione-jolly"),
        # seed 003 "Fante-Dieci-Pinella ... Re-Pinella-Fante-Dieci" (low to high here)
        pytest.param("10H JH 2C", 1, id="s003-pinella-libera"),
        pytest.param("10H JH 2C KH", 1, id="s003-pinella-spostata"),
        # seed 003 "Asso-Pinella-Donna ... Asso-Re-Donna-Pinella-Dieci"
        pytest.param("QH 2C AH", 1, id="s003-asso-pinella-donna"),
        pytest.param("10H 2C QH KH AH", 1, id="s003-pinella-sostituita"),
        # seed 004 "Esempio di scala: 5♣, 6♣, 7♣, 8♣ / combinazione: 7♥, 7♥, 7♣, 7♦"
        pytest.param("5C 6C 7C 8C", 0, id="s004-scala"),
        pytest.param("7H 7H 7C 7D", 0, id="s004-combinazione"),
        # seed 004 "la sequenza 3♥, 2♥, 5♥": the 2 of hearts stands for the 4; "2♥, 3♥,
        # 2♣, 5♥ sarebbe valida" (only the replacing rule forbids reaching it)
        pytest.param("3H 2H 5H", 1, id="s004-pinella-per-il-4"),
        pytest.param("2H 3H 2C 5H", 1, id="s004-due-naturale-piu-pinella"),
    ],
)
def test_seed_openings_are_legal_melds(meld: str, matte: int) -> None:
    """The melds the seeds show as legal, each with its matte."""
    read = read_meld(meld)
    assert read.matte == matte
    assert burraco_kind(meld) is None  # fewer than 7 cards: no burraco


def test_seed_000_sporco_with_a_pinella_and_no_jolly_on_a_pinella() -> None:
    """Seed 000 "BURRACO SPORCO ... b) 4 ♦ 4 ♦ 4 ♥ 4 ♥ Jolly / Pinella 4 ♠ 4 ♣" (either
    matta) and "Non è ammesso sostituire un jolly ad una pinella già inserita in un gioco
    aperto. 6 ♣ 7 ♣ jolly 9 ♣ 10 ♣ pinella J ♣": a jolly and a pinella in one meld
    (written low to high, the pinella above the J) are two matte."""
    assert burraco_kind("4D 4D 4H 4H 2C 4S 4C") is DIRTY
    assert burraco_kind("4D 4D 4H 4H 2C 4S 4C", TRAD) is DIRTY
    with pytest.raises(InvalidHandError, match="2 matte"):
        read_meld("6C 7C JK 9C 10C JC 2C")


@pytest.mark.parametrize(
    "pack", [load_pack("fibur-2026", 1), load_pack("fibur-2026", 2)]
)
def test_seed_004_burraco_kinds_in_both_versions(pack: RulePack) -> None:
    """Seed 004: "burraco pulito: non contiene matte; burraco semi pulito: contiene una
    matta ma è composto da una sequenza di almeno sette carte pulite senza matte o da una
    combinazione di almeno 8 carte inclusa la matta; burraco sporco: contiene una matta e
    non è un burraco semipulito"."""
    assert burraco_kind("3S 4S 5S 6S 7S 8S 9S", pack) is CLEAN
    assert burraco_kind("3S 4S 5S 6S 7S 8S 9S JK", pack) is SEMI
    assert burraco_kind("JK 5D 5D 5S 5S 5H 5H 5C", pack) is SEMI
    assert burraco_kind("JK 5D 5D 5S 5S 5H 5H", pack) is DIRTY
    assert burraco_kind("3S 4S JK 6S 7S 8S 9S", pack) is DIRTY
