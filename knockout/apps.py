from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class KnockoutConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "knockout"
    verbose_name = _("Knockout brackets")
