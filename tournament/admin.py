"""The admin: every choice lists only the same tournament's objects (issue 14 §6).

A pair's girone, a table's pairs: the admin offers only those of the object's own
tournament (on a new object, of the tournament chosen in the URL or the form: until
then, none). The models' ``clean()`` refuses another tournament's object anyway.
Once saved, the tournament of a pair and the girone of a round no longer change here:
everything hanging from them would then point across tournaments.

An edit here bypasses the services, so it records what must follow itself
(:class:`PublishedAfterEdit`): the tournament ranked and published again, and the
site's pages (a slug changed, a tournament set back to draft: their old files go).
"""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from outbox.work import record_publish, record_rank, record_site

from .models import (
    Club,
    Girone,
    Pair,
    Player,
    Round,
    Stage,
    Table,
    Tournament,
    TournamentRole,
)


def _chosen(request, name: str, obj, attr: str) -> str | None:
    """The id of ``obj.<attr>``, or of ``name`` in the add form's POST or URL."""
    if obj is not None:
        return getattr(obj, attr)
    value = request.POST.get(name) or request.GET.get(name) or ""
    return value if value.isdigit() else None


def girone_label(girone: Girone) -> str:
    """A girone with its tournament: labels repeat across tournaments."""
    return f"{girone.stage.tournament} – {girone}"


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "city", "federation_code"]
    search_fields = ["name", "city", "federation_code"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["last_name", "first_name", "membership_number", "club"]
    list_filter = ["club"]
    search_fields = ["last_name", "first_name", "membership_number", "search_key"]
    autocomplete_fields = ["club"]


class RoleInline(admin.TabularInline):
    model = TournamentRole
    extra = 1
    autocomplete_fields = ["user"]


class StageInline(admin.TabularInline):
    model = Stage
    extra = 0


class PublishedAfterEdit(admin.ModelAdmin):
    """Record, with the edit, the work a service would have recorded: the
    tournament's gironi ranked, its files and the site's published again."""

    @staticmethod
    def tournament_id(obj) -> int:
        return obj.tournament_id

    def follow(self, obj) -> None:
        tournament_id = self.tournament_id(obj)
        for girone_id in Girone.objects.filter(
            stage__tournament_id=tournament_id
        ).values_list("pk", flat=True):
            record_rank(girone_id)
        record_publish(tournament_id, everything=True)
        record_site()

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        self.follow(obj)

    def delete_model(self, request, obj):
        tournament_id = self.tournament_id(obj)
        super().delete_model(request, obj)
        record_publish(tournament_id, everything=True)
        record_site()


@admin.register(Tournament)
class TournamentAdmin(PublishedAfterEdit):
    @staticmethod
    def tournament_id(obj) -> int:
        return obj.pk

    list_display = ["name", "date", "game", "rule_pack", "rule_pack_version", "status"]
    list_filter = ["game", "status"]
    search_fields = ["name", "venue"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [RoleInline, StageInline]


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
            tournament = _chosen(request, "tournament", obj, "tournament_id")
            field.queryset = Girone.objects.filter(
                stage__tournament=tournament
            ).select_related("stage")
            if tournament is None:
                field.help_text = _(
                    "Save the pair first: then the gironi of its tournament are listed."
                )
        return form


@admin.register(Girone)
class GironeAdmin(admin.ModelAdmin):
    list_display = ["label", "stage"]

    def get_readonly_fields(self, request, obj=None):
        return ["stage"] if obj is not None else []

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        field = super().formfield_for_foreignkey(db_field, request, **kwargs)
        if db_field.name == "stage" and field is not None:
            field.queryset = field.queryset.select_related("tournament")
            field.label_from_instance = lambda s: f"{s.tournament} – {s}"
        return field


class TableInline(admin.TabularInline):
    model = Table
    extra = 0

    def get_formset(self, request, obj=None, **kwargs):
        formset = super().get_formset(request, obj, **kwargs)
        girone = _chosen(request, "girone", obj, "girone_id")
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
