from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentConfig(AppConfig):
    name = "tournament"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from . import converters

        converters.register()  # <id:...> and <label:...> in every URL pattern
