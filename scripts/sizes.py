"""make lint: no file of the apps over 400 lines, no function over 60 (issue 29).

The apps are the import contracts' root packages (pyproject.toml, [tool.importlinter]),
so an app added there is measured too; their migrations are left out (Django writes
them), and so are the tests, the benchmarks and the simulation (not under the apps).
A file's size is its lines; a function's, the lines from its ``def`` to its last line
(its decorators aside, its docstring and nested functions in). Past the limit, split
the file or the function along a seam of the domain: a long one usually does two things.

    .venv/bin/python scripts/sizes.py          # exit 1 and one line per excess
    .venv/bin/python scripts/sizes.py --list   # every file and function, longest first
"""

from __future__ import annotations

import ast
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAX_FILE_LINES = 400
MAX_FUNCTION_LINES = 60


@dataclass(frozen=True)
class Size:
    path: str
    line: int
    name: str  # "" for the file itself
    lines: int

    def __str__(self) -> str:
        what = f"{self.name}()" if self.name else "file"
        return f"{self.path}:{self.line}: {what} has {self.lines} lines"


def apps() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return list(config["tool"]["importlinter"]["root_packages"])


def sources() -> list[Path]:
    found = []
    for app in apps():
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" not in path.relative_to(ROOT).parts:
                found.append(path)
    return found


def sizes(path: Path) -> list[Size]:
    text = path.read_text(encoding="utf-8")
    name = str(path.relative_to(ROOT))
    out = [Size(name, 1, "", len(text.splitlines()))]
    for node in ast.walk(ast.parse(text, filename=name)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            end = node.end_lineno or node.lineno
            out.append(Size(name, node.lineno, node.name, end - node.lineno + 1))
    return out


def excesses(found: list[Size]) -> list[Size]:
    return [
        s for s in found if s.lines > (MAX_FUNCTION_LINES if s.name else MAX_FILE_LINES)
    ]


def main(argv: list[str]) -> int:
    found = [size for path in sources() for size in sizes(path)]
    if "--list" in argv:
        for size in sorted(found, key=lambda s: -s.lines):
            print(size)
        return 0
    over = excesses(found)
    for size in over:
        print(size)
    if over:
        files = sum(1 for s in over if not s.name)
        print(
            f"{files} files over {MAX_FILE_LINES} lines, {len(over) - files} functions"
            f" over {MAX_FUNCTION_LINES}: split them along the domain's seams",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
