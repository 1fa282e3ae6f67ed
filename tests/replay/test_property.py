"""Random events replayed through the services: what must always hold (issue 14).

Hypothesis writes replay files (1-3 gironi, 2-3 rounds, late pairs, withdrawals,
rests, forfeits and the other special results, corrections), ``core.replay`` plays
them, and each test checks one rule on what the app stored and printed. CI runs them
derandomised (``tests/conftest.py``), with few examples: each is a whole tournament.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from core.replay import replay
from core.replay.export import export_tournament
from rules.packs import load_pack
from rules.pairing import round_robin
from rules.vp import vp_table
from scoring.models import ResultVersion, TableResult
from standings.services.impact import stored_impact
from standings.services.ranking import positions as positions_snapshot
from tests.budget import examples
from tournament.models import Girone, Tournament

from .helpers import EXAMPLES, document, pair

pytestmark = pytest.mark.django_db

Kind = ResultVersion.Kind

#: Few examples, never shrunk (each is a whole tournament; a failure prints its file).
EVENTS = settings(
    max_examples=examples(5),
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

#: The checked-in example: the late pair 16 (2 matches) of girone A.
EXAMPLE = json.loads((EXAMPLES / "torneo-esempio.json").read_text(encoding="utf-8"))


def _forfeit_between_level_pairs() -> dict[str, Any]:
    """Issue 14 §7: pairs 1 and 2 end level on VP, 1 having forfeited to 2 (no
    meeting), then a correction elsewhere: the MP difference puts 1 above 2."""
    doc = document(
        rounds=[
            {
                "tables": {"A": [[1, 2], [3, 4]]},
                "results": [
                    {
                        "girone": "A",
                        "table": 1,
                        "kind": "forfeit",
                        "line": "ns",
                        "reason": "assente",
                    },
                    {
                        "girone": "A",
                        "table": 2,
                        "hands": [[300, 100], [100, 100], [100, 100]],
                    },
                ],
            },
            {
                "tables": {"A": [[1, 3], [2, 4]]},
                "results": [
                    {"girone": "A", "table": 1, "hands": [[1500, 0], [500, 0], [0, 0]]},
                    {"girone": "A", "table": 2, "hands": [[0, 400], [5, 5], [0, 0]]},
                ],
                "corrections": [
                    {
                        "round": 2,
                        "girone": "A",
                        "table": 2,
                        "hands": [[0, 400], [10, 5], [0, 0]],
                        "reason": "errore di somma",
                    }
                ],
            },
        ]
    )
    return doc


#: Result kinds drawn for a seated table (a normal sheet most of the time).
KINDS = ["normal"] * 6 + [
    "forfeit",
    "late_forfeit",
    "both_absent",
    "second_warning",
    "late_arrival",
    "referee_set",
]

score = st.integers(-60, 300).map(lambda n: 5 * n)  # -300 .. 1500
hands = st.lists(st.tuples(score, score), min_size=3, max_size=3).filter(
    lambda hs: any(h != (0, 0) for h in hs)
)


@st.composite
def result_of(draw: Any, girone: str, table: int) -> dict[str, Any]:
    kind = draw(st.sampled_from(KINDS))
    out: dict[str, Any] = {"girone": girone, "table": table, "confirm": True}
    if kind != "normal":
        out["kind"] = kind
        out["reason"] = "arbitro"
    if kind in ("normal", "second_warning", "late_arrival"):
        out["hands"] = [list(h) for h in draw(hands)]
    if kind in ("forfeit", "late_forfeit", "second_warning", "late_arrival"):
        out["line"] = draw(st.sampled_from(["ns", "ew"]))
    if kind == "referee_set":
        vp = draw(st.integers(0, 20))
        out["set_vp"] = [vp, 20 - vp]
    return out


@st.composite
def events(
    draw: Any, *, min_gironi: int = 1, final_correction: bool = False
) -> dict[str, Any]:
    """A replay file of a small event that the services accept.

    Either a Danese (first round drawn, 2-3 rounds, late pairs welcome) or round
    robins, whose calendars differ with the gironi's sizes (3 to 5 pairs: 3 or 5
    rounds), so that the gironi may have unequal plans.
    """
    count = draw(st.integers(min_gironi, 3))
    labels = "ABC"[:count]
    plan = draw(st.sampled_from(["danese", "round_robin"]))
    active: dict[str, list[int]] = {}
    pairs: list[dict[str, Any]] = []
    number = 0
    for label in labels:
        active[label] = []
        size = draw(st.integers(3, 6 if plan == "danese" else 5))
        for _ in range(size):
            number += 1
            pairs.append(pair(number, label))
            active[label].append(number)
    calendars = {label: round_robin(list(active[label])) for label in labels}
    if plan == "danese":
        rounds_count = draw(st.integers(2, 3))
        plays = {label: rounds_count for label in labels}
    else:
        plays = {label: len(calendars[label]) for label in labels}
        rounds_count = max(plays.values())
    tables_of: dict[tuple[str, int], int] = {}  # (girone, round) -> seated tables
    rounds: list[dict[str, Any]] = []
    for index in range(rounds_count):
        entry: dict[str, Any] = {"before": [], "tables": {}, "resting": {}}
        entry["results"] = []
        if index and plan == "danese" and draw(st.booleans()):  # a late pair
            number += 1
            label = draw(st.sampled_from(labels))
            entry["before"].append({"add_pair": pair(number, label)})
            active[label].append(number)
        playing = [label for label in labels if plays[label] > index]
        if index and draw(st.booleans()):  # a withdrawal, leaving at least 3
            label = draw(st.sampled_from(playing))
            if len(active[label]) > 3:
                gone = draw(st.sampled_from(active[label]))
                entry["before"].append({"withdraw": gone})
                active[label].remove(gone)
        for label in playing:
            if plan == "round_robin":
                calendar = calendars[label][index]
                seated = sum(
                    a in active[label] and b in active[label]
                    for a, b in calendar.tables
                )
                entry["tables"][label] = "generate"
            elif draw(st.booleans()):
                seated = len(active[label]) // 2
                order = draw(st.permutations(active[label]))
                entry["tables"][label] = [
                    [order[2 * i], order[2 * i + 1]] for i in range(seated)
                ]
                if len(order) % 2:
                    entry["resting"][label] = [order[-1]]
            else:
                seated = len(active[label]) // 2
                entry["tables"][label] = "generate"
            tables_of[(label, index + 1)] = seated
            for table in range(1, seated + 1):
                entry["results"].append(draw(result_of(label, table)))
        entry["corrections"] = []
        last = index == rounds_count - 1
        if (final_correction and last) or (index and draw(st.booleans())):
            label, number_ = draw(
                st.sampled_from([key for key, seated in tables_of.items() if seated])
            )
            table = draw(st.integers(1, tables_of[(label, number_)]))
            entry["corrections"].append(
                {
                    "round": number_,
                    "girone": label,
                    "table": table,
                    "hands": [list(h) for h in draw(hands)],
                    "reason": "errore di somma",
                    "confirm": True,
                }
            )
        rounds.append({k: v for k, v in entry.items() if v})
    return {
        "format": "torneo-replay",
        "version": 1,
        "tournament": {
            "name": "Evento a caso",
            "game": "burraco",
            "rule_pack": "fibur-2026",
            "hands_per_round": 3,
            "movement_plan": (
                f"random+{rounds_count - 1}xdanese" if plan == "danese" else plan
            ),
            "rounds_planned": rounds_count,
            "seed": draw(st.integers(1, 10**6)),
        },
        "pairs": pairs,
        "rounds": rounds,
    }


def scheduled(doc: dict[str, Any]) -> dict[str, int]:
    """The rounds each girone's plan schedules (a round robin: its calendar)."""
    labels = sorted({p["girone"] for p in doc["pairs"]})
    if doc["tournament"]["movement_plan"] != "round_robin":
        return {label: doc["tournament"]["rounds_planned"] for label in labels}
    sizes = {label: sum(p["girone"] == label for p in doc["pairs"]) for label in labels}
    return {label: n - 1 + n % 2 for label, n in sizes.items()}


