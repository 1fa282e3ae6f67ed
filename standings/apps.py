from django.apps import AppConfig


class StandingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "standings"

    def ready(self) -> None:
        from tournament.hooks import register_order

        from .services.ranking import girone_order

        register_order(girone_order)  # the Danese pairs by the standings' order
