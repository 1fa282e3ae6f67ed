"""The goals of issue 19 for the two measures of ``make simulate``, and the
``# goal ...`` line printed for each after the BENCH lines.

- ``--pace human`` (measure a, the default): each referee a sheet every 10-15 s;
  a save p99 <= 300 ms, the standings on the phones <= 3 s (p99) after the save, and a
  phone's page p99 <= 200 ms.
- ``--pace full`` (measure b): referees as fast as the server answers; >= 14 sheets/s
  while a phone's page stays p50 <= 50 ms and p99 <= 500 ms, the standings on the
  phones <= 3 s (p99) after the save, and nothing lost.
- ``--entry players`` (issue 30): the players' phones enter and confirm every table
  in a burst while the phones read; an entry's answer (a sheet sent, a sheet
  confirmed) p99 <= 300 ms, the standings on the phones <= 3 s (p99) after the
  confirmation, the published standings p99 <= 200 ms from outside the load's
  processes, and nothing lost or twice.
"""

from __future__ import annotations

import math

#: (figure, comparison, target, unit) per pace; figures are the names of the
#: ``BENCH event.<figure>`` lines, plus ``problems`` (what the final check found).
GOALS: dict[str, tuple[tuple[str, str, float, str], ...]] = {
    "human": (
        ("save.p99", "<=", 300, "ms"),
        ("standings_delay.p99", "<=", 3, "s"),
        ("phone.p99", "<=", 200, "ms"),
        ("probe.p99", "<=", 200, "ms"),
    ),
    "full": (
        ("sheets_per_s", ">=", 14, "sheets/s"),
        ("phone.p50", "<=", 50, "ms"),
        ("phone.p99", "<=", 500, "ms"),
        ("probe.p50", "<=", 50, "ms"),
        ("probe.p99", "<=", 500, "ms"),
        ("standings_delay.p99", "<=", 3, "s"),
        ("problems", "<=", 0, "problems"),
    ),
    "players": (
        ("player_entry.p99", "<=", 300, "ms"),
        ("standings_delay.p99", "<=", 3, "s"),
        ("probe.p99", "<=", 200, "ms"),
        ("problems", "<=", 0, "problems"),
    ),
}


def verdict(name: str, value: float, op: str, target: float, unit: str) -> str:
    """One goal's line.

    >>> verdict("save.p99", 250.0, "<=", 300, "ms")
    '# goal event.save.p99 <= 300 ms: met (250 ms)'
    >>> verdict("sheets_per_s", 12.54, ">=", 14, "sheets/s")
    '# goal event.sheets_per_s >= 14 sheets/s: missed by 1.46 sheets/s (12.5 sheets/s)'
    >>> verdict("phone.p99", float("nan"), "<=", 200, "ms")
    '# goal event.phone.p99 <= 200 ms: not measured'
    """
    head = f"# goal event.{name} {op} {target:g} {unit}: "
    if math.isnan(value):
        return head + "not measured"
    short = target - value if op == ">=" else value - target
    if short <= 0:
        return head + f"met ({number(value)} {unit})"
    return head + f"missed by {number(short)} {unit} ({number(value)} {unit})"


def number(value: float) -> str:
    """Three significant digits, never in exponent form.

    >>> [number(v) for v in (0.0, 2.2493, 37.11, 894.6, 13642.9)]
    ['0', '2.25', '37.1', '895', '13643']
    """
    return f"{value:.0f}" if abs(value) >= 100 else f"{value:.3g}"


def measure(args) -> str:
    """The goals of a run: its entry's (players) or its referees' pace."""
    return "players" if getattr(args, "entry", "referees") == "players" else args.pace


def verdicts(pace: str, figures: dict[str, float]) -> list[str]:
    """The lines of a run's goals (a figure not printed is "not measured")."""
    return [
        verdict(name, figures.get(name, float("nan")), op, target, unit)
        for name, op, target, unit in GOALS[pace]
    ]
