"""The gironi: split the pairs (the teams) into them, put a pair into one (late)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from participants.competitors import competitors_of
from participants.models import Pair
from seating.forms import SplitForm
from seating.services import gironi as gironi_services
from tournament.models import TournamentRole
from tournament.permissions import role_required
from tournament.services.errors import ServiceError
from tournament.services.tournaments import gironi_of
from tournament.views.common import show_error

DIRECTOR = TournamentRole.Role.DIRECTOR


@require_POST
@role_required(DIRECTOR)
def place(request, tournament, number):
    """Put a pair into a girone: before the rounds start, or late (it plays from the
    girone's next round; the rounds it missed count as the rule pack says)."""
    pair = get_object_or_404(Pair, tournament=tournament, number=number)
    label = request.POST.get("girone", "").strip()
    girone = next((g for g in gironi_of(tournament) if g.label == label), None)
    if girone is None:
        messages.error(request, _("Choose one of the tournament's gironi."))
        return redirect("tournament:pairs", slug=tournament.slug)
    try:
        started = girone.rounds.exists()
        if started:
            gironi_services.add_late_pair(pair, girone)
        else:
            gironi_services.move_pair(pair, girone)
    except ServiceError as error:
        show_error(request, error)
    else:
        if started:
            text = _(
                "Pair %(number)s joins %(girone)s: it plays from the next round; the"
                " rounds it missed count as the rule pack says."
            )
        else:
            text = _("Pair %(number)s is in %(girone)s.")
        messages.success(request, text % {"number": pair.number, "girone": girone})
    return redirect("tournament:pairs", slug=tournament.slug)


@role_required(DIRECTOR)
def gironi(request, tournament):
    """The gironi of the pairs (the teams): made, or to make."""
    kind = competitors_of(tournament)
    existing = gironi_of(tournament)
    form = SplitForm(
        request.POST or None, initial={"count": len(existing) or kind.first_gironi}
    )
    form.fields["avoid_clubs"].label = kind.words.avoid_clubs
    members = list(kind.of(tournament).filter(withdrawn=False))
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        assignment = {
            m.number: request.POST.get(f"pair-{m.number}", "").strip().upper()
            for m in members
        }
        try:
            outcome = gironi_services.split_into_gironi(
                tournament,
                count=data["count"],
                method=data["method"],
                seed=data["seed"],
                avoid_clubs=data["avoid_clubs"],
                assignment={k: v for k, v in assignment.items() if v},
            )
        except ServiceError as error:
            show_error(request, error)
        else:
            made = len(outcome.gironi)
            text = ngettext(
                "%(count)s girone made.", "%(count)s gironi made.", made
            ) % {"count": made}
            if outcome.seed is not None:
                text += " " + _("Draw seed: %(seed)s.") % {"seed": outcome.seed}
            messages.success(request, text)
            if outcome.club_clashes:
                clashes = "; ".join(outcome.club_clashes)
                messages.warning(
                    request,
                    kind.words.club_clash % {"pairs": clashes, "teams": clashes},
                )
            return redirect("tournament:gironi", slug=tournament.slug)
    return render(
        request,
        "tournament/gironi.html",
        {
            "tournament": tournament,
            "form": form,
            "gironi": [
                (g, [m for m in members if m.girone_id == g.pk]) for g in existing
            ],
            "members": members,
            "words": kind.words,
        },
    )
