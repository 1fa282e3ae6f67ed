"""Rule packs: loading, versions, sources, the §8 settings, malformed packs rejected."""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from rules import packs
from rules.errors import RulePackError
from rules.packs import (
    DEFAULT_BURRACO_PACK,
    available_packs,
    default_burraco_pack,
    load_pack,
    parse_pack,
)

PACKS = ["fibur-2026", "burraco-tradizionale", "briscola-approdo", "briscola-vp"]


def raw(name: str, version: int = 1) -> dict[str, Any]:
    """The parsed TOML of a packaged pack, to be broken by a test."""
    text = (
        resources.files("rules")
        .joinpath("packs", f"{name}.v{version}.toml")
        .read_text()
    )
    return tomllib.loads(text)


def test_every_pack_is_available_at_version_1() -> None:
    for name in PACKS:
        assert (name, 1) in available_packs()
    for name in ("fibur-2026", "briscola-approdo", "briscola-vp"):
        assert (name, 2) in available_packs()
    assert available_packs() == sorted(available_packs())


@pytest.mark.parametrize("name", PACKS)
def test_every_pack_loads_and_cites_its_source(name: str) -> None:
    pack = load_pack(name, 1)
    assert (pack.name, pack.version, pack.label) == (name, 1, f"{name} v1")
    assert "seed 00" in pack.source
    latest = max(v for n, v in available_packs() if n == name)
    assert load_pack(name) is load_pack(name, latest)  # the latest, cached


def test_games_and_sections() -> None:
    assert load_pack("fibur-2026").game == "burraco"
    assert load_pack("burraco-tradizionale").game == "burraco"
    assert load_pack("briscola-approdo").game == "briscola"
    assert load_pack("briscola-vp").briscola is not None
    assert load_pack("briscola-approdo").version == 3
    assert load_pack("briscola-vp").burraco is None
    assert default_burraco_pack().label == "fibur-2026 v1"
    assert DEFAULT_BURRACO_PACK == ("fibur-2026", 1)


def test_issue_settings() -> None:
    """The values the issue names for each pack."""
    fibur = load_pack("fibur-2026").require_burraco()
    assert (fibur.clean, fibur.semiclean, fibur.dirty, fibur.closing) == (
        200,
        150,
        100,
        100,
    )
    assert fibur.has_semiclean and fibur.pozzetto_penalty == 100
    trad = load_pack("burraco-tradizionale").require_burraco()
    assert not trad.has_semiclean and trad.semiclean == trad.dirty == 100
    approdo = load_pack("briscola-approdo").require_briscola()
    assert approdo.games_per_match == 3 and approdo.tie_60 == "replay"
    assert (approdo.match_points.win, approdo.match_points.loss) == (1, 0)
    betflag = load_pack("briscola-vp").require_briscola()
    assert betflag.tie_60 == "draw" and betflag.knockout_spareggi == 3
    points = betflag.match_points
    assert (points.win, points.draw, points.loss) == (20, 10, 0)


def test_open_questions_are_settings_with_the_proposed_default() -> None:
    """docs/rules.md §12: each open question that touches rules is a pack setting (v1)."""
    pack = load_pack("fibur-2026", 1)
    burraco, special = pack.require_burraco(), pack.require_special()
    pairing, standings = pack.require_pairing(), pack.standings
    assert burraco.pozzetto_penalty_if_none_taken is False  # v1: the 2026 summary
    assert burraco.points_of("8") == burraco.points_of("9") == 10
    assert burraco.semiclean_combination == "at_least_8"
    assert (special.rest_vp, special.rest_mp) == (14, "band_min")
    assert (special.forfeit_winner_vp, special.forfeit_mp) == (14, "band_min")
    assert special.forfeit_loser_mp == 0
    assert special.forfeit_played_mp == "kept"  # v1 behaviour
    assert special.second_warning_mp == "none"  # v1 behaviour
    assert special.late_arrival_mp == -100
    assert pairing.danese_no_rematch == "previous"
    assert pairing.danese_higher_ranked_ns is True
    assert pairing.mitchell_ranking == "combined"
    assert standings.chain[:2] == ("points", "h2h_points")
    assert standings.reapply_head_to_head is False
    assert pack.require_team().mp_combination == "sum_of_differences"  # §11
    assert (
        load_pack("burraco-tradizionale")
        .require_burraco()
        .pozzetto_penalty_if_none_taken
    )


