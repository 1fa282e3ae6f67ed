"""The rules package is pure Python: no Django, no database, no network."""

import ast
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parent.parent / "rules"
FORBIDDEN = {"django", "psycopg", "sqlite3", "requests", "urllib", "socket", "http"}


def imported_modules(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = [
        a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names
    ]
    names += [
        n.module or ""
        for n in ast.walk(tree)
        if isinstance(n, ast.ImportFrom) and n.level == 0
    ]
    return names


@pytest.mark.parametrize(
    "path", sorted(RULES.rglob("*.py")), ids=lambda p: str(p.relative_to(RULES))
)
def test_rules_module_imports_nothing_impure(path):
    """No module of rules imports Django or anything that talks to the outside."""
    bad = [m for m in imported_modules(path) if m.split(".")[0] in FORBIDDEN]
    assert not bad, f"{path} imports {bad}"


def test_guard_catches_a_django_import(tmp_path):
    """The guard itself fails on a module that imports Django."""
    bad = tmp_path / "bad.py"
    bad.write_text("from django.db import models\nimport os\n")
    assert imported_modules(bad) == ["os", "django.db"]
