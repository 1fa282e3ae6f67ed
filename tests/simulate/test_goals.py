"""The ``# goal ...`` lines of ``make simulate`` (issue 19's two measures)."""

from __future__ import annotations

import doctest

from simulate import goals


def test_doctests():
    assert doctest.testmod(goals).failed == 0


def test_human_pace_goals_are_the_save_the_standings_and_the_phones():
    lines = goals.verdicts(
        "human",
        {
            "save.p99": 120.0,
            "standings_delay.p99": 1.5,
            "phone.p99": 250.0,
            "probe.p99": 14.0,
        },
    )
    assert lines == [
        "# goal event.save.p99 <= 300 ms: met (120 ms)",
        "# goal event.standings_delay.p99 <= 3 s: met (1.5 s)",
        "# goal event.phone.p99 <= 200 ms: missed by 50 ms (250 ms)",
        "# goal event.probe.p99 <= 200 ms: met (14 ms)",
    ]


def test_full_speed_goals_and_a_figure_not_printed():
    lines = goals.verdicts(
        "full",
        {"sheets_per_s": 14.2, "phone.p50": 12.0, "phone.p99": 600.0, "problems": 1},
    )
    assert lines == [
        "# goal event.sheets_per_s >= 14 sheets/s: met (14.2 sheets/s)",
        "# goal event.phone.p50 <= 50 ms: met (12 ms)",
        "# goal event.phone.p99 <= 500 ms: missed by 100 ms (600 ms)",
        "# goal event.probe.p50 <= 50 ms: not measured",
        "# goal event.probe.p99 <= 500 ms: not measured",
        "# goal event.standings_delay.p99 <= 3 s: not measured",
        "# goal event.problems <= 0 problems: missed by 1 problems (1 problems)",
    ]
