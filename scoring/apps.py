from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self) -> None:
        from tournament.hooks import register_totals

        from .scores import pair_totals, team_totals

        register_totals(pairs=pair_totals, teams=team_totals)