def expected_vp_total(version: ResultVersion, pack: Any) -> int:
    """What a table's VP add up to: the table's total, or the special award's."""
    special = pack.require_special()
    total = vp_table(version.hands_table, pack).total
    if version.kind in (Kind.NORMAL, Kind.LATE_ARRIVAL):
        return total
    if version.kind == Kind.SECOND_WARNING:
        return total + special.second_warning_vp
    if version.kind == Kind.FORFEIT:  # no hands played in these files
        return special.forfeit_winner_vp + special.forfeit_loser_vp
    if version.kind == Kind.LATE_FORFEIT:
        present, late = next(
            (p, late)
            for h, p, late in special.late_forfeit_vp
            if h == version.hands_table
        )
        return present + late
    if version.kind == Kind.BOTH_ABSENT:
        return 2 * special.both_absent_vp
    if version.kind == Kind.REST:
        return special.rest_vp
    assert version.kind == Kind.REFEREE_SET
    return (version.set_vp_ns or 0) + (version.set_vp_ew or 0)


def missed(output: dict[str, Any]) -> dict[int, int]:
    """Rounds of its girone each pair was in neither seated nor resting."""
    rounds: dict[str, int] = {}
    seen: dict[int, int] = {}
    for r in output["rounds"]:
        rounds[r["girone"]] = rounds.get(r["girone"], 0) + 1
        for p in [*(p for t in r["tables"] for p in t), *r["resting"]]:
            seen[p] = seen.get(p, 0) + 1
    return {
        row["pair"]: rounds[label] - seen.get(row["pair"], 0)
        for label, rows in output["standings"].items()
        if label != "overall"
        for row in rows
    }


