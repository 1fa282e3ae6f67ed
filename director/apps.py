from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DirectorConfig(AppConfig):
    name = "director"
    verbose_name = _("The director's pages")
