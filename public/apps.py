from django.apps import AppConfig


class PublicConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "public"

    def ready(self) -> None:
        from . import signals  # noqa: F401  (the receivers that mark pages dirty)
