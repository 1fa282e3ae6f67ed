"""Helpers shared by the director's views."""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from tournament.models import Girone, Round, Tournament, TournamentRole
from tournament.services.errors import ServiceError


def can_create(user) -> bool:
    """Superusers, users with the add permission, and anyone who directs a tournament."""
    if not user.is_authenticated:
        return False
    return (
        user.is_superuser
        or user.has_perm("tournament.add_tournament")
        or TournamentRole.objects.filter(
            user=user, role=TournamentRole.Role.DIRECTOR
        ).exists()
    )


def creator_required(view):
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not can_create(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapper


def my_tournaments(user):
    qs = Tournament.objects.select_related("organiser")
    if user.is_superuser:
        return qs
    return qs.filter(
        roles__user=user, roles__role=TournamentRole.Role.DIRECTOR
    ).distinct()


def refereed_tournaments(user):
    """Tournaments where ``user`` referees (or is chief referee) but does not direct."""
    roles = (TournamentRole.Role.REFEREE, TournamentRole.Role.CHIEF_REFEREE)
    return (
        Tournament.objects.select_related("organiser")
        .filter(roles__user=user, roles__role__in=roles)
        .exclude(
            pk__in=TournamentRole.objects.filter(
                user=user, role=TournamentRole.Role.DIRECTOR
            ).values("tournament")
        )
        .distinct()
    )


def get_girone(tournament: Tournament, label: str) -> Girone:
    return get_object_or_404(Girone, stage__tournament=tournament, label=label)


def get_round(tournament: Tournament, label: str, number: int) -> Round:
    return get_object_or_404(
        Round.objects.select_related("girone__stage"),
        girone__stage__tournament=tournament,
        girone__label=label,
        number=number,
    )


def show_error(request, error: ServiceError) -> None:
    """A service's refusal as one error message, with its details."""
    text = error.message
    if error.details:
        text += " " + " ".join(str(d) for d in error.details)
    messages.error(request, text)
