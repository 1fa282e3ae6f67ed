"""Row locks take the rows of their own table only.

A ``select_for_update()`` locks every row its query joins on PostgreSQL, and the
default orderings of most models join their parents (a table result is ordered by its
round's girone's stage's tournament). A lock taken to save a sheet or close a round
then also held the tournament's and the stage's rows, and deadlocked with the worker
ranking that stage (it locks the stage, then writes rows that reference the girone):
found by the browser tests once the worker ran beside the live server. Every lock in
the apps names its own table (``of=("self",)``).
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APPS = ("core", "knockout", "outbox", "printing", "public", "scoring", "standings")
APPS += ("tournament", "people", "participants", "seating", "staff", "draw", "director")


def test_every_row_lock_names_its_own_table():
    loose = []
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "select_for_update"
                    and not any(k.arg == "of" for k in node.keywords)
                ):
                    loose.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not loose, f'lock only the query\'s own rows, of=("self",): {loose}'
