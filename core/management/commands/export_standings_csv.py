"""Write a tournament's stored standings as CSV (one line per pair and girone)."""

from django.core.management.base import BaseCommand, CommandError

from standings.services.csv_export import standings_csv
from tournament.models import Tournament


class Command(BaseCommand):
    help = "Export the stored standings of a tournament as CSV."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the tournament's slug")
        parser.add_argument(
            "--kind",
            choices=["confirmed", "public"],
            default="confirmed",
            help="confirmed results (default) or the released rounds only",
        )
        parser.add_argument("-o", "--output", help="file to write (default: stdout)")

    def handle(self, slug, kind="confirmed", output=None, **options):
        try:
            tournament = Tournament.objects.get(slug=slug)
        except Tournament.DoesNotExist:
            raise CommandError(f"no tournament with slug {slug!r}") from None
        text = standings_csv(tournament, kind)
        if output:
            with open(output, "w", encoding="utf-8", newline="") as f:
                f.write(text)
        else:
            self.stdout.write(text, ending="")
