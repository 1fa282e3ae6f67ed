"""``manage.py publish [slug…] [--all]``: write the published files again, whole
(every page rendered again, even one whose inputs did not change: after a template
edit or a deploy)."""

from django.core.management.base import BaseCommand, CommandError

from public import published
from public.publish import Result, publish_all, publish_tournament
from tournament.models import Tournament


class Command(BaseCommand):
    help = (
        "Publish the public pages and API answers of these tournaments (or of every "
        "tournament with --all) as files under PUBLISH_ROOT; drafts' files are removed."
    )

    def add_arguments(self, parser):
        parser.add_argument("slugs", nargs="*", help="tournaments' slugs")
        parser.add_argument("--all", action="store_true", help="every tournament")

    def handle(self, *args, slugs, all, **options):
        base = published.root()
        if base is None:
            self.stdout.write("PUBLISH_ROOT is empty: publishing is off.")
            return
        if not slugs and not all:
            raise CommandError("Name the tournaments' slugs, or use --all.")
        result = Result()
        if all:
            result = publish_all(base, force=True)
        else:
            for slug in slugs:
                tournament = Tournament.objects.filter(slug=slug).first()
                if tournament is None:
                    raise CommandError(f"No tournament {slug!r}.")
                result.add(publish_tournament(tournament, base=base, force=True))
        self.stdout.write(
            f"{base}: {result.written} written, {result.unchanged} unchanged, "
            f"{result.removed} removed"
        )
