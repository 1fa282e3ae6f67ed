"""A pair's correction (registering, importing and withdrawing pairs are the
competitors' pages, :mod:`participants.views.competitors`)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from participants.forms import PairEditForm
from participants.models import Pair
from participants.services import pair_edit, registry
from participants.views.competitors import saved
from people.models import Club, Player
from tournament.models import TournamentRole
from tournament.permissions import role_required

DIRECTOR = TournamentRole.Role.DIRECTOR


@role_required(DIRECTOR)
def edit_pair(request, tournament, number):
    """Correct a pair: its players' names and membership numbers, its club and seed."""
    pair = get_object_or_404(
        Pair.objects.select_related("player1", "player2", "club", "girone"),
        tournament=tournament,
        number=number,
    )
    form = PairEditForm(
        request.POST or None, initial=PairEditForm.initial_for(pair_edit.entry_of(pair))
    )
    if request.method == "POST" and form.is_valid():
        edited = saved(
            form,
            lambda: pair_edit.edit_pair(
                tournament,
                pair,
                form.entry(),
                by=request.user,
                create_club=form.cleaned_data["create_club"],
            ),
        )
        if edited is not None:
            messages.success(
                request,
                _("Pair %(number)s saved: %(names)s.")
                % {"number": edited.number, "names": edited.names},
            )
            return redirect("tournament:pairs", slug=tournament.slug)
    editable = registry.editable_players(
        request.user, [pair.player1_id, pair.player2_id]
    )
    return render(
        request,
        "tournament/pair_edit.html",
        {
            "tournament": tournament,
            "pair": pair,
            "form": form,
            "clubs": Club.objects.all(),
            # Players other tournaments use: the registry's managers correct them.
            "locked": [p for p in (pair.player1, pair.player2) if p.pk not in editable],
            "managers": registry.whom_to_ask(Player),
        },
    )
