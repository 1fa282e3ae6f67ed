"""The audit log of a tournament with two gironi (issue 28 §4): every round and table
names its girone, the split is its own row (with its method), and a withdrawal is a
withdrawal, not "Girone: — → Girone A"."""

from __future__ import annotations

import pytest
from django.utils import translation

from draw.services import rounds
from participants.services.registration import set_withdrawn
from scoring import services as scoring
from scoring.services import Hand, Sheet
from scoring.services import log as audit
from scoring.tables import VersionLogTable
from seating.services import gironi

pytestmark = pytest.mark.django_db


def test_the_log_names_the_girone_and_keeps_the_split_apart(
    tournament, make_pairs, director
):
    make_pairs(tournament, 8)
    outcome = gironi.split_into_gironi(tournament, count=2, method="random", seed=7)
    for girone in outcome.gironi:
        round_ = rounds.generate_round(girone)
        rounds.publish_round(round_)
        table = round_.tables.order_by("number").first()
        scoring.submit_sheet(
            table=scoring.load_table(table.pk),
            sheet=Sheet(hands=(Hand(300, 100), Hand(250, 50), Hand(100, 400))),
            by=director,
            expected_lock_version=0,
            token=f"log-{girone.label}",
            confirm=True,
        )
    withdrawn = tournament.pairs.get(number=8)
    set_withdrawn(withdrawn, True)
    with translation.override("it"):
        history = audit.history_rows(tournament)
        versions = VersionLogTable(
            audit.result_versions(tournament),
            several_gironi=audit.several_gironi(tournament),
        )
        where = {versions.render_where(v) for v in audit.result_versions(tournament)}
    assert where == {"T1 tav. 1, girone A", "T1 tav. 1, girone B"}
    rows = [r for r in history if r.object == "Coppia 8"]
    split = [r for r in rows if "sorteggio" in r.changes]
    assert len(split) == 1
    assert split[0].changes.endswith("(gironi per sorteggio, seme 7)")
    last = rows[0]  # newest first: the withdrawal
    assert "Ritirata: no → sì" in last.changes and "Girone" not in last.changes
    named = {r.object for r in history if r.model == "Turno"}
    assert named == {"Turno 1, girone A", "Turno 1, girone B"}
