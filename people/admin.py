"""The admin of the registry: clubs and players."""

from django.contrib import admin

from .models import Club, Player


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
