"""Create a tournament from its archive (written by export_tournament)."""

import json

from django.core.management.base import BaseCommand, CommandError

from core import archive


class Command(BaseCommand):
    help = "Import a tournament from a JSON archive, as a new tournament."

    def add_arguments(self, parser):
        parser.add_argument("path", help="the archive file ('-' for stdin)")
        parser.add_argument("--slug", help="a new slug (default: the archived one)")
        parser.add_argument("--name", help="a new name (default: the archived one)")

    def handle(self, path, slug=None, name=None, **options):
        try:
            if path == "-":
                import sys

                data = json.load(sys.stdin)
            else:
                with open(path, encoding="utf-8") as f:
                    data = json.load(f)
        except (OSError, json.JSONDecodeError) as exc:
            raise CommandError(f"cannot read {path}: {exc}") from None
        try:
            tournament = archive.import_tournament(data, slug=slug, name=name)
        except archive.ArchiveError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(f"{tournament.name}: imported as /{tournament.slug}/")
