"""Per-tournament roles: who may direct, referee, or correct a closed round.

A superuser may do everything. A director of a tournament may also referee it. A chief
referee is a referee who may also correct a closed round. A logged-in user without the
role a page needs gets a page (status 403) saying whom to ask: the directors by name.
"""

from __future__ import annotations

from functools import wraps

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, render

from .models import Tournament, TournamentRole

Role = TournamentRole.Role

# Which stored roles grant a requested role.
GRANTS: dict[str, set[str]] = {
    Role.DIRECTOR: {Role.DIRECTOR},
    Role.REFEREE: {Role.REFEREE, Role.CHIEF_REFEREE, Role.DIRECTOR},
    Role.CHIEF_REFEREE: {Role.CHIEF_REFEREE, Role.DIRECTOR},
}


def has_role(user, tournament: Tournament, role: str) -> bool:
    """True when ``user`` holds ``role`` (or a role that grants it) in ``tournament``."""
    if not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    return TournamentRole.objects.filter(
        tournament=tournament, user=user, role__in=GRANTS[role]
    ).exists()


def check_role(user, tournament: Tournament, role: str) -> None:
    """Raise PermissionDenied unless ``user`` holds ``role`` in ``tournament``."""
    if not has_role(user, tournament, role):
        raise PermissionDenied


def role_required(role: str):
    """View decorator: the view takes ``slug`` and gets the tournament as ``tournament``.

    Anonymous users are sent to the login page; logged-in users without the role get
    a 403 page naming the tournament's directors, whom to ask for the role.
    """

    def decorator(view):
        @wraps(view)
        def wrapper(request, slug, *args, **kwargs):
            if not request.user.is_authenticated:
                from django.contrib.auth.views import redirect_to_login

                return redirect_to_login(request.get_full_path())
            tournament = get_object_or_404(Tournament, slug=slug)
            if not has_role(request.user, tournament, role):
                return no_role_page(request, tournament, role)
            return view(request, *args, tournament=tournament, **kwargs)

        return wrapper

    return decorator


def no_role_page(request, tournament: Tournament, role: str):
    """The 403 page of a user without ``role``: what they are, whom to ask."""
    held = sorted(
        {
            Role(r).label
            for r in TournamentRole.objects.filter(
                tournament=tournament, user=request.user
            ).values_list("role", flat=True)
        }
    )
    return render(
        request,
        "tournament/no_role.html",
        {
            "tournament": tournament,
            "needed": Role(role).label,
            "held": held,
            "directors": director_names(tournament),
        },
        status=403,
    )


def display_name(user) -> str:
    """The user's full name, or the username when there is none."""
    full = user.get_full_name().strip() if hasattr(user, "get_full_name") else ""
    return full or user.get_username()


def director_names(tournament: Tournament) -> list[str]:
    """The names of the tournament's directors (whom to ask for a role)."""
    users = [
        r.user
        for r in TournamentRole.objects.filter(
            tournament=tournament, role=Role.DIRECTOR
        ).select_related("user")
    ]
    return sorted({display_name(u) for u in users}, key=str.casefold)
