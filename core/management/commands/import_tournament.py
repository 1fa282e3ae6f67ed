"""Create a tournament from its archive (written by export_tournament).

A refused archive exits with status 2 and one line on standard error, as a refused
replay file does (``manage.py replay``).
"""

from django.core.management.base import BaseCommand, CommandError

from core import archive, jsonfile

#: Exit status of a refused archive (argparse's own usage errors also exit with 2).
REFUSED = 2
#: The largest archive read (50,000 rows are about 20 MB).
MAX_BYTES = 256 * jsonfile.MEGABYTE


class Command(BaseCommand):
    help = "Import a tournament from a JSON archive, as a new tournament."

    def add_arguments(self, parser):
        parser.add_argument("path", help="the archive file ('-' for stdin)")
        parser.add_argument("--slug", help="a new slug (default: the archived one)")
        parser.add_argument("--name", help="a new name (default: the archived one)")

    def handle(self, path, slug=None, name=None, **options):
        try:
            data = jsonfile.read(path, max_bytes=MAX_BYTES)
        except jsonfile.UnreadableFile as exc:
            raise CommandError(f"{path}: {exc}", returncode=REFUSED) from None
        try:
            tournament = archive.import_tournament(data, slug=slug, name=name)
        except archive.ArchiveError as exc:
            raise CommandError(str(exc), returncode=REFUSED) from None
        self.stdout.write(f"{tournament.name}: imported as /{tournament.slug}/")
