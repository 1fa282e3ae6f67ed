from django.shortcuts import render
from django.utils import timezone

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
