"""Write a tournament's archive (JSON, see docs/replay.md) to a file or stdout."""

from django.core.management.base import BaseCommand, CommandError

from core import archive
from tournament.models import Tournament


class Command(BaseCommand):
    help = "Export a whole tournament as a JSON archive (lossless)."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the tournament's slug")
        parser.add_argument("-o", "--output", help="file to write (default: stdout)")

    def handle(self, slug, output=None, **options):
        try:
            tournament = Tournament.objects.get(slug=slug)
        except Tournament.DoesNotExist:
            raise CommandError(f"no tournament with slug {slug!r}") from None
        text = archive.dumps(archive.export_tournament(tournament))
        if output:
            with open(output, "w", encoding="utf-8") as f:
                f.write(text + "\n")
            self.stderr.write(f"{tournament.name}: archive written to {output}")
        else:
            self.stdout.write(text)
