"""The apps' layers are checked by import-linter (``make lint``; contracts in
pyproject.toml): rules and the outbox at the bottom, then people, tournament,
participants, seating (staff beside it), scoring, standings, draw, knockout, with the
director's pages, printing and public independent of each other, core on top.

These tests run ``lint-imports`` itself: on the project (the contracts are kept), and
on a copy of it with one upward import planted (the tool must fail, naming it).
"""

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINT = Path(sys.executable).with_name("lint-imports")
PACKAGES = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"][
    "root_packages"
]


def lint(folder: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(LINT), "--no-cache"],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONPATH": str(folder), "PATH": "/usr/bin:/bin"},
    )


@pytest.fixture(scope="module")
def copy(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("layers")
    shutil.copy(ROOT / "pyproject.toml", folder)
    ignore = shutil.ignore_patterns("__pycache__", "migrations", "*.toml", "*.json")
    for package in PACKAGES:
        shutil.copytree(ROOT / package, folder / package, ignore=ignore)
    return folder


def test_the_project_keeps_its_layers():
    result = lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize(
    ("module", "planted", "said"),
    [
        ("rules/planted.py", "import tournament.models\n", "rules is not allowed"),
        ("tournament/planted.py", "from scoring import scores\n", "tournament is not"),
        ("outbox/planted.py", "import rules\n", "outbox is not allowed to import"),
        ("public/planted.py", "import printing.services\n", "public is not allowed"),
        ("rules/impure.py", "import django.db\n", "rules is not allowed to import d"),
        # The apps split from tournament (issue 29): each below the one that uses it.
        ("people/planted.py", "import tournament.models\n", "people is not allowed"),
        ("tournament/planted.py", "import participants\n", "tournament is not"),
        ("participants/planted.py", "import seating.models\n", "participants is n"),
        ("seating/planted.py", "from draw.services import rounds\n", "seating is not"),
        ("seating/planted.py", "import staff.services\n", "seating is not allowed"),
        ("standings/planted.py", "import draw.services\n", "standings is not"),
        ("draw/planted.py", "import director.dashboard\n", "draw is not allowed"),
    ],
)
def test_an_upward_import_breaks_the_lint(copy, module, planted, said):
    path = copy / module
    path.write_text(planted)
    try:
        result = lint(copy)
    finally:
        path.unlink()
    assert result.returncode != 0, result.stdout
    assert "BROKEN" in result.stdout and said in result.stdout
    assert module.removesuffix(".py").replace("/", ".") in result.stdout
