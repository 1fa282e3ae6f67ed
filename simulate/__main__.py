"""``python -m simulate``: run the simulated event (see the package docstring).

Run it under ``scripts/with-postgres.sh`` (``make simulate`` does): the PostgreSQL it
starts is the one the fault injector restarts.
"""

from __future__ import annotations

import asyncio
import faulthandler
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from . import options

ROOT = Path(__file__).resolve().parent.parent


def progress(message: str) -> None:
    print(f"# {time.strftime('%H:%M:%S')} {message}", flush=True)


def in_django(fn, *args, **kwargs):
    """Run Django code in this process with fresh connections (PostgreSQL may restart)."""
    from django.db import connections

    connections.close_all()
    try:
        return fn(*args, **kwargs)
    finally:
        connections.close_all()


#: A referee's pace in ``--pace human``: a sheet every 10-15 s (issue 19, measure a).
HUMAN_PACE = (10.0, 15.0)


async def run_event(
    args, world, server, front, metrics, ledger, faults, started
) -> dict:
    from . import cpu, load
    from . import faults as fault_mod
    from . import phones as phones_mod
    from . import world as world_mod

    rng = random.Random(args.seed)
    stop_at = started + args.budget
    stop = asyncio.Event()
    watched: dict[int, load.Watched] = {}
    # Phones and referees go through nginx, as in the deployment; the phones in a
    # process of their own (simulate/phones.py), the current round on its input.
    phone_proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "simulate.phones",
            front.url,
            world.slug,
            str(world.pairs),
            str(args.phones),
            str(args.budget + 15),
        ],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    watch_task = asyncio.create_task(
        load.watch_standings(front.url, world.slug, ledger, watched, metrics, stop)
    )
    # A phone outside this process: the server's figure, not the generator's.
    probe = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "simulate.probe",
            f"{front.url}/t/{world.slug}/classifica/",
            str(args.budget),
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    referees = [
        load.Referee(front.url, name, world.slug, metrics) for name in world.referees
    ]
    await asyncio.gather(*(r.login() for r in referees))
    progress(f"{len(referees)} referees logged in, {args.phones} phones polling")
    outcome = {"rounds_completed": 0, "rounds_started": 0}
    fault_task = None
    try:
        for number in range(1, args.rounds + 1):
            if time.monotonic() > stop_at:
                break
            generated = time.monotonic()
            try:
                tables = await asyncio.to_thread(
                    in_django, world_mod.next_round, world, args.seed + number
                )
            except Exception as exc:  # reported; the check still runs
                progress(f"round {number} not generated: {exc}")
                metrics.errors[f"round_not_generated_{type(exc).__name__}"] += 1
                break
            progress(
                f"round {number}: {len(tables)} tables generated and published in "
                f"{time.monotonic() - generated:.1f} s"
            )
            assert phone_proc.stdin is not None
            phone_proc.stdin.write(f"{tables[0][0]}\n")
            phone_proc.stdin.flush()
            pairs = await asyncio.to_thread(in_django, world_mod.watched_pairs, tables)
            watched.update(
                (table_id, load.Watched(pairs[table_id], number))
                for _round, _n, table_id, _rest in tables
                if table_id in pairs
            )
            outcome["rounds_started"] += 1
            if number == args.fault_round and not args.no_faults:
                fault_task = asyncio.create_task(
                    inject_faults(server, faults, fault_mod, stop_at)
                )
            entry_started = time.monotonic()
            by_referees = tables
            if args.entry == "players":
                # Rest tables have no players' sheet: the referees record them.
                by_referees = [t for t in tables if t[3]]
                players = asyncio.create_task(
                    enter_by_players(args, world, front, tables, ledger, metrics, rng)
                )
            try:
                # Saves still waiting at the stop are abandoned: the check counts
                # the ones the server stored all the same (saved_but_answer_lost).
                await asyncio.wait_for(
                    load.enter_round(
                        referees,
                        by_referees,
                        ledger,
                        rng,
                        stop_at,
                        world_mod.sheet_for,
                        HUMAN_PACE if args.pace == "human" else None,
                    ),
                    max(1.0, stop_at + 15 - time.monotonic()),
                )
            except TimeoutError:
                metrics.errors["saves_abandoned_at_stop"] += 1
            if args.entry == "players":
                await players
            metrics.busy["entry"] += time.monotonic() - entry_started
            done = sum(
                1
                for t in tables
                if t[2] in ledger.sheets and ledger.sheets[t[2]].acknowledged
            )
            progress(
                f"round {number}: {done}/{len(tables)} sheets confirmed in "
                f"{time.monotonic() - entry_started:.1f} s"
            )
            if not all(
                ledger.sheets[t[2]].acknowledged
                for t in tables
                if t[2] in ledger.sheets
            ) or len([t for t in tables if t[2] in ledger.sheets]) < len(tables):
                break
            status = await referees[0].close_round(tables[0][0])
            if status != 302:
                metrics.errors[f"close_round_{status}"] += 1
                break
            outcome["rounds_completed"] += 1
    finally:
        if fault_task is not None:
            await fault_task
        stop.set()
        outcome["phones_cpu"] = cpu.process_tree(phone_proc.pid)
        outcome["probe_cpu"] = cpu.process_tree(probe.pid)
        phone_proc.terminate()
        try:
            out, _err = await asyncio.to_thread(phone_proc.communicate, timeout=45)
            phones_mod.merge(metrics, out)
        except subprocess.TimeoutExpired:
            phone_proc.kill()
            metrics.errors["phones_still_waiting_at_stop"] += 1
        try:
            await asyncio.wait_for(watch_task, 35)
        except TimeoutError:
            metrics.errors["standings_watch_still_waiting_at_stop"] += 1
        await asyncio.gather(*(r.aclose() for r in referees))
        probe.terminate()
        out, _err = await asyncio.to_thread(probe.communicate, timeout=60)
        metrics.samples["probe"] = [ms / 1000 for ms in json.loads(out or "[]")]
    return outcome


