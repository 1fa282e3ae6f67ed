"""The command line of ``python -m simulate`` (``make simulate SIMULATE_ARGS=...``) and
the defaults that follow from it (rounds and deadline by who enters)."""

from __future__ import annotations

import argparse


def parse(argv: list[str] | None, description: str | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m simulate", description=description)
    parser.add_argument("--pairs", type=int, default=1000)
    parser.add_argument(
        "--rounds",
        type=int,
        default=None,
        help="rounds played (6; --entry players: 2, each a window of entry)",
    )
    parser.add_argument("--referees", type=int, default=20)
    parser.add_argument("--phones", type=int, default=2000)
    parser.add_argument("--gironi", type=int, default=1)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument(
        "--pace",
        choices=("human", "full"),
        default="human",
        help="human: each referee a sheet every 10-15 s (measure a); "
        "full: a sheet as soon as the last is saved (measure b)",
    )
    parser.add_argument("--port", type=int, default=8765, help="nginx (the front)")
    parser.add_argument("--app-port", type=int, default=8766, help="gunicorn")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--deadline",
        type=float,
        default=None,
        help="seconds for the whole run; the load stops early enough to check "
        "(540; --entry players: enough for each round's window)",
    )
    parser.add_argument(
        "--entry",
        choices=("referees", "players"),
        default="referees",
        help="referees: 20 referees type the sheets; players: each table's two "
        "lines enter and confirm it on their phones (issue 30), in a burst",
    )
    parser.add_argument(
        "--window",
        type=float,
        default=300,
        help="--entry players: the seconds in which the round's tables finish",
    )
    parser.add_argument("--fault-round", type=int, default=1)
    parser.add_argument("--no-faults", action="store_true")
    args = parser.parse_args(argv)
    players = args.entry == "players"
    if args.rounds is None:
        args.rounds = 2 if players else 6
    if args.deadline is None:
        # Setting up takes 2-4 minutes on a busy machine; each round its window,
        # the last confirmations and the round's closing.
        args.deadline = 300 + args.rounds * (args.window + 90) if players else 540
    return args