def test_fibur_v2_changes_what_its_header_lists() -> None:
    """fibur-2026 v2 = v1 with the seeds' rules (docs/rules.md §2.3)."""
    v1, v2 = load_pack("fibur-2026", 1), load_pack("fibur-2026", 2)
    assert load_pack("fibur-2026", 3).version == 3  # v3: issue 27 (the next test)
    # seed 000: "Verranno detratti anche 100 punti (-100) alle coppie che non sono
    # 'andate a pozzetto'"; seed 004: "si detraggono 100 punti se la linea non ha preso
    # il pozzetto".
    assert v2.require_burraco().pozzetto_penalty_if_none_taken is True
    # seed 004: "I MP di entrambe le linee saranno calcolati dai VP in base ai
    # corrispondenti minimi previsti dalla tabella".
    assert v2.require_special().forfeit_played_mp == "band_min"
    # Two ammonizioni: -1 VP "and the equivalent MP".
    assert v2.require_special().second_warning_mp == "equivalent"
    changed = {"pozzetto_penalty_if_none_taken", "forfeit_played_mp"}
    changed |= {"second_warning_mp"}
    for section in ("burraco", "special", "pairing", "vp"):
        a, b = getattr(v1, section), getattr(v2, section)
        for name in a.__dataclass_fields__:
            if name not in changed:
                assert getattr(a, name) == getattr(b, name), (section, name)


def test_unknown_pack_and_version() -> None:
    with pytest.raises(RulePackError, match="fibur-1999"):
        load_pack("fibur-1999")
    with pytest.raises(RulePackError, match=r"no version 7.*v1"):
        load_pack("fibur-2026", 7)


@pytest.mark.parametrize(
    ("path", "value", "pattern"),
    [
        pytest.param(
            ("version",), 0, r"version must be at least 1, got 0", id="version"
        ),
        pytest.param(("game",), "poker", r"game must be one of.*'poker'", id="game"),
        pytest.param(("name",), "Fibur 2026", r"lower-case.*'Fibur 2026'", id="name"),
        pytest.param(
            ("burraco", "clean"),
            201,
            r"\[burraco\] clean must be a multiple of 5, got 201",
            id="bonus-not-multiple-of-5",
        ),
        pytest.param(
            ("burraco", "has_semiclean"),
            "yes",
            r"has_semiclean must be true or false",
            id="bool",
        ),
        pytest.param(
            ("burraco", "pozzetto_penalty_if_none_taken"),
            1,
            r"true or false, got 1",
            id="bool-int",
        ),
        pytest.param(
            ("vp", "total"), "20", r"total must be an integer, got '20'", id="type"
        ),
        pytest.param(
            ("standings", "chain"),
            ["points", "coin"],
            r"unknown criterion 'coin'",
            id="chain",
        ),
        pytest.param(
            ("briscola", "games_per_match"), 2, r"must be odd.*got 2", id="even-best-of"
        ),
    ],
)
def test_malformed_pack_rejected_with_the_reason(
    path: tuple[str, ...], value: object, pattern: str
) -> None:
    name = "briscola-vp" if path[0] == "briscola" else "fibur-2026"
    data = copy.deepcopy(raw(name))
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(RulePackError, match=pattern):
        parse_pack(data, origin="broken.v1.toml")


def test_missing_and_unknown_keys_are_named() -> None:
    data = copy.deepcopy(raw("fibur-2026"))
    del data["burraco"]["closing"]
    with pytest.raises(RulePackError, match=r"missing key 'closing' in \[burraco\]"):
        parse_pack(data, origin="x.v1.toml")
    data = copy.deepcopy(raw("fibur-2026"))
    data["burraco"]["closure"] = 100
    with pytest.raises(
        RulePackError, match=r"unknown key\(s\) 'closure' in \[burraco\]"
    ):
        parse_pack(data, origin="x.v1.toml")
    data = copy.deepcopy(raw("fibur-2026"))
    del data["burraco"]["card_points"]["9"]
    with pytest.raises(RulePackError, match="'9'"):
        parse_pack(data, origin="x.v1.toml")


