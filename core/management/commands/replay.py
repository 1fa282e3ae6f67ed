"""Play a tournament from a replay file and print its standings as JSON."""

import sys

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _

from core import jsonfile
from core.replay import ReplayError, dumps, replay

#: Exit status of a refused file (argparse's own usage errors also exit with 2).
REFUSED = 2
#: The largest replay file read (a national event's is a few megabytes).
MAX_BYTES = 32 * jsonfile.MEGABYTE


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
            return jsonfile.read(file, max_bytes=MAX_BYTES)
        except jsonfile.UnreadableFile as exc:
            raise ReplayError(file, str(exc)) from None
