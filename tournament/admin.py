from django.contrib import admin

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


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "game", "rule_pack", "rule_pack_version", "status"]
    list_filter = ["game", "status"]
    search_fields = ["name", "venue"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [RoleInline, StageInline]


@admin.register(Pair)
class PairAdmin(admin.ModelAdmin):
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


@admin.register(Girone)
class GironeAdmin(admin.ModelAdmin):
    list_display = ["label", "stage"]


class TableInline(admin.TabularInline):
    model = Table
    extra = 0


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["girone", "number", "movement", "status"]
    list_filter = ["status"]
    inlines = [TableInline]