async def enter_by_players(args, world, front, tables, ledger, metrics, rng) -> None:
    """The round's tables entered and confirmed by the players' phones, from a
    process of their own (simulate/players.py), in a burst of ``--window`` seconds."""
    from . import entry
    from . import world as world_mod

    ids = [table_id for _round, _number, table_id, rest in tables if not rest]
    codes = await asyncio.to_thread(in_django, entry.table_codes, ids)
    sheets = {table_id: world_mod.sheet_for(rng) for table_id in ids}
    order = entry.order_for(
        front.url, tables, codes, sheets, window=args.window, seed=rng.randrange(2**31)
    )
    confirmed = await entry.enter_round(
        order, tables, ledger, metrics, timeout=args.window + 240
    )
    progress(f"players confirmed {confirmed}/{len(ids)} tables on their phones")


async def inject_faults(server, log, fault_mod, stop_at) -> None:
    """Kill a worker inside a save; a little later, restart PostgreSQL."""
    from .server import postgres_restart

    await asyncio.sleep(3)
    killed = await asyncio.to_thread(
        fault_mod.kill_worker_mid_save,
        server,
        log,
        timeout=max(5.0, min(60.0, stop_at - time.monotonic())),
    )
    if killed:
        kill = log.worker_kills[-1]
        progress(f"fault: worker {kill['pid']} killed inside a save ({kill['query']})")
    await asyncio.sleep(5)
    if time.monotonic() < stop_at - 5:
        log.pg_restarts.append(await asyncio.to_thread(postgres_restart))
        progress(f"fault: PostgreSQL restarted in {log.pg_restarts[-1]:.1f} s")


def main(argv: list[str] | None = None) -> int:
    args = options.parse(argv, __doc__)
    players = args.entry == "players"
    faulthandler.register(signal.SIGUSR1)  # kill -USR1 <pid>: where is it stuck?
    # A timeout's SIGTERM unwinds normally, so that gunicorn is stopped too.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    if "postgres" not in os.environ.get("DATABASE_URL", ""):
        print("run under scripts/with-postgres.sh (make simulate)", file=sys.stderr)
        return 2

    from .faults import FaultLog
    from .load import Ledger, Metrics
    from .proxy import Nginx
    from .server import Gunicorn, Worker, postgres_cpu_seconds, production_env

    t0 = time.monotonic()
    work = tempfile.mkdtemp(prefix="torneo-simulate-")
    published = Path(work) / "published"
    published.mkdir()
    env = production_env(str(Path(work) / "static"), str(published))
    os.environ.update({k: v for k, v in env.items() if k.startswith("DJANGO_")})
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    from . import check, cpu, figures
    from . import world as world_mod

    call_command("migrate", verbosity=0)
    call_command("collectstatic", verbosity=0, interactive=False)
    progress("database migrated, building the tournament")
    world = world_mod.build(
        pairs=args.pairs,
        referees=args.referees,
        rounds=args.rounds,
        gironi=args.gironi,
        seed=args.seed,
        entry_by=args.entry,
    )
    # The phones' pages exist as files before the load starts, as after
    # `manage.py publish --all` at the venue.
    from public.publish import publish_all

    published_at = time.monotonic()
    written = publish_all()
    figures.report("publish.initial", time.monotonic() - published_at, "s")
    progress(f"published {written.written} files")
    server = Gunicorn(
        env, port=args.app_port, workers=args.workers, threads=args.threads
    )
    front = Nginx(
        Path(work) / "nginx",
        port=args.port,
        upstream=f"127.0.0.1:{args.app_port}",
        publish_root=str(published),
        static_root=env["DJANGO_STATIC_ROOT"],
    )
    worker = Worker(env, Path(work) / "worker.log")
    metrics, ledger, faults = Metrics(), Ledger(), FaultLog()
    drained, behind = 0.0, 0
    try:
        server.wait_ready()
        front.wait_ready()
        how = "entry by the players" if players else f"pace {args.pace}"
        progress(f"nginx in front on {front.url}, {how}; files in {work}")
        figures.report("setup.seconds", time.monotonic() - t0, "s")
        started = time.monotonic()

        def cpu_now() -> tuple[float, ...]:
            return (
                cpu.machine_busy(),
                server.cpu_seconds(),
                worker.cpu_seconds(),
                cpu.own(),
                front.cpu_seconds(),
                postgres_cpu_seconds(),
            )

        cpu_start = cpu_now()
        # What is left of the deadline, minus the time to stop and check.
        args.budget = max(60.0, args.deadline - (started - t0) - 100)
        progress(f"load for at most {args.budget:.0f} s")
        outcome = asyncio.run(
            run_event(args, world, server, front, metrics, ledger, faults, started)
        )
        load_seconds = time.monotonic() - started
        cpu_end = cpu_now()
    finally:
        front.stop()
        server.stop()
        try:
            # The standings trail the saves by about a second: let the worker finish.
            drained, behind = in_django(check.drain, world)
        finally:
            worker.stop()
    refresh = check.refresh_figures(Path(work) / "worker.log")
    found = in_django(check.verify, world, ledger)

    bad = figures.print_all(
        args=args,
        outcome=outcome,
        metrics=metrics,
        found=found,
        refresh=refresh,
        drained=drained,
        behind=behind,
        worker_starts=worker.starts,
        spent=[end - begin for begin, end in zip(cpu_start, cpu_end, strict=True)],
        load_seconds=load_seconds,
        faults=faults,
        total_seconds=time.monotonic() - t0,
    )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
