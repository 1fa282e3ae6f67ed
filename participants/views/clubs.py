"""The registry's clubs: the list with a form to add one, and a club corrected (only
when every tournament using it is one this user directs, or for the registry's
managers: :mod:`participants.services.registry`)."""

from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from participants.services import registry
from people.models import Club
from tournament.forms import ClubForm
from tournament.views.common import creator_required


@creator_required
def clubs(request):
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        club = form.save()
        messages.success(request, _("Club “%(name)s” added.") % {"name": club.name})
        return redirect("tournament:clubs")
    return render(
        request,
        "tournament/clubs.html",
        {"form": form, "clubs": Club.objects.all()},
    )


@creator_required
def edit_club(request, club_id):
    """Correct a club of the registry: only when every tournament using it is one this
    user directs (or for the registry's managers), without saying which others do."""
    club = get_object_or_404(Club, pk=club_id)
    try:
        registry.check_club(request.user, club)
    except registry.NotYours as refused:
        refusal = refused.message
    else:
        refusal = ""
    form = ClubForm(request.POST or None, instance=club)
    if refusal:
        for field in form.fields.values():
            field.disabled = True
    if request.method == "POST" and not refusal and form.is_valid():
        with transaction.atomic():
            registry.check_club(
                request.user, club
            )  # again, in the change's transaction
            club = form.save()
        messages.success(request, _("Club “%(name)s” saved.") % {"name": club.name})
        return redirect("tournament:clubs")
    return render(
        request,
        "tournament/club_edit.html",
        {"form": form, "club": club, "refusal": refusal},
        status=403 if request.method == "POST" and refusal else 200,
    )