@pytest.mark.parametrize(
    ("bands", "pattern"),
    [
        pytest.param(
            [{"max_diff": 40, "winner_vp": 10}, {"max_diff": 120, "winner_vp": 11}],
            "open-ended",
            id="no-open-band",
        ),
        pytest.param(
            [{"max_diff": 40, "winner_vp": 11}, {"winner_vp": 12}],
            "split 20 VP evenly",
            id="first-band-not-10",
        ),
        pytest.param(
            [
                {"max_diff": 40, "winner_vp": 10},
                {"max_diff": 42, "winner_vp": 11},
                {"winner_vp": 12},
            ],
            "multiples of 5, got max_diff = 42",
            id="bound-not-multiple-of-5",
        ),
        pytest.param(
            [
                {"max_diff": 40, "winner_vp": 10},
                {"max_diff": 30, "winner_vp": 11},
                {"winner_vp": 12},
            ],
            "must increase, got 30 after 40",
            id="bounds-decrease",
        ),
        pytest.param(
            [
                {"max_diff": 40, "winner_vp": 10},
                {"max_diff": 90, "winner_vp": 10},
                {"winner_vp": 12},
            ],
            "winner_vp must increase",
            id="vp-flat",
        ),
        pytest.param(
            [{"max_diff": 40, "winner_vp": 10}, {"winner_vp": 21}],
            "exceeds total = 20",
            id="vp-over-total",
        ),
    ],
)
def test_malformed_vp_table_rejected(bands: list[dict[str, int]], pattern: str) -> None:
    data = copy.deepcopy(raw("fibur-2026"))
    data["vp"]["tables"]["3"] = bands
    with pytest.raises(RulePackError, match=pattern):
        parse_pack(data, origin="x.v1.toml")


def test_hands_1_uses_must_name_a_table() -> None:
    data = copy.deepcopy(raw("fibur-2026"))
    data["vp"]["hands_1_uses"] = 5
    with pytest.raises(RulePackError, match="hands_1_uses = 5"):
        parse_pack(data, origin="x.v1.toml")


def test_missing_section_is_named() -> None:
    with pytest.raises(RulePackError, match=r"briscola-vp v1.*no \[burraco\]"):
        load_pack("briscola-vp", 1).require_burraco()


