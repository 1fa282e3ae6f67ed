from django.shortcuts import get_object_or_404, render

from .models import Tournament


def tournament_detail(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    return render(request, "tournament/detail.html", {"tournament": tournament})
