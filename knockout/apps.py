from django.apps import AppConfig


class KnockoutConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "knockout"
