from django.shortcuts import render

from tournament.models import Tournament


def home(request):
    """Today's and upcoming tournaments first, then the past ones."""
    tournaments = Tournament.objects.exclude(
        status=Tournament.Status.DRAFT
    ).select_related("organiser")
    if request.user.is_authenticated:
        tournaments = Tournament.objects.select_related("organiser")
    return render(request, "core/home.html", {"tournaments": tournaments[:100]})
