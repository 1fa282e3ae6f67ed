"""``manage.py worker``: the one worker loop (core/pipeline.py) until stopped."""

from __future__ import annotations

import logging
import signal
import threading

from django.core.management.base import BaseCommand

from core import pipeline


class Command(BaseCommand):
    help = (
        "Do the work saves leave in the outbox (rank, publish, render), until "
        "SIGTERM or SIGINT."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--idle",
            type=float,
            default=pipeline.IDLE_SECONDS,
            help="seconds between two looks for work while there is none",
        )

    def handle(self, *args, idle: float, **options):
        if options["verbosity"] > 0:
            # Each step and how long its oldest work waited (make simulate reads it).
            logging.getLogger("core.pipeline").setLevel(logging.INFO)
        stop = threading.Event()
        for signum in (signal.SIGTERM, signal.SIGINT):
            signal.signal(signum, lambda *_: stop.set())
        if options["verbosity"] > 0:
            self.stdout.write("worker: waiting for work (SIGTERM or Ctrl-C stops it)")
        pipeline.run_forever(stop, idle=idle)
