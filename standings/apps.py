from django.apps import AppConfig


class StandingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "standings"
