"""Keep one command running: start it, and start it again whenever it exits.

``make run`` starts the worker loop (``manage.py worker``, core/pipeline.py) beside the
development server through this module, so a worker that dies (killed, out of memory,
an error it did not expect) is back within seconds instead of leaving the standings,
the published pages and the PDFs waiting::

    python -m core.supervisor -- .venv/bin/python manage.py worker

A command that keeps failing right away is restarted after a growing pause (1 s,
doubling, at most 30 s); one that ran for a while is restarted at once. SIGTERM or
SIGINT to the supervisor is passed on to the command, and both stop. Standard library
only: no Django here (production uses systemd's ``Restart=always`` instead).
"""

from __future__ import annotations

import argparse
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence

#: A run shorter than this counts as failing right away (the pause grows).
QUICK_EXIT_SECONDS = 10.0


class Supervisor:
    def __init__(
        self,
        argv: Sequence[str],
        *,
        min_delay: float = 1.0,
        max_delay: float = 30.0,
        log: Callable[[str], None] | None = None,
    ) -> None:
        self.argv = list(argv)
        self.min_delay = min_delay
        self.max_delay = max_delay
        self.log = log or (lambda text: print(f"[supervisor] {text}", flush=True))
        self.stopping = threading.Event()
        self.child: subprocess.Popen | None = None
        self.starts = 0

    def stop(self, signum: int = signal.SIGTERM) -> None:
        """Stop supervising and pass ``signum`` on to the running command."""
        self.stopping.set()
        child = self.child
        if child is not None and child.poll() is None:
            child.send_signal(signum)

    def run(self) -> int:
        """Run the command until :meth:`stop`; the exit code of its last run."""
        pause = self.min_delay
        code = 0
        while not self.stopping.is_set():
            started = time.monotonic()
            self.child = subprocess.Popen(self.argv)
            self.starts += 1
            code = self.child.wait()
            if self.stopping.is_set():
                break
            ran = time.monotonic() - started
            if ran >= QUICK_EXIT_SECONDS:
                pause = self.min_delay
            self.log(
                f"{' '.join(self.argv)[:120]} exited with code {code} after "
                f"{ran:.0f} s; starting it again in {pause:g} s"
            )
            self.stopping.wait(pause)
            if ran < QUICK_EXIT_SECONDS:
                pause = min(self.max_delay, pause * 2)
        return code


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m core.supervisor",
        description="Run a command and start it again whenever it exits.",
    )
    parser.add_argument("--min-delay", type=float, default=1.0)
    parser.add_argument("--max-delay", type=float, default=30.0)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command given")
    supervisor = Supervisor(command, min_delay=args.min_delay, max_delay=args.max_delay)

    def forward(signum, _frame):
        supervisor.stop(signum)

    signal.signal(signal.SIGTERM, forward)
    signal.signal(signal.SIGINT, forward)
    return supervisor.run()


if __name__ == "__main__":
    sys.exit(main())
