"""The apps' layers go one way: rules → tournament → scoring → standings →
knockout/printing/public → core.

scoring tells standings about changed scores through ``scoring.hooks`` (a signal and
a registered ranking), and the tournament app reads totals for the Danese through
``tournament.hooks`` (readers scoring registers), never by importing the app above.
"""

from pathlib import Path

import pytest

from tests.test_purity import imported_modules

ROOT = Path(__file__).resolve().parent.parent
ABOVE = {
    "tournament": {"scoring", "standings", "knockout", "printing", "public", "core"},
    "scoring": {"standings", "public", "printing", "knockout", "core"},
    "standings": {"public", "printing", "knockout", "core"},
    "knockout": {"core"},
    "printing": {"core"},
    "public": {"core"},
}


@pytest.mark.parametrize(
    "path",
    sorted(p for app in ABOVE for p in (ROOT / app).rglob("*.py")),
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_no_app_imports_one_above_it(path):
    app = path.relative_to(ROOT).parts[0]
    bad = [m for m in imported_modules(path) if m.split(".")[0] in ABOVE[app]]
    assert not bad, f"{path.relative_to(ROOT)} imports {bad}"