@pytest.fixture
def packs_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A scratch packs directory holding copies of the packaged packs."""
    source = resources.files("rules").joinpath("packs")
    for entry in source.iterdir():
        if entry.name.endswith(".toml"):
            (tmp_path / entry.name).write_text(entry.read_text(encoding="utf-8"))
    monkeypatch.setattr(packs, "_PACKS_DIR", tmp_path)
    packs._index.cache_clear()
    packs._load.cache_clear()
    yield tmp_path
    packs._index.cache_clear()
    packs._load.cache_clear()


def test_a_new_version_sits_beside_the_old_one(packs_dir: Path) -> None:
    """A tournament pinned at v1 keeps v1; the latest is v2."""
    for later in (3, 4):  # this test makes its own v2
        (packs_dir / f"fibur-2026.v{later}.toml").unlink()
    text = (packs_dir / "fibur-2026.v1.toml").read_text()
    v2 = text.replace("version = 1", "version = 2").replace(
        "pozzetto_penalty_if_none_taken = false",
        "pozzetto_penalty_if_none_taken = true",
    )
    (packs_dir / "fibur-2026.v2.toml").write_text(v2)
    assert [v for n, v in packs.available_packs() if n == "fibur-2026"] == [1, 2]
    assert load_pack("fibur-2026").version == 2
    assert load_pack("fibur-2026").require_burraco().pozzetto_penalty_if_none_taken
    old = load_pack("fibur-2026", 1).require_burraco()
    assert not old.pozzetto_penalty_if_none_taken
    assert default_burraco_pack().version == 1  # the default stays pinned


def test_a_file_whose_name_disagrees_with_its_content(packs_dir: Path) -> None:
    text = (packs_dir / "fibur-2026.v1.toml").read_text()
    (packs_dir / "fibur-2026.v3.toml").write_text(text)
    with pytest.raises(
        RulePackError, match=r"fibur-2026.v3.toml: file declares.*version=1"
    ):
        load_pack("fibur-2026", 3)


def test_a_file_that_is_not_toml(packs_dir: Path) -> None:
    (packs_dir / "broken.v1.toml").write_text("name = 'broken\n")
    with pytest.raises(RulePackError, match=r"broken.v1.toml: not valid TOML"):
        load_pack("broken", 1)


def test_packs_docs_and_code_cite_no_file_outside_the_project() -> None:
    """Issue 16 §8: "Sources a reader can open". The shared reference notes
    (``fibur-rules.md``) are not part of the project: the packs, ``docs/rules.md`` and the
    code cite ``docs/rules.md`` sections and mark a secondary source [S], never that file
    or a path outside the repository. (Found by the reviewer in docs/rules.md §7 and the
    fibur-2026 v2 pack.)
    """
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    outside = re.compile(r"fibur-rules\.md|/work/|\.\./shared|shared/reference")
    found = []
    for folder in ("rules", "docs", "standings", "scoring", "tournament", "core"):
        for path in (root / folder).rglob("*"):
            if path.suffix not in {".py", ".toml", ".md", ".html", ".txt"}:
                continue
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if outside.search(line):
                    found.append(f"{path.relative_to(root)}:{n}: {line.strip()[:80]}")
    assert not found, "\n".join(found)


def test_fibur_v3_changes_only_the_three_special_settings() -> None:
    """fibur-2026 v3 = v2 with issue 27's readings of seed 004 (docs/rules.md §2.2b);
    v1 and v2 got the new keys with the values that keep what they did."""
    v2, v3 = load_pack("fibur-2026", 2), load_pack("fibur-2026", 3)
    assert load_pack("fibur-2026", 4).version == 4  # v4: the next test
    s2, s3 = v2.require_special(), v3.require_special()
    # seed 004: "I MP di entrambe le linee saranno calcolati dai VP in base ai
    # corrispondenti minimi previsti dalla tabella dei VP".
    assert (s2.forfeit_offender_mp, s3.forfeit_offender_mp) == ("mirror", "band_min")
    # seed 004: "si stabilisce una “penalità” pari a 350 punti".
    assert (s2.abandon_penalty, s3.abandon_penalty) == (0, 350)
    # international code art. 34 [S]: "a meno che per lei non risulti vantaggioso".
    assert (s2.late_forfeit_cap, s3.late_forfeit_cap) is not None
    assert (s2.late_forfeit_cap, s3.late_forfeit_cap) == (False, True)
    for name in ("forfeit_offender_mp", "abandon_penalty", "late_forfeit_cap"):
        assert getattr(load_pack("fibur-2026", 1).require_special(), name) == getattr(
            s2, name
        )
    same = {
        k: v
        for k, v in vars(s3).items()
        if k not in {"forfeit_offender_mp", "abandon_penalty", "late_forfeit_cap"}
    }
    assert same == {k: v for k, v in vars(s2).items() if k in same}
    assert v3.vp == v2.vp and v3.standings == v2.standings and v3.team == v2.team


def test_fibur_v4_changes_the_second_warning_scope_and_adds_the_turn_to_points() -> (
    None
):
    """fibur-2026 v4 = v3 with issue 27's second part (docs/rules.md §2.2c): art. 20 of
    the Codice [S] puts a second ammonizione's loss "nella classifica generale" with no
    advantage to the other line; seed 004 heads a table "TURNI CON 4 SMAZZATE o 2005
    pt". v1 to v3 got the new keys with the values that keep what they did."""
    v3, v4 = load_pack("fibur-2026", 3), load_pack("fibur-2026", 4)
    assert load_pack("fibur-2026") is v4  # new tournaments take the latest
    assert (
        v3.require_special().second_warning_scope,
        v4.require_special().second_warning_scope,
    ) == ("meeting", "standings")
    assert (v3.require_vp().target_points, v4.require_vp().target_points) == (0, 2005)
    assert v4.require_vp().target_uses == 4
    for version in (1, 2, 3):
        old = load_pack("fibur-2026", version)
        assert old.require_special().second_warning_scope == "meeting"
        assert old.require_vp().target_points == 0
    same = {k: v for k, v in vars(v4.require_special()).items()}
    same["second_warning_scope"] = "meeting"
    assert same == vars(v3.require_special())
    assert v4.require_vp().tables == v3.require_vp().tables
    assert (v4.standings, v4.team, v4.pairing) == (v3.standings, v3.team, v3.pairing)
    radice2 = load_pack("fibur-2026-squadre-radice2", 2)
    assert radice2.require_special() == v4.require_special()
    assert radice2.vp == v4.vp


@pytest.mark.parametrize(
    ("name", "play_all"), [("briscola-approdo", True), ("briscola-vp", False)]
)
def test_briscola_v3_reads_each_seed(name: str, play_all: bool) -> None:
    """Seed 001: "vince due partite su tre giocate" (every partita played, its pack);
    seed 002: the offender "perde la partita" (both packs: the only source on
    forfeits). v1 and v2 keep what they did (docs/rules.md §2.3b)."""
    v3 = load_pack(name, 3).require_briscola()
    assert load_pack(name) is load_pack(name, 3)
    assert (v3.play_all_partite, v3.forfeit_offender_partite) == (play_all, "void")
    for version in (1, 2):
        old = load_pack(name, version).require_briscola()
        assert (old.play_all_partite, old.forfeit_offender_partite) == (False, "kept")
