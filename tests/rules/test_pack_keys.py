"""Every key of every rule pack has an effect and is documented (docs/rules.md §2).

A setting that nothing reads misleads a director: they change it and nothing happens
(issue 16: ``stallo`` and ``mitchell_ranking`` were such settings). So each key of each
pack must be the name of a field of its section's dataclass (what the loader builds) and
that field must be read somewhere in the project's code or templates besides the loader,
as ``.<field>``.

And each key is explained in ``docs/rules.md``, written there as ```key```.
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest

from rules import packs

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "rules.md"
#: Tables whose keys are data (smazzate counts, ranks), not settings: the table is the key.
DATA_TABLES = {
    "vp.tables",
    "team.tables",
    "burraco.card_points",
    "special.late_forfeit_vp",
}
#: Sections read by nothing yet, and why (none since the team tournaments, §11).
EXCEPTED: dict[str, str] = {}
#: The dataclass each section is loaded into.
SECTIONS: dict[str, type] = {
    "": packs.RulePack,
    "vp": packs.VpSection,
    "burraco": packs.BurracoSection,
    "special": packs.SpecialSection,
    "standings": packs.StandingsSection,
    "pairing": packs.PairingSection,
    "team": packs.TeamSection,
    "briscola": packs.BriscolaSection,
    "briscola.match_points": packs.MatchPoints,
    "entry": packs.EntrySection,
}
#: Identification keys: the loader itself uses them to find and pin the pack.
IDENTITY = {"name", "version", "game"}


def pack_files() -> list[str]:
    folder = resources.files("rules").joinpath("packs")
    return sorted(e.name for e in folder.iterdir() if e.name.endswith(".toml"))


def keys_of(data: dict[str, object], where: str = "") -> Iterator[tuple[str, str]]:
    """``(section, key)`` for every setting of a parsed pack (data tables as one key)."""
    for key, value in data.items():
        path = f"{where}.{key}" if where else key
        if isinstance(value, dict) and path not in DATA_TABLES and key in SECTIONS:
            yield from keys_of(value, path)
        elif isinstance(value, dict) and path == "briscola.match_points":
            yield where, key
            yield from keys_of(value, path)
        else:
            yield where, key


def code_text() -> str:
    """The project's code and templates; tests, migrations and the loader left out."""
    parts = []
    for path in [*ROOT.rglob("*.py"), *(ROOT / "templates").rglob("*.html")]:
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith((".venv/", "tests/", "bench/")) or "/migrations/" in rel:
            continue
        if rel.startswith("rules/packs/"):  # the loader
            continue
        parts.append(path.read_text(encoding="utf-8"))
    return "\n".join(parts)


@pytest.fixture(scope="module")
def code() -> str:
    return code_text()


def all_keys() -> list[tuple[str, str, str]]:
    found = []
    for name in pack_files():
        text = resources.files("rules").joinpath("packs", name).read_text("utf-8")
        found.extend((name, s, k) for s, k in keys_of(tomllib.loads(text)))
    return found


@pytest.mark.parametrize(("pack", "section", "key"), all_keys())
def test_every_pack_key_is_read_by_code(
    pack: str, section: str, key: str, code: str
) -> None:
    top = section.split(".")[0]
    if top in EXCEPTED or key in EXCEPTED:
        pytest.skip(EXCEPTED[top or key])
    if section == "" and key in IDENTITY:
        return
    owner = SECTIONS.get(section)
    if section == "" and key in SECTIONS:
        owner = packs.RulePack  # a section: the RulePack field of that name
    assert owner is not None, f"{pack}: no dataclass for [{section}]"
    fields = {f.name for f in dataclasses.fields(owner)}
    attribute = key.split(".")[-1]
    assert attribute in fields, f"{pack}: [{section}] {key} is no field of {owner}"
    assert re.search(rf"\.{re.escape(attribute)}\b", code), (
        f"{pack}: [{section}] {key} is read by nothing outside the loader"
    )


def test_a_key_read_by_nothing_fails(code: str) -> None:
    """The check above catches a setting like the old ``stallo``."""
    assert not re.search(r"\.stallo\b", code)
    assert re.search(r"\.pozzetto_penalty_if_none_taken\b", code)


@pytest.mark.parametrize(("pack", "section", "key"), all_keys())
def test_every_pack_key_is_documented(pack: str, section: str, key: str) -> None:
    docs = DOCS.read_text(encoding="utf-8")
    assert f"`{key}`" in docs, f"{pack}: [{section}] {key} is not in docs/rules.md"
