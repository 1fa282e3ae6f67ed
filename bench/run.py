"""Run every benchmark module (``bench/bench_*.py``), or those named as arguments.

Usage: ``python -m bench.run [topic ...]``; a module that needs the database sets up
Django itself (see ``bench/django_setup.py``).
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import traceback
from pathlib import Path


def main(argv: list[str]) -> int:
    here = Path(__file__).parent
    names = sorted(
        m.name for m in pkgutil.iter_modules([str(here)]) if m.name.startswith("bench_")
    )
    if argv:
        names = [n for n in names if n.removeprefix("bench_") in argv or n in argv]
    failed = 0
    for name in names:
        print(f"# {name}", flush=True)
        try:
            importlib.import_module(f"bench.{name}").main()
        except Exception:
            failed += 1
            traceback.print_exc()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
