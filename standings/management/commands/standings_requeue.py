"""``manage.py standings_requeue``: queue the standings refreshes a dead worker left.

Run it as a worker starts (the systemd unit's ExecStartPre, the compose command):
with ``DJANGO_STANDINGS_REFRESH=worker``, a refresh task running when its worker was
killed is never finished, and its girone's standings would wait for the next save.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand

from standings.refresh import requeue_stale


class Command(BaseCommand):
    help = "Queue a standings refresh for every girone with results not yet ranked."

    def handle(self, *args, **options) -> None:
        count = requeue_stale()
        if options["verbosity"]:
            self.stdout.write(f"standings refreshes queued: {count}")
