"""The figures of a run: ``BENCH event.<name> <value> <unit>`` lines, the check's
counts, and the ``# goal ...`` lines of the pace (:mod:`.goals`)."""

from __future__ import annotations

import os
import statistics

from . import goals

#: What the final check counts as a failure of the event.
PROBLEMS = (
    "lost",
    "duplicated",
    "half_written",
    "wrong_content",
    "foreign_version",
    "tables_without_a_sent_sheet",
    "standings_rows_wrong",
    "standings_snapshots_changed_by_recompute",
)


#: The figures printed so far (name without ``event.``), for the goals' lines.
FIGURES: dict[str, float] = {}


def report(name: str, value: float, unit: str) -> None:
    FIGURES[name] = value
    print(f"BENCH event.{name} {value:.6g} {unit}", flush=True)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


def print_all(
    *,
    args,
    outcome: dict,
    metrics,
    found: dict,
    refresh: dict,
    drained: float,
    behind: int,
    worker_starts: int,
    spent: list[float],
    load_seconds: float,
    faults,
    total_seconds: float,
) -> int:
    """Print every figure, then the goals; the number of problems the check found."""
    saves = metrics.samples["save"]
    acknowledged = found.get("sheets_acknowledged", 0)
    report("pairs", args.pairs, "pairs")
    report("rounds.completed", outcome["rounds_completed"], "rounds")
    report("rounds.started", outcome["rounds_started"], "rounds")
    report("load.seconds", load_seconds, "s")
    report("sheets.acknowledged", acknowledged, "sheets")
    report("sheets_per_s", acknowledged / max(metrics.busy["entry"], 1e-9), "sheets/s")
    report("save.requests", len(saves), "requests")
    report("save.p50", 1000 * percentile(saves, 50), "ms")
    report("save.p99", 1000 * percentile(saves, 99), "ms")
    entry = metrics.samples["entry_page"]
    report("entry_page.p50", 1000 * percentile(entry, 50), "ms")
    report("entry_page.p99", 1000 * percentile(entry, 99), "ms")
    cards = metrics.samples["entry_card"]
    report("entry_card.requests", len(cards), "requests")
    report("entry_card.p50", 1000 * percentile(cards, 50), "ms")
    report("entry_card.p99", 1000 * percentile(cards, 99), "ms")
    # --entry players: the players' phones (simulate/players.py, their own process).
    for kind in ("player_entry", "player_save", "player_confirm", "player_page"):
        if metrics.samples.get(kind):
            samples = metrics.samples[kind]
            report(f"{kind}.requests", len(samples), "requests")
            report(f"{kind}.p50", 1000 * percentile(samples, 50), "ms")
            report(f"{kind}.p99", 1000 * percentile(samples, 99), "ms")
    # Every request of the phones (pages and API answers), through nginx.
    public = metrics.samples["public"]
    report("phone.requests", len(public), "requests")
    report("phone.per_s", len(public) / load_seconds, "req/s")
    report("phone.p50", 1000 * percentile(public, 50), "ms")
    report("phone.p99", 1000 * percentile(public, 99), "ms")
    for kind in sorted(k for k in metrics.samples if k.startswith(("public_", "api_"))):
        report(f"{kind}.p50", 1000 * percentile(metrics.samples[kind], 50), "ms")
        report(f"{kind}.p99", 1000 * percentile(metrics.samples[kind], 99), "ms")
        report(f"{kind}.not_modified", metrics.statuses[(kind, 304)], "responses")
    report(
        "phone.not_modified",
        sum(
            n
            for (kind, status), n in metrics.statuses.items()
            if kind == "public" and status == 304
        ),
        "responses",
    )
    # The published standings asked from outside the generator's process (2 a
    # second, simulate/probe.py): the server's figure, as far as one machine allows.
    probe = metrics.samples["probe"]
    report("probe.requests", len(probe), "requests")
    report("probe.p50", 1000 * percentile(probe, 50), "ms")
    report("probe.p99", 1000 * percentile(probe, 99), "ms")
    # From a referee seeing a sheet saved to the phones' standings showing it.
    delays = metrics.samples["standings_delay"]
    report("standings_delay.sheets", len(delays), "sheets")
    report("standings_delay.p50", percentile(delays, 50), "s")
    report("standings_delay.p99", percentile(delays, 99), "s")
    report("standings_delay.max", max(delays, default=float("nan")), "s")
    # The worker's steps (core/pipeline.py): one ranking, then one publishing, for
    # all the sheets saved meanwhile; the delay from the oldest of them.
    lags = refresh["lags"]
    report("standings.refreshes", len(lags), "rankings")
    report("standings.publishings", len(refresh["published"]), "publishings")
    report("standings.steps_failed", refresh["failed"][0], "steps")
    report("standings.lag.p50", percentile(lags, 50), "s")
    report("standings.lag.p99", percentile(lags, 99), "s")
    report("standings.lag.max", max(lags, default=float("nan")), "s")
    published = refresh["published"]
    report("publish.lag.p50", percentile(published, 50), "s")
    report("publish.lag.p99", percentile(published, 99), "s")
    report("standings.drain_seconds", drained, "s")
    report("standings.gironi_behind_after_drain", behind, "gironi")
    report("standings.worker_starts", worker_starts, "starts")
    report("cpu.cores", os.cpu_count() or 0, "cores")
    report("cpu.machine", spent[0], "s")
    report(
        "cpu.machine_busy", 100 * spent[0] / (load_seconds * (os.cpu_count() or 1)), "%"
    )
    report("cpu.gunicorn", spent[1], "s")
    report("cpu.standings_worker", spent[2], "s")
    report("cpu.postgres", spent[5], "s")
    report("cpu.nginx", spent[4], "s")
    # The referees and the standings watcher (this process); the phones and the probe
    # in their own processes.
    report("cpu.load_generator", spent[3], "s")
    phones = outcome.get("phones_cpu", 0.0) + outcome.get("probe_cpu", 0.0)
    report("cpu.phones", phones, "s")
    # --entry players: the players' phones of each round (simulate/players.py).
    players = metrics.busy.get("players_cpu", 0.0)
    if players:
        report("cpu.players_phones", players, "s")
    phones += players
    # What nothing above spent: on a shared machine, other people's work.
    report("cpu.rest", spent[0] - sum(spent[1:]) - phones, "s")
    print(
        f"# load average at the end: {os.getloadavg()[0]:.1f} (1 min), "
        f"{os.getloadavg()[2]:.1f} (15 min), on {os.cpu_count()} cores",
        flush=True,
    )
    report("errors.total", sum(metrics.errors.values()), "errors")
    for name, count in sorted(metrics.errors.items()):
        report(f"errors.{name}", count, "errors")
    report("fault.worker_killed_mid_save", len(faults.worker_kills), "kills")
    for kill in faults.worker_kills:
        print(
            f"# worker {kill['pid']} killed in a transaction open for "
            f"{kill['in_transaction_for']}: {kill['query']}",
            flush=True,
        )
    report("fault.postgres_restarts", len(faults.pg_restarts), "restarts")
    for seconds in faults.pg_restarts:
        report("fault.postgres_restart_seconds", seconds, "s")
    for name in (*PROBLEMS, "saved_but_answer_lost", "attempts", "tables_confirmed"):
        report(f"check.{name}", found.get(name, 0), "count")
    report("total.seconds", total_seconds, "s")
    bad = sum(found.get(k, 0) for k in PROBLEMS) + behind
    measure = goals.measure(args)
    if measure == "players":
        print(
            f"# measure: --entry players, {args.pairs} pairs, tables finishing in "
            f"{args.window:g} s",
            flush=True,
        )
    else:
        print(f"# measure: --pace {args.pace}", flush=True)
    for line in goals.verdicts(measure, FIGURES | {"problems": bad}):
        print(line, flush=True)
    print(
        "# simulate: " + ("OK, nothing lost or twice" if not bad else f"{bad} PROBLEMS")
    )
    return bad
