from django.contrib import admin

from outbox.work import record_site

from .models import Season, StandingsConfig


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "best", "participation"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["tournaments"]

    # The season pages are published files: an edit records their publishing.
    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        record_site()

    def delete_model(self, request, obj):
        super().delete_model(request, obj)
        record_site()


@admin.register(StandingsConfig)
class StandingsConfigAdmin(admin.ModelAdmin):
    list_display = ["tournament", "lot_seed", "lines_apart"]
