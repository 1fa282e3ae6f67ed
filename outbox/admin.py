from django.contrib import admin

from .models import Work


@admin.register(Work)
class WorkAdmin(admin.ModelAdmin):
    """Pending work, for a person to look at (the worker owns the rows)."""

    list_display = (
        "kind",
        "key",
        "not_before",
        "claimed_until",
        "attempts",
        "failed_at",
    )
    list_filter = ("kind",)
    readonly_fields = [f.name for f in Work._meta.fields]
