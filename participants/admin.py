"""The admin of pairs: a pair's girone is one of its own tournament's (issue 14 §6)."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from tournament.admin import PublishedAfterEdit, chosen
from tournament.models import Girone

from .models import Pair


@admin.register(Pair)
class PairAdmin(PublishedAfterEdit):
    list_display = [
        "number",
        "player1",
        "player2",
        "club",
        "tournament",
        "girone",
        "withdrawn",
    ]
    list_filter = ["tournament", "withdrawn"]
    search_fields = ["player1__search_key", "player2__search_key"]
    autocomplete_fields = ["player1", "player2", "club"]

    def get_readonly_fields(self, request, obj=None):
        return ["tournament"] if obj is not None else []

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change=change, **kwargs)
        field = form.base_fields.get("girone")
        if field is not None:
            tournament = chosen(request, "tournament", obj, "tournament_id")
            field.queryset = Girone.objects.filter(
                stage__tournament=tournament
            ).select_related("stage")
            if tournament is None:
                field.help_text = _(
                    "Save the pair first: then the gironi of its tournament are listed."
                )
        return form