@EVENTS
@given(doc=events())
def test_table_vp_add_up_and_export_then_replay_gives_the_same(doc):
    tournament, output = replay(doc)
    pack = load_pack(tournament.rule_pack, tournament.rule_pack_version)
    results = TableResult.objects.filter(
        table__round__girone__stage__tournament=tournament
    ).select_related("current")
    assert results.exists()
    for result in results:
        version = result.current
        assert version is not None
        vp = (version.vp_ns or 0) + (version.vp_ew or 0)
        assert vp == expected_vp_total(version, pack), (version.kind, version.pk)
    exported = export_tournament(tournament)
    assert exported.notes == []
    _copy, again = replay(exported.document)
    assert again == output


@EVENTS
@given(doc=events(min_gironi=2))
@example(doc=EXAMPLE)
def test_the_overall_keeps_every_gironis_order_and_ranks_by_vp(doc):
    _tournament, output = replay(doc)
    standings = output["standings"]
    overall = standings["overall"]
    for label, rows in standings.items():
        if label != "overall":
            mine = [r["pair"] for r in overall if r["girone"] == label]
            assert mine == [r["pair"] for r in rows], label
    # Total VP; VP per scheduled round where the plan gives the gironi unequal rounds.
    plan = scheduled(doc)
    unequal = len(set(plan.values())) > 1
    keys = [
        Fraction(r["vp"], plan[r["girone"]]) if unequal else Fraction(r["vp"])
        for r in overall
    ]
    assert keys == sorted(keys, reverse=True)


@EVENTS
@given(doc=events(min_gironi=2))
@example(doc=EXAMPLE)
def test_a_pair_that_missed_rounds_is_never_above_one_with_more_vp(doc):
    _tournament, output = replay(doc)
    absent = missed(output)
    # Across gironi of unequal plans the overall compares VP per scheduled round:
    # there, only pairs of the same girone are compared.
    unequal = len(set(scheduled(doc).values())) > 1
    for label, rows in output["standings"].items():
        for i, above in enumerate(rows):
            if not absent[above["pair"]]:
                continue
            for below in rows[i + 1 :]:
                if unequal and below.get("girone") != above.get("girone"):
                    continue
                assert above["vp"] >= below["vp"], (label, above, below)


@EVENTS
@given(doc=events(final_correction=True))
@example(doc=_forfeit_between_level_pairs())
def test_after_a_correction_the_impact_report_equals_the_stored_standings(doc):
    tournament, output = replay(doc)
    correction = (
        ResultVersion.objects.filter(
            result__table__round__girone__stage__tournament=tournament,
            purpose=ResultVersion.Purpose.CORRECTION,
        )
        .order_by("-pk")
        .first()
    )
    assert correction is not None
    impact = stored_impact(correction)
    label = impact["girone"]
    stored = {r["pair"]: r for r in output["standings"][label]}
    for row in impact["rows"]:
        number = int(row["pair"].split(".")[0])
        assert (row["position_after"], row["vp_after"], row["mp_diff_after"]) == (
            stored[number]["position"],
            stored[number]["vp"],
            stored[number]["mp_diff"],
        ), row
    girone = Girone.objects.get(stage__tournament=tournament, label=label)
    ranked = [(p.pair_number, p.position) for p in positions_snapshot(girone.pk)]
    assert ranked == [(r["pair"], r["position"]) for r in output["standings"][label]]
    assert Tournament.objects.filter(pk=tournament.pk).exists()
