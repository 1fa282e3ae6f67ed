"""Play a tournament from a replay file and print its standings as JSON."""

import json
import sys

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _

from core.replay import ReplayError, dumps, replay

#: Exit status of a refused file (argparse's own usage errors also exit with 2).
REFUSED = 2


class Command(BaseCommand):
    help = (
        "Run a whole tournament from a replay file (format torneo-replay, version 1 or 2) "
        "through the services of the web pages, then print its standings as JSON."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="the replay file (JSON); - reads stdin")
        parser.add_argument(
            "--user",
            help="who directs the new tournament and enters its results "
            "(default: the user 'replay', created if missing)",
        )

    def handle(self, file, user=None, **options):
        try:
            data = self._read(file)
            director = None
            if user:
                director = get_user_model().objects.filter(username=user).first()
                if director is None:
                    raise ReplayError(
                        "--user", _("no user named “%(name)s”") % {"name": user}
                    )
            tournament, output = replay(data, user=director)
        except ReplayError as exc:
            self.stderr.write(exc.line())
            sys.exit(REFUSED)
        self.stdout.write(dumps(output))
        if options["verbosity"] >= 1:
            self.stderr.write(
                _("Tournament created: %(name)s (%(slug)s).")
                % {"name": tournament.name, "slug": tournament.slug}
            )

    def _read(self, file):
        try:
            if file == "-":
                text = sys.stdin.read()
            else:
                with open(file, encoding="utf-8") as f:
                    text = f.read()
        except OSError as exc:
            raise ReplayError(file, exc.strerror or str(exc)) from exc
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise ReplayError(
                file,
                _("not JSON (line %(line)s, column %(column)s): %(why)s")
                % {"line": exc.lineno, "column": exc.colno, "why": exc.msg},
            ) from exc
