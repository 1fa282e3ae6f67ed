"""The tournament's staff page: its directors add and remove referees and co-directors."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from staff import services as services
from staff.forms import AddStaffForm, NewStaffForm
from staff.services import StaffError
from tournament.models import TournamentRole
from tournament.permissions import display_name, role_required

DIRECTOR = TournamentRole.Role.DIRECTOR
#: How many colleagues the username field suggests.
KNOWN_USERS = 200
#: The two forms share field names: distinct ids keep their labels apart.
ADD_ID, NEW_ID = "add-%s", "new-%s"


def _known_users(request, tournament) -> list[str]:
    """Usernames to suggest: people on the staff of the user's other tournaments."""
    user_model = get_user_model()
    mine = TournamentRole.objects.filter(user=request.user, role=DIRECTOR).values(
        "tournament"
    )
    names = (
        user_model._default_manager.filter(
            is_active=True, tournament_roles__tournament__in=mine
        )
        .exclude(tournament_roles__tournament=tournament)
        .order_by(user_model.USERNAME_FIELD)
        .values_list(user_model.USERNAME_FIELD, flat=True)
        .distinct()
    )
    return list(names[:KNOWN_USERS])


def _page(request, tournament, *, add=None, new=None, created=None, status=200):
    response = render(
        request,
        "tournament/staff.html",
        {
            "tournament": tournament,
            "members": services.staff_of(tournament),
            "add_form": add or AddStaffForm(auto_id=ADD_ID),
            "new_form": new or NewStaffForm(auto_id=NEW_ID),
            "known_users": _known_users(request, tournament),
            "created": created,
        },
        status=status,
    )
    return response


@role_required(DIRECTOR)
def staff(request, tournament):
    return _page(request, tournament)


@require_POST
@role_required(DIRECTOR)
def staff_add(request, tournament):
    form = AddStaffForm(request.POST, auto_id=ADD_ID)
    if form.is_valid():
        try:
            role = services.add_role(
                tournament, form.cleaned_data["username"], form.cleaned_data["role"]
            )
        except StaffError as error:
            form.add_error(None, error.message)
        else:
            messages.success(
                request,
                _("%(user)s is now %(role)s of this tournament.")
                % {
                    "user": display_name(role.user),
                    "role": role.get_role_display().lower(),
                },
            )
            return redirect("tournament:staff", slug=tournament.slug)
    return _page(request, tournament, add=form, status=400)


@never_cache
@require_POST
@role_required(DIRECTOR)
def staff_create(request, tournament):
    """Create the user and show the one-time password in this answer only."""
    form = NewStaffForm(request.POST, auto_id=NEW_ID)
    if form.is_valid():
        data = form.cleaned_data
        try:
            created = services.create_user_with_role(
                tournament,
                data["username"],
                data["role"],
                first_name=data["first_name"],
                last_name=data["last_name"],
            )
        except StaffError as error:
            form.add_error(None, error.message)
        else:
            # Rendered here, not redirected: the password is never stored anywhere
            # (no session, no message cookie) and is gone when the page is left.
            return _page(request, tournament, created=created)
    return _page(request, tournament, new=form, status=400)


@require_POST
@role_required(DIRECTOR)
def staff_remove(request, tournament, role_id):
    try:
        role = services.remove_role(tournament, role_id)
    except StaffError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _("%(user)s is no longer %(role)s of this tournament.")
            % {
                "user": display_name(role.user),
                "role": role.get_role_display().lower(),
            },
        )
    return redirect("tournament:staff", slug=tournament.slug)
