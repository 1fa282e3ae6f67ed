"""Files written before ``tournament`` was split into apps (issue 29) read after it.

``tests/data/before-split/`` holds what today's main wrote from the demo (``manage.py
seed_demo``, then ``export_replay`` and ``export_tournament``; see its README): the
replay files of the demo's four events, the archives of a team event (with its
knockout) and a pair event, and what each event's standings were (``*.out.json``,
the replay's output: the rounds as seated and the stored standings). Whatever the
apps become, replaying those files and importing those archives must give the same
rounds and standings: the formats stay readable, and one competitor's code ranks as
the pair code and the team code did.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from core import archive
from core.replay import replay
from core.replay.output import result_of

DATA = Path(__file__).resolve().parents[1] / "data" / "before-split"
TEAMS = "campionato-a-squadre-del-giglio-2026"
ROUND_ROBIN_TEAMS = "coppa-toscana-a-squadre-2026"
PAIRS = "trofeo-del-giglio-2026"
BRISCOLA = "briscola-lapprodo-2026"


def _read(name: str):
    return json.loads((DATA / name).read_text(encoding="utf-8"))


@pytest.mark.django_db
@pytest.mark.parametrize("event", [TEAMS, ROUND_ROBIN_TEAMS, PAIRS, BRISCOLA])
def test_the_demo_replays_give_the_standings_of_main(event):
    _tournament, output = replay(_read(f"{event}.replay.json"))
    assert output == _read(f"{event}.out.json")


@pytest.mark.django_db
@pytest.mark.parametrize("event", [TEAMS, PAIRS])
def test_an_archive_of_main_imports_with_its_rows_and_standings(event):
    data = _read(f"{event}.archive.json")
    tournament = archive.import_tournament(data, slug=f"{event}-again")
    assert result_of(tournament) == _read(f"{event}.out.json")
    # Every row of the archive is there again, under whatever app holds its model now
    # (the rows derived from the results are rebuilt, so they are counted as rebuilt).
    again = archive.export_tournament(tournament)
    counts_before = Counter(
        {m["model"].split(".")[1]: len(m["rows"]) for m in data["models"]}
    )
    counts_after = Counter(
        {m["model"].split(".")[1]: len(m["rows"]) for m in again["models"]}
    )
    assert counts_after == counts_before
