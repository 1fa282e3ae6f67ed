"""Public pages: no login, phone first, Italian."""

from django.shortcuts import get_object_or_404, render

from tournament.models import Tournament


def tournament(request, slug):
    obj = get_object_or_404(Tournament.objects.exclude(status="draft"), slug=slug)
    return render(request, "public/tournament.html", {"tournament": obj})
