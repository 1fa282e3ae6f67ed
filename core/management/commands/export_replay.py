"""Write a tournament's gironi as a replay file (``manage.py replay`` reads it)."""

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from core.replay import dumps
from core.replay.export import export_tournament
from tournament.models import Tournament


class Command(BaseCommand):
    help = (
        "Export a tournament's gironi as a replay file (format torneo-replay, "
        "version 2, explicit tables); what the format leaves out is noted on stderr."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the tournament's slug")
        parser.add_argument("-o", "--output", help="file to write (default: stdout)")

    def handle(self, slug, output=None, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(
                _("No tournament with slug “%(slug)s”.") % {"slug": slug}
            )
        export = export_tournament(tournament)
        text = dumps(export.document) + "\n"
        if output:
            with open(output, "w", encoding="utf-8") as f:
                f.write(text)
        else:
            self.stdout.write(text, ending="")
        for note in export.notes:
            self.stderr.write(note)
