from django.contrib import admin

from .models import Season, StandingsConfig


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "best", "participation"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["tournaments"]


@admin.register(StandingsConfig)
class StandingsConfigAdmin(admin.ModelAdmin):
    list_display = ["tournament", "lot_seed", "lines_apart"]
