"""The admin: every choice lists only the same tournament's objects (issue 14 §6).

A pair's girone, a table's pairs (``participants.admin``, ``seating.admin``): the admin
offers only those of the object's own tournament (on a new object, of the tournament
chosen in the URL or the form: until then, none). The models' ``clean()`` refuses another tournament's object anyway.
Once saved, the tournament of a pair and the girone of a round no longer change here:
everything hanging from them would then point across tournaments.

An edit here bypasses the services, so it records what must follow itself
(:class:`PublishedAfterEdit`): the tournament ranked and published again, and the
site's pages (a slug changed, a tournament set back to draft: their old files go).
"""

from django.contrib import admin

from outbox.work import record_publish, record_rank, record_site

from .models import Girone, Stage, Tournament, TournamentRole


def chosen(request, name: str, obj, attr: str) -> str | None:
    """The id of ``obj.<attr>``, or of ``name`` in the add form's POST or URL."""
    if obj is not None:
        return getattr(obj, attr)
    value = request.POST.get(name) or request.GET.get(name) or ""
    return value if value.isdigit() else None


def girone_label(girone: Girone) -> str:
    """A girone with its tournament: labels repeat across tournaments."""
    return f"{girone.stage.tournament} – {girone}"


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
