"""The admin of rounds and their tables: a table's pairs are of the round's tournament
(issue 14 §6)."""

from django.contrib import admin

from participants.models import Pair
from tournament.admin import PublishedAfterEdit, chosen, girone_label
from tournament.models import Round

from .models import Table


class TableInline(admin.TabularInline):
    model = Table
    extra = 0

    def get_formset(self, request, obj=None, **kwargs):
        formset = super().get_formset(request, obj, **kwargs)
        girone = chosen(request, "girone", obj, "girone_id")
        pairs = Pair.objects.filter(tournament__stages__gironi=girone).select_related(
            "player1", "player2"
        )
        for name in ("pair_ns", "pair_ew"):
            if name in formset.form.base_fields:
                formset.form.base_fields[name].queryset = pairs
        return formset


@admin.register(Round)
class RoundAdmin(PublishedAfterEdit):
    @staticmethod
    def tournament_id(obj) -> int:
        return obj.girone.stage.tournament_id

    list_display = ["girone", "number", "movement", "status"]
    list_filter = ["status"]
    inlines = [TableInline]

    def get_readonly_fields(self, request, obj=None):
        return ["girone"] if obj is not None else []

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        field = super().formfield_for_foreignkey(db_field, request, **kwargs)
        if db_field.name == "girone" and field is not None:
            field.queryset = field.queryset.select_related("stage__tournament")
            field.label_from_instance = girone_label
        return field
