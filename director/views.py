"""The director's dashboard of a tournament: its counts, its gironi and the next steps."""

from __future__ import annotations

from django.shortcuts import render

from director.dashboard import next_actions, plan_complete
from participants.services.counts import pair_counts
from tournament.models import Round, Tournament, TournamentRole
from tournament.permissions import role_required
from tournament.services import packs
from tournament.services import tournaments as services
from tournament.services.movement_words import plan_label

DIRECTOR = TournamentRole.Role.DIRECTOR


@role_required(DIRECTOR)
def dashboard(request, tournament):
    counts = pair_counts(tournament)
    gironi = [
        {
            "girone": girone,
            "count": counts.of(girone),
            "rounds": list(girone.rounds.order_by("number")),
        }
        for girone in services.gironi_of(tournament)
    ]
    next_status = services.next_status(tournament)
    if next_status == Tournament.Status.FINISHED and not plan_complete(
        tournament, services.gironi_of(tournament)
    ):
        next_status = None  # rounds are still to be played: not a next step yet
    return render(
        request,
        "tournament/dashboard.html",
        {
            "tournament": tournament,
            "actions": next_actions(tournament),
            "next_status": next_status,
            "next_status_label": (
                Tournament.Status(next_status).label if next_status else ""
            ),
            "gironi": gironi,
            "counts": counts,
            "plan": plan_label(tournament.movement_plan),
            "pack": packs.pinned_pack(tournament),
            "Round": Round,
        },
    )
