"""A tournament's staff: its directors, referees and chief referees (TournamentRole).

The directors of a tournament manage its staff from their pages: they give a role to a
user who exists, or create the user with a one-time password (shown once to the
director, never stored in clear), and take a role away. A tournament always keeps at
least one director: the last one cannot be removed (nor remove themselves).

Every change runs in one transaction with the tournament's roles locked, so that two
directors removing each other at once cannot leave the tournament without one.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from staff.models import PasswordToChange
from tournament.models import Tournament, TournamentRole
from tournament.permissions import display_name
from tournament.services.errors import ServiceError

Role = TournamentRole.Role

#: Letters and digits that cannot be misread on a phone or on paper (no 0/O, 1/l/I).
PASSWORD_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
PASSWORD_GROUPS = 3
PASSWORD_GROUP_LENGTH = 4


class StaffError(ServiceError):
    """A change of the staff the rules refuse (message already translated)."""


@dataclass(frozen=True)
class StaffMember:
    """One role of one user in a tournament, as the staff page lists it."""

    role_id: int
    user_id: int
    username: str
    full_name: str
    role: str
    role_label: str


@dataclass(frozen=True)
class NewUser:
    """A user created for the staff, with the password to hand over (shown once)."""

    user: AbstractBaseUser
    password: str
    role: TournamentRole


def one_time_password() -> str:
    """A random password easy to read aloud: ``abcd-efgh-jkmn`` (about 60 bits).

    >>> len(one_time_password())
    14
    """
    groups = (
        "".join(secrets.choice(PASSWORD_ALPHABET) for _ in range(PASSWORD_GROUP_LENGTH))
        for _ in range(PASSWORD_GROUPS)
    )
    return "-".join(groups)


def staff_of(tournament: Tournament) -> list[StaffMember]:
    """Every role of ``tournament``: directors first, then chief referees, referees."""
    order = {Role.DIRECTOR: 0, Role.CHIEF_REFEREE: 1, Role.REFEREE: 2}
    roles = TournamentRole.objects.filter(tournament=tournament).select_related("user")
    members = [
        StaffMember(
            role_id=r.pk,
            user_id=r.user_id,
            username=r.user.get_username(),
            full_name=display_name(r.user),
            role=r.role,
            role_label=r.get_role_display(),
        )
        for r in roles
    ]
    members.sort(key=lambda m: (order.get(Role(m.role), 9), m.full_name.casefold()))
    return members


def normalised_username(username: str) -> str:
    """A typed username as Django stores it: trimmed, in NFKC (``ａｄｍｉｎ`` is
    ``admin``, as ``create_user`` and the login form make it)."""
    return get_user_model().normalize_username(username.strip())


def find_user(username: str):
    """The user whose username is ``username`` in any case (any alphabet), or None.

    The database compares case-insensitively only for ASCII on SQLite (``ÉLODIE``
    and ``élodie`` differ there): a name beyond ASCII is compared in Python, over
    the usernames only (a few hundred).
    """
    user_model = get_user_model()
    manager = user_model._default_manager
    field = user_model.USERNAME_FIELD
    found = manager.filter(**{f"{field}__iexact": username}).first()
    if found is not None or username.isascii():
        return found
    key = username.casefold()
    for pk, name in manager.values_list("pk", field).iterator():
        if name.casefold() == key:
            return manager.get(pk=pk)
    return None


def _lock(tournament: Tournament) -> None:
    Tournament.objects.select_for_update(of=("self",)).filter(pk=tournament.pk).first()


def _check_role(role: str) -> Role:
    if role not in Role.values:
        raise StaffError(_("Choose a role: director, chief referee or referee."))
    return Role(role)


def _grant(tournament: Tournament, user, role: Role) -> TournamentRole:
    if TournamentRole.objects.filter(
        tournament=tournament, user=user, role=role
    ).exists():
        raise StaffError(
            _("%(user)s is already %(role)s of this tournament.")
            % {"user": display_name(user), "role": role.label.lower()}
        )
    return TournamentRole.objects.create(tournament=tournament, user=user, role=role)


@transaction.atomic
def add_role(tournament: Tournament, username: str, role: str) -> TournamentRole:
    """Give ``role`` in ``tournament`` to the existing user ``username``."""
    chosen = _check_role(role)
    username = normalised_username(username)
    if not username:
        raise StaffError(_("Type the username of the person to add."))
    user = find_user(username)
    if user is None:
        raise StaffError(
            _(
                "No user is called “%(username)s”. Check the spelling, or create "
                "the user below."
            )
            % {"username": username}
        )
    if not user.is_active:
        raise StaffError(
            _("The user “%(username)s” is disabled: ask the site administrator.")
            % {"username": user.get_username()}
        )
    _lock(tournament)
    return _grant(tournament, user, chosen)


@transaction.atomic
def create_user_with_role(
    tournament: Tournament,
    username: str,
    role: str,
    *,
    first_name: str = "",
    last_name: str = "",
) -> NewUser:
    """Create a user with a one-time password and give them ``role``.

    The password is returned once, for the director to hand over; only its hash is
    stored.
    """
    chosen = _check_role(role)
    # Normalised first: the check below must see the name that will be stored.
    username = normalised_username(username)
    user_model = get_user_model()
    if not username:
        raise StaffError(_("Type a username for the new user."))
    field = user_model._meta.get_field(user_model.USERNAME_FIELD)
    try:
        field.run_validators(username)  # the username characters and max length
    except ValidationError:
        raise StaffError(
            _(
                "“%(username)s” cannot be a username: use letters, digits and "
                "@ . + - _ only, at most %(max)s characters."
            )
            % {"username": username, "max": field.max_length}
        ) from None
    if find_user(username) is not None:
        raise StaffError(
            _(
                "A user called “%(username)s” exists already: add them with the "
                "form above, or choose another username."
            )
            % {"username": username}
        )
    _lock(tournament)
    password = one_time_password()
    user = user_model._default_manager.create_user(
        username,
        password=password,
        first_name=first_name.strip()[:150],
        last_name=last_name.strip()[:150],
    )
    # The password was shown to the director: the new user chooses their own at once.
    PasswordToChange.objects.create(user=user)
    return NewUser(user=user, password=password, role=_grant(tournament, user, chosen))


@transaction.atomic
def remove_role(tournament: Tournament, role_id: int) -> TournamentRole:
    """Take one role away; the tournament's last director stays."""
    _lock(tournament)
    role = (
        TournamentRole.objects.select_related("user")
        .filter(tournament=tournament, pk=role_id)
        .first()
    )
    if role is None:
        raise StaffError(_("This role does not exist any more: reload the page."))
    if role.role == Role.DIRECTOR:
        others = (
            TournamentRole.objects.filter(tournament=tournament, role=Role.DIRECTOR)
            .exclude(pk=role.pk)
            .exists()
        )
        if not others:
            raise StaffError(
                _(
                    "%(user)s is the only director of this tournament: add another "
                    "director first."
                )
                % {"user": display_name(role.user)}
            )
    role.delete()
    return role
