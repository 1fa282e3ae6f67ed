import functools

from django.conf import settings
from django.http import HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from public.services import public_tournaments, tournaments_today_first
from tournament.models import Tournament


def home(request):
    """Today's tournaments first, then the coming ones, then the past ones."""
    tournaments = public_tournaments().select_related("organiser")
    if request.user.is_authenticated:
        tournaments = Tournament.objects.select_related("organiser")
    ordered = tournaments_today_first(list(tournaments.order_by("-date")[:200]))
    return render(
        request,
        "core/home.html",
        {"tournaments": ordered[:100], "today": timezone.localdate()},
    )


@functools.cache
def _favicon() -> bytes:
    return (settings.BASE_DIR / "static" / "favicon.ico").read_bytes()


@require_GET
@cache_control(public=True, max_age=7 * 24 * 3600)
def favicon(request):
    """``/favicon.ico``: browsers ask for it on every site, whatever the page says."""
    return HttpResponse(_favicon(), content_type="image/vnd.microsoft.icon")
