"""Admin views of the tabelloni: read-mostly (results go through the referee's page,
which advances winners and flags corrections; editing rows here would bypass that).

A tabellone is made by the director's pages (qualifiers confirmed, then drawn), never
here: its tournament, stages and pairs are shown, not chosen, so no choice can point at
another tournament's objects (issue 14 §6; the models' ``clean()`` refuses them too)."""

from django.contrib import admin

from .models import Bracket, BracketMatch, Entry


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    fields = ["seed", "pair", "girone_label", "place", "slot", "note"]
    readonly_fields = fields
    can_delete = False


@admin.register(Bracket)
class BracketAdmin(admin.ModelAdmin):
    list_display = ["tournament", "name", "status", "count", "size", "version"]
    list_filter = ["status"]
    readonly_fields = [
        "tournament",
        "stage",
        "source",
        "status",
        "size",
        "version",
        "confirmed_by",
        "confirmed_at",
        "drawn_at",
    ]
    inlines = [EntryInline]

    def has_add_permission(self, request):
        return False


@admin.register(BracketMatch)
class BracketMatchAdmin(admin.ModelAdmin):
    list_display = ["bracket", "round", "index", "pair_a", "pair_b", "winner", "status"]
    list_filter = ["status", "bracket"]
    readonly_fields = [
        "bracket",
        "round",
        "index",
        "pair_a",
        "pair_b",
        "winner",
        "status",
        "games",
        "spareggi",
        "score_a",
        "score_b",
        "decided_by",
        "flag_note",
        "entered_by",
        "entered_at",
    ]

    def has_add_permission(self, request):
        return False
