from django.contrib import admin

from .models import PrizeSlot, Render


@admin.register(PrizeSlot)
class PrizeSlotAdmin(admin.ModelAdmin):
    list_display = ["tournament", "position", "prize"]
    list_filter = ["tournament"]


@admin.register(Render)
class RenderAdmin(admin.ModelAdmin):
    list_display = [
        "title",
        "tournament",
        "status",
        "progress",
        "version",
        "created_at",
    ]
    list_filter = ["status", "kind"]
    exclude = ["pdf"]
    readonly_fields = (
        "tournament",
        "kind",
        "scope",
        "version",
        "title",
        "filename",
        "status",
        "progress",
        "error",
        "attempts",
        "pages",
        "requested_by",
        "started_at",
        "finished_at",
    )
