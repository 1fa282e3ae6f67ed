import functools

from django.conf import settings
from django.db.models import Q
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import timezone
from django.views import defaults
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from public.services import public_tournaments, tournaments_today_first
from tournament.models import Tournament


def home(request):
    """Today's tournaments first, then the coming ones, then the past ones."""
    tournaments = public_tournaments()
    if request.user.is_superuser:
        tournaments = Tournament.objects.all()
    elif request.user.is_authenticated:
        # A draft is shown only to those who direct or referee it.
        tournaments = Tournament.objects.filter(
            Q(pk__in=public_tournaments()) | Q(roles__user=request.user)
        ).distinct()
    tournaments = tournaments.select_related("organiser")
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


def not_found(request, exception=None):
    """404: a JSON answer for the API (its clients read JSON), the site's page elsewhere.

    Reached when no URL pattern matches (an impossible slug or id in the API's path is
    refused by the URL converters) or a view raises Http404.
    """
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": "Not Found"}, status=404)
    return defaults.page_not_found(request, exception)
